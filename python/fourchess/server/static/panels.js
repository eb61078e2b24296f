// The text around the board: status line, players, clock, result and move list. Every name and
// every text that came from the server or a user is set with textContent, never parsed as HTML.

import { SEATS, seatTitle } from "./seats.js";

const TERMINATIONS = {
  CHECKMATE: "checkmate", STALEMATE: "stalemate", KING_CAPTURE: "king captured", RESIGNATION: "resignation",
  TIMEOUT: "time ran out", THREE_ELIMINATED: "three seats eliminated", POINTS_LEAD: "a winning points lead",
  THREEFOLD_REPETITION: "threefold repetition", FIFTY_MOVE_RULE: "fifty-move rule",
  INSUFFICIENT_MATERIAL: "insufficient material", MOVE_LIMIT: "the move limit",
};

const ABORT_KINDS = { resign: "resigned", timeout: "ran out of time", claim: "claimed" };

function element(name, className, text) {
  const node = document.createElement(name);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function isFfa(state) {
  return String(state.settings?.mode || "teams").toLowerCase() === "ffa";
}

function seatList(seats) {
  return (Array.isArray(seats) ? seats : []).filter((seat) => SEATS.includes(seat)).map(seatTitle).join(" and ");
}

function playerName(state, seat) {
  const name = state.seats?.[seat]?.name;
  return typeof name === "string" && name ? name : seatTitle(seat);
}

export function statusText(state, mySeat) {
  if (state.status === "aborted") {
    const abort = state.abort || {};
    const who = SEATS.includes(abort.seat) ? seatTitle(abort.seat) : "A seat";
    return `Aborted: ${who} ${ABORT_KINDS[abort.kind] || abort.kind || "left"} too early for the game to count.`;
  }
  if (state.status === "finished" && typeof state.ending === "string" && state.ending) {
    return `Game over: ${state.ending}.`;
  }
  if (state.status === "finished") {
    const outcome = state.outcome || {};
    const how = TERMINATIONS[outcome.termination] || String(outcome.termination || "").toLowerCase();
    const winners = seatList(outcome.winner);
    const verdict = winners ? `${winners} ${outcome.winner.length > 1 ? "win" : "wins"}` : "a draw";
    return `Game over: ${verdict}${how ? ` by ${how}` : ""}${state.result ? ` (${state.result})` : ""}.`;
  }
  if (!SEATS.includes(state.turn)) return "Waiting…";
  if (state.turn === mySeat) return `Your move (${seatTitle(mySeat)}).`;
  return `${seatTitle(state.turn)} to move (${playerName(state, state.turn)}).`;
}

export function renderSeats(list, state, mySeat) {
  const showsPoints = typeof state.shows_points === "boolean" ? state.shows_points : isFfa(state);
  const eliminated = new Set(state.eliminated || []);
  const walking = new Set(state.walking_kings || []);
  const checked = new Set(state.in_check || []);
  const rows = SEATS.map((seat) => {
    const info = state.seats?.[seat] || {};
    const cpuSeat = info.player === "cpu";
    const row = element("li", `seat-row ${seat.toLowerCase()}`);
    row.dataset.seat = seat;
    row.dataset.player = cpuSeat ? "cpu" : "human";
    row.dataset.connected = String(Boolean(info.connected));
    if (state.status === "playing" && state.turn === seat) row.classList.add("to-move");
    if (eliminated.has(seat)) row.classList.add("eliminated");
    if (seat === mySeat) row.classList.add("mine");
    const head = element("span", "seat-head");
    head.append(element("span", "swatch"), element("span", "seat-name", seatTitle(seat)));
    const name = element("span", "player-name", playerName(state, seat));
    const tags = [];
    if (seat === mySeat) tags.push("you");
    if (cpuSeat) tags.push("CPU");
    else {
      tags.push(info.connected ? "connected" : "away");
      if (info.cpu_playing) tags.push("CPU playing");
    }
    if (walking.has(seat)) tags.push("king walks");
    else if (eliminated.has(seat)) tags.push("eliminated");
    if (checked.has(seat)) tags.push("in check");
    row.append(head, name, element("span", "tags", tags.join(" · ")));
    if (showsPoints) {
      const points = Number(state.points?.[seat] ?? 0);
      row.append(element("span", "points", `${points} point${points === 1 ? "" : "s"}`));
    }
    row.append(element("span", "seat-clock"));
    return row;
  });
  list.replaceChildren(...rows);
}

// The step list: appended to when the new list extends the shown one, rebuilt otherwise.
export function renderMoves(list, moves) {
  const steps = Array.isArray(moves) ? moves : [];
  const shown = [...list.children].map((item) => item.textContent);
  const extends_ = shown.length <= steps.length && shown.every((text, index) => text === String(steps[index]));
  if (!extends_) list.replaceChildren();
  for (let index = extends_ ? shown.length : 0; index < steps.length; index += 1) {
    const item = element("li", "step", String(steps[index]));
    item.dataset.ply = String(index + 1);
    list.append(item);
  }
  list.dataset.count = String(steps.length);
  if (steps.length > shown.length) list.scrollTop = list.scrollHeight; // the newest step in view
}

export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
