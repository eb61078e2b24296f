// Square and piece names, and input quoted in error messages.
#include "fourchess/names.h"

#include <cctype>

#include "fourchess/geometry.h"

namespace fourchess {

std::string printable(const std::string& text) {
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        // Length of a well-formed UTF-8 sequence starting here (0: not one).
        std::size_t length = c >= 0x20 && c < 0x7F    ? 1
                             : c >= 0xC2 && c <= 0xDF ? 2
                             : c >= 0xE0 && c <= 0xEF ? 3
                             : c >= 0xF0 && c <= 0xF4 ? 4
                                                      : 0;
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

std::string piece_symbol(Piece p) { return {colour_letter(p), type_letter(p)}; }

Piece parse_piece_symbol(std::string_view text) {
    if (text.size() != 2) return Piece();
    const PieceType type = type_of_letter(text[1]);
    const bool one_point = text[1] == 'D';
    if (type == NO_PIECE_TYPE) return Piece();
    if (text[0] == 'd') return Piece::dead_piece(type, one_point);
    const int seat = seat_of_colour(text[0]);
    return seat < 0 ? Piece() : Piece::live(static_cast<Seat>(seat), type, one_point);
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

}  // namespace fourchess
