// The four seats, their colours, and reading the moves and pieces the server's state lists.

// The page's one list of the seats, named as the server's JSON names them (fourchess.Seat's names).
export const SEATS = ["RED", "BLUE", "YELLOW", "GREEN"];

// chess.com's seat colours, the same as fourchess.svg.SEAT_COLORS.
export const SEAT_COLORS = { RED: "#bf3b43", BLUE: "#4185bf", YELLOW: "#c09526", GREEN: "#4e9161" };

const SQUARE = /^[a-n](?:[1-9]|1[0-4])$/;
const MOVE = /^([a-n](?:[1-9]|1[0-4]))-([a-n](?:[1-9]|1[0-4]))(?:=([A-Z]))?$/;

export function isSeat(value) {
  return SEATS.includes(value);
}

export function isSquare(value) {
  return typeof value === "string" && SQUARE.test(value);
}

// "RED" as people read it, "Red" (what fourchess.Seat.title gives).
export function seatTitle(seat) {
  return seat.charAt(0) + seat.slice(1).toLowerCase();
}

export function partnerOf(seat) {
  return SEATS[(SEATS.indexOf(seat) + 2) % 4];
}

// An engine move text ("h2-h4", "h10-h11=Q") as {from, to, promotion}, or null.
export function parseMove(text) {
  const match = MOVE.exec(text);
  return match ? { from: match[1], to: match[2], promotion: match[3] || null } : null;
}

// The seat whose piece the state's `pieces` shows with `symbol` ("rK": Red's king; "dP", a dead
// piece, is nobody's), or null.
const PIECE_SEATS = { r: "RED", b: "BLUE", y: "YELLOW", g: "GREEN" };

export function pieceSeat(symbol) {
  return typeof symbol === "string" ? PIECE_SEATS[symbol.charAt(0)] || null : null;
}

export const PROMOTION_NAMES = { Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", D: "Queen (1 point)" };

const PIECE_KINDS = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king", D: "one-point queen" };

// A piece as people say it: "Red pawn"; a dead piece has no colour (docs/rules.md §7): "dead rook".
export function pieceName(symbol) {
  if (typeof symbol !== "string") return null;
  const kind = PIECE_KINDS[symbol.charAt(1)] || "piece";
  const seat = pieceSeat(symbol);
  return seat ? `${seatTitle(seat)} ${kind}` : `dead ${kind}`;
}

// A step that is not a move names its seat by letter ("resign:B", any case), as fourchess writes it.
const LEAVE = /^(resign|timeout|claim):([rbyg])$/i;
const LEAVE_WORDS = { resign: "resigns", timeout: "times out", claim: "claims the win" };

// {kind, seat} of a leave step, or null for a move.
export function parseLeave(text) {
  const match = LEAVE.exec(String(text));
  return match ? { kind: match[1].toLowerCase(), seat: PIECE_SEATS[match[2].toLowerCase()] } : null;
}

// "resign:R" as people read it: "Red resigns".
export function leaveText(leave) {
  return `${seatTitle(leave.seat)} ${LEAVE_WORDS[leave.kind]}`;
}
