// The four seats, their colours and the rules the page needs to draw and send moves.

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

// Is `square` on the line where `seat`'s pawns promote (RULES.md section 4)?
export function isPromotionSquare(seat, square, ffa) {
  const file = square.charCodeAt(0) - 97; // a = 0
  const rank = Number(square.slice(1)) - 1; // rank 1 = 0
  const line = ffa ? { RED: [rank, 7], BLUE: [file, 7], YELLOW: [rank, 6], GREEN: [file, 6] }
                   : { RED: [rank, 10], BLUE: [file, 10], YELLOW: [rank, 3], GREEN: [file, 3] };
  const [coordinate, target] = line[seat];
  return coordinate === target;
}

export const PROMOTION_NAMES = { Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", D: "Queen (1 point)" };
