// The stateless calls as Python sees them: every argument is converted to C++ values while the GIL
// is held; the FEN4 reading, the replay of the history, generation and FEN4 writing then run with
// the GIL released, on a Game local to the call, and the plain results become Python objects only
// after the GIL is taken back. Nothing is shared between calls, so any number of threads may call
// them at once. The Python layer (fourchess.stateless) checks mode and rules; this file converts.
// Also Board's steps as text: _push_step, _push_steps, step_texts (with the GIL held, as every
// call that changes or reads a Board).
#include "stateless_binding.h"

#include <pybind11/stl.h>

#include "arguments.h"
#include "py_game.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "fourchess/attacks.h"
#include "fourchess/fen4.h"
#include "fourchess/game.h"
#include "fourchess/movegen.h"
#include "fourchess/refusal.h"
#include "fourchess/rules.h"
#include "fourchess/steps.h"

namespace py = pybind11;
using namespace fourchess;

namespace fourchess_bindings {

namespace {

py::handle fen4_error_type;

std::string fen4_argument(const py::handle& value, const char* what) {
    return utf8_text(value, what, [](const std::string& quoted, const std::string& why) -> void {
        py::set_error(fen4_error_type, ("FEN4 text '" + quoted + "': " + why).c_str());
        throw py::error_already_set();
    });
}

// A history: any iterable of str but a str itself (whose characters would each be a step).
std::vector<std::string> steps_argument(const py::handle& value, const char* what) {
    if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || PyByteArray_Check(value.ptr()))
        throw py::type_error(std::string(what) + " must be a list of step texts, not a " + type_name(value));
    PyObject* iterator = PyObject_GetIter(value.ptr());
    if (!iterator) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be a list of step texts, got " + type_name(value));
    }
    py::iterator items = py::reinterpret_steal<py::iterator>(iterator);
    std::vector<std::string> steps;
    for (py::handle item : items) {
        const std::string name = std::string(what) + "[" + std::to_string(steps.size()) + "]";
        steps.push_back(
            utf8_text(item, name.c_str(), [&name](const std::string& quoted, const std::string& why) -> void {
                throw MoveTextError(MoveTextError::Kind::INVALID,
                                    name + ": invalid move text '" + quoted + "': " + why);
            }));
    }
    return steps;
}

// The replay's error, naming the entry of `what` that failed ("moves[3]: illegal move ...").
Game replayed(const std::string& fen4, const Rules& rules, const std::vector<std::string>& steps, const char* what) {
    Game game(read_fen4(fen4, rules), rules);
    try {
        replay(game, steps);
    } catch (const ReplayError& error) {
        throw MoveTextError(error.kind(),
                            std::string(what) + "[" + std::to_string(error.index()) + "]: " + error.what());
    }
    return game;
}

std::uint8_t seat_bits(const Position& pos, bool (*test)(const Position&, Seat)) {
    std::uint8_t bits = 0;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (test(pos, static_cast<Seat>(s))) bits |= static_cast<std::uint8_t>(1u << s);
    return bits;
}

// What status() reports, copied out of the replayed game before any Python object is made.
struct Status {
    int turn = 0;
    std::uint8_t checks = 0, eliminated = 0, walking = 0, winners = 0;
    std::int32_t points[SEAT_COUNT] = {};
    int moves_played = 0, ply_clock = 0;
    std::string fen4;
    Termination termination = Termination::NONE;
};

Status status_of(const Game& game) {
    const Position& pos = game.position();
    Status s;
    s.turn = pos.side_to_move;
    s.checks = seat_bits(pos, [](const Position& p, Seat seat) { return in_check(p, seat); });
    s.eliminated = pos.mode == Mode::TEAMS ? 0 : pos.eliminated;  // as Board.eliminated: Teams eliminates no one
    s.walking = pos.walking;
    for (int i = 0; i < SEAT_COUNT; ++i) s.points[i] = pos.points[i];
    s.moves_played = game.moves_played();
    s.ply_clock = pos.ply_clock;
    s.fen4 = write_fen4(pos);
    s.termination = termination_of(pos);
    s.winners = winners(pos, s.termination);
    return s;
}

}  // namespace

void bind_stateless(py::module_& m) {
    fen4_error_type = m.attr("Fen4Error");

    m.def(
        "_stateless_legal_moves",
        [](const py::object& fen4_arg, const py::object& moves_arg, const py::object& rules_arg) {
            const std::string fen4 = fen4_argument(fen4_arg, "fen4");
            const std::vector<std::string> moves = steps_argument(moves_arg, "moves");
            const Rules rules = rules_argument(rules_arg);
            std::vector<std::string> texts;
            {
                py::gil_scoped_release release;
                const Game game = replayed(fen4, rules, moves, "moves");
                MoveList list;
                generate_legal(game.position(), list);
                texts.reserve(static_cast<std::size_t>(list.size));
                for (Move mv : list) texts.push_back(move_text(mv));
                std::sort(texts.begin(), texts.end());
            }
            return texts;
        },
        py::arg("fen4"), py::arg("moves"), py::arg("rules"));

    m.def(
        "_stateless_apply",
        [](const py::object& fen4_arg, const py::object& moves_arg, const py::object& rules_arg) {
            const std::string fen4 = fen4_argument(fen4_arg, "fen4");
            const std::vector<std::string> moves = steps_argument(moves_arg, "moves");
            const Rules rules = rules_argument(rules_arg);
            std::string after;
            {
                py::gil_scoped_release release;
                after = write_fen4(replayed(fen4, rules, moves, "moves").position());
            }
            return after;
        },
        py::arg("fen4"), py::arg("moves"), py::arg("rules"));

    // (turn, check bits, points, eliminated bits, walking bits, moves played, ply clock, fen4,
    // termination or None, winner bits)
    m.def(
        "_stateless_status",
        [](const py::object& fen4_arg, const py::object& moves_arg, const py::object& rules_arg) {
            const std::string fen4 = fen4_argument(fen4_arg, "fen4");
            const std::vector<std::string> moves = steps_argument(moves_arg, "moves");
            const Rules rules = rules_argument(rules_arg);
            Status s;
            {
                py::gil_scoped_release release;
                s = status_of(replayed(fen4, rules, moves, "moves"));
            }
            const std::optional<Termination> termination =
                s.termination == Termination::NONE ? std::nullopt : std::optional<Termination>(s.termination);
            return py::make_tuple(static_cast<Seat>(s.turn), s.checks,
                                  py::make_tuple(s.points[0], s.points[1], s.points[2], s.points[3]), s.eliminated,
                                  s.walking, s.moves_played, s.ply_clock, s.fen4, termination, s.winners);
        },
        py::arg("fen4"), py::arg("moves"), py::arg("rules"));

    m.def(
        "_stateless_validate_fen4",
        [](const py::object& text_arg, const py::object& rules_arg) {
            const std::string text = fen4_argument(text_arg, "text");
            const Rules rules = rules_argument(rules_arg);
            std::string normalised;
            {
                py::gil_scoped_release release;
                normalised = write_fen4(read_fen4(text, rules));
            }
            return normalised;
        },
        py::arg("text"), py::arg("rules"));

    // (reason name or None, the legal move's engine text or None, message). A move text that is
    // not text at all (a lone surrogate) is unparseable, like any other unreadable move.
    m.def(
        "_stateless_check_move",
        [](const py::object& fen4_arg, const py::object& moves_arg, const py::object& move_arg, int seat,
           const py::object& rules_arg) {
            const std::string fen4 = fen4_argument(fen4_arg, "fen4");
            const std::vector<std::string> moves = steps_argument(moves_arg, "moves");
            std::string move;
            std::optional<std::string> unreadable;
            try {
                move = utf8_text(move_arg, "move", [](const std::string& quoted, const std::string& why) -> void {
                    throw MoveTextError(MoveTextError::Kind::INVALID, "invalid move text '" + quoted + "': " + why);
                });
            } catch (const MoveTextError& error) {
                unreadable = error.what();
            }
            const Rules rules = rules_argument(rules_arg);
            StepVerdict verdict;
            {
                py::gil_scoped_release release;
                const Game game = replayed(fen4, rules, moves, "moves");  // a bad history raises, whatever the move
                verdict =
                    unreadable ? StepVerdict{Refusal::UNPARSEABLE, "", *unreadable} : explain_step(game, move, seat);
            }
            if (verdict.refusal == Refusal::NONE)
                return py::tuple(py::make_tuple(py::none(), verdict.step, verdict.message));
            return py::tuple(py::make_tuple(refusal_name(verdict.refusal), py::none(), verdict.message));
        },
        py::arg("fen4"), py::arg("moves"), py::arg("move"), py::arg("seat"), py::arg("rules"));

    std::vector<std::string> refusal_names;
    for (int r = 1; r < REFUSAL_COUNT; ++r) refusal_names.push_back(refusal_name(static_cast<Refusal>(r)));
    m.attr("_REFUSAL_NAMES") = py::cast(refusal_names);  // fourchess.Refusal's values, checked by its tests

    auto board = py::reinterpret_borrow<py::class_<PyGame>>(m.attr("Board"));
    board.def(
        "_push_step",
        [](PyGame& pg, const py::object& text_arg) {
            const std::string text =
                utf8_text(text_arg, "step", [](const std::string& quoted, const std::string& why) -> void {
                    throw MoveTextError(MoveTextError::Kind::INVALID, "invalid step '" + quoted + "': " + why);
                });
            play_step_text(game(pg), text);
        },
        py::arg("text"));
    board.def(
        "_push_steps",
        [](PyGame& pg, const py::object& steps_arg, const std::string& what) {
            const std::vector<std::string> steps = steps_argument(steps_arg, what.c_str());
            try {
                replay(game(pg), steps);
            } catch (const ReplayError& error) {
                throw MoveTextError(error.kind(), what + "[" + std::to_string(error.index()) + "]: " + error.what());
            }
        },
        py::arg("steps"), py::arg("what"));
    board.def(
        "step_texts",
        [](const PyGame& pg) {
            std::vector<std::string> texts;
            for (const Step& step : game(pg).history()) texts.push_back(step_text(step));
            return texts;
        },
        "The history as texts that :meth:`push_step` and the stateless calls replay: each move's\n"
        "engine form (``\"h2-h4\"``), each other step's token (``\"resign:B\"``).");
}

}  // namespace fourchess_bindings
