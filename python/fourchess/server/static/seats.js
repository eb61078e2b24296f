// The game's seats, their colours and titles, and reading the moves and pieces the server's state
// lists. The page knows no game's rules: the state says which seats the game has (four-player
// chess: RED BLUE YELLOW GREEN; Martian Chess: RED BLUE, and YELLOW GREEN with four; chess: WHITE
// BLACK), and useGame() makes them the page's.

// The page's one list of the seats, named as the server's JSON names them, in turn order. Until a
// state arrives, four-player chess's; useGame() changes it in place, so every importer sees it.
export const SEATS = ["RED", "BLUE", "YELLOW", "GREEN"];

// Each seat's colour, as the server's picture draws it (four-player chess's until a state says).
export const SEAT_COLORS = { RED: "#bf3b43", BLUE: "#4185bf", YELLOW: "#c09526", GREEN: "#4e9161" };

const TITLES = {};
const PARTNERS = {};
const KNOWN_SEAT = /^[A-Z]{1,16}$/;

// Take the seats of the game a state describes: their order, colours, titles and partners.
export function useGame(state) {
  const order = Array.isArray(state?.seat_order) ? state.seat_order.filter((seat) => KNOWN_SEAT.test(seat)) : [];
  if (!order.length) return;
  SEATS.splice(0, SEATS.length, ...order);
  for (const key of Object.keys(SEAT_COLORS)) if (!order.includes(key)) delete SEAT_COLORS[key];
  for (const key of Object.keys(PARTNERS)) delete PARTNERS[key];
  for (const seat of order) {
    const colour = state.seat_colors?.[seat];
    if (typeof colour === "string") SEAT_COLORS[seat] = colour;
    const title = state.seat_titles?.[seat];
    if (typeof title === "string") TITLES[seat] = title;
    const partner = state.partners?.[seat];
    if (order.includes(partner)) PARTNERS[seat] = partner;
  }
  for (const [symbol, name] of Object.entries(state.piece_names || {})) {
    if (typeof name === "string") PIECE_NAMES[symbol] = name;
  }
}

// A square of any of the games' boards: a1..n14 (the picture says which ones it has).
const SQUARE = /^[a-n](?:[1-9]|1[0-4])$/;

export function isSeat(value) {
  return SEATS.includes(value);
}

export function isSquare(value) {
  return typeof value === "string" && SQUARE.test(value);
}

// "RED" as people read it: "Red", as the state's seat_titles give it.
export function seatTitle(seat) {
  return TITLES[seat] || seat.charAt(0) + seat.slice(1).toLowerCase();
}

// The seat's partner in a team game, or null.
export function partnerOf(seat) {
  return PARTNERS[seat] || null;
}

export function hasTeams() {
  return Object.keys(PARTNERS).length > 0;
}

// The legal moves of the seat to move as {text, from, to, promotion}: the state's turn_moves with
// the squares move_squares gives for each, so the page reads no game's notation.
export function turnChoices(state) {
  const texts = Array.isArray(state?.turn_moves) ? state.turn_moves : [];
  const squares = Array.isArray(state?.move_squares) ? state.move_squares : [];
  const choices = [];
  texts.forEach((text, index) => {
    const [from, to, promotion] = Array.isArray(squares[index]) ? squares[index] : [];
    if (typeof text === "string" && isSquare(from) && isSquare(to)) {
      choices.push({ text, from, to, promotion: typeof promotion === "string" ? promotion : null });
    }
  });
  return choices;
}

// The piece names a promotion chooser shows ("D": four-player FFA's 1-point queen; chess's are
// the same letters).
export const PROMOTION_NAMES = { Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", D: "Queen (1 point)" };

// What a piece is called by its symbol's last letter ("P": "pawn"), as the state's piece_names say.
const PIECE_NAMES = {};

// A piece as people say it, with its owner's colour: "Red pawn". A piece no seat moves is one of
// four-player chess's dead pieces (docs/rules.md §7): "dead rook". `square` is where it stands,
// `state` the state that lists it.
export function pieceName(state, square) {
  const symbol = state?.pieces?.[square];
  if (typeof symbol !== "string") return null;
  const kind = PIECE_NAMES[symbol.slice(-1)] || "piece";
  const owner = state.owners?.[square];
  return isSeat(owner) ? `${seatTitle(owner)} ${kind}` : `dead ${kind}`;
}

// A step that is not a move: a leave, written as its kind, a colon and its seat ("resign:B",
// "timeout:WHITE"); the move list shows it in words as the state's record_moves give it.
export function isLeave(step) {
  return /^(resign|timeout|claim):./i.test(String(step));
}
