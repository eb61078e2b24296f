// The core Game as Python's Board holds it, shared by the binding's translation units.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include "fourchess/game.h"

namespace fourchess_bindings {

using fourchess::Game;
using fourchess::Position;
using fourchess::Rules;

// The core Game as Python holds it. The marker tells a constructed object from storage that
// Board.__new__ allocated but no __init__ filled: the latter is refused, never read.
struct PyGame : Game {
    static constexpr std::uint64_t ALIVE = 0x46434845535334ull;
    std::uint64_t marker = ALIVE;
    PyGame(const Position& root, const Rules& rules) : Game(root, rules) {}
    PyGame(const PyGame& other) : Game(other) {}
    // A volatile store, so the compiler cannot drop it as dead at the end of the lifetime.
    ~PyGame() { *static_cast<volatile std::uint64_t*>(&marker) = 0; }
};

inline Game& game(PyGame& g) {
    if (g.marker != PyGame::ALIVE)
        throw pybind11::type_error("this Board was never initialised (call Board(...), not Board.__new__)");
    return g;
}
inline const Game& game(const PyGame& g) { return game(const_cast<PyGame&>(g)); }

}  // namespace fourchess_bindings
