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
