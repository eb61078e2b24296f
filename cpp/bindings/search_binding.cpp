// The Searcher as Python sees it: limits in, a plain tuple out, the GIL released while it
// searches and taken back only to call the per-iteration callback. One search at a time per
// Searcher (a second caller gets RuntimeError, not a shared table torn under it); stop() and
// arm() are atomic stores, safe from any thread at any time. The Python layer
// (fourchess.engine) checks the limits' types and ranges and names what is wrong.
#include "search_binding.h"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "arguments.h"  // before any use of Move: its caster refuses uninitialised values
#include "py_game.h"

#include <mutex>
#include <optional>
#include <vector>

#include "fourchess/search.h"

namespace py = pybind11;
using namespace fourchess;

namespace fourchess_bindings {

namespace {

struct PySearcher {
    Searcher searcher;
    std::mutex busy;  // held by a search and by anything that changes the table
    explicit PySearcher(std::size_t hash_mb) : searcher(hash_mb) {}
};

std::unique_lock<std::mutex> claim(PySearcher& s, const char* what) {
    std::unique_lock<std::mutex> lock(s.busy, std::try_to_lock);
    if (!lock.owns_lock())
        throw std::runtime_error(std::string("cannot ") + what +
                                 " while this engine is searching (one search at a time)");
    return lock;
}

// (best or None, score, mate plies, pv, depth, seldepth, nodes, seconds)
py::tuple report_tuple(const SearchReport& r) {
    std::vector<Move> pv(r.pv, r.pv + r.pv_length);
    py::object best = r.best ? py::cast(r.best) : py::none();
    return py::make_tuple(best, r.score, r.mate_plies, pv, r.depth, r.seldepth, r.nodes, r.seconds);
}

}  // namespace

void bind_search(py::module_& m) {
    m.attr("MAX_SEARCH_DEPTH") = MAX_SEARCH_DEPTH;
    py::class_<PySearcher>(m, "Searcher", "The core's search (wrapped by fourchess.engine.Engine).")
        .def(py::init([](std::size_t hash_mb) { return new PySearcher(hash_mb); }), py::arg("hash_mb"))
        .def_property_readonly("hash_mb", [](PySearcher& s) { return s.searcher.hash_mb(); })
        .def(
            "set_hash_mb",
            [](PySearcher& s, std::size_t mb) {
                auto lock = claim(s, "resize the table");
                py::gil_scoped_release release;  // clearing a large table takes a while
                s.searcher.set_hash_mb(mb);
            },
            py::arg("mb"))
        .def_property(
            "threads", [](PySearcher& s) { return s.searcher.threads(); },
            [](PySearcher& s, int n) {
                auto lock = claim(s, "change the threads");
                s.searcher.set_threads(n);
            })
        .def_property(
            "paranoid", [](PySearcher& s) { return s.searcher.ffa_algorithm() == FfaAlgorithm::PARANOID; },
            [](PySearcher& s, bool p) {
                auto lock = claim(s, "change the FFA search");
                s.searcher.set_ffa_algorithm(p ? FfaAlgorithm::PARANOID : FfaAlgorithm::BRS_PLUS);
            })
        .def("clear",
             [](PySearcher& s) {
                 auto lock = claim(s, "clear the table");
                 py::gil_scoped_release release;
                 s.searcher.clear();
             })
        .def("arm", [](PySearcher& s) { s.searcher.arm(); })
        .def("stop", [](PySearcher& s) { s.searcher.stop(); })
        .def(
            "search",
            [](PySearcher& s, const PyGame& board, int depth, std::uint64_t nodes, double movetime,
               std::vector<double> clocks, std::vector<double> increments, bool infinite, py::object info) {
                SearchLimits limits;
                limits.depth = depth;
                limits.nodes = nodes;
                limits.movetime = movetime;
                limits.infinite = infinite;
                if (clocks.size() != SEAT_COUNT && !clocks.empty())
                    throw py::value_error("clocks needs four values (R B Y G)");
                if (increments.size() != SEAT_COUNT && !increments.empty())
                    throw py::value_error("increments needs four values (R B Y G)");
                for (std::size_t i = 0; i < clocks.size(); ++i) limits.clock[i] = clocks[i];
                for (std::size_t i = 0; i < increments.size(); ++i) limits.increment[i] = increments[i];
                auto lock = claim(s, "start a second search");
                const Game copy = game(board);  // copied while the GIL keeps other threads from pushing
                std::optional<py::error_already_set> callback_error;
                std::function<void(const SearchReport&)> on_iteration;
                if (!info.is_none())
                    on_iteration = [&](const SearchReport& r) {
                        if (callback_error) return;
                        py::gil_scoped_acquire acquire;
                        try {
                            info(report_tuple(r));
                        } catch (py::error_already_set& e) {
                            callback_error = std::move(e);
                            s.searcher.stop();
                        }
                    };
                SearchReport result;
                {
                    py::gil_scoped_release release;
                    result = s.searcher.search(copy, limits, on_iteration);
                }
                if (callback_error) throw std::move(*callback_error);
                return report_tuple(result);
            },
            py::arg("board"), py::arg("depth"), py::arg("nodes"), py::arg("movetime"), py::arg("clocks"),
            py::arg("increments"), py::arg("infinite"), py::arg("info"));
}

}  // namespace fourchess_bindings
