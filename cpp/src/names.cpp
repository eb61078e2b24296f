// Square and piece names, the start positions' FEN4 text, and FEN4 errors quoting the text they name.
#include <cctype>

#include "fourchess/fen4.h"

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

Fen4Error::Fen4Error(std::string field, std::string text, const std::string& reason)
    : std::invalid_argument("FEN4 " + field + " '" + quoted(text) + "': " + reason), field_(std::move(field)), text_(std::move(text)) {}

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

std::string quoted(std::string_view text) {
    // Characters are counted as UTF-8 lead bytes, so the prefix never splits one.
    std::size_t characters = 0, cut = text.size();
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
        if (characters == QUOTED_CHARACTERS) cut = i;
        ++characters;
    }
    if (characters <= QUOTED_CHARACTERS) return printable(std::string(text));
    return printable(std::string(text.substr(0, cut))) + "... (" + std::to_string(characters) + " characters)";
}

namespace {
constexpr char CELL_LETTERS[] = " PNBRQKD";  // by type, then D for the 1-point queen
constexpr char DEAD_COLOUR = 'd';  // the colour prefix of a dead piece, which belongs to no seat
}  // namespace

std::string piece_symbol(Piece p) {
    const char letter = p.is_one_point() ? 'D' : CELL_LETTERS[p.type()];
    return std::string(1, p.is_dead() ? DEAD_COLOUR : colour_letter(p.seat())) + letter;
}

Piece parse_piece_symbol(std::string_view text) {
    if (text.size() != 2) return Piece();
    const bool dead = text[0] == DEAD_COLOUR;
    const int seat = dead ? -1 : seat_of_colour(text[0]);
    const std::size_t letter = std::string_view(CELL_LETTERS).find(text[1]);
    if ((!dead && seat < 0) || letter == std::string_view::npos || letter == 0) return Piece();
    const bool one_point = text[1] == 'D';
    const PieceType type = one_point ? QUEEN : static_cast<PieceType>(letter);
    return dead ? Piece::dead_piece(type, one_point) : Piece::live(static_cast<Seat>(seat), type, one_point);
}

std::string square_name(Square s) {
    if (!is_on_board(s)) return "??";
    std::string name(1, static_cast<char>('a' + file_of(s)));
    const int rank = rank_of(s) + 1;
    if (rank >= 10) name += '1';
    name += static_cast<char>('0' + rank % 10);
    return name;
}

Square parse_square(std::string_view text) {
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

Position start_position(Setup setup, Mode mode) {
    return read_fen4(setup == Setup::MODERN ? MODERN_START_FEN4 : CLASSIC_START_FEN4, mode);
}

}  // namespace fourchess
