#include "fourchess/notation.h"

#include <cctype>
#include <regex>

#include "fourchess/attacks.h"
#include "fourchess/movegen.h"
#include "fourchess/names.h"
#include "fourchess/queries.h"
#include "fourchess/rules.h"

namespace fourchess {

namespace {

constexpr char PIECE_LETTERS[] = " PNBRQK";

MoveTextError invalid(const std::string& text, const std::string& why) {
    return MoveTextError(MoveTextError::Kind::INVALID, "invalid move text '" + quoted(text) + "': " + why);
}
MoveTextError illegal(const std::string& text, const std::string& why) {
    return MoveTextError(MoveTextError::Kind::ILLEGAL, "illegal move '" + quoted(text) + "': " + why);
}

int piece_letter_type(char c) {
    if (c == 'D') return QUEEN;
    for (int t = PAWN; t <= KING; ++t)
        if (PIECE_LETTERS[t] == c) return t;
    return -1;
}

std::string strip_suffixes(const std::string& text) {
    std::string t;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) t += c;
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.pop_back();
    return t;
}

// A square name at text[i..]: a letter a-n and 1-2 digits. Advances i.
Square read_square(const std::string& text, std::size_t& i) {
    std::size_t j = i;
    if (j >= text.size() || text[j] < 'a' || text[j] > 'n') return NO_SQUARE;
    ++j;
    std::size_t digits_start = j;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) && j - digits_start < 2) ++j;
    Square s = parse_square(text.substr(i, j - i));
    if (s != NO_SQUARE) i = j;
    return s;
}

// The long form and castling: [piece]from[-|x[captured]]to[=promotion].
MoveTextParts read_long_form(const std::string& original) {
    std::string t = strip_suffixes(original);
    MoveTextParts p;
    if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
        p.form = MoveTextParts::Form::CASTLE;
        p.castle_side = t.size() == 3 ? SHORT : LONG;
        return p;
    }
    std::size_t i = 0;
    if (i < t.size() && std::isupper(static_cast<unsigned char>(t[i]))) {
        p.piece = piece_letter_type(t[i]);
        if (p.piece < 0) throw invalid(original, std::string("unknown piece letter '") + t[i] + "'");
        ++i;
    }
    p.from = read_square(t, i);
    if (p.from == NO_SQUARE) throw invalid(original, "expected a from-square like 'h2'");
    if (i < t.size() && (t[i] == '-' || t[i] == 'x')) {
        const bool capture = t[i] == 'x';
        ++i;
        if (capture && i < t.size() && std::isupper(static_cast<unsigned char>(t[i]))) {
            p.captured = piece_letter_type(t[i]);
            if (p.captured < 0) throw invalid(original, std::string("unknown captured piece letter '") + t[i] + "'");
            ++i;
        }
    }
    p.to = read_square(t, i);
    if (p.to == NO_SQUARE) throw invalid(original, "expected a to-square like 'h3'");
    if (i < t.size() && t[i] == '=') {
        ++i;
        int promo = i < t.size() ? piece_letter_type(t[i]) : -1;
        if (promo != QUEEN && promo != ROOK && promo != BISHOP && promo != KNIGHT)
            throw invalid(original, "promotion must be =Q, =R, =B, =N or =D");
        p.promotion = static_cast<PieceType>(promo);
        p.one_point = t[i] == 'D';
        ++i;
    }
    if (i != t.size()) throw invalid(original, "unexpected text after '" + quoted(t.substr(0, i)) + "'");
    if (p.from == p.to) throw invalid(original, "from and to are the same square");
    return p;
}

// The short form: [piece][from file][from rank][x[captured]]to[=promotion]; false if it is not one.
bool read_short_form(const std::string& text, MoveTextParts& p) {
    static const std::regex SHORT_FORM(
        R"(^([KQRBND]?)([a-n]?)(1[0-4]|[1-9])?(x[KQRBNDP]?)?([a-n])(1[0-4]|[1-9])(=[QRBND])?$)");
    std::smatch part;
    const std::string t = strip_suffixes(text);
    if (!std::regex_match(t, part, SHORT_FORM)) return false;
    p.form = MoveTextParts::Form::SHORT;
    p.piece = part[1].length() ? piece_letter_type(part[1].str()[0]) : PAWN;
    p.from_file = part[2].length() ? part[2].str()[0] - 'a' : -1;
    p.from_rank = part[3].length() ? std::stoi(part[3].str()) - 1 : -1;
    p.to = parse_square(part[5].str() + part[6].str());
    if (p.to == NO_SQUARE) throw invalid(text, "the destination is not a board square");
    if (part[7].length()) {
        p.promotion = static_cast<PieceType>(piece_letter_type(part[7].str()[1]));
        p.one_point = part[7].str()[1] == 'D';
    }
    return true;
}

}  // namespace

MoveTextParts read_move_text(const std::string& text) {
    try {
        return read_long_form(text);
    } catch (const MoveTextError&) {
        MoveTextParts p;
        if (read_short_form(text, p)) return p;
        throw;
    }
}

std::string move_text(Move m) {
    std::string s = square_name(m.from()) + "-" + square_name(m.to());
    if (m.promotion() != NO_PIECE_TYPE)
        s += std::string("=") + (m.promotes_to_one_point_queen() ? 'D' : PIECE_LETTERS[m.promotion()]);
    return s;
}

Move parse_move_text(const std::string& text) {
    const MoveTextParts p = read_move_text(text);
    if (p.form == MoveTextParts::Form::CASTLE)
        throw invalid(text, "castling needs a position; write the king's move, e.g. 'h1-j1'");
    if (p.form == MoveTextParts::Form::SHORT)
        throw invalid(text, "a short form needs a position; write both squares, e.g. 'h2-h4'");
    return Move(p.from, p.to, MoveKind::NORMAL, p.promotion, p.one_point);
}

namespace {

// The promotion a text names, checked against the mode's choices (docs/rules.md §4, §11.8).
void check_promotion_letter(const Position& pos, const MoveTextParts& p, const std::string& text) {
    if (p.promotion == NO_PIECE_TYPE) return;
    if (pos.mode == Mode::FFA && p.promotion != QUEEN)
        throw illegal(text, "in FFA a pawn promotes only to the 1-point queen (=D)");
    if (pos.mode == Mode::TEAMS && p.one_point) throw illegal(text, "Teams promotions are =Q, =R, =B or =N");
}

// Only the moves of the side to move that fit every part the short form names are candidates;
// it must be exactly one.
Move parse_short_move(const Position& pos, const MoveTextParts& p, const std::string& text) {
    check_promotion_letter(pos, p, text);
    MoveList list;
    generate_legal(pos, list);
    Move found = Move::none();
    int count = 0;
    for (Move m : list) {
        const Piece mover = pos.board[m.from()];
        if (m.to() != p.to || mover.type() != p.piece) continue;
        if ((p.from_file >= 0 && file_of(m.from()) != p.from_file) ||
            (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank))
            continue;
        if (p.promotion != NO_PIECE_TYPE && m.promotion() != p.promotion) continue;
        if (p.promotion == NO_PIECE_TYPE && m.promotion() != NO_PIECE_TYPE && pos.mode == Mode::TEAMS)
            throw illegal(text, "a promotion must name its piece (=Q, =R, =B or =N)");
        found = m;
        ++count;
    }
    if (count == 0) throw illegal(text, "no legal move fits it in this position");
    if (count > 1)
        throw MoveTextError(MoveTextError::Kind::AMBIGUOUS,
                            "ambiguous move '" + quoted(text) + "': " + std::to_string(count) +
                                " legal moves fit it; name the from-square's file or rank");
    return found;
}

Move parse_castling(const Position& pos, const MoveTextParts& p, const std::string& text) {
    int home = king_home_index(pos.side_to_move, pos.king_square[pos.side_to_move]);
    if (home < 0) throw illegal(text, "the king is not on its castling square");
    const CastlePath& path = GEOMETRY.castle[pos.side_to_move][home][p.castle_side];
    Move m = legal_move_matching(pos, Move(path.king_from, path.king_to));
    if (!m || m.kind() != MoveKind::CASTLE) throw illegal(text, "castling is not legal here");
    return m;
}

}  // namespace

Move parse_move(const Position& pos, const std::string& text) {
    MoveTextParts p = read_move_text(text);
    if (p.form == MoveTextParts::Form::SHORT) return parse_short_move(pos, p, text);
    if (p.form == MoveTextParts::Form::CASTLE) return parse_castling(pos, p, text);
    Piece mover = pos.board[p.from];
    if (p.piece >= 0 && (!mover.is_live() || mover.type() != p.piece))
        throw illegal(text, "no such piece on " + square_name(p.from));
    if (p.promotion == NO_PIECE_TYPE && mover.is_live() && mover.type() == PAWN &&
        GEOMETRY.promotion_line[static_cast<int>(pos.mode)][mover.seat()].test(p.to)) {
        if (pos.mode == Mode::TEAMS) throw illegal(text, "a promotion must name its piece (=Q, =R, =B or =N)");
        p.promotion = QUEEN;
    }
    check_promotion_letter(pos, p, text);
    if (p.promotion != NO_PIECE_TYPE && pos.mode == Mode::FFA)
        p.one_point = true;  // fine point 8: "=Q" means the 1-point queen in FFA
    Move m = legal_move_matching(pos, Move(p.from, p.to, MoveKind::NORMAL, p.promotion, p.one_point));
    if (!m) throw illegal(text, "not a legal move in this position");
    if (p.captured >= 0) {
        Piece target = pos.board[p.to];
        bool matches =
            !target.empty() ? target.type() == p.captured : m.kind() == MoveKind::EN_PASSANT && p.captured == PAWN;
        if (!matches) throw illegal(text, "the captured piece does not match the board");
    }
    return m;
}

namespace {

// The check suffix chess.com writes, as its records show (every suffix of the replayable real
// records is reproduced but one): a '+' per king newly checked (queries.h); '#' follows a mate
// or a king capture. (Records write a Teams mate in the mated seat's slot; the PGN4 writer moves it.)
std::string check_suffix(const Position& pos, Move m) {
    Position after = pos;
    Undo undo;
    do_move(after, m, undo);
    const int checks = seat_count(kings_newly_checked(pos, m));
    const bool captured_king = undo.captured.is_live() && undo.captured.type() == KING;
    // Teams: the side to move after the move is mated on its turn (mated_seats is FFA's, set at once).
    const bool teams_mate = pos.mode == Mode::TEAMS && termination_of(after) == Termination::CHECKMATE;
    return std::string(static_cast<std::size_t>(checks), '+') +
           (captured_king || undo.mated_seats || teams_mate ? "#" : "");
}

}  // namespace

std::string pgn4_move_text(const Position& pos, Move m) {
    const Seat mover = pos.side_to_move;
    std::string text;
    if (m.kind() == MoveKind::CASTLE) {
        int home = king_home_index(mover, m.from());
        text = GEOMETRY.castle[mover][home][SHORT].king_to == m.to() ? "O-O" : "O-O-O";
    } else {
        Piece piece = pos.board[m.from()], target = pos.board[m.to()];
        if (piece.type() != PAWN) text += PIECE_LETTERS[piece.type()];
        text += square_name(m.from());
        bool capture = !target.empty() || m.kind() == MoveKind::EN_PASSANT;
        text += capture ? "x" : "-";
        if (!target.empty() && target.type() != PAWN) text += PIECE_LETTERS[target.type()];
        text += square_name(m.to());
        if (m.promotion() != NO_PIECE_TYPE)
            text += std::string("=") + (m.promotes_to_one_point_queen() ? 'D' : PIECE_LETTERS[m.promotion()]);
    }
    return text + check_suffix(pos, m);
}

}  // namespace fourchess
