#include "fourchess/fen4.h"

#include <cctype>
#include <vector>

#include "fourchess/rules.h"

namespace fourchess {

const char* const MODERN_START_FEN4 =
    "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-"
    "x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/"
    "bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/"
    "bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/"
    "x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
const char* const CLASSIC_START_FEN4 =
    "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-"
    "x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/"
    "bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/"
    "bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/"
    "x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

namespace {

constexpr char SEAT_LETTERS[] = "RBYG";
constexpr char COLOUR_LETTERS[] = "rbyg";
constexpr char PIECE_LETTERS[] = " PNBRQK";
constexpr int MAX_POINTS = 1000000;
constexpr int MAX_PLY_CLOCK = 65535;

Fen4Error error(const std::string& field, const std::string& text, const std::string& reason) {
    return Fen4Error(field, text, reason);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts(1);
    for (char c : s) {
        if (c == sep) parts.emplace_back();
        else parts.back() += c;
    }
    return parts;
}

int parse_int(const std::string& field, const std::string& text, int max_value) {
    if (text.empty() || text.size() > 9) throw error(field, text, "expected a non-negative integer");
    for (char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c))) throw error(field, text, "expected a non-negative integer");
    int v = std::stoi(text);
    if (v > max_value) throw error(field, text, "is larger than " + std::to_string(max_value));
    return v;
}

// Four comma-separated values, e.g. "1,0,1,1".
std::vector<std::string> four(const std::string& field, const std::string& text) {
    auto parts = split(text, ',');
    if (parts.size() != 4) throw error(field, text, "expected 4 comma-separated values (Red, Blue, Yellow, Green)");
    return parts;
}

std::uint8_t parse_flags(const std::string& field, const std::string& text) {
    std::uint8_t bits = 0;
    auto parts = four(field, text);
    for (int s = 0; s < 4; ++s) {
        if (parts[s] == "1") bits |= static_cast<std::uint8_t>(1u << s);
        else if (parts[s] != "0") throw error(field, text, "flags must be 0 or 1, got '" + printable(parts[s]) + "'");
    }
    return bits;
}

std::uint8_t parse_bools(const std::string& field, const std::string& text) {
    std::uint8_t bits = 0;
    auto parts = four(field, text);
    for (int s = 0; s < 4; ++s) {
        std::string v;
        for (char c : parts[s]) v += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (v == "true" || v == "1") bits |= static_cast<std::uint8_t>(1u << s);
        else if (v != "false" && v != "0") throw error(field, text, "expected true/false, got '" + printable(parts[s]) + "'");
    }
    return bits;
}

int piece_type_of(char c) {
    if (c == 'D') return QUEEN;
    for (int t = PAWN; t <= KING; ++t)
        if (PIECE_LETTERS[t] == c) return t;
    return -1;
}

int seat_of_colour(char c) {
    for (int s = 0; s < 4; ++s)
        if (COLOUR_LETTERS[s] == c) return s;
    return -1;
}

struct Cell {
    bool removed = false;  // an 'x' cell
    int empty_run = 0;     // a run-length cell
    Piece piece;
};

// One rank's cells; commas are optional between cells (the Wikibooks dialect omits them).
std::vector<Cell> parse_rank(const std::string& rank_text, const std::string& field) {
    std::vector<Cell> cells;
    for (const std::string& chunk : split(rank_text, ',')) {
        if (chunk.empty()) throw error(field, rank_text, "has an empty cell");
        std::size_t i = 0;
        while (i < chunk.size()) {
            Cell cell;
            char c = chunk[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                std::size_t j = i;
                while (j < chunk.size() && std::isdigit(static_cast<unsigned char>(chunk[j]))) ++j;
                std::string digits = chunk.substr(i, j - i);
                int run = digits.size() > 2 ? 99 : std::stoi(digits);
                if (run < 1 || run > BOARD_SIDE) throw error(field, digits, "empty-square counts run from 1 to 14");
                cell.empty_run = run;
                i = j;
            } else if (c == 'x') {
                cell.removed = true;
                ++i;
            } else {
                std::string piece_text;
                bool dead = c == 'd';
                int seat = dead ? -1 : seat_of_colour(c);
                std::size_t j = i + 1;
                if (dead && j < chunk.size() && seat_of_colour(chunk[j]) >= 0) ++j;  // "drP": colour dropped
                if (!dead && seat < 0) throw error(field, chunk.substr(i), "expected a count, 'x' or a piece like 'rP' or 'dP'");
                if (j >= chunk.size()) throw error(field, chunk.substr(i), "a piece needs a type letter (P N B R Q K D)");
                int type = piece_type_of(chunk[j]);
                if (type < 0) throw error(field, chunk.substr(i, j - i + 1), "unknown piece letter (expected P N B R Q K D)");
                bool one_point = chunk[j] == 'D';
                cell.piece = dead ? Piece::dead_piece(static_cast<PieceType>(type), one_point)
                                  : Piece::live(static_cast<Seat>(seat), static_cast<PieceType>(type), one_point);
                i = j + 1;
            }
            cells.push_back(cell);
        }
    }
    return cells;
}

void read_board(Position& pos, const std::string& text) {
    auto ranks = split(text, '/');
    if (ranks.size() != BOARD_SIDE)
        throw error("board", text, "expected 14 ranks separated by '/', found " + std::to_string(ranks.size()));
    for (int i = 0; i < BOARD_SIDE; ++i) {
        const int rank = BOARD_SIDE - 1 - i;
        const std::string field = "board rank " + std::to_string(rank + 1);
        int file = 0;
        for (const Cell& cell : parse_rank(ranks[i], field)) {
            int width = cell.empty_run ? cell.empty_run : 1;
            if (file + width > BOARD_SIDE) throw error(field, ranks[i], "covers more than 14 squares");
            if (cell.removed && on_board(file, rank))
                throw error(field, ranks[i], "has 'x' on " + square_name(make_square(file, rank)) + ", which is a real square");
            if (!cell.removed && !cell.empty_run) {
                if (!on_board(file, rank)) throw error(field, ranks[i], "puts a piece on a removed corner square");
                Square s = make_square(file, rank);
                Piece p = cell.piece;
                if (p.is_live() && p.type() == KING && pos.king_square[p.seat()] != NO_SQUARE)
                    throw error(field, ranks[i], std::string("a second live king for ") + SEAT_LETTERS[p.seat()]);
                pos.put_piece(s, p);
            }
            file += width;
        }
        if (file != BOARD_SIDE) throw error(field, ranks[i], "covers " + std::to_string(file) + " squares, expected 14");
    }
}

// The only extras read are enPassant, resigned and flagged, e.g.
// {'enPassant':('','c4:d4','',''),'resigned':(false,false,true,false)}
struct Extras {
    std::string en_passant[4];
    std::uint8_t resigned = 0;
    std::uint8_t flagged = 0;
};

Extras read_extras(const std::string& text) {
    Extras extras;
    const std::string field = "extras";
    if (text.size() < 2 || text.front() != '{' || text.back() != '}') throw error(field, text, "expected {...}");
    std::string body = text.substr(1, text.size() - 2);
    std::size_t i = 0;
    while (i < body.size()) {
        std::size_t colon = body.find(':', i);
        if (colon == std::string::npos) throw error(field, text, "expected 'key':(...)");
        std::string key = body.substr(i, colon - i);
        if (key.size() < 2 || key.front() != '\'' || key.back() != '\'') throw error(field, key, "keys are quoted like 'enPassant'");
        key = key.substr(1, key.size() - 2);
        if (colon + 1 >= body.size() || body[colon + 1] != '(') throw error(field, key, "value must be a tuple (...)");
        std::size_t close = body.find(')', colon);
        if (close == std::string::npos) throw error(field, text, "unclosed '('");
        std::string value = body.substr(colon + 2, close - colon - 2);
        if (key == "enPassant") {
            auto parts = four("extras enPassant", value);
            for (int s = 0; s < 4; ++s) {
                const std::string& q = parts[s];
                if (q.size() < 2 || q.front() != '\'' || q.back() != '\'')
                    throw error("extras enPassant", value, "entries are quoted strings like 'c4:d4' or ''");
                extras.en_passant[s] = q.substr(1, q.size() - 2);
            }
        } else if (key == "resigned" || key == "flagged") {
            (key == "resigned" ? extras.resigned : extras.flagged) |= parse_bools("extras " + key, value);
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

void apply_en_passant(Position& pos, const Extras& extras) {
    for (int s = 0; s < 4; ++s) {
        const std::string& entry = extras.en_passant[s];
        if (entry.empty()) continue;
        const std::string field = std::string("extras enPassant ") + SEAT_LETTERS[s];
        auto parts = split(entry, ':');
        if (parts.size() != 2) throw error(field, entry, "expected skipped:pawn squares like 'c4:d4'");
        Square skipped = parse_square(parts[0]), pawn = parse_square(parts[1]);
        if (skipped == NO_SQUARE || pawn == NO_SQUARE) throw error(field, entry, "names a square that is not on the board");
        Seat seat = static_cast<Seat>(s);
        bool from_home = false;
        for (Square home : GEOMETRY.pawn_home[seat]) from_home |= GEOMETRY.pawn_push[seat][home] == skipped;
        if (!from_home || GEOMETRY.pawn_push[seat][skipped] != pawn)
            throw error(field, entry, "is not a double step of this seat's pawn from its home line");
        if (pos.board[pawn] != Piece::live(seat, PAWN))
            throw error(field, entry, std::string("has no ") + COLOUR_LETTERS[s] + "P on " + parts[1]);
        pos.en_passant[s] = EnPassant{skipped, pawn};
    }
}

void validate(Position& pos, const Extras& extras, bool dead_king_walking) {
    for (int s = 0; s < 4; ++s) {
        if (pos.live_by_seat[s].popcount() > MAX_LIVE_PIECES_PER_SEAT)
            throw error("board", std::string(1, COLOUR_LETTERS[s]) + " pieces",
                        "a seat may have at most " + std::to_string(MAX_LIVE_PIECES_PER_SEAT) + " live pieces");
    }
    pos.resigned = extras.resigned;
    pos.flagged = extras.flagged;
    const std::uint8_t left = extras.resigned | extras.flagged;
    if (pos.mode == Mode::TEAMS) {
        pos.eliminated |= left;
        return;
    }
    // FFA (fine point 7): flagged seats and seats without a live king are out, their pieces dead;
    // a resigned or flagged seat whose king is written live keeps it walking (README decision 9).
    Undo scratch;
    for (int s = 0; s < 4; ++s) {
        Seat seat = static_cast<Seat>(s);
        bool has_king = pos.king_square[s] != NO_SQUARE;
        bool out = (pos.eliminated | left) & (1u << s) || !has_king;
        pos.eliminated &= static_cast<std::uint8_t>(~(1u << s));
        if (out) pos.eliminate(seat, scratch, dead_king_walking && has_king && (left & (1u << s)));
    }
}

}  // namespace

Fen4Error::Fen4Error(std::string field, std::string text, const std::string& reason)
    : std::invalid_argument("FEN4 " + field + " '" + printable(text) + "': " + reason), field_(std::move(field)), text_(std::move(text)) {}

std::string printable(const std::string& text) {
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        // Length of a well-formed UTF-8 sequence starting here (0: not one).
        std::size_t length = c >= 0x20 && c < 0x7F ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        for (std::size_t k = 1; k < length; ++k)
            if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) length = 0;
        if (length && c != '\\') {
            out.append(text, i, length);
            i += length;
        } else {
            out += "\\x";
            out += HEX[c >> 4];
            out += HEX[c & 15];
            ++i;
        }
    }
    return out;
}

std::string square_name(Square s) {
    if (!is_on_board(s)) return "??";
    return std::string(1, static_cast<char>('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
}

Square parse_square(const std::string& text) {
    if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'n') return NO_SQUARE;
    int rank = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return NO_SQUARE;
        rank = rank * 10 + (text[i] - '0');
    }
    if (text[1] == '0' || rank < 1 || rank > BOARD_SIDE) return NO_SQUARE;
    int file = text[0] - 'a';
    return on_board(file, rank - 1) ? make_square(file, rank - 1) : NO_SQUARE;
}

Position read_fen4(const std::string& raw, Mode mode) {
    Rules rules;
    rules.mode = mode;
    return read_fen4(raw, rules);
}

Position read_fen4(const std::string& raw, const Rules& rules) {
    const Mode mode = rules.mode;
    std::string text;
    for (char c : raw)
        if (!std::isspace(static_cast<unsigned char>(c))) text += c;
    if (text.empty()) throw error("text", raw, "is empty");

    // Extras may contain anything but braces; cut them out before splitting on '-'.
    std::string extras_text;
    std::size_t open = text.find('{');
    if (open != std::string::npos) {
        std::size_t close = text.find('}', open);
        if (close == std::string::npos) throw error("extras", text.substr(open), "has no closing '}'");
        if (open == 0 || text[open - 1] != '-' || close + 1 >= text.size() || text[close + 1] != '-')
            throw error("extras", text.substr(open, close - open + 1), "must stand between '-' separators before the board");
        extras_text = text.substr(open, close - open + 1);
        text.erase(open - 1, close - open + 2);
    }
    auto fields = split(text, '-');
    if (fields.size() != 7)
        throw error("text", raw, "expected turn-dead-castleShort-castleLong-points-plyclock[-{extras}]-board, found " +
                                     std::to_string(fields.size()) + " '-'-separated fields");

    Position pos;
    pos.clear();
    pos.mode = mode;
    pos.points_lead_ends_game = rules.points_lead_ends_game;
    const std::string& turn = fields[0];
    if (turn.size() != 1 || std::string("RBYG").find(turn[0]) == std::string::npos)
        throw error("turn", turn, "expected one of R, B, Y, G");
    pos.side_to_move = static_cast<Seat>(std::string("RBYG").find(turn[0]));
    pos.eliminated = parse_flags("dead", fields[1]);
    std::uint8_t short_flags = parse_flags("castleShort", fields[2]);
    std::uint8_t long_flags = parse_flags("castleLong", fields[3]);
    for (int s = 0; s < 4; ++s) {
        if (short_flags & (1u << s)) pos.castling |= castling_bit(static_cast<Seat>(s), SHORT);
        if (long_flags & (1u << s)) pos.castling |= castling_bit(static_cast<Seat>(s), LONG);
    }
    auto points = four("points", fields[4]);
    for (int s = 0; s < 4; ++s) pos.points[s] = parse_int("points", points[s], MAX_POINTS);
    pos.ply_clock = static_cast<std::uint16_t>(parse_int("plyclock", fields[5], MAX_PLY_CLOCK));
    Extras extras = extras_text.empty() ? Extras{} : read_extras(extras_text);
    read_board(pos, fields[6]);
    apply_en_passant(pos, extras);
    validate(pos, extras, rules.dead_king_walking);
    // Entries of seats that are out no longer apply (fine point 5).
    for (int s = 0; s < 4; ++s)
        if (pos.is_eliminated(static_cast<Seat>(s))) pos.en_passant[s] = EnPassant{};
    pos.termination = standing_termination(pos);
    if (mode == Mode::FFA && !pos.game_over() && !pos.takes_turns(pos.side_to_move))
        throw error("turn", turn, "the side to move is eliminated");
    pos.key = pos.compute_key();
    return pos;
}

namespace {

std::string piece_text(Piece p) {
    char letter = p.is_one_point() ? 'D' : PIECE_LETTERS[p.type()];
    return std::string(1, p.is_dead() ? 'd' : COLOUR_LETTERS[p.seat()]) + letter;
}

std::string flags_text(std::uint8_t bits) {
    std::string s;
    for (int i = 0; i < 4; ++i) s += std::string(i ? "," : "") + ((bits >> i) & 1 ? "1" : "0");
    return s;
}

}  // namespace

std::string write_fen4(const Position& pos) {
    std::uint8_t short_flags = 0, long_flags = 0;
    for (int s = 0; s < 4; ++s) {
        if (pos.castling & castling_bit(static_cast<Seat>(s), SHORT)) short_flags |= static_cast<std::uint8_t>(1u << s);
        if (pos.castling & castling_bit(static_cast<Seat>(s), LONG)) long_flags |= static_cast<std::uint8_t>(1u << s);
    }
    std::string out(1, SEAT_LETTERS[pos.side_to_move]);
    out += "-" + flags_text(pos.eliminated) + "-" + flags_text(short_flags) + "-" + flags_text(long_flags) + "-";
    for (int s = 0; s < 4; ++s) out += (s ? "," : "") + std::to_string(pos.points[s]);
    out += "-" + std::to_string(pos.ply_clock) + "-";
    std::string extras;
    bool any_en_passant = false;
    for (const EnPassant& e : pos.en_passant) any_en_passant |= e.active();
    if (any_en_passant) {
        extras += "'enPassant':(";
        for (int s = 0; s < 4; ++s) {
            const EnPassant& e = pos.en_passant[s];
            extras += std::string(s ? "," : "") + "'" + (e.active() ? square_name(e.skipped) + ":" + square_name(e.pawn) : "") + "'";
        }
        extras += ")";
    }
    for (const auto& [name, bits] : {std::pair<const char*, std::uint8_t>{"resigned", pos.resigned}, {"flagged", pos.flagged}}) {
        if (!bits) continue;
        extras += std::string(extras.empty() ? "" : ",") + "'" + name + "':(";
        for (int s = 0; s < 4; ++s) extras += std::string(s ? "," : "") + ((bits >> s) & 1 ? "true" : "false");
        extras += ")";
    }
    if (!extras.empty()) out += "{" + extras + "}-";
    for (int rank = BOARD_SIDE - 1; rank >= 0; --rank) {
        std::string row;
        int run = 0;
        auto cell = [&](const std::string& c) {
            if (run) { row += (row.empty() ? "" : ",") + std::to_string(run); run = 0; }
            row += (row.empty() ? "" : ",") + c;
        };
        for (int file = 0; file < BOARD_SIDE; ++file) {
            if (!on_board(file, rank)) { cell("x"); continue; }
            Piece p = pos.board[make_square(file, rank)];
            if (p.empty()) ++run;
            else cell(piece_text(p));
        }
        if (run) row += (row.empty() ? "" : ",") + std::to_string(run);
        out += row + (rank ? "/" : "");
    }
    return out;
}

Position start_position(Setup setup, Mode mode) {
    return read_fen4(setup == Setup::MODERN ? MODERN_START_FEN4 : CLASSIC_START_FEN4, mode);
}

}  // namespace fourchess
