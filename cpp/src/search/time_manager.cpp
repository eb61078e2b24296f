#include "time_manager.h"

#include <algorithm>

namespace fourchess {

namespace {

// A four-player game runs to about a hundred moves per seat and is decided in its middle: plan
// for this many more moves of our own, so that early moves get a fair share of the clock.
constexpr double MOVES_TO_PLAN_FOR = 30;
// Kept back on every move for the time between our answer and the server's clock (pipes,
// process scheduling): a move sent this late still counts as in time.
constexpr double OVERHEAD_SECONDS = 0.03;
// Never less than this, so a nearly flagged seat still answers with a searched move.
constexpr double MINIMUM_SECONDS = 0.005;

}  // namespace

TimeBudget budget_for(const SearchLimits& limits, Seat mover) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    if (limits.movetime > 0) {
        budget.soft = budget.hard = limits.movetime;
        return budget;
    }
    const double left = limits.clock[mover];
    if (left < 0) return budget;
    const double increment = std::max(0.0, limits.increment[mover]);
    // What may be spent without risk: the clock less the overhead, and never all of it.
    const double usable = std::max(MINIMUM_SECONDS, left - OVERHEAD_SECONDS);
    budget.soft = std::min(usable * 0.5, left / MOVES_TO_PLAN_FOR + increment * 0.75);
    budget.hard = std::min(usable * 0.8, std::max(budget.soft * 4, budget.soft + increment));
    budget.soft = std::max(MINIMUM_SECONDS, std::min(budget.soft, budget.hard));
    budget.hard = std::max(budget.soft, budget.hard);
    return budget;
}

}  // namespace fourchess
