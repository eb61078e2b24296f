// A seat's frame: the cross board turned so that the seat sits at the bottom and its pawns move up
// the ranks, as Red's do. What a learner sees and chooses is in the frame of the seat it plays for,
// so one network serves all four seats (in the modern setup every army then starts on the same
// squares, king on h1). The four turns are rotations, never mirror images: the cross maps onto
// itself and the playable squares onto the playable squares.
#pragma once

#include "fourchess/types.h"

namespace fourchess::encoding {

// The square of `seat`'s frame that shows the board's square `s`.
constexpr Square to_frame(Seat seat, Square s) {
    const int f = file_of(s), r = rank_of(s), last = BOARD_SIDE - 1;
    switch (seat) {
        case BLUE: return make_square(last - r, f);  // Blue moves up the files: a quarter turn
        case YELLOW: return make_square(last - f, last - r);
        case GREEN: return make_square(r, last - f);
        default: return s;
    }
}

// The board's square that `seat`'s frame shows at `s`: the turn back.
constexpr Square from_frame(Seat seat, Square s) { return to_frame(static_cast<Seat>((SEAT_COUNT - seat) & 3), s); }

// Seat `other` as `seat` sees it: 0 itself, 1 the next to move after it, 2 across, 3 the previous.
constexpr int relative_seat(Seat seat, Seat other) { return (other - seat) & 3; }

static_assert(to_frame(BLUE, make_square(0, 6)) == make_square(7, 0), "Blue's king a7 is h1 in its frame");
static_assert(to_frame(YELLOW, make_square(6, 13)) == make_square(7, 0), "Yellow's king g14 is h1 in its frame");
static_assert(to_frame(GREEN, make_square(13, 7)) == make_square(7, 0), "Green's king n8 is h1 in its frame");
static_assert(from_frame(BLUE, to_frame(BLUE, 37)) == 37 && from_frame(GREEN, to_frame(GREEN, 101)) == 101,
              "from_frame turns back what to_frame turned");

}  // namespace fourchess::encoding
