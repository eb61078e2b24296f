// Reading and writing Martian FEN (docs/martian.md §5, decisions 4-7) and move text (§6).
#include "fourchess/martian/text.h"

#include <vector>

namespace fourchess::martian {

namespace {

// At most `limit` bytes of `text`, quoted, for messages about text from outside; a byte that is not
// printable ASCII is written \xNN, so the message is ASCII whatever the text was.
std::string shown(const std::string& text, std::size_t limit = 40) {
    static const char* hex = "0123456789abcdef";
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte < 0x7F && byte != '\\') {
            out += static_cast<char>(byte);
        } else {
            out += "\\x";
            out += hex[byte >> 4];
            out += hex[byte & 15];
        }
    }
    return out + (text.size() > limit ? "...'" : "'");
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts(1);
    for (char c : text) {
        if (c == separator)
            parts.emplace_back();
        else
            parts.back() += c;
    }
    return parts;
}

// A non-negative integer of at most `digits` ASCII digits.
long number(const std::string& text, FenField field, const char* what, std::size_t digits) {
    bool ok = !text.empty() && text.size() <= digits;
    for (char c : text) ok = ok && c >= '0' && c <= '9';
    if (!ok)
        throw FenError(field, std::string(what) + " must be a non-negative integer of at most " +
                                  std::to_string(digits) + " digits, got " + shown(text));
    return std::stol(text);
}

void read_board(const std::string& text, Position& pos) {
    const std::vector<std::string> ranks = split(text, '/');
    if (ranks.size() != RANKS)
        throw FenError(FenField::BOARD, "needs 8 ranks separated by '/', got " + std::to_string(ranks.size()));
    const int width = pos.players == 2 ? 4 : 8;
    for (int i = 0; i < RANKS; ++i) {
        const int rank = RANKS - 1 - i;
        int file = 0;
        for (char c : ranks[i]) {
            const Kind kind = c == 'P' ? PAWN : c == 'D' ? DRONE : c == 'Q' ? QUEEN : NONE;
            if (kind != NONE) {
                if (file < width) pos.kinds[kind - 1] |= bit(square_at(file, rank));
                ++file;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
            } else {
                throw FenError(FenField::BOARD, "rank " + std::to_string(rank + 1) + " has " +
                                                    shown(std::string(1, c)) + ": a square is P, D, Q or a digit 1-8");
            }
            if (file > 64) break;  // the width check below refuses it; no overflow on long text
        }
        if (file != width)
            throw FenError(FenField::BOARD, "rank " + std::to_string(rank + 1) + " covers " + std::to_string(file) +
                                                " files, not " + std::to_string(width));
    }
}

void read_no_rejection(const std::string& text, Position& pos) {
    if (text == "-") return;
    if (pos.players != 2) throw FenError(FenField::NO_REJECTION, "only a two-player game has a no-rejection entry");
    const std::vector<std::string> names = split(text, '-');
    const Mask board = board_mask(2);
    Square from = NO_SQUARE, to = NO_SQUARE;
    if (names.size() == 2) from = parse_square(names[0]), to = parse_square(names[1]);
    if (from == NO_SQUARE || to == NO_SQUARE || !(board & bit(from)) || !(board & bit(to)))
        throw FenError(FenField::NO_REJECTION, "must be '-' or from-to with squares of the board, got " + shown(text));
    const Kind kind = pos.kind_at(to);
    if (kind == NONE || zone_owner(2, to) != pos.turn)
        throw FenError(FenField::NO_REJECTION, text + ": no piece of the player to move stands on " + square_name(to));
    if (pos.kind_at(from) != NONE || zone_owner(2, from) == pos.turn)
        throw FenError(FenField::NO_REJECTION,
                       text + ": " + square_name(from) + " must be the empty square across the canal the piece left");
    Mask between = 0;
    if (!movement_path(kind, from, to, between) || (between & pos.occupied()))
        throw FenError(FenField::NO_REJECTION,
                       text + ": the piece on " + square_name(to) + " cannot have come from " + square_name(from));
    pos.reject_from = static_cast<std::int8_t>(from);
    pos.reject_to = static_cast<std::int8_t>(to);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

const char* field_name(FenField f) {
    switch (f) {
        case FenField::FIELDS: return "fields";
        case FenField::PLAYERS: return "players";
        case FenField::BOARD: return "board";
        case FenField::TURN: return "turn";
        case FenField::SCORES: return "scores";
        case FenField::NO_REJECTION: return "no_rejection";
    }
    return "?";
}

FenError::FenError(FenField field, const std::string& message)
    : std::invalid_argument(std::string(field_name(field)) + ": " + message), field_(field) {}

Position read_fen(const std::string& raw) {
    std::size_t begin = 0, end = raw.size();
    while (begin < end && is_space(raw[begin])) ++begin;
    while (end > begin && is_space(raw[end - 1])) --end;
    const std::vector<std::string> fields = split(raw.substr(begin, end - begin), ' ');
    if (fields.size() != 5)
        throw FenError(FenField::FIELDS,
                       "needs 5 fields separated by single spaces, got " + std::to_string(fields.size()));
    if (fields[0] != "2" && fields[0] != "4")
        throw FenError(FenField::PLAYERS, "must be 2 or 4, got " + shown(fields[0]));
    Position pos;
    pos.players = static_cast<std::uint8_t>(fields[0][0] - '0');
    read_board(fields[1], pos);
    const long turn = number(fields[2], FenField::TURN, "the seat to move", 1);
    if (turn >= pos.players)
        throw FenError(FenField::TURN, "the seat to move must be 0.." + std::to_string(pos.players - 1) + ", got " +
                                           std::to_string(turn));
    pos.turn = static_cast<std::uint8_t>(turn);
    const std::vector<std::string> scores = split(fields[3], ',');
    if (scores.size() != pos.players)
        throw FenError(FenField::SCORES, "needs " + std::to_string(pos.players) + " scores separated by commas, got " +
                                             std::to_string(scores.size()));
    for (int seat = 0; seat < pos.players; ++seat)
        pos.scores[seat] = static_cast<std::uint32_t>(number(scores[seat], FenField::SCORES, "a score", 6));
    read_no_rejection(fields[4], pos);
    pos.key = pos.compute_key();
    return pos;
}

std::string write_fen(const Position& pos) {
    const int width = pos.players == 2 ? 4 : 8;
    std::string text = std::to_string(pos.players) + " ";
    for (int rank = RANKS - 1; rank >= 0; --rank) {
        int run = 0;
        for (int file = 0; file < width; ++file) {
            const Kind kind = pos.kind_at(square_at(file, rank));
            if (kind == NONE) {
                ++run;
                continue;
            }
            if (run) text += static_cast<char>('0' + run);
            run = 0;
            text += "PDQ"[kind - 1];
        }
        if (run) text += static_cast<char>('0' + run);
        if (rank) text += '/';
    }
    text += " " + std::to_string(pos.turn) + " ";
    for (int seat = 0; seat < pos.players; ++seat) text += (seat ? "," : "") + std::to_string(pos.scores[seat]);
    text += " ";
    text += pos.reject_from == NO_SQUARE ? "-" : square_name(pos.reject_from) + "-" + square_name(pos.reject_to);
    return text;
}

std::string square_name(Square s) {
    return std::string(1, static_cast<char>('a' + file_of(s))) + static_cast<char>('1' + rank_of(s));
}

Square parse_square(const std::string& name) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') return NO_SQUARE;
    return square_at(name[0] - 'a', name[1] - '1');
}

std::string move_text(Move m) { return square_name(m.from) + "-" + square_name(m.to); }

Move parse_move(const std::string& text) {
    const std::string plain = text.size() == 5 && text[2] == '-' ? text.substr(0, 2) + text.substr(3) : text;
    const Square from = plain.size() == 4 ? parse_square(plain.substr(0, 2)) : NO_SQUARE;
    const Square to = plain.size() == 4 ? parse_square(plain.substr(2)) : NO_SQUARE;
    if (from == NO_SQUARE || to == NO_SQUARE)
        throw MoveTextError("a move is from-to with two square names, like 'c3-d4', got " + shown(text));
    return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
}

}  // namespace fourchess::martian
