// The text around the board: status line, players, partner, clock and result. Every name and
// every text that came from the server or a user is set with textContent, never parsed as HTML.

import { SEATS, partnerOf, seatTitle } from "./seats.js";

// How a game ended, said after "by" ("Red and Yellow win by checkmate").
const TERMINATIONS = {
  CHECKMATE: "checkmate", STALEMATE: "stalemate", KING_CAPTURE: "capturing a king", RESIGNATION: "resignation",
  TIMEOUT: "timeout", THREE_ELIMINATED: "being the last seat in play", POINTS_LEAD: "a winning points lead",
  THREEFOLD_REPETITION: "threefold repetition", FIFTY_MOVE_RULE: "the fifty-move rule",
  INSUFFICIENT_MATERIAL: "insufficient material", MOVE_LIMIT: "reaching the move limit",
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

function playerName(state, seat) {
  const name = state.seats?.[seat]?.name;
  return typeof name === "string" && name ? name : seatTitle(seat);
}

// "Yellow (Ann)", or "Yellow" when the seat has no name of its own.
function seatWithName(state, seat) {
  const name = playerName(state, seat);
  return name === seatTitle(seat) ? name : `${seatTitle(seat)} (${name})`;
}

// "Red", "Red and Blue", "Red, Blue and Yellow".
function listText(items) {
  return items.length > 2 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join(" and ");
}

function seatsWithNames(state, seats) {
  const known = (Array.isArray(seats) ? seats : []).filter((seat) => SEATS.includes(seat));
  return known.map((seat) => seatWithName(state, seat));
}

// The game's end in one sentence: who won, how, and the result ("Red and Yellow win by
// checkmate (1-0)"; FFA adds the ranking with points). The server's own sentence when it sends one.
export function endingText(state) {
  if (typeof state.ending === "string" && state.ending) return state.ending;
  if (state.status === "aborted") {
    const abort = state.abort || {};
    const who = SEATS.includes(abort.seat) ? seatTitle(abort.seat) : "A seat";
    return `Aborted: ${who} ${ABORT_KINDS[abort.kind] || abort.kind || "left"} too early for the game to count`;
  }
  if (state.status !== "finished") return "";
  const outcome = state.outcome || {};
  const how = TERMINATIONS[outcome.termination] || String(outcome.termination || "").toLowerCase().replaceAll("_", " ");
  const winners = seatsWithNames(state, outcome.winner);
  const verdict = winners.length ? `${listText(winners)} ${winners.length > 1 ? "win" : "wins"}` : "A draw";
  let text = `${verdict}${how ? ` by ${how}` : ""}${state.result ? ` (${state.result})` : ""}`;
  if (isFfa(state) && Array.isArray(outcome.ranking)) {
    const points = outcome.points || state.points || {};
    const places = outcome.ranking.map((place, index) => `${index + 1}. ` +
      (Array.isArray(place) ? place : []).filter((seat) => SEATS.includes(seat))
        .map((seat) => `${seatWithName(state, seat)} ${points[seat] ?? 0}`).join(", "));
    text += `. Ranking: ${places.join("; ")}`;
  }
  return text;
}

// A team game: the seat's partner ("Partner: Yellow (Ann)"); empty for a spectator and without teams.
export function partnerText(state, mySeat) {
  const partner = mySeat ? partnerOf(mySeat) : null;
  return partner ? `Partner: ${seatWithName(state, partner)}` : "";
}

export function statusText(state, mySeat) {
  if (state.status === "aborted") return `${endingText(state)}.`;
  if (state.status === "finished") return `Game over: ${endingText(state)}.`;
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
    // The player's name is what people look for; the seat is said under it with the tags.
    const head = element("span", "seat-head");
    head.append(element("span", "swatch"), element("span", "player-name", playerName(state, seat)));
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
    const line = element("span", "tags");
    const named = playerName(state, seat) !== seatTitle(seat); // else the name already says the seat
    if (named) line.append(element("span", "seat-name", seatTitle(seat)));
    line.append(...tags.map((tag, index) => (named || index ? ` · ${tag}` : tag)));
    row.append(head, line);
    if (showsPoints) {
      const points = Number(state.points?.[seat] ?? 0);
      row.append(element("span", "points", `${points} point${points === 1 ? "" : "s"}`));
    }
    row.append(element("span", "seat-clock"));
    return row;
  });
  list.replaceChildren(...rows);
}

export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
