#include "fourchess/refusal.h"

#include "fourchess/attacks.h"
#include "fourchess/movegen.h"
#include "fourchess/names.h"
#include "fourchess/notation.h"
#include "fourchess/rules.h"

namespace fourchess {

namespace {

constexpr const char* REFUSAL_NAMES[REFUSAL_COUNT] = {
    "",          "unparseable",       "game_over",          "not_your_turn",
    "no_piece",  "cannot_move_there", "own_king_in_check",  "bad_promotion",
    "ambiguous", "not_your_seat",     "already_eliminated", "cannot_claim",
};
constexpr const char* PIECE_NAMES[PIECE_TYPE_COUNT] = {"piece", "pawn", "knight", "bishop", "rook", "queen", "king"};
// Indexed by Termination, for "the game is over (...)".
constexpr const char* ENDINGS[] = {
    "",
    "checkmate",
    "stalemate",
    "a king was captured",
    "resignation",
    "timeout",
    "three seats are eliminated",
    "a 21-point lead",
    "threefold repetition",
    "the fifty-move rule",
    "insufficient material",
    "the move limit",
};
static_assert(sizeof ENDINGS / sizeof ENDINGS[0] == static_cast<int>(Termination::MOVE_LIMIT) + 1,
              "one text per Termination");

using Form = MoveTextParts::Form;

MoveVerdict refused(Refusal r, const std::string& text, const std::string& why) {
    return {r, Move::none(), "illegal move '" + quoted(text) + "': " + why};
}

std::string owned(Seat seat, PieceType type) { return std::string(seat_name(seat)) + "'s " + PIECE_NAMES[type]; }

bool promotes(const Position& pos, Piece piece, Square to) {
    return piece.type() == PAWN && GEOMETRY.promotion_line[static_cast<int>(pos.mode)][pos.side_to_move].test(to);
}

// The move of `piece` from -> to with the promotion the rules would give it, so that its
// movement is judged apart from the promotion the text names.
Move probe_move(const Position& pos, Piece piece, Square from, Square to) {
    const bool promotion = promotes(pos, piece, to);
    return Move(from, to, MoveKind::NORMAL, promotion ? QUEEN : NO_PIECE_TYPE, promotion && pos.mode == Mode::FFA);
}

// Why the promotion the text names does not fit a move of `piece` onto `to` ("" when it fits).
std::string promotion_problem(const Position& pos, Piece piece, Square to, const MoveTextParts& p) {
    if (!promotes(pos, piece, to))
        return p.promotion == NO_PIECE_TYPE ? "" : "a move onto " + square_name(to) + " is not a promotion";
    if (pos.mode == Mode::FFA)  // none, =Q and =D all mean the 1-point queen (docs/rules.md §11.8)
        return p.promotion == NO_PIECE_TYPE || p.promotion == QUEEN
                   ? ""
                   : "in FFA a pawn promotes only to the 1-point queen (=D)";
    if (p.promotion == NO_PIECE_TYPE)
        return "a pawn reaching " + square_name(to) + " must name its promotion (=Q, =R, =B or =N)";
    if (p.one_point) return "Teams promotions are =Q, =R, =B or =N (=D, the 1-point queen, is FFA's)";
    return "";
}

// For a king's two-square step that castling would make: what stops it other than attacked
// squares ("" when only attacks do). False when from -> to is no castling move at all.
bool castling_obstacle(const Position& pos, Square from, Square to, std::string& obstacle) {
    const Seat us = pos.side_to_move;
    const int home = king_home_index(us, from);
    if (home < 0) return false;
    for (CastleSide side : {SHORT, LONG}) {
        const CastlePath& path = GEOMETRY.castle[us][home][side];
        if (path.king_to != to) continue;
        const std::string name = side == SHORT ? "castling short" : "castling long";
        const Piece rook = pos.board[path.rook_from];
        if (pos.is_walking(us))
            obstacle = "a walking king never castles";
        else if (!(pos.castling & castling_bit(us, side)))
            obstacle = std::string(seat_name(us)) + " has lost the right of " + name;
        else if (!rook.is_live() || rook.seat() != us || rook.type() != ROOK)
            obstacle = name + " needs " + seat_name(us) + "'s rook on " + square_name(path.rook_from);
        else if ((path.must_be_empty & pos.occupied).any())
            obstacle = name + " needs the squares between king and rook empty";
        else
            obstacle.clear();
        return true;
    }
    return false;
}

std::string king_safety(const Position& pos) {
    const Seat us = pos.side_to_move;
    return in_check(pos, us) ? std::string("it leaves ") + seat_name(us) + "'s king in check"
                             : std::string("it puts ") + seat_name(us) + "'s king in check";
}

// Why a piece's movement does not take it from -> to (a friendly piece on the square, or its way).
std::string movement_problem(const Position& pos, Piece piece, Square from, Square to) {
    const Seat us = pos.side_to_move;
    const Piece target = pos.board[to];
    const std::string mover = owned(us, piece.type()) + " on " + square_name(from);
    if (target.is_live() && (target.seat() == us || (pos.mode == Mode::TEAMS && same_team(target.seat(), us))))
        return mover + " cannot take " +
               (target.seat() == us ? "its own " + std::string(PIECE_NAMES[target.type()])
                                    : owned(target.seat(), target.type()) + ", a partner's piece,") +
               " on " + square_name(to);
    return mover + " cannot move to " + square_name(to);
}

// The side to move's `piece` on `from` asked to go to `to` (with what the text says of promotion
// and capture): NONE with the legal move, or the first rule that refuses it.
MoveVerdict judge_piece_move(const Position& pos, const MoveTextParts& p, Square from, Square to,
                             const std::string& text) {
    const Piece piece = pos.board[from];
    const Move probe = probe_move(pos, piece, from, to);
    if (!pseudo_legal_matching(pos, probe)) {
        std::string obstacle;
        if (piece.type() == KING && castling_obstacle(pos, from, to, obstacle))
            return obstacle.empty() ? refused(Refusal::OWN_KING_IN_CHECK, text,
                                              "castling out of, through or into check is not allowed")
                                    : refused(Refusal::CANNOT_MOVE_THERE, text, obstacle);
        return refused(Refusal::CANNOT_MOVE_THERE, text, movement_problem(pos, piece, from, to));
    }
    const std::string promotion = promotion_problem(pos, piece, to, p);
    if (!promotion.empty()) return refused(Refusal::BAD_PROMOTION, text, promotion);
    // Teams: the piece the text names; FFA: the 1-point queen, whether the text said =Q, =D or nothing.
    const PieceType promotion_piece =
        probe.promotion() == NO_PIECE_TYPE || pos.mode == Mode::FFA ? probe.promotion() : p.promotion;
    const Move legal = legal_move_matching(
        pos, Move(from, to, MoveKind::NORMAL, promotion_piece, probe.promotes_to_one_point_queen()));
    if (!legal) return refused(Refusal::OWN_KING_IN_CHECK, text, king_safety(pos));
    if (p.captured >= 0) {
        const Piece target = pos.board[to];
        const bool matches =
            !target.empty() ? target.type() == p.captured : legal.kind() == MoveKind::EN_PASSANT && p.captured == PAWN;
        if (!matches)
            return refused(Refusal::CANNOT_MOVE_THERE, text,
                           std::string("it names a captured ") + PIECE_NAMES[p.captured] + ", but " +
                               (target.empty() ? "nothing" : std::string("a ") + PIECE_NAMES[target.type()]) +
                               " stands on " + square_name(to));
    }
    return {Refusal::NONE, legal, ""};
}

MoveVerdict judge_long_form(const Position& pos, const MoveTextParts& p, const std::string& text) {
    const Seat us = pos.side_to_move;
    const Piece piece = pos.board[p.from];
    if (piece.empty()) return refused(Refusal::NO_PIECE, text, "there is no piece on " + square_name(p.from));
    if (piece.is_dead())
        return refused(Refusal::NO_PIECE, text,
                       "the " + std::string(PIECE_NAMES[piece.type()]) + " on " + square_name(p.from) +
                           " is dead (dead pieces never move)");
    if (piece.seat() != us)
        return refused(Refusal::NOT_YOUR_TURN, text,
                       "the piece on " + square_name(p.from) + " is " + seat_name(piece.seat()) + "'s, and it is " +
                           seat_name(us) + "'s turn");
    if (p.piece >= 0 && piece.type() != p.piece)
        return refused(Refusal::NO_PIECE, text,
                       std::string(seat_name(us)) + " has no " + PIECE_NAMES[p.piece] + " on " + square_name(p.from) +
                           " (a " + PIECE_NAMES[piece.type()] + " stands there)");
    return judge_piece_move(pos, p, p.from, p.to, text);
}

MoveVerdict judge_castling(const Position& pos, const MoveTextParts& p, const std::string& text) {
    const Seat us = pos.side_to_move;
    const Square king = pos.king_square[us];
    const int home = king_home_index(us, king);
    if (home < 0)
        return refused(Refusal::CANNOT_MOVE_THERE, text,
                       std::string(seat_name(us)) + "'s king is not on its castling square");
    const CastlePath& path = GEOMETRY.castle[us][home][p.castle_side];
    return judge_piece_move(pos, p, path.king_from, path.king_to, text);
}

// A short form names no from-square: each of the side to move's pieces that fits its hints is a
// candidate, and the one that gets furthest through the rules explains the refusal.
MoveVerdict judge_short_form(const Position& pos, const MoveTextParts& p, const std::string& text) {
    const Seat us = pos.side_to_move;
    auto depth = [](Refusal r) {
        switch (r) {
            case Refusal::NO_PIECE: return 0;
            case Refusal::CANNOT_MOVE_THERE: return 1;
            case Refusal::BAD_PROMOTION: return 2;
            case Refusal::OWN_KING_IN_CHECK: return 3;
            default: return 4;  // NONE: legal after all (explain_move reports what parse_move said)
        }
    };
    const bool hinted = p.from_file >= 0 || p.from_rank >= 0;
    MoveVerdict best = refused(
        Refusal::NO_PIECE, text,
        std::string(seat_name(us)) + " has no " + PIECE_NAMES[p.piece] + (hinted ? " where the text says" : ""));
    int candidates = 0;
    for (Square from : pos.live_by_seat[us] & pos.by_type[p.piece]) {
        if ((p.from_file >= 0 && file_of(from) != p.from_file) || (p.from_rank >= 0 && rank_of(from) != p.from_rank))
            continue;
        ++candidates;
        MoveVerdict verdict = judge_piece_move(pos, p, from, p.to, text);
        if (depth(verdict.refusal) > depth(best.refusal)) best = std::move(verdict);
    }
    // One candidate's movement problem says what stops it; with several, none of them gets there.
    if (best.refusal == Refusal::CANNOT_MOVE_THERE && candidates > 1)
        best = refused(
            Refusal::CANNOT_MOVE_THERE, text,
            std::string("no ") + PIECE_NAMES[p.piece] + " of " + seat_name(us) + " can move to " + square_name(p.to));
    return best;
}

}  // namespace

const char* refusal_name(Refusal r) { return REFUSAL_NAMES[static_cast<int>(r)]; }

std::string game_over_reason(Termination ending) {
    return std::string("the game is over (") + ENDINGS[static_cast<int>(ending)] + ")";
}

MoveVerdict explain_move(const Position& pos, const std::string& text, int seat) {
    MoveTextParts parts;
    try {
        parts = read_move_text(text);
    } catch (const MoveTextError& error) {
        return {Refusal::UNPARSEABLE, Move::none(), error.what()};
    }
    const Termination ending = termination_of(pos);
    if (ending != Termination::NONE) return refused(Refusal::GAME_OVER, text, game_over_reason(ending));
    const Seat us = pos.side_to_move;
    if (seat >= 0 && seat != us)
        return refused(
            Refusal::NOT_YOUR_TURN, text,
            std::string("it is ") + seat_name(us) + "'s turn, not " + seat_name(static_cast<Seat>(seat)) + "'s");
    // parse_move decides legality, as Board.push_move does; the judges below only say why not.
    try {
        const Move legal = parse_move(pos, text);
        return {Refusal::NONE, legal, "legal move '" + quoted(text) + "' for " + seat_name(us)};
    } catch (const MoveTextError& error) {
        if (error.kind() == MoveTextError::Kind::AMBIGUOUS) return {Refusal::AMBIGUOUS, Move::none(), error.what()};
        if (error.kind() == MoveTextError::Kind::INVALID) return {Refusal::UNPARSEABLE, Move::none(), error.what()};
        MoveVerdict why = parts.form == Form::SHORT    ? judge_short_form(pos, parts, text)
                          : parts.form == Form::CASTLE ? judge_castling(pos, parts, text)
                                                       : judge_long_form(pos, parts, text);
        // A judge that finds no rule against it would contradict parse_move: say what parse_move said.
        if (why.refusal == Refusal::NONE) return {Refusal::CANNOT_MOVE_THERE, Move::none(), error.what()};
        return why;
    }
}

Move parse_move_explained(const Position& pos, const std::string& text) {
    try {
        return parse_move(pos, text);
    } catch (const MoveTextError& error) {
        if (error.kind() != MoveTextError::Kind::ILLEGAL) throw;
        throw MoveTextError(MoveTextError::Kind::ILLEGAL, explain_move(pos, text).message);
    }
}

}  // namespace fourchess
