// The Martian Chess evaluation's weights, in one place (centipoints: a captured pawn is 100).
#pragma once

namespace fourchess::martian {

struct EvalWeights {
    int point = 100;      // each point captured, the root's unit's against its rivals' mean
    int controlled = 12;  // each point of piece value standing in the unit's zone(s)
    int mobility = 2;     // each legal move of the side to move, from its own view
};

}  // namespace fourchess::martian
