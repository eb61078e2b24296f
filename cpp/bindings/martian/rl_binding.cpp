// Martian Chess's encoding as fourchess.rl.martian calls it: what a batch's boards are made of is
// copied under the GIL, then the planes and masks are written into the caller's buffers with the
// GIL released (as cpp/bindings/rl_binding.cpp does for four-player chess).
#include "rl_binding.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../buffers.h"
#include "fourchess/martian/encoding.h"
#include "py_martian_game.h"

namespace py = pybind11;
using namespace fourchess::martian;
namespace enc = fourchess::martian::encoding;

namespace {

// The boards of a batch: all Martian Chess games of one player count.
std::vector<const Game*> games_of(const py::sequence& boards, int players) {
    std::vector<const Game*> games;
    for (std::size_t i = 0; i < boards.size(); ++i) {
        py::object item = boards[i];
        if (!py::isinstance<PyMartianGame>(item))
            throw py::type_error("boards[" + std::to_string(i) + "] must be a fourchess.martian.Board, got " +
                                 std::string(py::str(py::type::of(item).attr("__name__"))));
        const Game& g = game(item.cast<const PyMartianGame&>());
        if (g.position().players != players)
            throw py::value_error("boards[" + std::to_string(i) + "] is a " + std::to_string(g.position().players) +
                                  "-player game; this batch is of " + std::to_string(players));
        games.push_back(&g);
    }
    return games;
}

int checked_players(int players) {
    if (players != 2 && players != 4) throw py::value_error("players must be 2 or 4, got " + std::to_string(players));
    return players;
}

void planes(const py::sequence& boards, int players, int history, int seat, const py::buffer& out) {
    checked_players(players);
    if (history < 1 || history > enc::MAX_HISTORY)
        throw py::value_error("history must be 1.." + std::to_string(enc::MAX_HISTORY));
    if (seat < -1 || seat >= players) throw py::value_error("seat out of range: " + std::to_string(seat));
    const std::vector<const Game*> games = games_of(boards, players);
    const std::size_t n = games.size();
    int format = 0;
    py::buffer_info info = fourchess_bindings::checked_buffer(
        out, {static_cast<py::ssize_t>(n), enc::plane_count(history), RANKS, GRID_FILES}, {"f", "B"}, "out", format);
    std::vector<Position> positions(n * history);
    std::vector<enc::PlaneInput> inputs(n);
    for (std::size_t i = 0; i < n; ++i)
        enc::gather(*games[i], history, seat < 0 ? games[i]->position().turn : seat, inputs[i],
                    &positions[i * history]);
    const std::size_t size = static_cast<std::size_t>(enc::plane_count(history)) * enc::CELLS;
    py::gil_scoped_release release;
    fourchess_bindings::for_each_plane_block(info, format, n, size, [&](std::size_t i, auto* planes) {
        enc::write_planes(inputs[i], &positions[i * history], history, planes);
    });
}

void legal_mask(const py::sequence& boards, int players, const py::buffer& out) {
    checked_players(players);
    const std::vector<const Game*> games = games_of(boards, players);
    const std::size_t n = games.size();
    const int count = enc::action_count(players);
    int format = 0;
    py::buffer_info info =
        fourchess_bindings::checked_buffer(out, {static_cast<py::ssize_t>(n), count}, {"b", "B", "?"}, "out", format);
    std::vector<std::pair<Position, bool>> copies;
    for (const Game* g : games) copies.emplace_back(g->position(), g->termination() != Termination::NONE);
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < n; ++i)
        enc::legal_mask(copies[i].first, copies[i].second, static_cast<std::int8_t*>(info.ptr) + i * count);
}

}  // namespace

void bind_martian_rl(py::module_& martian) {
    py::module_ m = martian.def_submodule("rl", "Martian Chess's learning encoding (wrapped by fourchess.rl.martian).");
    m.attr("MAX_HISTORY") = enc::MAX_HISTORY;
    m.attr("POSITION_PLANES") = enc::POSITION_PLANES;
    m.attr("STATE_PLANES") = enc::STATE_PLANES;
    m.def("action_count", [](int players) { return enc::action_count(checked_players(players)); });
    m.def("plane_names", [](int history) {
        if (history < 1 || history > enc::MAX_HISTORY) throw py::value_error("history out of range");
        std::vector<std::string> names;
        for (int p = 0; p < enc::plane_count(history); ++p) names.push_back(enc::plane_name(p, history));
        return names;
    });
    m.def("planes", &planes, py::arg("boards"), py::arg("players"), py::arg("history"), py::arg("seat"),
          py::arg("out"));
    m.def("legal_mask", &legal_mask, py::arg("boards"), py::arg("players"), py::arg("out"));
    m.def("legal_actions", [](const PyMartianGame& py_g) {
        const Game& g = game(py_g);
        std::int32_t actions[MAX_MOVES];
        const int n = enc::legal_actions(g, actions);
        return std::vector<std::int32_t>(actions, actions + n);
    });
    m.def("encode_move", [](const PyMartianGame& py_g, int from, int to) {
        const Game& g = game(py_g);
        const Position& p = g.position();
        return enc::encode_move(p.players, p.turn,
                                Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    });
    m.def("decode_action", [](const PyMartianGame& py_g, int index) -> std::optional<std::pair<int, int>> {
        const Game& g = game(py_g);
        Move move;
        if (!enc::decode_action(g, index, move)) return std::nullopt;
        return std::make_pair(static_cast<int>(move.from), static_cast<int>(move.to));
    });
    m.def("frame_action", [](int players, int index) {
        if (index < 0 || index >= enc::action_count(checked_players(players)))
            throw py::value_error("action out of range");
        const Move a = enc::frame_action(players, index);
        return std::make_pair(static_cast<int>(a.from), static_cast<int>(a.to));
    });
    m.def("to_frame", [](int players, int seat, int square) {
        if (seat < 0 || seat >= checked_players(players))
            throw py::value_error("seat must be 0.." + std::to_string(players - 1) + ", got " + std::to_string(seat));
        if (!enc::on_board(players, square))
            throw py::value_error("square " + std::to_string(square) + " is not on the " + std::to_string(players) +
                                  "-player board");
        return enc::to_frame(players, seat, square);
    });
    m.def("from_frame", [](int players, int seat, int square) {
        if (seat < 0 || seat >= checked_players(players))
            throw py::value_error("seat must be 0.." + std::to_string(players - 1) + ", got " + std::to_string(seat));
        if (!enc::on_board(players, square))
            throw py::value_error("square " + std::to_string(square) + " is not on the " + std::to_string(players) +
                                  "-player board");
        return enc::from_frame(players, seat, square);
    });
}
