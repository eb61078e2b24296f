// The board from the keyboard: one tab stop (roving focus over the squares' rects), the arrow
// keys move between the squares as drawn, Enter or Space chooses the focused square, Escape
// cancels. The focus ring is drawn in the picture's overlay, above the pieces.

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class BoardKeys {
  // board: the BoardView; choose(square) and cancel() act on the game; describe(square) is the
  // square's accessible name; firstSquare() is where the focus starts on a new board.
  constructor(board, { choose, cancel, describe, firstSquare }) {
    this.board = board;
    this.choose = choose;
    this.cancel = cancel;
    this.describe = describe;
    this.firstSquare = firstSquare;
    this.square = null; // the square holding the tab stop
    board.container.addEventListener("keydown", (event) => this.onKeyDown(event));
    board.container.addEventListener("focusin", () => this.drawRing());
    board.container.addEventListener("focusout", () => this.board.drawFocus(null));
  }

  // A new picture is in: make its squares focusable and keep the tab stop (and the focus) where it was.
  adopt(hadFocus) {
    const rects = this.board.squareRects();
    for (const rect of rects) {
      rect.setAttribute("tabindex", "-1");
      rect.setAttribute("role", "button");
    }
    if (!this.board.rectOf(this.square)) {
      this.square = this.firstSquare() || rects[0]?.getAttribute("data-square") || null;
    }
    this.board.rectOf(this.square)?.setAttribute("tabindex", "0");
    this.relabel();
    if (hadFocus) this.board.rectOf(this.square)?.focus({ preventScroll: true });
  }

  // The squares' names say what is on them now (called whenever the position or selection changes).
  relabel() {
    for (const rect of this.board.squareRects()) {
      rect.setAttribute("aria-label", this.describe(rect.getAttribute("data-square")));
    }
  }

  // The square that Tab comes back to: the one focused last.
  takeTabStop(square) {
    if (square === this.square || !this.board.rectOf(square)) return;
    this.board.rectOf(this.square)?.setAttribute("tabindex", "-1");
    this.board.rectOf(square).setAttribute("tabindex", "0");
    this.square = square;
  }

  moveTo(square) {
    this.takeTabStop(square);
    this.board.rectOf(square)?.focus({ preventScroll: true });
  }

  onKeyDown(event) {
    const square = this.board.squareOf(event.target);
    if (!square || event.altKey || event.ctrlKey || event.metaKey) return;
    this.takeTabStop(square); // a pointer may have focused another square than the tab stop
    if (ARROWS[event.key]) {
      const [dx, dy] = ARROWS[event.key];
      const next = this.board.neighbour(square, dx, dy);
      if (next) this.moveTo(next);
    } else if (event.key === "Enter" || event.key === " ") {
      this.choose(square);
    } else if (event.key === "Escape") {
      this.cancel();
    } else {
      return;
    }
    event.preventDefault(); // no page scrolling, no click from Space
  }

  // The ring shows where keyboard focus is; a square focused by a pointer press shows none.
  drawRing() {
    const focused = document.activeElement;
    const square = this.board.squareOf(focused);
    if (square) this.takeTabStop(square);
    this.board.drawFocus(square && focused.matches(":focus-visible") ? square : null);
  }

  // Redraw the ring after the overlay was redrawn (the ring has its own layer, but a new picture has none).
  refresh() {
    if (this.board.container.contains(document.activeElement)) this.drawRing();
  }
}
