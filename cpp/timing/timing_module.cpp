// fourchess._timing: the bare C++ cost of the work behind one Python API call, timed in a C++ loop
// with no Python in it. It is the denominator of the "Python call / C++ alone" ratio that
// `fourchess bench` and bench/ report, kept out of the binding, which only translates.
#include <pybind11/pybind11.h>

#include <chrono>
#include <cstdint>
#include <string>

#include "fourchess/fen4.h"
#include "fourchess/game.h"
#include "fourchess/movegen.h"

namespace py = pybind11;
using namespace fourchess;

namespace {

enum class Op { LEGAL_MOVES, PUSH_POP, PARSE, FEN4, COPY };

Op op_named(const std::string& name) {
    if (name == "legal_moves") return Op::LEGAL_MOVES;
    if (name == "push_pop") return Op::PUSH_POP;
    if (name == "parse") return Op::PARSE;
    if (name == "fen4") return Op::FEN4;
    if (name == "copy") return Op::COPY;
    throw py::value_error("op must be legal_moves, push_pop, parse, fen4 or copy, got '" + name.substr(0, 40) + "'");
}

// Seconds per call of `op` on the position `fen4`, the mean of `iterations` calls.
double bare_cost(const std::string& fen4, bool ffa, const std::string& op_name, int iterations) {
    const Op op = op_named(op_name);
    if (iterations < 1) throw py::value_error("iterations must be at least 1, got " + std::to_string(iterations));
    Rules rules;
    rules.mode = ffa ? Mode::FFA : Mode::TEAMS;
    Position pos;
    try {
        pos = read_fen4(fen4, rules);
    } catch (const Fen4Error& error) {
        throw py::value_error(error.what());
    }
    MoveList list;
    generate_legal(pos, list);
    if (op == Op::PUSH_POP && list.size == 0) throw py::value_error("push_pop needs a position with a legal move");
    py::gil_scoped_release release;
    Game game(pos, rules);
    std::uint64_t sink = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) {
        switch (op) {
            case Op::LEGAL_MOVES:
                generate_legal(pos, list);
                sink += static_cast<std::uint64_t>(list.size);
                break;
            case Op::PUSH_POP:
                game.push(legal_move_matching(game.position(), list.moves[0]));
                sink += game.pop().move.bits();
                break;
            case Op::PARSE: sink += read_fen4(fen4, rules.mode).key; break;
            case Op::FEN4: sink += write_fen4(pos).size(); break;
            case Op::COPY: {
                Game copy = game;
                sink += copy.position().key;
                break;
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    static volatile std::uint64_t keep;  // so that the loop is not optimised away
    keep = sink;
    return seconds / iterations;
}

}  // namespace

PYBIND11_MODULE(_timing, m) {
    m.doc() = "The bare C++ cost of the work behind Python API calls (fourchess bench).";
    m.def("bare_cost", &bare_cost, py::arg("fen4"), py::arg("ffa"), py::arg("op"), py::arg("iterations"),
          "Seconds per call of op (legal_moves, push_pop, parse, fen4, copy) on the position, timed in C++.");
}
