// The board picture: the server's SVG (fourchess.svg) inlined as a parsed document node, with an
// overlay layer of our own for the selection, the legal targets, the arrows, the keyboard focus
// ring and a piece being dragged.

import { SEAT_COLORS, SEATS, isSquare } from "./seats.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const RETRY_MS = 1000;

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

// Our server drew it, but nothing active may come in with a picture: no scripts, no handlers.
function inert(root) {
  for (const element of root.querySelectorAll("script, foreignObject")) element.remove();
  for (const element of [root, ...root.querySelectorAll("*")]) {
    for (const attribute of [...element.attributes]) {
      if (attribute.name.toLowerCase().startsWith("on")) element.removeAttribute(attribute.name);
    }
  }
  return root;
}

export class BoardView {
  // onRendered(hadFocus): a new picture is in; hadFocus says whether the old one held the focus.
  constructor(container, gameId, onRendered) {
    this.container = container;
    this.gameId = gameId;
    this.onRendered = onRendered;
    this.svg = null;
    this.shown = { orientation: null, ply: null };
    this.wanted = { orientation: null, ply: null };
    this.requests = 0;
    this.retryTimer = null;
  }

  // Show the position after `ply` steps with `orientation` at the bottom (fetched once per ply).
  show(orientation, ply) {
    this.wanted = { orientation, ply };
    if (this.shown.orientation === orientation && this.shown.ply === ply) return;
    this.load();
  }

  async load() {
    clearTimeout(this.retryTimer);
    const { orientation, ply } = this.wanted;
    const request = ++this.requests;
    const url = `/api/games/${encodeURIComponent(this.gameId)}/board.svg` +
      `?orientation=${encodeURIComponent(orientation)}&ply=${encodeURIComponent(ply)}`;
    let root;
    try {
      const response = await fetch(url, { cache: "no-store" });
      if (!response.ok) throw new Error(`board.svg answered ${response.status}`);
      const parsed = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
      root = parsed.documentElement;
      if (root.namespaceURI !== SVG_NS || root.localName !== "svg") throw new Error("board.svg is not an SVG picture");
    } catch (error) {
      if (request === this.requests) this.retryTimer = setTimeout(() => this.load(), RETRY_MS);
      return;
    }
    if (request !== this.requests) return; // a newer position was asked for meanwhile
    const svg = document.importNode(inert(root), true);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.append(this.overlay());
    const hadFocus = this.container.contains(document.activeElement);
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.shown = { orientation, ply };
    this.container.dataset.orientation = orientation;
    this.container.dataset.boardPly = String(ply);
    this.onRendered(hadFocus);
  }

  overlay() {
    const layer = svgElement("g", { class: "fc-overlay", "pointer-events": "none" });
    const defs = svgElement("defs", {});
    for (const seat of SEATS) {
      const marker = svgElement("marker", {
        id: `fc-arrowhead-${seat.toLowerCase()}`, viewBox: "0 0 10 10", refX: 5, refY: 5,
        markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse",
      });
      marker.append(svgElement("path", { d: "M0,0 L10,5 L0,10 z", fill: SEAT_COLORS[seat] }));
      defs.append(marker);
    }
    layer.append(
      defs, svgElement("g", { class: "fc-marks" }), svgElement("g", { class: "fc-arrows" }),
      svgElement("g", { class: "fc-focus" }), svgElement("g", { class: "fc-drag" }),
    );
    return layer;
  }

  // The squares' rects, each carrying data-square.
  squareRects() {
    return this.svg ? [...this.svg.querySelectorAll("rect.square[data-square]")] : [];
  }

  rectOf(square) {
    return isSquare(square) ? this.svg?.querySelector(`rect.square[data-square="${square}"]`) ?? null : null;
  }

  // The square of an element of the picture (a rect carries data-square), or null.
  squareOf(element) {
    const rect = element instanceof Element ? element.closest("rect.square[data-square]") : null;
    const square = rect?.getAttribute("data-square");
    return rect && this.container.contains(rect) && isSquare(square) ? square : null;
  }

  // The square under a pointer event, or null.
  squareAt(event) {
    return this.squareOf(event.target);
  }

  // The square drawn at a point of the window (a captured pointer's events all target the board).
  squareAtPoint(clientX, clientY) {
    return this.squareOf(document.elementFromPoint(clientX, clientY));
  }

  box(square) {
    const rect = this.rectOf(square);
    if (!rect) return null;
    const number = (name) => Number(rect.getAttribute(name));
    return { x: number("x"), y: number("y"), size: number("width") };
  }

  // The nearest square drawn from `square` in a screen direction (dx, dy: one of them 0, the
  // other ±1), so the arrow keys follow the picture whichever seat is at the bottom and step over
  // the cross's missing corners; null at the edge.
  neighbour(square, dx, dy) {
    const from = this.box(square);
    if (!from) return null;
    let best = null;
    let bestDistance = Infinity;
    for (const rect of this.squareRects()) {
      const x = Number(rect.getAttribute("x")) - from.x;
      const y = Number(rect.getAttribute("y")) - from.y;
      const along = dx ? x * dx : y * dy;
      const across = dx ? y : x;
      if (along <= 0 || Math.abs(across) > from.size / 2 || along >= bestDistance) continue;
      best = rect.getAttribute("data-square");
      bestDistance = along;
    }
    return best;
  }

  // The keyboard focus ring, above the pieces (null: none).
  drawFocus(square) {
    const layer = this.svg?.querySelector(".fc-focus");
    if (!layer) return;
    layer.replaceChildren();
    const at = square && this.box(square);
    if (!at) return;
    const inset = at.size * 0.06;
    layer.append(svgElement("rect", {
      class: "fc-focus-ring", "data-square": square,
      x: at.x + inset, y: at.y + inset, width: at.size - 2 * inset, height: at.size - 2 * inset,
    }));
  }

  // A copy of the piece on `square` that follows the pointer while it is dragged; the piece left
  // behind is dimmed. Returns false when there is no piece to drag.
  // Drag the piece on `square`: a copy of its drawing follows the pointer and the original is
  // dimmed. Any game's picture marks its pieces with class "piece" and data-square; a picture that
  // does not (python-chess's) is dragged without the copy, its targets still shown.
  startDrag(square) {
    this.endDrag();
    const layer = this.svg?.querySelector(".fc-drag");
    if (!layer) return false;
    const piece = this.svg.querySelector(`.piece[data-square="${square}"]`);
    if (piece) {
      const ghost = svgElement("g", { class: "fc-dragged", "data-square": square });
      ghost.append(piece.cloneNode(true));
      layer.append(ghost);
      piece.classList.add("fc-drag-origin");
    }
    return true;
  }

  // Move the dragged copy so that its square's centre follows the pointer.
  moveDrag(clientX, clientY) {
    const ghost = this.svg?.querySelector(".fc-drag .fc-dragged");
    const matrix = this.svg?.getScreenCTM();
    const from = ghost && this.box(ghost.getAttribute("data-square"));
    if (!ghost || !matrix || !from) return;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const [dx, dy] = [point.x - (from.x + from.size / 2), point.y - (from.y + from.size / 2)];
    ghost.setAttribute("transform", `translate(${dx} ${dy})`);
  }

  endDrag() {
    this.svg?.querySelector(".fc-drag")?.replaceChildren();
    for (const piece of this.svg?.querySelectorAll(".fc-drag-origin") ?? []) piece.classList.remove("fc-drag-origin");
  }

  // The selected square and the squares it can go to: targets are [{square, capture}], a ring
  // where a piece stands (capture), a dot elsewhere.
  drawMarks(selected, targets) {
    const layer = this.svg?.querySelector(".fc-marks");
    if (!layer) return;
    layer.replaceChildren();
    this.container.dataset.selected = selected || "";
    if (!selected) return;
    const from = this.box(selected);
    if (from) {
      layer.append(svgElement("rect", {
        class: "fc-selected", "data-square": selected, x: from.x, y: from.y, width: from.size, height: from.size,
      }));
    }
    for (const { square, capture } of targets) {
      const at = this.box(square);
      if (!at) continue;
      layer.append(svgElement("circle", {
        class: capture ? "legal-target capture" : "legal-target", "data-square": square,
        cx: at.x + at.size / 2, cy: at.y + at.size / 2, r: capture ? at.size * 0.44 : at.size * 0.17,
      }));
    }
  }

  // arrows: [{seat, from, to}], each in its seat's colour.
  drawArrows(arrows) {
    const layer = this.svg?.querySelector(".fc-arrows");
    if (!layer) return;
    layer.replaceChildren();
    for (const { seat, from, to } of arrows) {
      const tail = this.box(from);
      const head = this.box(to);
      if (!tail || !head) continue;
      const half = tail.size / 2;
      const [x1, y1, x2, y2] = [tail.x + half, tail.y + half, head.x + half, head.y + half];
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const back = Math.min(length / 2, tail.size * 0.3); // the head's tip ends on the square's centre
      layer.append(svgElement("line", {
        class: `fc-arrow ${seat.toLowerCase()}`, "data-seat": seat, "data-from": from, "data-to": to,
        x1, y1, x2: x2 - ((x2 - x1) / length) * back, y2: y2 - ((y2 - y1) / length) * back,
        stroke: SEAT_COLORS[seat], "marker-end": `url(#fc-arrowhead-${seat.toLowerCase()})`,
      }));
    }
  }
}
