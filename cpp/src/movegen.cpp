#include "fourchess/movegen.h"

#include "fourchess/attacks.h"
#include "fourchess/pawn_steps.h"
#include "free_moves.h"
#include "movement.h"

namespace fourchess {

namespace {

constexpr PieceType TEAMS_PROMOTIONS[] = {QUEEN, ROOK, BISHOP, KNIGHT};
// One piece has at most 52 moves (a queen in the centre); a pawn 3 targets x 4 promotions.
constexpr int PIECE_MOVES_CAPACITY = 64;

// May a piece of `us` step onto a cell holding this piece byte? 1 for an empty cell and for
// anything CAPTURES takes, 0 for a friend or the wall. Teams: a live king is taken like anything
// else (1). FFA: taking one needs a test, and it counts KING_STEP, so that a sum over a knight's
// eight targets says both how many plain moves it has (the low bits) and whether a king is there.
constexpr int KING_STEP = 16;
constexpr PieceByteTable build_step_table() {
    PieceByteTable t{};
    for (int mode = 0; mode < 2; ++mode)
        for (int us = 0; us < SEAT_COUNT; ++us)
            for (int bits = 0; bits < 256; ++bits) {
                const int take = CAPTURES.of[mode][us][bits];
                t.of[mode][us][bits] = bits == 0 || take == 1 ? 1 : take == 2 ? KING_STEP : 0;
            }
    return t;
}
constexpr PieceByteTable STEPS = build_step_table();

// Checks, pins and en-passant squares of the side to move, worked out once per position so that
// most moves are accepted or rejected by a mask test.
struct Legality {
    Seat us;
    Square king;
    std::uint8_t opponents;
    Mask256 friendly;  // our and (Teams) our partner's live pieces: never captured
    int checker_count = 0;
    Mask256 check_block;  // with one checker: capturing it or interposing on these squares
    Mask256 pinned;
    // Pinned piece i stands on pin_square[i], pinned along pin_direction[i] by pin_slider[i]. Its
    // line is worked out when asked for (pins are rare), so these bytes need no clearing.
    Square pin_square[DIRECTION_COUNT];
    Square pin_slider[DIRECTION_COUNT];
    std::uint8_t pin_direction[DIRECTION_COUNT];
    int pin_count = 0;
    Mask256 en_passant_squares;

    // For `seat`, to move or not. `ffa`: the position may carry its seats' check states (only the
    // FFA rules layer keeps them). Forced inline: GCC inlined it into Teams' count_legal but called
    // it in FFA's, where it was 16 % of bulk perft; inline, FFA bulk perft(6) measured 2 % faster.
    [[gnu::always_inline]] Legality(const Position& pos, Seat seat, bool ffa)
        : us(seat), king(pos.king_square[us]), opponents(pos.opponent_seats(us)) {
        friendly = friendly_pieces(pos, us);
        const Mask256 enemies = pos.live_pieces_of(opponents);  // gathered once for both scans
        // FFA positions carry each seat's check state (rules.cpp): a king known to be safe has no
        // checker, so the steppers (knights, pawns, kings) need no look; the lines still give pins.
        const bool known_safe = ffa && pos.checks_known && !(pos.checked_seats & (1u << us));
        Mask256 checkers = known_safe ? Mask256{} : step_attackers_to(pos, king, opponents, enemies);
        if (ffa)
            scan_lines<true>(pos, enemies, checkers);
        else
            scan_lines<false>(pos, enemies, checkers);
        check_block |= checkers;
        // Only "none, one, more" matters; this avoids a popcount (a library call on baseline x86-64).
        if (checkers.any()) {
            Mask256 rest = checkers;
            rest.clear(rest.lsb());
            checker_count = rest.any() ? 2 : 1;
        }
        en_passant_squares = en_passant_targets(pos, opponents, friendly);
    }

    // For each opposing slider on a line through the king (usually a handful), by mask lookups:
    // if it is the nearest piece from the king it gives check (its line becomes interposition
    // squares); if the nearest piece is ours and the slider comes next, that piece is pinned to
    // the line. A second slider further along the same line finds neither and adds nothing.
    template <bool Ffa>
    void scan_lines(const Position& pos, const Mask256& enemies, Mask256& checkers) {
        const Mask256 candidates = (GEOMETRY.rook_lines[king] & enemies & (pos.by_type[ROOK] | pos.by_type[QUEEN])) |
                                   (GEOMETRY.bishop_lines[king] & enemies & (pos.by_type[BISHOP] | pos.by_type[QUEEN]));
        if (candidates.none()) return;
        const Mask256& own = pos.live_by_seat[us];
        Mask256 screens;  // FFA only (below)
        if constexpr (Ffa) screens = pos.occupied & ~own;
        const Piece* board = pos.board;
        for_each_square(candidates, [&](Square slider) {
            const int d = LINES.towards[king][slider];
            // FFA's candidates are mostly distant sliders behind their own pawns: a piece not ours
            // right in front of the slider (towards the king) makes it neither a checker nor a pinner.
            if constexpr (Ffa) {
                if (screens.test(GEOMETRY.ray[slider][OPPOSITE_DIRECTION[d]][0])) return;
            }
            // Walk from the king over the mailbox: the slider (or the EDGE wall) stops every walk.
            const Square* ray = GEOMETRY.ray[king][d];
            while (board[*ray].empty()) ++ray;
            const Square first = *ray;
            if (first == slider) {
                checkers.set(first);
                check_block |= ray_until(king, d, first);
                return;
            }
            if (!own.test(first)) return;
            // Anything between our piece and the slider? FFA asks the masks: there the walk from a
            // pawn of the king's shield to a distant queen mostly crosses the board (bulk perft 2 %
            // faster). Teams' pinners are nearer, and there the walk measured 2 % faster.
            if constexpr (Ffa) {
                if ((squares_between(first, d, slider) & pos.occupied).any()) return;
            } else {
                do {
                    ++ray;
                } while (board[*ray].empty());
                if (*ray != slider) return;
            }
            pinned.set(first);
            pin_square[pin_count] = first;
            pin_slider[pin_count] = slider;
            pin_direction[pin_count++] = static_cast<std::uint8_t>(d);
        });
    }

    // The squares a pinned piece on `s` may go to: its line from the king to the pinner, inclusive.
    Mask256 pin_line_of(Square s) const {
        int i = 0;
        while (pin_square[i] != s) ++i;
        return ray_until(king, pin_direction[i], pin_slider[i]);
    }
};

// Would the king of `us` be safe after its move `m`? Made on a copy (with `us` to move, as
// make_move expects): used only for the rare moves (en passant, FFA king capture) whose effect the
// masks do not describe.
bool safe_after(const Position& pos, Seat us, Move m, std::uint8_t opponents) {
    Position after = pos;
    after.side_to_move = us;
    Undo undo;
    Piece target = pos.board[m.to()];
    if (target.is_live() && target.type() == KING) opponents &= static_cast<std::uint8_t>(~(1u << target.seat()));
    after.make_move(m, undo);
    return !is_attacked(after, after.king_square[us], opponents);
}

// The moves of one seat (the side to move, or a seat the FFA pass asks about). Each piece's reach
// is a mask (steps from tables, slider lines cut at their nearest blocker), narrowed by the check
// and pin masks, so ordinary moves need no per-move test. Only king steps, en passant and king
// captures are tested one by one. Mode is a template parameter: Teams and FFA differ in who is
// friendly, whether a king capture must be safe, and promotion, and the choice is made once per
// call.
//
// What a generator does with the moves it finds: writes them all, stops at the first
// (has_legal_move), or only counts them (bulk perft's last ply: a piece's ordinary targets count
// by popcount).
enum class Output { LIST, FIRST, COUNT };

template <Output O, Mode M>
class Generator {
public:
    Generator(const Position& pos, Seat us, Move* out) : pos_(pos), legal_(pos, us, M == Mode::FFA), out_(out) {
        const Mask256 none{};
        allowed_ = legal_.checker_count == 0 ? GEOMETRY.board : legal_.checker_count == 1 ? legal_.check_block : none;
        reachable_ = ~legal_.friendly;
        live_kings_ = pos.by_type[KING] & ~pos.dead;
        promotion_line_ = GEOMETRY.promotion_line[static_cast<int>(M)][legal_.us];
    }

    Move* run() {
        const Mask256& own = pos_.live_by_seat[legal_.us];
        if constexpr (O == Output::FIRST) {
            if (legal_.checker_count) return first_out_of_check(own);
        }
        // In double check no square answers both checks (allowed_ is empty), but a piece may still
        // take a king (docs/rules.md §5) and en passant may remove one checker while blocking the
        // other: pieces_moves finds just those, since both are tested one by one.
        if (O == Output::COUNT && legal_.checker_count == 0)
            count_out_of_check(own);
        else
            pieces_moves(own);
        king_moves();
        castling();
        return out_;
    }

    int count() {
        run();
        return count_;
    }

    // Only the moves of our piece on `from`.
    Move* run_piece(Square from) {
        const Piece p = pos_.board[from];
        if (!p.is_live() || p.seat() != legal_.us) return out_;
        switch (p.type()) {
            case PAWN: pawn_moves(from); break;
            case KNIGHT: piece_moves(from, GEOMETRY.knight_mask[from]); break;
            case BISHOP: piece_moves(from, slider_reach(from, 4, 8)); break;
            case ROOK: piece_moves(from, slider_reach(from, 0, 4)); break;
            case QUEEN: piece_moves(from, slider_reach(from, 0, 8)); break;
            case KING:
                king_moves();
                castling();
                break;
            default: break;
        }
        return out_;
    }

private:
    static constexpr bool StopAtFirst = O == Output::FIRST;
    bool done() const { return StopAtFirst && done_; }

    // Stopping at the first move writes exactly one: a Teams promotion offers four pieces, and
    // first_legal_move's buffer holds one move.
    void emit(Move m) {
        if (O == Output::COUNT) {
            ++count_;
            return;
        }
        if (StopAtFirst) {
            if (done_) return;
            done_ = true;
        }
        *out_++ = m;
    }

    // Where a piece on `from` may go as far as check and pins are concerned.
    Mask256 allowed_from(Square from) const {
        return legal_.pinned.test(from) ? allowed_ & legal_.pin_line_of(from) : allowed_;
    }

    // Teams: taking a king is always legal. FFA: only if our king is safe afterwards.
    bool king_capture_ok(Move m) const { return M == Mode::TEAMS || safe_after(pos_, legal_.us, m, legal_.opponents); }

    Mask256 slider_reach(Square from, int first_direction, int last_direction) const {
        Mask256 reach;
        for (int d = first_direction; d < last_direction; ++d) {
            Mask256 ray = GEOMETRY.ray_mask[from][d];
            Square blocker = first_blocker(from, d, pos_.occupied);
            if (blocker != NO_SQUARE) ray &= ~GEOMETRY.ray_mask[blocker][d];
            reach |= ray;
        }
        return reach;
    }

    void piece_moves(Square from, const Mask256& attacks) {
        if (done()) return;
        Mask256 targets = attacks & reachable_;
        Mask256 kings = targets & live_kings_;
        if (kings.any()) {
            targets &= ~kings;
            for_each_square(kings, [&](Square to) {
                if (!done() && king_capture_ok(Move(from, to))) emit(Move(from, to));
            });
        }
        targets &= allowed_from(from);
        if (StopAtFirst) {
            if (targets.any() && !done()) emit(Move(from, targets.lsb()));
            return;
        }
        if (O == Output::COUNT) {
            count_ += targets.count();
            return;
        }
        for_each_square(targets, [&](Square to) { *out_++ = Move(from, to); });
    }

    void king_moves() {
        const Square from = legal_.king;
        for_each_square(GEOMETRY.king_mask[from] & reachable_, [&](Square to) {
            if (done()) return;
            Move m(from, to);
            if (live_kings_.test(to) ? king_capture_ok(m) : !is_attacked(pos_, to, legal_.opponents, from)) emit(m);
        });
    }

    [[gnu::always_inline]] void pawn_move(Square from, Square to, MoveKind kind, const Mask256& allowed) {
        if (done()) return;
        const bool promotes = promotion_line_.test(to);
        // The promotion piece does not change whether our king is safe, so one test serves all.
        Move probe(from, to, kind, promotes ? QUEEN : NO_PIECE_TYPE, promotes && M == Mode::FFA);
        bool ok;
        if (live_kings_.test(to))
            ok = king_capture_ok(probe);
        else if (kind == MoveKind::EN_PASSANT)
            ok = safe_after(pos_, legal_.us, probe, legal_.opponents);
        else
            ok = allowed.test(to);
        if (!ok) return;
        if (!promotes || M == Mode::FFA) {  // FFA: always the 1-point queen
            emit(probe);
            return;
        }
        for (PieceType t : TEAMS_PROMOTIONS) emit(Move(from, to, kind, t));
    }

    void pawn_moves(Square from) {
        const Seat us = legal_.us;
        const Mask256 allowed = allowed_from(from);
        Square push = GEOMETRY.pawn_push[us][from];
        if (push != NO_SQUARE && !pos_.occupied.test(push)) {
            pawn_move(from, push, MoveKind::NORMAL, allowed);
            Square double_push = GEOMETRY.pawn_push[us][push];
            if (GEOMETRY.pawn_home[us].test(from) && double_push != NO_SQUARE && !pos_.occupied.test(double_push))
                pawn_move(from, double_push, MoveKind::DOUBLE_PUSH, allowed);
        }
        for (Square to : GEOMETRY.pawn_capture[us][from]) {
            if (to == NO_SQUARE) continue;
            if (legal_.en_passant_squares.test(to))
                pawn_move(from, to, MoveKind::EN_PASSANT, allowed);
            else if (pos_.occupied.test(to) && reachable_.test(to))
                pawn_move(from, to, MoveKind::NORMAL, allowed);
        }
    }

    // The moves of every piece but the king, one piece at a time.
    void pieces_moves(const Mask256& own) {
        for_each_square(own & pos_.by_type[PAWN], [&](Square from) { pawn_moves(from); });
        if (O == Output::LIST && M == Mode::TEAMS && legal_.checker_count == 0) {
            list_knights(own);
        } else {
            for_each_square(own & pos_.by_type[KNIGHT],
                            [&](Square from) { piece_moves(from, GEOMETRY.knight_mask[from]); });
        }
        if (O == Output::LIST && legal_.checker_count == 0) {
            // Out of check an unpinned slider may go wherever it reaches: its moves come straight
            // off the mailbox walk.
            walk_sliders<BISHOP, 4, 8>(own);
            walk_sliders<ROOK, 0, 4>(own);
            walk_sliders<QUEEN, 0, 8>(own);
            return;
        }
        for_each_square(own & pos_.by_type[BISHOP], [&](Square from) { piece_moves(from, slider_reach(from, 4, 8)); });
        for_each_square(own & pos_.by_type[ROOK], [&](Square from) { piece_moves(from, slider_reach(from, 0, 4)); });
        for_each_square(own & pos_.by_type[QUEEN], [&](Square from) { piece_moves(from, slider_reach(from, 0, 8)); });
    }

    // Any one move out of check (the FFA pass asks this of every checked seat after every move):
    // the king's steps first, the likeliest answer; then the pieces, skipping each whose lines or
    // steps reach no square that answers the check (or a live king it might take).
    Move* first_out_of_check(const Mask256& own) {
        king_moves();
        if (done()) return out_;
        // In double check allowed_ is empty: only king captures and en passant remain useful.
        const Mask256 useful = allowed_ | live_kings_;
        auto try_pieces = [&](PieceType type, const Mask256* lines, int first_direction, int last_direction) {
            for_each_square(own & pos_.by_type[type], [&](Square from) {
                if (done() || (lines[from] & useful).none()) return;
                piece_moves(from, type == KNIGHT ? GEOMETRY.knight_mask[from]
                                                 : slider_reach(from, first_direction, last_direction));
            });
        };
        // A pawn's four targets by four bit tests, rather than its moves one by one: most pawns
        // reach no square that answers the check. En passant may take the checker off another square.
        const Mask256 pawn_useful = useful | legal_.en_passant_squares;
        for_each_square(own & pos_.by_type[PAWN], [&](Square from) {
            if (!done() && pawn_may_reach(from, pawn_useful)) pawn_moves(from);
        });
        try_pieces(KNIGHT, GEOMETRY.knight_mask, 0, 0);
        try_pieces(BISHOP, GEOMETRY.bishop_lines, 4, 8);
        try_pieces(ROOK, GEOMETRY.rook_lines, 0, 4);
        try_pieces(QUEEN, GEOMETRY.rook_lines, 0, 8);
        try_pieces(QUEEN, GEOMETRY.bishop_lines, 0, 8);
        return out_;
    }

    // Does the pawn on `from` have a push, double push or capture square in `targets`? (Board
    // squares only: a missing target is NO_SQUARE, never in the mask.)
    bool pawn_may_reach(Square from, const Mask256& targets) const {
        const Seat us = legal_.us;
        const Square* captures = GEOMETRY.pawn_capture[us][from];
        if (targets.test(captures[0]) || targets.test(captures[1])) return true;
        const Square push = GEOMETRY.pawn_push[us][from];
        return push != NO_SQUARE && (targets.test(push) || targets.test(GEOMETRY.pawn_push[us][push]));
    }

    // Teams, not in check: a pinned knight can only take a king (no knight step stays on a line), an
    // unpinned one may go to each target the STEPS table allows. Each target is written and kept
    // by advancing the end or not, with no branch; so the slot just past the moves kept may be
    // written (the buffer holds MAX_MOVES, far more than any position has).
    void list_knights(const Mask256& own) {
        pinned_knights(own);
        for_each_square(own & pos_.by_type[KNIGHT] & ~legal_.pinned, [&](Square from) {
            const Square* to = GEOMETRY.knight_targets[from];
            const std::uint8_t* steps = STEPS.of[static_cast<int>(Mode::TEAMS)][legal_.us];
            Move* out = out_;
#pragma GCC unroll 8
            for (int i = 0; i < 8; ++i) {
                *out = Move(from, to[i]);
                out += steps[pos_.board[to[i]].bits()];
            }
            out_ = out;
        });
    }

    // A pinned knight's only possible move is taking a king (no knight step stays on its pin
    // line): Teams always may, FFA when that leaves our king safe (docs/rules.md §5, §11.1).
    void pinned_knights(const Mask256& own) {
        if (legal_.pin_count == 0) return;  // the usual case, by one compare instead of three masks
        const Mask256 pinned = own & pos_.by_type[KNIGHT] & legal_.pinned;
        if (pinned.any()) for_each_square(pinned, [&](Square from) { piece_moves(from, GEOMETRY.knight_mask[from]); });
    }

    // List mode, not in check: an unpinned slider's moves along each ray, the empty squares up
    // to the first non-empty cell (a piece, or the EDGE wall), then that piece if it may be taken.
    template <int First, int Last>
    void list_slider(Square from) {
        const Piece* board = pos_.board;
        const std::uint8_t* takes = CAPTURES.of[static_cast<int>(M)][legal_.us];
        Move* out = out_;
#pragma GCC unroll 8
        for (int d = First; d < Last; ++d) {
            const Square* ray = GEOMETRY.ray[from][d];
            Square to;
            while (board[to = *ray].empty()) {
                *out++ = Move(from, to);
                ++ray;
            }
            const int take = takes[board[to].bits()];
            if (take == 1 || (M == Mode::FFA && take == 2 && king_capture_ok(Move(from, to)))) *out++ = Move(from, to);
        }
        out_ = out;
    }

    // Counting out of check: pawns as whole-mask shifts, unpinned sliders by walking their rays.
    void count_out_of_check(const Mask256& own) {
        count_pawns(own & pos_.by_type[PAWN]);
        // A knight never moves along a line, so a pinned one can only take a king; an unpinned
        // one's moves are its non-friendly targets, of which only a king capture in FFA needs a test.
        pinned_knights(own);
        for_each_square(own & pos_.by_type[KNIGHT] & ~legal_.pinned, [&](Square from) {
            // Every target that is empty or may be taken counts (in Teams kings included). Eight
            // table lookups over the mailbox (the wall fills the missing targets) cost less than
            // masking and counting four words, and have no branch.
            const Square* to = GEOMETRY.knight_targets[from];
            const std::uint8_t* steps = STEPS.of[static_cast<int>(M)][legal_.us];
            int n = 0;
#pragma GCC unroll 8
            for (int i = 0; i < 8; ++i) n += steps[pos_.board[to[i]].bits()];
            if constexpr (M == Mode::TEAMS) {
                count_ += n;
                return;
            }
            count_ += n % KING_STEP;
            if (n >= KING_STEP)  // FFA: a live king among the targets, taken only if that is safe
                for_each_square(GEOMETRY.knight_mask[from] & live_kings_ & reachable_,
                                [&](Square to) { count_ += king_capture_ok(Move(from, to)); });
        });
        // Each slider type in its own loop with its directions fixed at compile time: every ray
        // walk is then a branch of its own, which the branch predictor learns separately.
        walk_sliders<BISHOP, 4, 8>(own);
        walk_sliders<ROOK, 0, 4>(own);
        walk_sliders<QUEEN, 0, 8>(own);
    }

    // Out of check, the sliders of one type with their directions fixed at compile time: a pinned
    // one by its reach mask narrowed to the pin line, the others by walking their rays (counted or
    // listed, as the generator's output says).
    template <PieceType Type, int First, int Last>
    void walk_sliders(const Mask256& own) {
        for_each_square(own & pos_.by_type[Type], [&](Square from) {
            if (legal_.pinned.test(from))
                piece_moves(from, slider_reach(from, First, Last));
            else if constexpr (O == Output::COUNT)
                count_slider<First, Last>(from);
            else
                list_slider<First, Last>(from);
        });
    }

    // Count mode, not in check: an unpinned slider's moves are the empty squares up to the first
    // non-empty cell on each ray (a piece, or the EDGE wall every ray ends on), plus that piece if
    // it may be taken. A walk over the mailbox is cheaper than building the reach mask and
    // counting its bits; the sum stays in a local so that no store sits between board loads.
    template <int First, int Last>
    void count_slider(Square from) {
        const Piece* board = pos_.board;
        const std::uint8_t* takes = CAPTURES.of[static_cast<int>(M)][legal_.us];
        int n = 0;
#pragma GCC unroll 8
        for (int d = First; d < Last; ++d) {
            const Square* ray = GEOMETRY.ray[from][d];
            int i = 0;
            while (board[ray[i]].empty()) ++i;
            const int take = takes[board[ray[i]].bits()];
            n += i + (take & 1);
            if (M == Mode::FFA && take == 2) n += king_capture_ok(Move(from, ray[i]));
        }
        count_ += n;
    }

    // Count mode, not in check: the unpinned pawns' pushes, double pushes and captures as three
    // shifts of the pawn mask; pinned pawns, king captures and en passant go one by one. The seat
    // is a template parameter so that every shift is by a constant.
    // Kept out of line: inlined into count_legal it makes GCC 12 spill more (measured).
    void count_pawns(const Mask256& pawns) {
        switch (legal_.us) {
            case RED: count_pawns<RED>(pawns); break;
            case BLUE: count_pawns<BLUE>(pawns); break;
            case YELLOW: count_pawns<YELLOW>(pawns); break;
            default: count_pawns<GREEN>(pawns); break;
        }
    }

    template <Seat Us>
    [[gnu::noinline]] void count_pawns(const Mask256& pawns) {
        // Every mask that depends only on the seat is a compile-time constant, so that a word it
        // leaves empty (Red's and Yellow's home and promotion lines sit in one word each) folds
        // away with all the shifts and tests on it.
        constexpr PawnStep push = PAWN_STEPS.push[Us];
        constexpr PawnStep side0 = PAWN_STEPS.capture[Us][0];
        constexpr PawnStep side1 = PAWN_STEPS.capture[Us][1];
        // The squares one step ahead of the home line: a pawn that got there by a single push
        // from home may push again.
        constexpr Mask256 first_of_double_line = shifted<push.offset>(GEOMETRY.pawn_home[Us] & push.from);
        static_assert((first_of_double_line & ~push.from).none(), "a double push stays on the board");
        constexpr Mask256 promotion_line = GEOMETRY.promotion_line[static_cast<int>(M)][Us];
        const Mask256 pinned = pawns & legal_.pinned;
        if (pinned.any()) for_each_square(pinned, [&](Square from) { pawn_moves(from); });
        const Mask256 free = pawns & ~legal_.pinned;
        if (free.none()) return;
        const Mask256 empty = ~pos_.occupied;
        const Mask256 single = shifted<push.offset>(free & push.from) & empty;
        // A single push that lands on that line came from home (a pawn never moves backwards).
        const Mask256 double_push = shifted<push.offset>(single & first_of_double_line) & empty;
        // Pushes land on empty squares, so never on a king; a double push never lands on a
        // promotion line or on a single push's square (that pawn would block it): one popcount
        // counts both, then promotions add their extra pieces.
        count_ += (single | double_push).count();
        // Teams: a promoting push, counted once already, counts three more (the four promotion
        // pieces); FFA promotes only to the 1-point queen.
        if (M == Mode::TEAMS) {
            const Mask256 promotions = single & promotion_line;
            if (promotions.any()) count_ += 3 * promotions.count();
        }
        // Captures and en passant in one test per side: en-passant squares are targets too
        // (and are sorted out only when a pawn reaches one, which is rare).
        const Mask256 targets = (pos_.occupied & reachable_) | legal_.en_passant_squares;
        const Mask256 targets0 = shifted<side0.offset>(free & side0.from) & targets;
        const Mask256 targets1 = shifted<side1.offset>(free & side1.from) & targets;
        if ((targets0 | targets1).none()) return;  // the usual case: no capture at all
        add_pawn_targets<Us>(targets0, side0.offset);
        add_pawn_targets<Us>(targets1, side1.offset);
    }

    // Pawn targets reached by `offset` from unpinned pawns, out of check: an en-passant square
    // and a king capture are tested one by one, a promotion counts once per promotion piece.
    template <Seat Us>
    void add_pawn_targets(Mask256 targets, int offset) {
        if (targets.none()) return;  // skips the tests and a count
        const Mask256 passant = targets & legal_.en_passant_squares;
        if (passant.any()) {
            targets &= ~passant;
            for_each_square(passant, [&](Square to) {
                pawn_move(static_cast<Square>(to - offset), to, MoveKind::EN_PASSANT, allowed_);
            });
        }
        const Mask256 kings = targets & live_kings_;
        if (kings.any()) {
            targets &= ~kings;
            for_each_square(
                kings, [&](Square to) { pawn_move(static_cast<Square>(to - offset), to, MoveKind::NORMAL, allowed_); });
        }
        count_ += targets.count();
        if (M == Mode::TEAMS) {
            const Mask256 promotions = targets & GEOMETRY.promotion_line[static_cast<int>(M)][Us];
            if (promotions.any()) count_ += 3 * promotions.count();
        }
    }

    void castling() {
        const Seat us = legal_.us;
        if (done() || !pos_.castling || legal_.checker_count) return;
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
            if (done()) return;
            emit(Move(path.king_from, path.king_to, MoveKind::CASTLE));
        }
    }

    const Position& pos_;
    const Legality legal_;
    Move* out_;
    Mask256 allowed_;    // squares that answer a check (everywhere when not in check)
    Mask256 reachable_;  // not our or our partner's live piece
    Mask256 live_kings_;
    Mask256 promotion_line_;
    bool done_ = false;
    int count_ = 0;
};

// Any one legal move of `seat`, or none.
Move first_legal_move(const Position& pos, Seat seat) {
    Move first[1];
    const Move* end = pos.mode == Mode::TEAMS ? Generator<Output::FIRST, Mode::TEAMS>(pos, seat, first).run()
                                              : Generator<Output::FIRST, Mode::FFA>(pos, seat, first).run();
    return end != first ? first[0] : Move::none();
}

}  // namespace

Move* generate_legal(const Position& pos, Move* out) {
    const Seat us = pos.side_to_move;
    if (!can_move(pos, us)) return out;
    if (pos.mode == Mode::TEAMS) return Generator<Output::LIST, Mode::TEAMS>(pos, us, out).run();
    return Generator<Output::LIST, Mode::FFA>(pos, us, out).run();
}

void generate_legal(const Position& pos, MoveList& list) {
    list.size = static_cast<int>(generate_legal(pos, list.moves) - list.moves);
}

int count_legal(const Position& pos) {
    const Seat us = pos.side_to_move;
    if (!can_move(pos, us)) return 0;
    if (pos.mode == Mode::TEAMS) return Generator<Output::COUNT, Mode::TEAMS>(pos, us, nullptr).count();
    return Generator<Output::COUNT, Mode::FFA>(pos, us, nullptr).count();
}

bool has_legal_move(const Position& pos) {
    const Seat us = pos.side_to_move;
    if (!can_move(pos, us)) return false;
    return (has_unpinnable_free_move(pos, us) && !in_check(pos, us)) || first_legal_move(pos, us);
}

Move legal_move_matching(const Position& pos, Move wanted) {
    const Seat us = pos.side_to_move;
    if (!can_move(pos, us) || !is_on_board(wanted.from())) return Move::none();
    Move moves[PIECE_MOVES_CAPACITY];
    Move* end = pos.mode == Mode::TEAMS ? Generator<Output::LIST, Mode::TEAMS>(pos, us, moves).run_piece(wanted.from())
                                        : Generator<Output::LIST, Mode::FFA>(pos, us, moves).run_piece(wanted.from());
    for (Move* m = moves; m != end; ++m)
        if (m->action() == wanted.action()) return *m;
    return Move::none();
}

bool seat_has_legal_move(const Position& pos, Seat seat, bool seat_in_check) {
    if (!can_move(pos, seat)) return false;
    if (!seat_in_check && has_unpinnable_free_move(pos, seat)) return true;
    Move& found = pos.legal_move_found[seat];
    if (!is_still_legal(pos, seat, found)) found = first_legal_move(pos, seat);
    return static_cast<bool>(found);
}

}  // namespace fourchess
