// fourchess._martian: the Martian Chess game as Python sees it (a module of its own, beside
// fourchess._core): squares and moves as ints and (from, to) pairs, the
// core's refusals as exceptions carrying the field or rule they name. The Python layer
// (fourchess.martian) checks argument types and ranges before calling; perft copies the position
// and releases the GIL, so another thread may go on with the board meanwhile.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fourchess/martian/game.h"
#include "fourchess/martian/perft.h"
#include "fourchess/martian/search.h"
#include "fourchess/martian/text.h"
#include "py_martian_game.h"
#include "rl_binding.h"

namespace py = pybind11;
using namespace fourchess::martian;

namespace {

PyObject* fen_error_type = nullptr;
PyObject* invalid_move_type = nullptr;
PyObject* illegal_move_type = nullptr;

// An exception of `type` whose instance carries `attribute` = `value` (the field or rule).
void raise_with(PyObject* type, const std::string& message, const char* attribute, const char* value) {
    py::object error = py::reinterpret_borrow<py::object>(type)(message);
    error.attr(attribute) = value;
    PyErr_SetObject(type, error.ptr());  // a translator sets the error and returns
}

// A refused move: IllegalMoveError naming the rule.
class MoveRefused : public std::exception {
public:
    MoveRefused(Refusal reason, std::string message) : reason(reason), message(std::move(message)) {}
    const char* what() const noexcept override { return message.c_str(); }
    Refusal reason;
    std::string message;
};

std::pair<int, int> pair_of(Move m) { return {m.from, m.to}; }

std::vector<std::pair<int, int>> pairs(const Move* moves, int n) {
    std::vector<std::pair<int, int>> out;
    out.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out.push_back(pair_of(moves[i]));
    return out;
}

Square checked(int square) {
    if (square < 0 || square >= 64) throw py::value_error("a Martian square is 0..63 (rank * 8 + file)");
    return square;
}

int checked_players(int players) {
    if (players != 2 && players != 4) throw py::value_error("players must be 2 or 4");
    return players;
}

Move move_of(int from, int to) {
    return Move{static_cast<std::uint8_t>(checked(from)), static_cast<std::uint8_t>(checked(to))};
}

void check_perft(int depth, int threads) {
    if (depth < 0 || depth > 64) throw py::value_error("perft depth must be 0..64");
    if (threads < 1 || threads > 256) throw py::value_error("threads must be 1..256");
}

void push_checked(Game& game, int from, int to) {
    const Move m = move_of(from, to);
    const Refusal why = game.check(from, to);
    if (why != Refusal::OK) {
        std::string text = move_text(m);
        throw MoveRefused(why, text + " is refused: " + refusal_name(why) + " (docs/martian.md §6, decision 8)");
    }
    game.push(m);
}

// One search at a time per Searcher: a second caller gets RuntimeError, not a table torn under it.
struct PySearcher {
    Searcher searcher;
    std::mutex busy;
    explicit PySearcher(std::size_t hash_mb) : searcher(hash_mb) {}
};

py::tuple report_tuple(const SearchReport& r) {
    std::vector<std::pair<int, int>> pv;
    for (int i = 0; i < r.pv_length; ++i) pv.push_back(pair_of(r.pv[i]));
    py::object best = r.has_best ? py::cast(pair_of(r.best)) : py::none();
    return py::make_tuple(best, r.score, r.depth, r.nodes, r.seconds, pv);
}

py::tuple outcome_tuple(const Outcome& o) {
    py::list places;
    for (int seat = 0; seat < MAX_SEATS; ++seat) places.append(o.places[seat]);
    return py::make_tuple(termination_name(o.termination), o.winners, places);
}

}  // namespace

PYBIND11_MODULE(_martian, m) {
    m.doc() = "The Martian Chess core (private; use fourchess.martian).";
    fen_error_type = PyErr_NewExceptionWithDoc(
        "fourchess.martian.MartianFenError",
        "A Martian position text the rules refuse; `field` names the part that is wrong (fields, players,\n"
        "board, turn, scores, no_rejection).",
        PyExc_ValueError, nullptr);
    invalid_move_type = PyErr_NewExceptionWithDoc("fourchess.martian.InvalidMoveError",
                                                  "Text that is no Martian move: from-to with two square names.",
                                                  PyExc_ValueError, nullptr);
    illegal_move_type = PyErr_NewExceptionWithDoc(
        "fourchess.martian.IllegalMoveError",
        "A move the position refuses; `reason` names the rule (docs/martian.md §6, decision 8).", PyExc_ValueError,
        nullptr);
    m.attr("MartianFenError") = py::handle(fen_error_type);
    m.attr("InvalidMoveError") = py::handle(invalid_move_type);
    m.attr("IllegalMoveError") = py::handle(illegal_move_type);
    py::register_local_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const FenError& e) {
            raise_with(fen_error_type, e.what(), "field", field_name(e.field()));
        } catch (const MoveTextError& e) {
            py::set_error(invalid_move_type, e.what());
        } catch (const MoveRefused& e) {
            raise_with(illegal_move_type, e.message, "reason", refusal_name(e.reason));
        }
    });

    m.attr("START_2") = write_fen(start_position(2));
    m.attr("START_4") = write_fen(start_position(4));
    m.def("square_name", [](int s) { return square_name(checked(s)); }, py::arg("square"));
    m.def("parse_square", [](const std::string& name) { return parse_square(name); }, py::arg("name"));
    m.def("parse_move", [](const std::string& text) { return pair_of(parse_move(text)); }, py::arg("text"));
    m.def(
        "zone_owner", [](int players, int square) { return zone_owner(checked_players(players), checked(square)); },
        py::arg("players"), py::arg("square"));
    m.def(
        "on_board",
        [](int players, int square) {
            return square >= 0 && square < 64 && ((board_mask(checked_players(players)) >> square) & 1);
        },
        py::arg("players"), py::arg("square"));

    py::class_<PyMartianGame>(m, "Board",
                              "A Martian Chess game: a position and its history (wrapped by fourchess.martian.Board).")
        .def(py::init([](const std::string& fen, int move_limit, bool teams) {
                 Position root = read_fen(fen);
                 if (teams && root.players != 4) throw py::value_error("teams is a four-player option");
                 return PyMartianGame(root, Rules{move_limit > 0 ? move_limit : 0, teams});
             }),
             py::arg("mfen"), py::arg("move_limit"), py::arg("teams"))
        .def("_copy",
             [](const PyMartianGame& g) {
                 game(g);
                 return PyMartianGame(g);
             })
        .def(
            "mfen",
            [](const PyMartianGame& py_g) {
                const Game& g = game(py_g);
                return write_fen(g.position());
            },
            "The position text (docs/martian.md §5): players, board, seat to move, scores, no-rejection.")
        .def_property_readonly(
            "players",
            [](const PyMartianGame& py_g) {
                const Game& g = game(py_g);
                return g.position().players;
            },
            "2 or 4.")
        .def_property_readonly(
            "turn",
            [](const PyMartianGame& py_g) {
                const Game& g = game(py_g);
                return g.position().turn;
            },
            "The seat to move (0 moves first).")
        .def_property_readonly("_key",
                               [](const PyMartianGame& py_g) {
                                   const Game& g = game(py_g);
                                   return g.position().key;
                               })
        .def_property_readonly("_move_limit",
                               [](const PyMartianGame& py_g) {
                                   const Game& g = game(py_g);
                                   return g.rules().move_limit;
                               })
        .def_property_readonly("_teams",
                               [](const PyMartianGame& py_g) {
                                   const Game& g = game(py_g);
                                   return g.rules().teams;
                               })
        .def_property_readonly(
            "scores",
            [](const PyMartianGame& py_g) {
                const Game& g = game(py_g);
                const Position& p = g.position();
                return std::vector<int>(p.scores, p.scores + p.players);
            },
            "Each seat's points: the values of the pieces it captured.")
        .def("_kind_at",
             [](const PyMartianGame& py_g, int s) {
                 const Game& g = game(py_g);
                 return static_cast<int>(g.position().kind_at(checked(s)));
             })
        .def("_legal_moves",
             [](const PyMartianGame& py_g) {
                 const Game& g = game(py_g);
                 Move moves[MAX_MOVES];
                 return pairs(moves, g.legal_moves(moves));
             })
        .def("_refusal",
             [](const PyMartianGame& py_g, int from, int to) {
                 const Game& g = game(py_g);
                 return refusal_name(g.check(from, to));
             })
        .def("_push",
             [](PyMartianGame& py_g, int from, int to) {
                 Game& g = game(py_g);
                 push_checked(g, from, to);
             })
        .def("_pop",
             [](PyMartianGame& py_g) {
                 Game& g = game(py_g);
                 if (g.moves_made() == 0) throw py::index_error("pop from an empty move stack");
                 const Move m = g.move_at(g.moves_made() - 1);
                 g.pop();
                 return pair_of(m);
             })
        .def("_moves",
             [](const PyMartianGame& py_g) {
                 const Game& g = game(py_g);
                 std::vector<std::pair<int, int>> out;
                 for (int i = 0; i < g.moves_made(); ++i) out.push_back(pair_of(g.move_at(i)));
                 return out;
             })
        .def("_outcome",
             [](const PyMartianGame& py_g) {
                 const Game& g = game(py_g);
                 return outcome_tuple(g.outcome());
             })
        .def(
            "_perft",
            [](const PyMartianGame& py_g, int depth, int threads, bool bulk) {
                const Game& g = game(py_g);
                check_perft(depth, threads);
                const Position root = g.position();
                const Rules rules = g.rules();
                py::gil_scoped_release release;
                return perft(root, depth, rules, bulk, threads);
            },
            py::arg("depth"), py::arg("threads"), py::arg("bulk"))
        .def(
            "_divide",
            [](const PyMartianGame& py_g, int depth, int threads, std::optional<std::pair<int, int>> only) {
                const Game& g = game(py_g);
                check_perft(depth, threads);
                const Position root = g.position();
                const Rules rules = g.rules();
                std::optional<Move> move;
                if (only) move = move_of(only->first, only->second);
                std::vector<std::pair<Move, std::uint64_t>> counts;
                {
                    py::gil_scoped_release release;
                    counts = divide(root, depth, rules, threads, move ? &*move : nullptr);
                }
                std::vector<std::pair<std::pair<int, int>, std::uint64_t>> out;
                for (const auto& [m, n] : counts) out.emplace_back(pair_of(m), n);
                return out;
            },
            py::arg("depth"), py::arg("threads"), py::arg("only") = py::none());

    m.attr("MAX_SEARCH_DEPTH") = MAX_SEARCH_DEPTH;
    m.attr("WIN") = WIN;
    py::class_<PySearcher>(m, "Searcher", "The Martian Chess search (wrapped by fourchess.martian.search).")
        .def(py::init([](std::size_t hash_mb) {
                 if (hash_mb < 1 || hash_mb > 4096) throw py::value_error("hash_mb must be 1..4096");
                 return std::make_unique<PySearcher>(hash_mb);
             }),
             py::arg("hash_mb"))
        .def("stop", [](PySearcher& s) { s.searcher.stop(); })
        .def(
            "search",
            [](PySearcher& s, const PyMartianGame& py_board, int depth, std::uint64_t nodes, double movetime,
               std::vector<double> clocks, std::vector<double> increments, bool infinite) {
                const Game& board = game(py_board);
                SearchLimits limits;
                if (depth < 0 || depth > MAX_SEARCH_DEPTH) throw py::value_error("depth out of range");
                limits.depth = depth;
                limits.nodes = nodes;
                limits.movetime = movetime;
                limits.infinite = infinite;
                if (!clocks.empty() && clocks.size() != MAX_SEATS) throw py::value_error("clocks needs four values");
                if (!increments.empty() && increments.size() != MAX_SEATS)
                    throw py::value_error("increments needs four values");
                for (std::size_t i = 0; i < clocks.size(); ++i) limits.clock[i] = clocks[i];
                for (std::size_t i = 0; i < increments.size(); ++i) limits.increment[i] = increments[i];
                std::unique_lock<std::mutex> lock(s.busy, std::try_to_lock);
                if (!lock.owns_lock()) throw std::runtime_error("this Searcher is already searching");
                const Game copy = board;  // copied while the GIL keeps other threads from pushing
                SearchReport report;
                {
                    py::gil_scoped_release release;
                    report = s.searcher.search(copy, limits);
                }
                return report_tuple(report);
            },
            py::arg("board"), py::arg("depth"), py::arg("nodes"), py::arg("movetime"), py::arg("clocks"),
            py::arg("increments"), py::arg("infinite"));
    bind_martian_rl(m);
}
