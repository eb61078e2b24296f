// The move list: one row per round ("1." then a cell per seat, in the game's seat order), each
// step in its seat's colour, the latest one marked current and kept in view.

import { SEATS, isLeave, seatTitle } from "./seats.js";

// The seats of the game, in turn order: the state's own list when it has one.
export function seatOrder(state) {
  const order = Array.isArray(state?.seat_order) ? state.seat_order.filter((seat) => typeof seat === "string") : [];
  return order.length ? order : SEATS;
}

// Each step's seat and shown text, as the state gives them (step_seats; record_moves, the record's
// notation: "Bc7xg11+", "Red resigns"); the step itself where a list falls short.
function shownSteps(state, steps) {
  const seats = Array.isArray(state.step_seats) ? state.step_seats : [];
  const texts = Array.isArray(state.record_moves) ? state.record_moves : [];
  return steps.map((step, index) => ({
    step,
    text: typeof texts[index] === "string" ? texts[index] : step,
    seat: typeof seats[index] === "string" ? seats[index] : null,
  }));
}

function element(name, className, text) {
  const node = document.createElement(name);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class MoveList {
  // scroller: the box that scrolls (it holds the table); table: its <table>.
  constructor(scroller, table) {
    this.scroller = scroller;
    this.table = table;
    this.shown = []; // [{step, text, seat}] as drawn, to append when a state only adds steps
    this.order = [];
    this.lastPlaced = null; // {row, column}: where the previous step went
  }

  show(state) {
    const steps = (Array.isArray(state.moves) ? state.moves : []).map(String);
    const order = seatOrder(state);
    const wanted = shownSteps(state, steps);
    const same = (a, b) => a.step === b.step && a.text === b.text && a.seat === b.seat;
    const extendsShown = order.join() === this.order.join() && this.shown.length <= wanted.length &&
      this.shown.every((entry, index) => same(entry, wanted[index]));
    if (!extendsShown) this.rebuild(order);
    const added = wanted.length - (extendsShown ? this.shown.length : 0);
    for (let index = wanted.length - added; index < wanted.length; index += 1) this.append(wanted[index], index + 1);
    this.shown = wanted;
    this.markCurrent();
    this.scroller.dataset.count = String(wanted.length);
    if (added > 0) this.scroller.scrollTop = this.scroller.scrollHeight; // the newest step in view
  }

  rebuild(order) {
    this.order = order;
    const head = element("tr");
    head.append(element("th", "round", "#"));
    for (const seat of order) {
      const cell = element("th", `seat-column ${seat.toLowerCase()}`, seatTitle(seat));
      cell.scope = "col";
      head.append(cell);
    }
    this.table.tHead.replaceChildren(head);
    this.table.tBodies[0].replaceChildren();
    this.lastPlaced = null;
  }

  // A step goes in its seat's column of the current round; a seat at or before the previous
  // step's column opens the next round, except a leave right after the same seat's move, which
  // shares that move's cell.
  append(entry, ply) {
    const known = this.order.indexOf(entry.seat);
    const column = known >= 0 ? known : this.order.length - 1; // a seat the order lacks: the last column
    const leave = isLeave(entry.step);
    const last = this.lastPlaced;
    const sameCell = last && leave && column === last.column;
    const row = !last || (column <= last.column && !sameCell) ? this.newRow() : last.row;
    const item = element("span", `step ${(entry.seat || "").toLowerCase()}${leave ? " leave" : ""}`, entry.text);
    item.dataset.ply = String(ply);
    item.dataset.step = entry.step;
    item.dataset.seat = entry.seat || "";
    row.cells[column + 1].append(item); // cell 0 holds the round's number
    this.lastPlaced = { row, column };
  }

  newRow() {
    const body = this.table.tBodies[0];
    const row = element("tr");
    const number = element("th", "round", `${body.rows.length + 1}.`);
    number.scope = "row";
    row.append(number);
    for (const seat of this.order) {
      const cell = element("td");
      cell.dataset.seat = seat;
      row.append(cell);
    }
    body.append(row);
    return row;
  }

  // The newest step as shown: {step, text, seat}, or null before the first.
  latest() {
    return this.shown.at(-1) ?? null;
  }

  markCurrent() {
    for (const old of this.table.querySelectorAll(".step.current")) {
      old.classList.remove("current");
      old.removeAttribute("aria-current");
    }
    const latest = this.table.querySelector(`.step[data-ply="${this.shown.length}"]`);
    if (latest) {
      latest.classList.add("current");
      latest.setAttribute("aria-current", "step");
    }
  }
}
