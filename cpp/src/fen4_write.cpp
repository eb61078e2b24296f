// Writing FEN4 in the x-corner dialect, from the position's Setup, into one buffer (no temporary
// strings per cell).
#include "fourchess/fen4.h"
#include "fourchess/names.h"
#include "fourchess/setup.h"

namespace fourchess {

namespace {

void append_number(std::string& out, long value) {
    if (value < 0) {
        out += '-';
        value = -value;
    }
    char digits[20];
    int n = 0;
    do {
        digits[n++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value);
    while (n) out += digits[--n];
}

void append_flags(std::string& out, std::uint8_t bits) {
    for (int s = 0; s < 4; ++s) {
        if (s) out += ',';
        out += (bits >> s) & 1 ? '1' : '0';
    }
}

void append_square(std::string& out, Square s) {
    out += static_cast<char>('a' + file_of(s));
    append_number(out, rank_of(s) + 1);
}

void append_extras(std::string& out, const Setup& setup) {
    const std::size_t start = out.size();
    bool any_en_passant = false;
    for (const EnPassant& e : setup.en_passant) any_en_passant |= e.active();
    if (any_en_passant) {
        out += "'enPassant':(";
        for (int s = 0; s < 4; ++s) {
            const EnPassant& e = setup.en_passant[s];
            out += s ? ",'" : "'";
            if (e.active()) {
                append_square(out, e.skipped);
                out += ':';
                append_square(out, e.pawn);
            }
            out += '\'';
        }
        out += ')';
    }
    for (const auto& [name, bits] :
         {std::pair<const char*, std::uint8_t>{"resigned", setup.resigned}, {"flagged", setup.flagged}}) {
        if (!bits) continue;
        if (out.size() > start) out += ',';
        out += '\'';
        out += name;
        out += "':(";
        for (int s = 0; s < 4; ++s) {
            if (s) out += ',';
            out += (bits >> s) & 1 ? "true" : "false";
        }
        out += ')';
    }
    if (out.size() > start) {
        out.insert(start, 1, '{');
        out += "}-";
    }
}

void append_rank(std::string& out, const Setup& setup, int rank) {
    int run = 0;
    bool first = true;
    auto separate = [&] {
        if (!first) out += ',';
        first = false;
    };
    auto flush_run = [&] {
        if (!run) return;
        separate();
        append_number(out, run);
        run = 0;
    };
    for (int file = 0; file < BOARD_SIDE; ++file) {
        if (!on_board(file, rank)) {
            flush_run();
            separate();
            out += 'x';
            continue;
        }
        const Piece p = setup.board[make_square(file, rank)];
        if (p.empty()) {
            ++run;
            continue;
        }
        flush_run();
        separate();
        out += colour_letter(p);
        out += type_letter(p);
    }
    flush_run();
}

}  // namespace

std::string write_fen4(const Position& pos) {
    const Setup setup = setup_of(pos);
    std::uint8_t short_flags = 0, long_flags = 0;
    for (int s = 0; s < 4; ++s) {
        if (setup.castling & castling_bit(static_cast<Seat>(s), SHORT))
            short_flags |= static_cast<std::uint8_t>(1u << s);
        if (setup.castling & castling_bit(static_cast<Seat>(s), LONG)) long_flags |= static_cast<std::uint8_t>(1u << s);
    }
    std::string out;
    out.reserve(512);
    out += seat_letter(setup.side_to_move);
    out += '-';
    append_flags(out, setup.dead);
    out += '-';
    append_flags(out, short_flags);
    out += '-';
    append_flags(out, long_flags);
    out += '-';
    for (int s = 0; s < 4; ++s) {
        if (s) out += ',';
        append_number(out, setup.points[s]);
    }
    out += '-';
    append_number(out, setup.ply_clock);
    out += '-';
    append_extras(out, setup);
    for (int rank = BOARD_SIDE - 1; rank >= 0; --rank) {
        append_rank(out, setup, rank);
        if (rank) out += '/';
    }
    return out;
}

}  // namespace fourchess
