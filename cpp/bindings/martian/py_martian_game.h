// The Martian Chess Game as Python holds it, shared by the _martian module's translation units.
// The marker tells a constructed game from storage that Board.__new__ allocated but no __init__
// filled (a failed __init__ leaves such an object behind, reachable from the traceback): the
// latter is refused, never read, as fourchess._core's PyGame does for the four-player Board.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include "fourchess/martian/game.h"

struct PyMartianGame : fourchess::martian::Game {
    static constexpr std::uint64_t ALIVE = 0x4D41525449414E32ull;
    std::uint64_t marker = ALIVE;
    PyMartianGame(const fourchess::martian::Position& root, const fourchess::martian::Rules& rules)
        : Game(root, rules) {}
    PyMartianGame(const PyMartianGame& other) : Game(other) {}
    // A volatile store, so the compiler cannot drop it as dead at the end of the lifetime.
    ~PyMartianGame() { *static_cast<volatile std::uint64_t*>(&marker) = 0; }
};

inline fourchess::martian::Game& game(PyMartianGame& g) {
    if (g.marker != PyMartianGame::ALIVE)
        throw pybind11::type_error("this Board was never initialised (call Board(...), not Board.__new__)");
    return g;
}
inline const fourchess::martian::Game& game(const PyMartianGame& g) { return game(const_cast<PyMartianGame&>(g)); }
