#include "fourchess/movegen.h"

#include "fourchess/attacks.h"

namespace fourchess {

namespace {

constexpr PieceType TEAMS_PROMOTIONS[] = {QUEEN, ROOK, BISHOP, KNIGHT};

// Checks, pins and en-passant squares of the side to move, worked out once per position so that
// most moves are accepted or rejected by a mask test.
struct Legality {
    Seat us;
    Square king;
    std::uint8_t opponents;
    Mask256 friendly;     // our and (Teams) our partner's live pieces: never captured
    int checker_count = 0;
    Mask256 check_block;  // with one checker: capturing it or interposing on these squares
    Mask256 pinned;
    Square pin_square[DIRECTION_COUNT];
    Mask256 pin_line[DIRECTION_COUNT];
    int pin_count = 0;
    Mask256 en_passant_squares;

    explicit Legality(const Position& pos) : us(pos.side_to_move), king(pos.king_square[us]), opponents(pos.opponent_seats(us)) {
        friendly = pos.live_by_seat[us];
        if (pos.mode == Mode::TEAMS) friendly |= pos.live_by_seat[(us + 2) & 3];
        Mask256 checkers = attackers_to(pos, king, opponents);
        checker_count = checkers.popcount();
        check_block = checkers;
        for (int d = 0; d < DIRECTION_COUNT; ++d) scan_line(pos, d);
        for (int s = 0; s < SEAT_COUNT; ++s) {
            const EnPassant& e = pos.en_passant[s];
            if (!e.active() || !(opponents & (1u << s))) continue;
            Piece pawn = pos.board[e.pawn];
            if (!pawn.is_live() || pawn.type() != PAWN || pawn.seat() != s) continue;
            if (friendly.test(e.skipped)) continue;
            en_passant_squares.set(e.skipped);
        }
    }

    bool is_line_attacker(Piece p, int d) const {
        return p.is_live() && (opponents & (1u << p.seat())) &&
               (p.type() == QUEEN || p.type() == (is_diagonal(d) ? BISHOP : ROOK));
    }

    // From the king outwards: a checking slider gives interposition squares; an own piece with an
    // opposing slider behind it is pinned to that line.
    void scan_line(const Position& pos, int d) {
        Mask256 line;
        Square first = NO_SQUARE;
        const Square* ray = GEOMETRY.ray[king][d];
        for (int i = 0; i < GEOMETRY.ray_length[king][d]; ++i) {
            Square s = ray[i];
            line.set(s);
            Piece p = pos.board[s];
            if (p.empty()) continue;
            if (first == NO_SQUARE) {
                if (is_line_attacker(p, d)) { check_block |= line; return; }
                if (!(p.is_live() && p.seat() == us)) return;
                first = s;
            } else {
                if (is_line_attacker(p, d)) {
                    pinned.set(first);
                    pin_square[pin_count] = first;
                    pin_line[pin_count++] = line;
                }
                return;
            }
        }
    }

    const Mask256& pin_line_of(Square s) const {
        int i = 0;
        while (pin_square[i] != s) ++i;
        return pin_line[i];
    }
};

// Would our king be safe after `m`? Made on a copy: used only for the rare moves (en passant,
// FFA king capture) whose effect the masks do not describe.
bool safe_after(const Position& pos, Move m, std::uint8_t opponents) {
    Position after = pos;
    Undo undo;
    Piece target = pos.board[m.to()];
    if (target.is_live() && target.type() == KING) opponents &= static_cast<std::uint8_t>(~(1u << target.seat()));
    after.make_move(m, undo);
    Square king = after.king_square[pos.side_to_move];
    return !is_attacked(after, king, opponents);
}

template <bool StopAtFirst>
class Generator {
public:
    Generator(const Position& pos, Move* out) : pos_(pos), legal_(pos), out_(out) {}

    Move* run() {
        const Seat us = legal_.us;
        for (Square from : pos_.live_by_seat[us]) {
            Piece p = pos_.board[from];
            switch (p.type()) {
                case PAWN: pawn_moves(from); break;
                case KNIGHT: step_moves(from, GEOMETRY.knight_targets[from], GEOMETRY.knight_count[from], false); break;
                case KING: step_moves(from, GEOMETRY.king_targets[from], GEOMETRY.king_count[from], true); castling(); break;
                case BISHOP: slide_moves(from, 4, 8); break;
                case ROOK: slide_moves(from, 0, 4); break;
                case QUEEN: slide_moves(from, 0, 8); break;
                default: break;
            }
            if (StopAtFirst && done_) break;
        }
        return out_;
    }

private:
    bool ordinary_move_ok(Square from, Square to) const {
        if (legal_.checker_count > 1) return false;
        if (legal_.checker_count == 1 && !legal_.check_block.test(to)) return false;
        return !legal_.pinned.test(from) || legal_.pin_line_of(from).test(to);
    }

    bool captures_king(Square to) const {
        Piece target = pos_.board[to];
        return target.is_live() && target.type() == KING;
    }

    bool accept(Move m, bool king_moves) const {
        if (captures_king(m.to()))
            return pos_.mode == Mode::TEAMS || safe_after(pos_, m, legal_.opponents);
        if (m.kind() == MoveKind::EN_PASSANT) return safe_after(pos_, m, legal_.opponents);
        if (king_moves) return !is_attacked(pos_, m.to(), legal_.opponents, legal_.king);
        return ordinary_move_ok(m.from(), m.to());
    }

    void add(Move m, bool king_moves = false) {
        if (StopAtFirst && done_) return;
        if (!accept(m, king_moves)) return;
        *out_++ = m;
        if (StopAtFirst) done_ = true;
    }

    void step_moves(Square from, const Square* targets, int count, bool king_moves) {
        for (int i = 0; i < count; ++i)
            if (!legal_.friendly.test(targets[i])) add(Move(from, targets[i]), king_moves);
    }

    void slide_moves(Square from, int first_direction, int last_direction) {
        for (int d = first_direction; d < last_direction; ++d) {
            const Square* ray = GEOMETRY.ray[from][d];
            for (int i = 0; i < GEOMETRY.ray_length[from][d]; ++i) {
                Square to = ray[i];
                if (legal_.friendly.test(to)) break;
                add(Move(from, to));
                if (pos_.occupied.test(to)) break;
            }
        }
    }

    void pawn_move(Square from, Square to, MoveKind kind) {
        if (!GEOMETRY.promotion_line[static_cast<int>(pos_.mode)][legal_.us].test(to)) {
            add(Move(from, to, kind));
            return;
        }
        if (pos_.mode == Mode::TEAMS)
            for (PieceType t : TEAMS_PROMOTIONS) add(Move(from, to, kind, t));
        else
            add(Move(from, to, kind, QUEEN, true));  // FFA: always the 1-point queen
    }

    void pawn_moves(Square from) {
        const Seat us = legal_.us;
        Square push = GEOMETRY.pawn_push[us][from];
        if (push != NO_SQUARE && !pos_.occupied.test(push)) {
            pawn_move(from, push, MoveKind::NORMAL);
            Square double_push = GEOMETRY.pawn_push[us][push];
            if (GEOMETRY.pawn_home[us].test(from) && double_push != NO_SQUARE && !pos_.occupied.test(double_push))
                pawn_move(from, double_push, MoveKind::DOUBLE_PUSH);
        }
        for (Square to : GEOMETRY.pawn_capture[us][from]) {
            if (to == NO_SQUARE) continue;
            if (legal_.en_passant_squares.test(to))
                pawn_move(from, to, MoveKind::EN_PASSANT);
            else if (pos_.occupied.test(to) && !legal_.friendly.test(to))
                pawn_move(from, to, MoveKind::NORMAL);
        }
    }

    void castling() {
        const Seat us = legal_.us;
        if (!pos_.castling || legal_.checker_count) return;
        int home = king_home_index(us, legal_.king);
        if (home < 0) return;
        for (CastleSide side : {SHORT, LONG}) {
            if (!(pos_.castling & castling_bit(us, side))) continue;
            const CastlePath& path = GEOMETRY.castle[us][home][side];
            Piece rook = pos_.board[path.rook_from];
            if (!rook.is_live() || rook.seat() != us || rook.type() != ROOK) continue;
            if ((path.must_be_empty & pos_.occupied).any()) continue;
            if (is_attacked(pos_, path.must_be_safe[1], legal_.opponents) ||
                is_attacked(pos_, path.must_be_safe[2], legal_.opponents))
                continue;
            if (StopAtFirst && done_) return;
            *out_++ = Move(path.king_from, path.king_to, MoveKind::CASTLE);
            if (StopAtFirst) done_ = true;
        }
    }

    const Position& pos_;
    const Legality legal_;
    Move* out_;
    bool done_ = false;
};

bool can_move(const Position& pos) {
    return !pos.game_over() && pos.king_square[pos.side_to_move] != NO_SQUARE && pos.takes_turns(pos.side_to_move);
}

}  // namespace

Move* generate_legal(const Position& pos, Move* out) {
    if (!can_move(pos)) return out;
    return Generator<false>(pos, out).run();
}

void generate_legal(const Position& pos, MoveList& list) {
    list.size = static_cast<int>(generate_legal(pos, list.moves) - list.moves);
}

bool has_legal_move(const Position& pos) {
    if (!can_move(pos)) return false;
    Move first[1];
    return Generator<true>(pos, first).run() != first;
}

Move with_kind(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece piece = pos.board[from];
    const Seat us = piece.seat();
    MoveKind kind = MoveKind::NORMAL;
    if (piece.type() == KING) {
        int home = king_home_index(us, from);
        if (home >= 0)
            for (const CastlePath& path : GEOMETRY.castle[us][home])
                if (path.king_to == to) kind = MoveKind::CASTLE;
    } else if (piece.type() == PAWN) {
        Square push = GEOMETRY.pawn_push[us][from];
        bool diagonal = GEOMETRY.pawn_capture[us][from][0] == to || GEOMETRY.pawn_capture[us][from][1] == to;
        if (push != NO_SQUARE && GEOMETRY.pawn_push[us][push] == to) kind = MoveKind::DOUBLE_PUSH;
        std::uint8_t opponents = pos.opponent_seats(us);
        for (int s = 0; s < SEAT_COUNT && diagonal; ++s) {
            const EnPassant& e = pos.en_passant[s];
            Piece pawn = e.active() ? pos.board[e.pawn] : NO_PIECE;
            if ((opponents & (1u << s)) && e.skipped == to && pawn.is_live() && pawn.type() == PAWN && pawn.seat() == s)
                kind = MoveKind::EN_PASSANT;
        }
    }
    return Move(from, to, kind, m.promotion(), m.promotes_to_one_point_queen());
}

bool seat_has_legal_move(Position& pos, Seat seat) {
    Seat saved = pos.side_to_move;
    pos.side_to_move = seat;  // key untouched: restored before anyone reads it
    bool any = has_legal_move(pos);
    pos.side_to_move = saved;
    return any;
}

}  // namespace fourchess
