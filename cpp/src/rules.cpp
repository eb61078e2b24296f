#include "fourchess/rules.h"

#include <cstring>

#include "fourchess/attacks.h"
#include "fourchess/movegen.h"

namespace fourchess {

namespace {

constexpr int MATE_POINTS = 20;
constexpr int STALEMATE_POINTS = 20;
constexpr int WALKING_KING_POINTS = 20;  // shared when it is stalemated or the game is drawn
constexpr int LAST_PLAYER_POINTS_PER_KING = 20;
constexpr int NO_SEAT = -1;

// Scores only grow, and stop at MAX_POINTS: the most a FEN4 may hold (docs/rules.md §10, decision 8).
void add_points(Position& pos, int seat, int points) {
    const int sum = pos.points[seat] + points;
    pos.points[seat] = sum < MAX_POINTS ? sum : MAX_POINTS;
}

void add_to_active_seats(Position& pos, int points) {
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (pos.is_active(static_cast<Seat>(s))) add_points(pos, s, points);
}

// Each active seat's share of a walking king's 20 points: 20 / n rounded to the nearest (10
// with two active seats, 7 with three, all 20 for one). None if no seat is left to take it.
int walking_king_share(const Position& pos) {
    const int n = pos.active_count();
    return n ? (2 * WALKING_KING_POINTS + n) / (2 * n) : 0;
}

// A draw in FFA (docs/rules.md §7): +10 to every active seat, and every walking king still on the
// board shared among them.
void pay_draw(Position& pos) {
    add_to_active_seats(pos, DRAW_POINTS + seat_count(pos.walking) * walking_king_share(pos));
}

// Two seats or more in a seat set: one bit trick instead of seat_count's four.
constexpr bool two_or_more(std::uint8_t seats) { return (seats & (seats - 1)) != 0; }

// Kings that can earn the mover a check bonus: active opponents, not walking kings.
std::uint8_t bonus_candidates(const Position& pos, Seat mover) {
    return pos.opponent_seats(mover) & static_cast<std::uint8_t>(~pos.eliminated);
}

// The seats other than the mover whose live king has `from` or `to` on one of its lines or a
// knight's step away: the only kings whose check state a move between them can change (pawn and
// king steps onto `to` lie on its lines; dead and captured-over pieces still block). Castling and
// en passant touch more squares: every king.
std::uint8_t kings_near_move(const Position& pos, Move m, Seat mover) {
    std::uint8_t near = 0;
    const Square from = m.from(), to = m.to();
    const bool special = m.kind() == MoveKind::EN_PASSANT || m.kind() == MoveKind::CASTLE;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const Square king = pos.king_square[s];
        if (s == mover || king == NO_SQUARE) continue;
        if (special || LINES.towards[king][from] != NO_DIRECTION || LINES.towards[king][to] != NO_DIRECTION ||
            GEOMETRY.knight_mask[king].test(from) || GEOMETRY.knight_mask[king].test(to))
            near |= static_cast<std::uint8_t>(1u << s);
    }
    return near;
}

// Of the kings in `kings`, those `m` (not yet made) may newly attack with the mover's pieces: the
// piece arriving on `to` (a promotion as what it becomes) reaches the king's square by its kind
// of step or line, or `from` opens a line from the king to a mover's slider of the right kind
// beyond it (blockers not asked: a superset). Nothing else changes what the mover attacks, but
// castling and en passant move or remove a second piece: for them every king is kept.
std::uint8_t kings_move_may_attack(const Position& pos, Move m, Seat mover, std::uint8_t kings) {
    if (m.kind() == MoveKind::EN_PASSANT || m.kind() == MoveKind::CASTLE) return kings;
    const Square from = m.from(), to = m.to();
    const PieceType arriving = m.promotion() != NO_PIECE_TYPE ? m.promotion() : pos.board[from].type();
    const Mask256& own = pos.live_by_seat[mover];
    const Mask256 sliders[2] = {own & (pos.by_type[ROOK] | pos.by_type[QUEEN]),
                                own & (pos.by_type[BISHOP] | pos.by_type[QUEEN])};
    std::uint8_t kept = 0;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        if (!(kings & (1u << s))) continue;
        const Square king = pos.king_square[s];
        const int to_line = LINES.towards[king][to], from_line = LINES.towards[king][from];
        bool may = false;
        switch (arriving) {
            case PAWN: may = GEOMETRY.pawn_attackers[mover][king].test(to); break;
            case KNIGHT: may = GEOMETRY.knight_mask[king].test(to); break;
            case KING: may = GEOMETRY.king_mask[king].test(to); break;
            case ROOK: may = to_line != NO_DIRECTION && !is_diagonal(to_line); break;
            case BISHOP: may = to_line != NO_DIRECTION && is_diagonal(to_line); break;
            default: may = to_line != NO_DIRECTION; break;  // a queen
        }
        if (!may && from_line != NO_DIRECTION)
            may = (GEOMETRY.ray_mask[from][from_line] & sliders[is_diagonal(from_line)]).any();
        if (may) kept |= static_cast<std::uint8_t>(1u << s);
    }
    return kept;
}

// Every seat's check state from scratch: after loading, and after eliminations change who attacks.
void refresh_checks(Position& pos) {
    std::uint8_t checked = 0;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (in_check(pos, static_cast<Seat>(s))) checked |= static_cast<std::uint8_t>(1u << s);
    pos.checked_seats = checked;
    pos.checks_known = true;
}

// After `m` (legal, so the mover is not in check) with no piece killed and no en passant (whose
// remove_piece leaves checks unknown), only the kings in `near` (kings_near_move) can have changed.
// One that was safe is in check now only if the move attacks it (newly_attacked: the arrived
// piece or an opened line); one that was in check is asked again (the move may have taken or
// blocked the checker, or moved it away). Castling moves a rook too: every seat is asked.
void update_checks(Position& pos, Move m, Seat mover, std::uint8_t near) {
    if (!pos.checks_known || m.kind() == MoveKind::CASTLE) {
        refresh_checks(pos);
        return;
    }
    std::uint8_t checked = pos.checked_seats & static_cast<std::uint8_t>(~(1u << mover));
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const std::uint8_t bit = static_cast<std::uint8_t>(1u << s);
        if (!(near & bit)) continue;
        const Seat seat = static_cast<Seat>(s);
        const bool attacked = checked & bit
                                  ? in_check(pos, seat)
                                  : newly_attacked(pos, pos.king_square[s], m.from(), m.to(), pos.opponent_seats(seat));
        checked = attacked ? checked | bit : checked & static_cast<std::uint8_t>(~bit);
    }
    pos.checked_seats = checked;
}

// docs/rules.md §7 and fine point 4: 2 or 3 kings newly checked by one move.
int check_bonus(const Position& pos, Seat mover, std::uint8_t newly_checked) {
    int count = seat_count(newly_checked);
    if (count < 2) return 0;
    bool by_queen = false;
    Mask256 queens = pos.live_by_seat[mover] & pos.by_type[QUEEN];
    for (int s = 0; s < SEAT_COUNT && !by_queen; ++s)
        if (newly_checked & (1u << s))
            by_queen = (attackers_to(pos, pos.king_square[s], static_cast<std::uint8_t>(1u << mover)) & queens).any();
    if (count == 2) return by_queen ? 1 : 5;
    return by_queen ? 5 : 20;
}

// The last player standing takes +20 for every other live king left on the board (the chess.com
// rule). A claim or the 21-point end leaves the trailing seat as the one standing: it takes +20
// for the leader's king and for each walking king ("(Red +20)" in the records).
Seat trailing_seat(const Position& pos) {
    int low = -1;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (pos.is_active(static_cast<Seat>(s)) && (low < 0 || pos.points[s] < pos.points[low])) low = s;
    return static_cast<Seat>(low);
}

void pay_last_player(Position& pos, Seat last) {
    int other_kings = 0;
    for (int s = 0; s < SEAT_COUNT; ++s) other_kings += s != last && pos.king_square[s] != NO_SQUARE;
    add_points(pos, last, LAST_PLAYER_POINTS_PER_KING * other_kings);
}

// Points that come with an FFA ending (docs/rules.md §7, docs/rules.md §7, decisions 6 and 9).
void settle_ending(Position& pos, Termination t) {
    if (t == Termination::THREE_ELIMINATED) {
        for (int s = 0; s < SEAT_COUNT; ++s)
            if (pos.is_active(static_cast<Seat>(s))) pay_last_player(pos, static_cast<Seat>(s));
    } else if (t == Termination::POINTS_LEAD) {
        pay_last_player(pos, trailing_seat(pos));
    } else if (t == Termination::INSUFFICIENT_MATERIAL) {
        pay_draw(pos);
    }
    pos.termination = t;
}

// `may_check`: the kings this move can newly check (none when fewer than two, since a single
// check scores nothing); `checked_before`: which of them the mover attacked before the move.
// A walking king with no legal move: mated (+20 to `mater`, if any) or stalemated (its 20
// shared among the active seats); either way its walk is over.
void end_walking_king(Position& pos, Undo& undo, Seat walker, bool mated, int mater) {
    if (mated && mater >= 0) add_points(pos, mater, MATE_POINTS);
    if (!mated) add_to_active_seats(pos, walking_king_share(pos));
    pos.end_walk(walker, undo);
}

// With Rules::walking_kings_stalemated_on_their_turn: hands the turn on, judging each walking king
// whose turn comes with no legal move (a mate by then goes to the seat that moved last).
void pass_turn_judging_walkers(Position& pos, Undo& undo, Seat mover) {
    Seat next = next_seat_taking_turns(pos, mover);
    const bool earns = !pos.is_walking(mover);
    while (pos.walking_kings_stalemated_on_their_turn && pos.termination == Termination::NONE && pos.is_walking(next) &&
           !seat_has_legal_move(pos, next, in_check(pos, next))) {
        const bool mated = in_check(pos, next);
        (mated ? undo.mated_seats : undo.stalemated_seats) |= static_cast<std::uint8_t>(1u << next);
        end_walking_king(pos, undo, next, mated, earns ? mover : NO_SEAT);
        settle_ending(pos, standing_termination(pos));
        next = next_seat_taking_turns(pos, next);
    }
    pos.set_side_to_move(next);
}

void apply_ffa_consequences(Position& pos, Move m, Undo& undo, Seat mover, std::uint8_t near, std::uint8_t may_check,
                            std::uint8_t checked_before) {
    const bool earns = !pos.is_walking(mover);  // walking kings earn nothing
    // 1. Capture points, 2. king-capture elimination (most moves take nothing).
    if (!undo.captured.empty() || !undo.captured_en_passant.empty()) {
        if (earns) add_points(pos, mover, capture_value(undo.captured) + capture_value(undo.captured_en_passant));
        for (Piece victim : {undo.captured, undo.captured_en_passant}) {
            if (!victim.is_live() || victim.type() != KING) continue;
            if (pos.is_walking(victim.seat()))
                pos.end_walk(victim.seat(), undo);
            else
                pos.eliminate(victim.seat(), undo);
        }
    }
    update_checks(pos, m, mover, near);
    // 3. Check bonus.
    if (earns && may_check) {
        std::uint8_t checked_after = kings_attacked_by(pos, mover, may_check & bonus_candidates(pos, mover));
        add_points(pos, mover, check_bonus(pos, mover, checked_after & ~checked_before));
    }
    // 4. Mate/stalemate pass from the next seat round, each as if it were to move. An
    // elimination in the pass kills pieces, and the check states are worked out again.
    // Usually every other seat is out of check with its free move still known: one mask test.
    const std::uint8_t in_turn = static_cast<std::uint8_t>((~pos.eliminated | pos.walking) & 0xF & ~(1u << mover));
    const bool all_free =
        pos.checks_known && !pos.game_over() && !(in_turn & (pos.checked_seats | ~pos.free_moves_known));
    Seat s = mover;
    for (int i = 1; i < SEAT_COUNT && !all_free; ++i) {
        s = next_seat(s);
        if (!pos.takes_turns(s)) continue;
        if (!pos.checks_known) refresh_checks(pos);
        const bool mated = pos.checked_seats & (1u << s);
        // Most seats still have the free move found for them after an earlier move: one bit.
        if (!mated && (pos.free_moves_known & (1u << s)) && !pos.game_over()) continue;
        if (seat_has_legal_move(pos, s, mated)) continue;
        if (!mated && pos.is_walking(s) && pos.walking_kings_stalemated_on_their_turn) continue;  // judged on its turn
        (mated ? undo.mated_seats : undo.stalemated_seats) |= static_cast<std::uint8_t>(1u << s);
        if (pos.is_walking(s)) {
            end_walking_king(pos, undo, s, mated, earns ? mover : NO_SEAT);
        } else {
            if (mated && earns) add_points(pos, mover, MATE_POINTS);
            if (!mated) add_points(pos, s, STALEMATE_POINTS);
            pos.eliminate(s, undo);
        }
    }
    // 5. End tests. A step that took nothing, scored nothing and eliminated no one leaves the
    // seats, the points and the material as they were, and so the standing end (none: moves
    // are only made in positions still in play) as it was.
    // The four scores as one 16-byte compare, not four.
    const bool same_points = std::memcmp(pos.points, undo.points, sizeof pos.points) == 0;
    const bool nothing_changed = undo.termination == Termination::NONE && undo.captured.empty() &&
                                 undo.captured_en_passant.empty() && !undo.killed_seats && same_points;
    if (!nothing_changed) settle_ending(pos, standing_termination(pos));
}

Mask256 minor_or_more(const Position& pos, Seat seat) { return pos.live_by_seat[seat] & ~pos.by_type[KING]; }

bool light_square(Square s) { return (file_of(s) + rank_of(s)) & 1; }

}  // namespace

// Has `m` two squares or more? (A popcount is a library call on baseline x86-64.)
bool more_than_one(Mask256 m) {
    m.clear(m.lsb());
    return m.any();
}

bool insufficient_material(const Position& pos) {
    const int active = pos.active_count();
    if (active < 2) return false;
    // In FFA every live piece but a walking king belongs to an active seat (eliminate() kills the
    // rest, FEN4 reading included), so the live non-king pieces are the active seats' material,
    // and most positions answer with one mask test.
    const Mask256 material = pos.occupied & ~pos.dead & ~pos.by_type[KING];
    if (active >= 3) return material.none();  // only when every active seat is down to its king
    if ((material & (pos.by_type[PAWN] | pos.by_type[ROOK] | pos.by_type[QUEEN])).any()) return false;
    // FIDE dead positions: K vs K, K+minor vs K, and K+B vs K+B with bishops on same-coloured squares.
    Square lone[2];
    int material_seats = 0;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        if (!pos.is_active(static_cast<Seat>(s))) continue;
        const Mask256 own = minor_or_more(pos, static_cast<Seat>(s));
        if (own.none()) continue;
        if (more_than_one(own)) return false;
        lone[material_seats++] = own.lsb();
    }
    if (material_seats == 0) return true;
    const PieceType first = pos.board[lone[0]].type();
    if (material_seats == 1) return first == KNIGHT || first == BISHOP;
    return first == BISHOP && pos.board[lone[1]].type() == BISHOP && light_square(lone[0]) == light_square(lone[1]);
}

Termination standing_termination(const Position& pos) {
    if (pos.mode == Mode::TEAMS) {
        for (int s = 0; s < SEAT_COUNT; ++s)
            if (pos.king_square[s] == NO_SQUARE) return Termination::KING_CAPTURE;
        if (pos.flagged) return Termination::TIMEOUT;
        return pos.eliminated || pos.resigned ? Termination::RESIGNATION : Termination::NONE;
    }
    int active = pos.active_count();
    if (active <= 1) return Termination::THREE_ELIMINATED;
    if (active == 2) {
        int scores[2], n = 0;
        for (int s = 0; s < SEAT_COUNT; ++s)
            if (pos.is_active(static_cast<Seat>(s))) scores[n++] = pos.points[s];
        bool gap = scores[0] - scores[1] >= WINNING_GAP || scores[1] - scores[0] >= WINNING_GAP;
        if (gap && pos.points_lead_ends_game) return Termination::POINTS_LEAD;
    }
    return insufficient_material(pos) ? Termination::INSUFFICIENT_MATERIAL : Termination::NONE;
}

void do_move(Position& pos, Move m, Undo& undo) {
    const Seat mover = pos.side_to_move;
    pos.save_state(undo);
    if (pos.mode == Mode::TEAMS) {
        pos.make_move(m, undo);
        if (undo.captured.is_live() && undo.captured.type() == KING) pos.termination = Termination::KING_CAPTURE;
        pos.set_side_to_move(next_seat(mover));
        return;
    }
    // The check bonus needs two kings newly checked: most moves come near fewer than two, and
    // then neither the before nor the after attack test is needed.
    const std::uint8_t near = kings_near_move(pos, m, mover);
    std::uint8_t may_check = pos.is_walking(mover) ? 0 : near & bonus_candidates(pos, mover);
    if (two_or_more(may_check)) may_check = kings_move_may_attack(pos, m, mover, may_check);
    if (!two_or_more(may_check)) may_check = 0;
    const std::uint8_t checked_before = may_check ? kings_attacked_by(pos, mover, may_check) : 0;
    pos.make_move(m, undo);
    apply_ffa_consequences(pos, m, undo, mover, near, may_check, checked_before);
    pass_turn_judging_walkers(pos, undo, mover);
}

void leave_game(Position& pos, Seat seat, bool timeout, bool king_walks, Undo& undo) {
    pos.save_state(undo);
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << seat);
    (timeout ? pos.flagged : pos.resigned) |= bit;
    if (pos.mode == Mode::TEAMS) {
        pos.termination = timeout ? Termination::TIMEOUT : Termination::RESIGNATION;
        return;
    }
    pos.eliminate(seat, undo, king_walks);
    // Leaving takes the seat's slot: a walking king moves from its next turn on.
    if (pos.side_to_move == seat) pos.set_side_to_move(next_seat_taking_turns(pos, seat));
    settle_ending(pos, standing_termination(pos));
}

bool can_claim_win(const Position& pos, Seat seat) {
    if (pos.mode != Mode::FFA || pos.game_over() || pos.active_count() != 2 || !pos.is_active(seat)) return false;
    if (termination_of(pos) != Termination::NONE) return false;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (s != seat && pos.is_active(static_cast<Seat>(s))) return pos.points[seat] - pos.points[s] >= WINNING_GAP;
    return false;
}

void claim_win(Position& pos, Seat seat, Undo& undo) {
    (void)seat;  // can_claim_win checked that the claimer is the leader
    pos.save_state(undo);
    settle_ending(pos, Termination::POINTS_LEAD);
}

void end_by_history(Position& pos, Termination t) {
    if (pos.mode == Mode::FFA && t != Termination::MOVE_LIMIT) pay_draw(pos);
    pos.termination = t;
}

Termination termination_of(const Position& pos) {
    if (pos.termination != Termination::NONE) return pos.termination;
    if (has_legal_move(pos)) return Termination::NONE;
    return in_check(pos, pos.side_to_move) ? Termination::CHECKMATE : Termination::STALEMATE;
}

std::uint8_t winners(const Position& pos, Termination t) {
    constexpr std::uint8_t RED_YELLOW = 0b0101, BLUE_GREEN = 0b1010;
    if (t == Termination::NONE) return 0;
    if (pos.mode == Mode::TEAMS) {
        auto other_team = [](int seat) { return seat & 1 ? RED_YELLOW : BLUE_GREEN; };
        switch (t) {
            case Termination::CHECKMATE: return other_team(pos.side_to_move);
            case Termination::KING_CAPTURE:
            case Termination::RESIGNATION:
            case Termination::TIMEOUT: {
                // Seats that lost the game for their team: a missing king, a dead, resigned or
                // flagged seat. A FEN4 may give both teams one: then neither wins (a draw).
                std::uint8_t losers = pos.eliminated | pos.resigned | pos.flagged;
                for (int s = 0; s < SEAT_COUNT; ++s)
                    if (pos.king_square[s] == NO_SQUARE) losers |= static_cast<std::uint8_t>(1u << s);
                if ((losers & RED_YELLOW) && (losers & BLUE_GREEN)) return 0;
                return losers & RED_YELLOW ? BLUE_GREEN : losers ? RED_YELLOW : 0;
            }
            default: return 0;  // stalemate, repetition, fifty moves, move limit: a draw
        }
    }
    int best = pos.points[0];
    for (int s = 1; s < SEAT_COUNT; ++s) best = pos.points[s] > best ? pos.points[s] : best;
    std::uint8_t top = 0;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (pos.points[s] == best) top |= static_cast<std::uint8_t>(1u << s);
    return top;
}

}  // namespace fourchess
