// The game page (/games/{id}): one seat's view, or a spectator's, of a game on this server.

import { BoardKeys } from "./board-keys.js";
import { BoardPointer } from "./board-pointer.js";
import { BoardView } from "./board-view.js";
import { GameSocket, socketUrl } from "./connection.js";
import { MoveList } from "./move-list.js";
import { clockText, endingText, isFfa, partnerText, renderSeats, statusText } from "./panels.js";
import {
  PROMOTION_NAMES, SEATS, hasTeams, isSeat, isSquare, partnerOf, pieceName, seatTitle, turnChoices, useGame,
} from "./seats.js";
import { forgetToken, rememberToken, showSeatInAddress, takeSeatLink } from "./token.js";

const $ = (id) => document.getElementById(id);
const MAX_ARROWS_PER_SEAT = 40;
const MAX_CHAT_LINES = 200;
const ERROR_SHOWN_MS = 8000;

function gameIdFromPath() {
  const match = /^\/games\/([^/]{1,200})\/?$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

const gameId = gameIdFromPath();
const link = gameId ? takeSeatLink(gameId) : { seat: null, token: null };
let token = link.token;
let mySeat = null;
let orientation = link.seat || SEATS[0]; // the first seat at the bottom until we know our seat
let state = null;
let selected = null;
let pickedByThisPress = null; // the square a pointer press just picked up: its release keeps it picked up
let moveInFlight = false; // sent; its state (or an error) has not come back yet
let typedMoveInFlight = false; // the move in flight came from the move box, which empties once it is played
let clock = null; // {remaining, at}: the turn's seconds left at performance.now() = at
let lastMover = null; // the seat that made the latest step, when known
const arrows = new Map(); // seat -> [{from, to}]: ours, and our partner's as received

const board = new BoardView($("board"), gameId, onBoardRendered);
const keys = new BoardKeys(board, {
  choose: chooseSquare, cancel: putBack, describe: describeSquare, firstSquare: myKingSquare,
});
const moveList = new MoveList($("moves"), $("move-table"));
const socket = new GameSocket(socketUrl(gameId), {
  hello: () => ({ type: "hello", token }),
  onMessage: receive,
  onStatus: showConnection,
});

// --- messages from the server -------------------------------------------------------------

function receive(message) {
  switch (message.type) {
    case "welcome":
      welcome(message);
      break;
    case "state":
      applyState(message.state ?? message);
      break;
    case "error":
      refused(message);
      break;
    case "arrow":
      if (teamsSeat() && message.seat === partnerOf(mySeat) && isSquare(message.from) && isSquare(message.to)) {
        addArrow(message.seat, message.from, message.to);
      }
      break;
    case "clear_arrows":
      if (isSeat(message.seat)) arrows.delete(message.seat);
      redrawOverlay();
      break;
    case "chat":
      if (teamsSeat() && isSeat(message.seat) && typeof message.text === "string") addChatLine(message.seat, message.text);
      break;
    case "rematch":
      goToRematch(message.url);
      break;
    default:
      break; // pong, and anything newer than this page
  }
}

function welcome(message) {
  socket.welcomed();
  useGame(message.state);
  const seat = isSeat(message.seat) ? message.seat : null;
  if (token && !seat) dropToken("This link's seat was not recognised: you are watching the game.");
  mySeat = seat;
  if (seat) {
    rememberToken(gameId, seat, token);
    if (link.seat !== seat) showSeatInAddress(seat); // a reload must find the stored token
  }
  orientation = mySeat || link.seat || SEATS[0];
  document.body.classList.toggle("spectator", !mySeat);
  $("rotate").hidden = Boolean(mySeat);
  applyState(message.state, true);
}

function refused(message) {
  moveInFlight = false;
  if (typedMoveInFlight) $("move-text").select(); // the typed move stays, ready to be mended
  typedMoveInFlight = false;
  showError(message.message || message.error || "The server refused that.", message.error);
  if (message.error === "bad_token") {
    dropToken("This link's seat token was refused: you are watching the game.");
    socket.reconnectNow();
  } else if (message.error === "no_such_game") {
    socket.stop();
    $("status").dataset.status = "missing";
    $("status").textContent = "There is no game at this address.";
  }
  redrawOverlay();
}

function dropToken(text) {
  if (link.seat) forgetToken(gameId, link.seat);
  token = null;
  showError(text, "bad_token");
}

function applyState(next, fresh = false) {
  if (!next || typeof next !== "object") return;
  if (!fresh && state && typeof next.ply === "number" && next.ply < state.ply) return; // an older step
  const newStep = !state || next.ply !== state.ply || next.status !== state.status;
  const seenBefore = Boolean(state);
  // Who made the latest step, when this page saw it happen (one step on from the turn it knew).
  lastMover = state && next.ply === state.ply + 1 ? state.turn : next.ply === state?.ply ? lastMover : null;
  state = next;
  if (newStep) {
    selected = null;
    moveInFlight = false;
    if (typedMoveInFlight) $("move-text").value = "";
    typedMoveInFlight = false;
    hidePromotion();
  }
  const status = $("status");
  status.textContent = statusText(state, mySeat);
  Object.assign(status.dataset, {
    ply: String(state.ply ?? ""), turn: state.turn || "", seat: mySeat || "", status: state.status || "",
    mode: isFfa(state) ? "ffa" : "teams",
  });
  document.body.dataset.game = state.game || "";
  showRecordPanel();
  renderSeats($("seats"), state, mySeat);
  const partner = $("partner");
  partner.textContent = partnerText(state, mySeat);
  partner.hidden = !partner.textContent;
  moveList.show(state);
  if (newStep && seenBefore) announceStep();
  resyncClock();
  showActions();
  showChat();
  $("move-form").hidden = !mySeat || state.status !== "playing";
  if (newStep && !$("pgn4").hidden) loadPgn4();
  showBoard();
  redrawOverlay();
}

// Say the newest step and what comes next ("Red: h2-h4. Blue to move (Bo)."), for those who
// cannot see the board change.
function announceStep() {
  const latest = moveList.latest();
  const step = latest ? `${latest.seat ? `${seatTitle(latest.seat)}: ` : ""}${latest.text}. ` : "";
  announce(`${step}${statusText(state, mySeat)}`);
}

// --- moving pieces ------------------------------------------------------------------------
// A piece is picked up (a press or a tap on it, Enter on its square) and dropped on a square (a
// tap, a drag's release, Enter), or the move is typed. A refusal says why: the page's own reason
// when the state already tells, else the server's.

// A seat that is out (an FFA walking king moves by itself) has no moves to choose.
function myTurn() {
  return Boolean(state && mySeat && state.status === "playing" && state.turn === mySeat && !moveInFlight &&
    !(state.eliminated || []).includes(mySeat));
}

// The game's setting: mark where the selected piece can go (the state lists the moves either way).
function highlights() {
  return state?.settings?.show_legal_moves !== false;
}

// The legal moves of the seat to move, as the server lists them with their squares.
function turnMoves() {
  return turnChoices(state);
}

function legalFrom(square) {
  return highlights() ? turnMoves().filter((move) => move.from === square) : [];
}

function targetsOf(square) {
  return square ? [...new Set(legalFrom(square).map((move) => move.to))] : [];
}

// Is the piece on `square` ours to move? The state's owners say (in Martian Chess a piece is
// whoever's zone it stands in, so its looks would not).
function ownPiece(square) {
  return Boolean(mySeat) && state?.owners?.[square] === mySeat;
}

// The moves from `from` to `to` to choose between (their texts): one, or a promotion's pieces.
function movesBetween(from, to) {
  const moves = turnMoves().filter((move) => move.from === from && move.to === to).map((move) => move.text);
  if (moves.length || highlights()) return moves;
  return [`${from}-${to}`]; // no highlights: the server says why it is not legal
}

// Why `square`'s piece cannot be picked up, or null when it can; "" for an empty square (nothing
// to say: a tap there just drops the selection).
function pickUpRefusal(square) {
  if (!state) return "";
  if (!mySeat) return "You are watching this game: only its players move pieces.";
  if (state.status !== "playing") return "The game is over.";
  const piece = state.pieces?.[square];
  if (!piece) return "";
  if (!ownPiece(square)) return `That is not your piece: ${square} holds a ${pieceName(state, square)}.`;
  if (moveInFlight) return "Your move is on its way to the server.";
  if ((state.eliminated || []).includes(mySeat)) return "You are out of the game: your pieces no longer move.";
  if (!myTurn()) return `Not your turn: ${seatTitle(state.turn)} is to move.`;
  return null;
}

function pickUp(square) {
  const refusal = pickUpRefusal(square);
  if (refusal !== null) {
    select(null);
    if (refusal) showError(refusal, "page_refused");
    return false;
  }
  hideError();
  select(square);
  const targets = targetsOf(square);
  const where = !highlights() ? "" : targets.length ? `; it can go to ${targets.join(", ")}` : "; it has no legal move";
  announce(`Picked up the ${pieceName(state, square)} on ${square}${where}.`);
  return true;
}

function putBack() {
  if (!selected) return;
  const square = selected;
  select(null);
  announce(`Put back the piece on ${square}.`);
}

// Drop the picked-up piece of `from` on `to`: a move, a promotion to choose, or why not.
function tryMove(from, to) {
  if (!myTurn()) {
    select(null);
    showError(pickUpRefusal(from) || "You cannot move now.", "page_refused");
    return;
  }
  const choices = movesBetween(from, to);
  if (choices.length === 1) play(choices[0]);
  else if (choices.length > 1) showPromotion(choices);
  else {
    select(null);
    showError(`${from} cannot go to ${to}: not a legal move.`, "page_refused");
  }
}

// A square chosen by a tap or by Enter: the picked-up piece put back or dropped there, or a piece picked up.
function chooseSquare(square) {
  if (selected && square === selected) putBack();
  else if (selected && !ownPiece(square)) tryMove(selected, square);
  else pickUp(square);
}

// A left press: one's own piece is picked up at once, so a drag shows its targets; a shift+press
// only clears one's own arrows; any press clears the arrows shown.
function pressSquare(square, event) {
  pickedByThisPress = null;
  clearArrowsOnClick(event.shiftKey);
  if (event.shiftKey) return;
  if (!square) {
    select(null);
    return;
  }
  if (square !== selected && ownPiece(square) && myTurn() && pickUp(square)) pickedByThisPress = square;
}

function chooseSquareUnlessJustPicked(square) {
  if (square !== pickedByThisPress) chooseSquare(square);
  pickedByThisPress = null;
}

function mayDrag(square) {
  return square === selected && myTurn();
}

function dragRefused(square) {
  const refusal = pickUpRefusal(square);
  if (refusal) showError(refusal, "page_refused");
}

// A drag's release: on another square, the move; back on its own square or off the board, the
// piece stays picked up.
function dropPiece(from, to) {
  pickedByThisPress = null;
  if (to && to !== from) tryMove(from, to);
}

function select(square) {
  selected = square;
  hidePromotion();
  redrawOverlay();
}

function play(move) {
  hidePromotion();
  if (!socket.send({ type: "move", move, ply: state.ply })) {
    showError("Not connected to the server; the move was not sent.", "offline");
    return false;
  }
  hideError();
  moveInFlight = true;
  selected = null;
  redrawOverlay();
  return true;
}

// The move box: whatever is typed goes to the server, which judges it ("h2-h4", "Nj1-i3", "h2h4").
function onMoveTyped(event) {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (!text || !state) return;
  if (play(text)) typedMoveInFlight = true;
}

const PROMOTION_ORDER = "QRBND";

function showPromotion(choices) {
  const holder = $("promotion-choices");
  const letters = new Map(turnMoves().map((move) => [move.text, move.promotion || ""]));
  const rank = (move) => PROMOTION_ORDER.indexOf(letters.get(move) || "");
  holder.replaceChildren(...[...choices].sort((a, b) => rank(a) - rank(b)).map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    const letter = letters.get(move) || "";
    button.textContent = PROMOTION_NAMES[letter] || letter;
    button.dataset.move = move;
    button.addEventListener("click", () => play(move));
    return button;
  }));
  $("promotion").hidden = false;
  holder.firstElementChild?.focus(); // a keyboard player chooses next; Cancel puts the piece back
  announce("Promote to: choose a piece.");
}

function hidePromotion() {
  const hadFocus = $("promotion").contains(document.activeElement);
  $("promotion").hidden = true;
  $("promotion-choices").replaceChildren();
  if (hadFocus) board.rectOf(keys.square)?.focus({ preventScroll: true }); // back where the player was
}

// The square's accessible name: "h2, Red pawn", "h5, empty", with what it is to the selection.
function describeSquare(square) {
  const piece = pieceName(state, square);
  let text = `${square}, ${piece || "empty"}`;
  if (square === selected) text += ", picked up";
  else if (selected && targetsOf(selected).includes(square)) text += piece ? ", can be captured" : ", a legal target";
  return text;
}

// Where the keyboard starts: our king where the game has one, else our first piece.
function myKingSquare() {
  const owned = Object.keys(state?.owners || {}).filter(ownPiece);
  return owned.find((square) => pieceName(state, square)?.endsWith(" king")) || owned[0] || null;
}

function showBoard() {
  board.container.setAttribute("aria-label", `Board, ${seatTitle(orientation)} at the bottom`);
  board.show(orientation, state.ply);
}

function onBoardRendered(hadFocus) {
  keys.adopt(hadFocus);
  redrawOverlay();
}

function redrawOverlay() {
  const squares = targetsOf(selected);
  board.drawMarks(selected, squares.map((square) => ({ square, capture: Boolean(state?.pieces?.[square]) })));
  const drawn = [];
  for (const [seat, list] of arrows) for (const arrow of list) drawn.push({ seat, ...arrow });
  board.drawArrows(drawn);
  keys.relabel();
  keys.refresh();
}

// --- arrows and chat (Teams: the partner only) ----------------------------------------------

function teamsSeat() {
  return Boolean(state && mySeat && hasTeams());
}

function addArrow(seat, from, to) {
  const list = arrows.get(seat) || [];
  if (list.some((arrow) => arrow.from === from && arrow.to === to)) return false;
  if (list.length >= MAX_ARROWS_PER_SEAT) list.shift();
  list.push({ from, to });
  arrows.set(seat, list);
  redrawOverlay();
  return true;
}

// A left click clears every arrow shown; shift+click only ours. The partner hears of ours.
function clearArrowsOnClick(onlyMine) {
  if (!teamsSeat()) return;
  if ((arrows.get(mySeat) || []).length) socket.send({ type: "clear_arrows" });
  if (onlyMine) arrows.delete(mySeat);
  else arrows.clear();
  redrawOverlay();
}

function drawArrow(from, to) {
  if (teamsSeat() && addArrow(mySeat, from, to)) socket.send({ type: "arrow", from, to });
}

function addChatLine(seat, text) {
  const line = document.createElement("li");
  line.className = `chat-line ${seat.toLowerCase()}`;
  line.dataset.seat = seat;
  const who = document.createElement("span");
  who.className = "chat-who";
  who.textContent = seat === mySeat ? "You" : `${seatTitle(seat)} (${state?.seats?.[seat]?.name || seatTitle(seat)})`;
  const body = document.createElement("span");
  body.className = "chat-text";
  body.textContent = text;
  line.append(who, ": ", body);
  const log = $("chat-log");
  log.append(line);
  while (log.children.length > MAX_CHAT_LINES) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function onChatSubmit(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim(); // as the server relays it
  if (!text || text.length > 200) return;
  if (!socket.send({ type: "chat", text })) {
    showError("Not connected to the server; the message was not sent.", "offline");
    return;
  }
  addChatLine(mySeat, text);
  input.value = "";
}

function showChat() {
  $("chat").hidden = !teamsSeat();
}

// --- clock, buttons, PGN4, errors ----------------------------------------------------------

function resyncClock() {
  const given = state.clock;
  const running = state.status === "playing" && given && given.turn_seconds && typeof given.remaining === "number";
  clock = running ? { remaining: given.remaining, at: performance.now() } : null;
  showClockRule();
  tickClock();
}

// What a turn's timeout does in this game (its on_timeout setting), and when the CPU takes over
// an away seat, said where the clock is.
function showClockRule() {
  const rule = $("clock-rule");
  const settings = state.settings || {};
  const seconds = Number(state.clock?.turn_seconds) || 0;
  const grace = Number(settings.grace_seconds ?? 60);
  const away = `A player away for ${grace} s has the CPU move for them until they return.`;
  const timeout = settings.on_timeout === "cpu"
    ? `When a turn's ${seconds} s run out, the CPU moves for that seat.`
    : `When a turn's ${seconds} s run out, that seat loses on time.`;
  rule.textContent = state.status !== "playing" ? "" : seconds ? `${timeout} ${away}` : away;
  rule.hidden = !rule.textContent;
}

function tickClock() {
  const shown = $("clock");
  for (const cell of document.querySelectorAll("#seats .seat-clock")) cell.textContent = "";
  if (!clock || !state) {
    shown.hidden = true;
    shown.dataset.remaining = "";
    return;
  }
  const left = Math.max(0, clock.remaining - (performance.now() - clock.at) / 1000);
  shown.hidden = false;
  shown.textContent = `${seatTitle(state.turn)}: ${clockText(left)}`;
  shown.dataset.remaining = left.toFixed(1);
  shown.classList.toggle("low", left < 10);
  const cell = document.querySelector(`#seats .seat-row[data-seat="${state.turn}"] .seat-clock`);
  if (cell) cell.textContent = clockText(left);
}

function showActions() {
  const playing = state.status === "playing";
  const seated = Boolean(mySeat);
  const out = seated && (state.eliminated || []).includes(mySeat);
  // A seat resigns or claims on its own turn or right after its own move (docs/server.md).
  const mayLeave = seated && (state.turn === mySeat || lastMover === mySeat);
  const resign = $("resign");
  resign.hidden = !(seated && playing && !out);
  resign.disabled = !mayLeave;
  resign.title = mayLeave ? "" : "You can resign on your turn";
  if (resign.hidden || !mayLeave) unarmResign();
  const claim = $("claim");
  claim.hidden = !(seated && playing && state.claims);
  claim.disabled = !(mayLeave && (state.can_claim || []).includes(mySeat));
  const rematch = $("rematch");
  rematch.hidden = !(seated && !playing);
  rematch.disabled = false;
  rematch.textContent = state.rematch ? "Join the rematch" : "Rematch";
  const watch = $("rematch-link");
  watch.hidden = !(state.rematch && !seated);
  if (state.rematch) $("rematch-anchor").href = `/games/${encodeURIComponent(state.rematch)}`;
  const result = $("result");
  result.textContent = playing ? "" : endingText(state);
  result.hidden = !result.textContent;
}

let resignTimer = null;

function unarmResign() {
  clearTimeout(resignTimer);
  delete $("resign").dataset.armed;
  $("resign").textContent = "Resign";
}

// Resigning takes a second click within a few seconds (no modal dialog).
function onResign() {
  const button = $("resign");
  if (!button.dataset.armed) {
    button.dataset.armed = "true";
    button.textContent = "Click again to resign";
    resignTimer = setTimeout(unarmResign, 4000);
    return;
  }
  unarmResign();
  if (!socket.send({ type: "resign" })) showError("Not connected to the server.", "offline");
}

function goToRematch(url) {
  let target;
  try {
    target = new URL(String(url), location.href);
  } catch {
    return;
  }
  if (target.origin !== location.origin) return; // only ever our own game pages
  socket.stop();
  location.assign(target.href);
}

// The game's record: PGN4, PGN or the Martian record, as the state names it.
function recordName() {
  return typeof state?.record?.name === "string" ? state.record.name : "record";
}

function recordUrl() {
  return `/api/games/${encodeURIComponent(gameId)}/record`;
}

function showRecordPanel() {
  $("record-title").textContent = recordName();
  $("pgn4-link").textContent = `Download the ${recordName()}`;
}

async function loadPgn4() {
  const box = $("pgn4");
  box.hidden = false;
  try {
    const response = await fetch(recordUrl(), { cache: "no-store" });
    box.value = response.ok ? await response.text() : `The server answered ${response.status}.`;
  } catch {
    box.value = `The ${recordName()} could not be fetched.`;
  }
}

let errorTimer = null;

// A refusal, the server's or the page's own (code: the server's error code, or page_refused).
function showError(text, code) {
  const shown = $("error");
  shown.textContent = text;
  shown.dataset.error = code || "";
  shown.hidden = false;
  announce(text);
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    shown.hidden = true;
  }, ERROR_SHOWN_MS);
}

function hideError() {
  clearTimeout(errorTimer);
  $("error").hidden = true;
}

// Words for the live region; emptied first, so the same words said twice are announced twice.
function announce(text) {
  const region = $("announce");
  region.textContent = "";
  setTimeout(() => {
    region.textContent = text;
  }, 50);
}

function showConnection(status) {
  const shown = $("connection");
  shown.dataset.connection = status;
  shown.textContent = { open: "connected", connecting: "connecting…", closed: "reconnecting…" }[status] || status;
}

// --- start ---------------------------------------------------------------------------------

function start() {
  if (!gameId) {
    $("status").textContent = "This is not a game address.";
    $("status").dataset.status = "missing";
    return;
  }
  new BoardPointer(board, {
    press: pressSquare, mayDrag, dragRefused, tap: chooseSquareUnlessJustPicked, drop: dropPiece, arrow: drawArrow,
  });
  $("move-form").addEventListener("submit", onMoveTyped);
  $("promotion-cancel").addEventListener("click", putBack);
  $("promotion").addEventListener("keydown", (event) => {
    if (event.key === "Escape") putBack(); // as on the board: Escape puts the piece back
  });
  $("resign").addEventListener("click", onResign);
  $("claim").addEventListener("click", () => socket.send({ type: "claim" }));
  $("rematch").addEventListener("click", () => {
    if (socket.send({ type: "rematch" })) $("rematch").disabled = true;
  });
  $("chat-form").addEventListener("submit", onChatSubmit);
  $("pgn4-link").href = recordUrl();
  $("pgn4-show").addEventListener("click", loadPgn4);
  $("rotate").addEventListener("click", () => {
    orientation = SEATS[(SEATS.indexOf(orientation) + 1) % SEATS.length];
    if (state) showBoard();
  });
  document.title = `fourchess game ${gameId}`; // the game's name once its state arrives
  setInterval(tickClock, 250);
  socket.start();
}

start();
