// Pawn steps as whole-mask shifts: every pawn of a seat pushes (or captures towards one side)
// by the same square-index offset, so all of a seat's pawn targets come from one shift.
#pragma once

#include "fourchess/geometry.h"
#include "fourchess/mask.h"

namespace fourchess {

// One kind of pawn step for one seat: the index offset, and the squares from which that step
// stays on the board (so a shift never wraps to the far side of the board or into a corner).
struct PawnStep {
    int offset = 0;
    Mask256 from;
};

struct PawnSteps {
    PawnStep push[SEAT_COUNT];
    PawnStep capture[SEAT_COUNT][2];
};

namespace detail {

constexpr PawnStep make_pawn_step(const Square (&target)[GRID_SQUARES]) {
    PawnStep step;
    for (int s = 0; s < GRID_SQUARES; ++s) {
        if (target[s] == NO_SQUARE) continue;
        step.offset = target[s] - s;
        step.from.set(static_cast<Square>(s));
    }
    return step;
}

constexpr PawnSteps build_pawn_steps() {
    PawnSteps steps{};
    for (int seat = 0; seat < SEAT_COUNT; ++seat) {
        steps.push[seat] = make_pawn_step(GEOMETRY.pawn_push[seat]);
        for (int side = 0; side < 2; ++side) {
            Square target[GRID_SQUARES] = {};
            for (int s = 0; s < GRID_SQUARES; ++s) target[s] = GEOMETRY.pawn_capture[seat][s][side];
            steps.capture[seat][side] = make_pawn_step(target);
        }
    }
    return steps;
}

}  // namespace detail

inline constexpr PawnSteps PAWN_STEPS = detail::build_pawn_steps();

// The squares of `m`, each moved by Offset (|Offset| < 64) square indices. A compile-time offset
// makes each word two constant shifts and an or (a run-time one costs a shift count per word).
template <int Offset>
[[gnu::always_inline]] constexpr Mask256 shifted(const Mask256& m) {
    static_assert(Offset != 0 && Offset > -64 && Offset < 64, "a pawn step moves less than a word");
    Mask256 r;
    if constexpr (Offset > 0) {
        constexpr int back = 64 - Offset;
        r.w[3] = (m.w[3] << Offset) | (m.w[2] >> back);
        r.w[2] = (m.w[2] << Offset) | (m.w[1] >> back);
        r.w[1] = (m.w[1] << Offset) | (m.w[0] >> back);
        r.w[0] = m.w[0] << Offset;
    } else {
        constexpr int k = -Offset, back = 64 - k;
        r.w[0] = (m.w[0] >> k) | (m.w[1] << back);
        r.w[1] = (m.w[1] >> k) | (m.w[2] << back);
        r.w[2] = (m.w[2] >> k) | (m.w[3] << back);
        r.w[3] = m.w[3] >> k;
    }
    return r;
}

}  // namespace fourchess
