// The board under a mouse, pen or finger: a left press on a square, a release where it was
// pressed (a tap), a left drag from one square to another (a drop), and a right drag (an arrow).

const DRAG_START_PX = 6; // a press that moves less than this is still a tap

export class BoardPointer {
  // press(square, event): a left press (square may be null); mayDrag(square): the piece pressed
  // may be dragged, else dragRefused(square) is told; tap(square); drop(from, to): a drag ended
  // (to null: off the board); arrow(from, to): a right drag between two squares.
  constructor(board, { press, mayDrag, dragRefused, tap, drop, arrow }) {
    this.board = board;
    this.handlers = { press, mayDrag, dragRefused, tap, drop, arrow };
    this.left = null; // {pointerId, square, x, y, dragging}
    this.rightFrom = null;
    const box = board.container;
    box.addEventListener("pointerdown", (event) => this.onDown(event));
    // A drag may leave the board: its moves and release are heard wherever they happen.
    window.addEventListener("pointermove", (event) => this.onMove(event));
    window.addEventListener("pointerup", (event) => this.onUp(event));
    window.addEventListener("pointercancel", () => this.cancel());
    box.addEventListener("contextmenu", (event) => event.preventDefault());
  }

  onDown(event) {
    const square = this.board.squareAt(event);
    if (event.button === 2) {
      this.rightFrom = square;
      return;
    }
    if (event.button !== 0 || !event.isPrimary) return;
    this.cancel();
    this.handlers.press(square, event);
    if (square && !event.shiftKey) {
      this.left = { pointerId: event.pointerId, square, x: event.clientX, y: event.clientY, dragging: false };
    }
  }

  onMove(event) {
    const press = this.left;
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START_PX) return;
      if (!this.handlers.mayDrag(press.square) || !this.board.startDrag(press.square)) {
        this.left = null; // not a piece that may move now: the press was all there was
        this.handlers.dragRefused(press.square);
        return;
      }
      press.dragging = true;
    }
    this.board.moveDrag(event.clientX, event.clientY);
  }

  onUp(event) {
    if (event.button === 2) {
      const from = this.rightFrom;
      this.rightFrom = null;
      const to = this.board.squareAtPoint(event.clientX, event.clientY);
      if (from && to && from !== to) this.handlers.arrow(from, to);
      return;
    }
    const press = this.left;
    if (!press || event.pointerId !== press.pointerId) return;
    this.left = null;
    if (!press.dragging) {
      this.handlers.tap(press.square);
      return;
    }
    this.board.endDrag();
    this.handlers.drop(press.square, this.board.squareAtPoint(event.clientX, event.clientY));
  }

  cancel() {
    if (this.left?.dragging) this.board.endDrag();
    this.left = null;
  }
}
