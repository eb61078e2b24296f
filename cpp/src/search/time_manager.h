// How long one move may take: a soft limit (do not start another iteration past it) and a hard
// one (stop in the middle of an iteration), from movetime or the mover's clock and increment.
#pragma once

#include "fourchess/search.h"

namespace fourchess {

struct TimeBudget {
    double soft = 0;  // seconds; 0 = no limit
    double hard = 0;
    bool limited() const { return hard > 0; }
};

TimeBudget budget_for(const SearchLimits& limits, Seat mover);

}  // namespace fourchess
