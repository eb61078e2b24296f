// Reading FEN4: one pass over the text with string views into a Setup, so a well-formed position
// costs no allocation beyond the result, then from_setup's checks; every error names the field,
// the text and what was expected.
#include <algorithm>
#include <cctype>
#include <string_view>

#include "fourchess/fen4.h"
#include "fourchess/names.h"
#include "fourchess/setup.h"

namespace fourchess {

namespace {

constexpr int MAX_FIELDS = 8;  // more than the 7 a FEN4 has, so "too many" can be counted

using View = std::string_view;

Fen4Error error(const std::string& field, View text, const std::string& reason) {
    return Fen4Error(field, std::string(text), reason);
}

// Splits `text` at `sep` into at most `capacity` views; returns how many parts there are in all.
int split(View text, char sep, View* parts, int capacity) {
    int count = 0;
    std::size_t start = 0;
    while (true) {
        std::size_t end = text.find(sep, start);
        if (count < capacity) parts[count] = text.substr(start, end == View::npos ? View::npos : end - start);
        ++count;
        if (end == View::npos) return count;
        start = end + 1;
    }
}

int parse_int(const std::string& field, View text, int max_value) {
    if (text.empty()) throw error(field, text, "expected a non-negative integer");
    for (char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c))) throw error(field, text, "expected a non-negative integer");
    // Leading zeros change nothing (the reference reads them too); what is left must fit an int.
    const View digits = text.substr(std::min(text.find_first_not_of('0'), text.size() - 1));
    if (digits.size() > 9) throw error(field, text, "is larger than " + std::to_string(max_value));
    int v = 0;
    for (char c : digits) v = v * 10 + (c - '0');
    if (v > max_value) throw error(field, text, "is larger than " + std::to_string(max_value));
    return v;
}

// Four comma-separated values, e.g. "1,0,1,1".
void four(const std::string& field, View text, View (&parts)[4]) {
    View all[5];
    if (split(text, ',', all, 5) != 4)
        throw error(field, text, "expected 4 comma-separated values (Red, Blue, Yellow, Green)");
    for (int i = 0; i < 4; ++i) parts[i] = all[i];
}

std::uint8_t parse_flags(const std::string& field, View text) {
    View parts[4];
    four(field, text, parts);
    std::uint8_t bits = 0;
    for (int s = 0; s < 4; ++s) {
        if (parts[s] == "1")
            bits |= static_cast<std::uint8_t>(1u << s);
        else if (parts[s] != "0")
            throw error(field, text, "flags must be 0 or 1, got '" + quoted(parts[s]) + "'");
    }
    return bits;
}

std::uint8_t parse_bools(const std::string& field, View text) {
    View parts[4];
    four(field, text, parts);
    std::uint8_t bits = 0;
    for (int s = 0; s < 4; ++s) {
        std::string v;
        for (char c : parts[s]) v += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (v == "true" || v == "1")
            bits |= static_cast<std::uint8_t>(1u << s);
        else if (v != "false" && v != "0")
            throw error(field, text, "expected true/false, got '" + quoted(parts[s]) + "'");
    }
    return bits;
}

// Places one rank's cells. A rank written with commas has one cell between each two (docs/rules.md
// §10); one without any is the Wikibooks dialect, its cells read one after another.
void read_rank(Setup& setup, View rank_text, int rank) {
    const auto field = [rank] { return "board rank " + std::to_string(rank + 1); };
    int file = 0;
    std::size_t i = 0;
    const std::size_t n = rank_text.size();
    const bool commas = rank_text.find(',') != View::npos;
    if (n == 0 || rank_text.front() == ',') throw error(field(), rank_text, "has an empty cell");
    while (i < n) {
        if (rank_text[i] == ',') {
            if (i + 1 == n || rank_text[i + 1] == ',') throw error(field(), rank_text, "has an empty cell");
            ++i;
            continue;
        }
        const char c = rank_text[i];
        const std::size_t cell_start = i;
        int width = 1;
        bool removed = false;
        Piece piece;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t j = i;
            while (j < n && std::isdigit(static_cast<unsigned char>(rank_text[j]))) ++j;
            View digits = rank_text.substr(i, j - i);
            if (digits.size() > 1 && digits[0] == '0')
                throw error(field(), digits, "an empty-square count has no leading zero");
            int run = digits.size() > 2
                          ? 99
                          : (digits.size() == 2 ? (digits[0] - '0') * 10 + (digits[1] - '0') : digits[0] - '0');
            if (run < 1 || run > BOARD_SIDE) throw error(field(), digits, "empty-square counts run from 1 to 14");
            width = run;
            i = j;
        } else if (c == 'x') {
            removed = true;
            ++i;
        } else {
            // The rest of this cell, for error messages only.
            const auto rest = [&] { return rank_text.substr(i, std::min(rank_text.find(',', i), n) - i); };
            const bool dead = c == 'd';
            const int seat = dead ? -1 : seat_of_colour(c);
            std::size_t j = i + 1;
            if (dead && j < n && seat_of_colour(rank_text[j]) >= 0) ++j;  // "drP": colour dropped
            if (!dead && seat < 0) throw error(field(), rest(), "expected a count, 'x' or a piece like 'rP' or 'dP'");
            if (j >= n || rank_text[j] == ',')
                throw error(field(), rest(), "a piece needs a type letter (P N B R Q K D)");
            const PieceType type = type_of_letter(rank_text[j]);
            if (type == NO_PIECE_TYPE)
                throw error(field(), rank_text.substr(i, j - i + 1), "unknown piece letter (expected P N B R Q K D)");
            const bool one_point = rank_text[j] == 'D';
            piece = dead ? Piece::dead_piece(type, one_point) : Piece::live(static_cast<Seat>(seat), type, one_point);
            i = j + 1;
        }
        if (commas && i < n && rank_text[i] != ',')
            throw error(field(),
                        rank_text.substr(cell_start, std::min(rank_text.find(',', cell_start), n) - cell_start),
                        "is more than one cell: cells are separated by ','");
        if (file + width > BOARD_SIDE) throw error(field(), rank_text, "covers more than 14 squares");
        if (removed && on_board(file, rank))
            throw error(field(), rank_text,
                        "has 'x' on " + square_name(make_square(file, rank)) + ", which is a real square");
        if (!piece.empty()) {
            if (!on_board(file, rank)) throw error(field(), rank_text, "puts a piece on a removed corner square");
            setup.board[make_square(file, rank)] = piece;
        }
        file += width;
    }
    if (file != BOARD_SIDE) throw error(field(), rank_text, "covers " + std::to_string(file) + " squares, expected 14");
}

void read_board(Setup& setup, View text) {
    View ranks[BOARD_SIDE];
    const int count = split(text, '/', ranks, BOARD_SIDE);
    if (count != BOARD_SIDE)
        throw error("board", text, "expected 14 ranks separated by '/', found " + std::to_string(count));
    for (int i = 0; i < BOARD_SIDE; ++i) read_rank(setup, ranks[i], BOARD_SIDE - 1 - i);
}

// The only extras read are enPassant, resigned and flagged, e.g.
// {'enPassant':('','c4:d4','',''),'resigned':(false,false,true,false)}
struct Extras {
    View en_passant[4];
    std::uint8_t resigned = 0;
    std::uint8_t flagged = 0;
};

Extras read_extras(View text) {
    Extras extras;
    const std::string field = "extras";
    if (text.size() < 2 || text.front() != '{' || text.back() != '}') throw error(field, text, "expected {...}");
    const View body = text.substr(1, text.size() - 2);
    std::size_t i = 0;
    while (i < body.size()) {
        std::size_t colon = body.find(':', i);
        if (colon == View::npos) throw error(field, text, "expected 'key':(...)");
        View key = body.substr(i, colon - i);
        if (key.size() < 2 || key.front() != '\'' || key.back() != '\'')
            throw error(field, key, "keys are quoted like 'enPassant'");
        key = key.substr(1, key.size() - 2);
        if (colon + 1 >= body.size() || body[colon + 1] != '(') throw error(field, key, "value must be a tuple (...)");
        std::size_t close = body.find(')', colon);
        if (close == View::npos) throw error(field, text, "unclosed '('");
        const View value = body.substr(colon + 2, close - colon - 2);
        if (key == "enPassant") {
            View parts[4];
            four("extras enPassant", value, parts);
            for (int s = 0; s < 4; ++s) {
                const View q = parts[s];
                if (q.size() < 2 || q.front() != '\'' || q.back() != '\'')
                    throw error("extras enPassant", value, "entries are quoted strings like 'c4:d4' or ''");
                extras.en_passant[s] = q.substr(1, q.size() - 2);
            }
        } else if (key == "resigned" || key == "flagged") {
            (key == "resigned" ? extras.resigned : extras.flagged) |= parse_bools("extras " + std::string(key), value);
        } else {
            throw error(field, key, "unknown extra (this library reads enPassant, resigned and flagged)");
        }
        i = close + 1;
        if (i < body.size()) {
            if (body[i] != ',') throw error(field, text, "extras are separated by ','");
            ++i;
        }
    }
    return extras;
}

// The entries' squares; from_setup checks that each is its seat's double step.
void read_en_passant(Setup& setup, const Extras& extras) {
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const View entry = extras.en_passant[s];
        if (entry.empty()) continue;
        const std::string field = std::string("extras enPassant ") + seat_letter(static_cast<Seat>(s));
        View parts[2];
        if (split(entry, ':', parts, 2) != 2) throw error(field, entry, "expected skipped:pawn squares like 'c4:d4'");
        const Square skipped = parse_square(parts[0]), pawn = parse_square(parts[1]);
        if (skipped == NO_SQUARE || pawn == NO_SQUARE)
            throw error(field, entry, "names a square that is not on the board");
        setup.en_passant[s] = EnPassant{skipped, pawn};
    }
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool has_space(View text) {
    for (char c : text)
        if (is_space(c)) return true;
    return false;
}

}  // namespace

Fen4Error::Fen4Error(std::string field, std::string text, const std::string& reason)
    : std::invalid_argument("FEN4 " + field + " '" + quoted(text) + "': " + reason),
      field_(std::move(field)),
      text_(std::move(text)) {}

Position read_fen4(const std::string& raw, Mode mode) {
    Rules rules;
    rules.mode = mode;
    return read_fen4(raw, rules);
}

Position read_fen4(const std::string& raw, const Rules& rules) {
    const bool spaced = has_space(raw);
    std::string stripped;  // a copy only when there is whitespace to strip
    if (spaced)
        for (char c : raw)
            if (!is_space(c)) stripped += c;
    const View text = spaced ? View(stripped) : View(raw);
    if (text.empty()) throw error("text", raw, "is empty");

    // Extras may contain anything but braces; cut them out before splitting on '-'.
    View extras_text;
    std::string without_extras;  // a copy only when there are extras to cut out
    View fields_text = text;
    std::size_t open = text.find('{');
    if (open != View::npos) {
        std::size_t close = text.find('}', open);
        if (close == View::npos) throw error("extras", text.substr(open), "has no closing '}'");
        if (open == 0 || text[open - 1] != '-' || close + 1 >= text.size() || text[close + 1] != '-')
            throw error("extras", text.substr(open, close - open + 1),
                        "must stand between '-' separators before the board");
        extras_text = text.substr(open, close - open + 1);
        without_extras = std::string(text.substr(0, open - 1)) + std::string(text.substr(close + 1));
        fields_text = without_extras;
    }
    View fields[MAX_FIELDS];
    const int count = split(fields_text, '-', fields, MAX_FIELDS);
    if (count != 7)
        throw error("text", raw,
                    "expected turn-dead-castleShort-castleLong-points-plyclock[-{extras}]-board, found " +
                        std::to_string(count) + " '-'-separated fields");

    Setup setup;
    const View turn = fields[0];
    const int seat = turn.size() == 1 ? seat_of_letter(turn[0]) : -1;
    if (seat < 0) throw error("turn", turn, "expected one of R, B, Y, G");
    setup.side_to_move = static_cast<Seat>(seat);
    setup.dead = parse_flags("dead", fields[1]);
    const std::uint8_t short_flags = parse_flags("castleShort", fields[2]);
    const std::uint8_t long_flags = parse_flags("castleLong", fields[3]);
    for (int s = 0; s < SEAT_COUNT; ++s) {
        if (short_flags & (1u << s)) setup.castling |= castling_bit(static_cast<Seat>(s), SHORT);
        if (long_flags & (1u << s)) setup.castling |= castling_bit(static_cast<Seat>(s), LONG);
    }
    View points[4];
    four("points", fields[4], points);
    for (int s = 0; s < SEAT_COUNT; ++s) setup.points[s] = parse_int("points", points[s], MAX_POINTS);
    // Both limits are what a position can reach (position.h), so every written FEN4 reads back.
    setup.ply_clock = parse_int("plyclock", fields[5], MAX_PLY_CLOCK);
    const Extras extras = extras_text.empty() ? Extras{} : read_extras(extras_text);
    setup.resigned = extras.resigned;
    setup.flagged = extras.flagged;
    read_board(setup, fields[6]);
    read_en_passant(setup, extras);
    try {
        return from_setup(setup, rules);
    } catch (const SetupError& refused) {
        throw Fen4Error(refused.name(), refused.text(), refused.reason());
    }
}

}  // namespace fourchess
