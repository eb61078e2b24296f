// The board picture: the server's SVG (fourchess.svg) inlined as a parsed document node, with an
// overlay layer of our own for the selection, the legal targets and the arrows.

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
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.shown = { orientation, ply };
    this.container.dataset.orientation = orientation;
    this.container.dataset.boardPly = String(ply);
    this.onRendered();
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
    layer.append(defs, svgElement("g", { class: "fc-marks" }), svgElement("g", { class: "fc-arrows" }));
    return layer;
  }

  // The square under a pointer event (its rect carries data-square), or null.
  squareAt(event) {
    const target = event.target instanceof Element ? event.target : null;
    const rect = target?.closest("rect.square[data-square]");
    const square = rect?.getAttribute("data-square");
    return rect && this.container.contains(rect) && isSquare(square) ? square : null;
  }

  box(square) {
    const rect = this.svg?.querySelector(`rect.square[data-square="${square}"]`);
    if (!rect) return null;
    const number = (name) => Number(rect.getAttribute(name));
    return { x: number("x"), y: number("y"), size: number("width") };
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
