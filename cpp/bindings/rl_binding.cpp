// The encoding as fourchess.rl calls it. Boards come in as a sequence; what their planes and
// masks are made of is copied while the GIL is held (a position, or a few for a history), then
// the GIL is released and the core writes straight into the caller's buffer, which the buffer
// export keeps alive and unresized meanwhile. fourchess.rl allocates the NumPy arrays and checks
// the arguments' types; the checks here keep any caller from writing out of bounds.
#include "rl_binding.h"

#include <pybind11/stl.h>

#include "arguments.h"  // before any use of Move: its caster refuses uninitialised values
#include "buffers.h"
#include "py_game.h"

#include <optional>
#include <string>
#include <vector>

#include "fourchess/encoding/actions.h"
#include "fourchess/encoding/frame.h"
#include "fourchess/encoding/planes.h"

namespace py = pybind11;
using namespace fourchess;

namespace fourchess_bindings {

namespace {

namespace enc = fourchess::encoding;

const Game& board_at(const py::sequence& boards, std::size_t i) {
    py::object item = boards[i];
    if (!py::isinstance<PyGame>(item))
        throw py::type_error("boards[" + std::to_string(i) + "] must be a fourchess.Board, got " +
                             std::string(py::str(py::type::of(item).attr("__name__"))));
    return game(item.cast<const PyGame&>());
}

void planes(const py::sequence& boards, int history, int seat, const py::buffer& out) {
    if (history < 1 || history > enc::MAX_HISTORY)
        throw py::value_error("history must be 1.." + std::to_string(enc::MAX_HISTORY) + ", got " +
                              std::to_string(history));
    if (seat < -1 || seat >= SEAT_COUNT) throw py::value_error("seat must be 0..3 or -1, got " + std::to_string(seat));
    const std::size_t n = boards.size();
    int format = 0;
    py::buffer_info info =
        checked_buffer(out, {static_cast<py::ssize_t>(n), enc::plane_count(history), BOARD_SIDE, BOARD_SIDE},
                       {"f", "B"}, "out", format);
    std::vector<Position> positions(n * history);
    std::vector<enc::PlaneInput> inputs(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Game& g = board_at(boards, i);
        const Seat frame = seat < 0 ? g.position().side_to_move : static_cast<Seat>(seat);
        enc::gather(g, history, frame, inputs[i], &positions[i * history]);
    }
    const std::size_t size = static_cast<std::size_t>(enc::plane_count(history)) * GRID_SQUARES;
    py::gil_scoped_release release;
    fourchess_bindings::for_each_plane_block(info, format, n, size, [&](std::size_t i, auto* planes) {
        enc::write_planes(inputs[i], &positions[i * history], history, planes);
    });
}

void legal_mask(const py::sequence& boards, const py::buffer& out) {
    const std::size_t n = boards.size();
    int format = 0;
    py::buffer_info info =
        checked_buffer(out, {static_cast<py::ssize_t>(n), enc::ACTION_COUNT}, {"b", "B", "?"}, "out", format);
    std::vector<Position> positions(n);
    for (std::size_t i = 0; i < n; ++i) positions[i] = board_at(boards, i).position();
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < n; ++i)
        enc::legal_mask(positions[i], static_cast<std::int8_t*>(info.ptr) + i * enc::ACTION_COUNT);
}

void check_seat_and_square(int seat, int square) {
    if (seat < 0 || seat >= SEAT_COUNT) throw py::value_error("seat must be 0..3, got " + std::to_string(seat));
    if (square < 0 || square >= GRID_SQUARES)
        throw py::value_error("square must be 0..195, got " + std::to_string(square));
}

}  // namespace

void bind_rl(py::module_& core) {
    py::module_ m = core.def_submodule("rl", "The learning encoding (wrapped by fourchess.rl).");
    m.attr("ACTION_COUNT") = enc::ACTION_COUNT;
    m.attr("MAX_HISTORY") = enc::MAX_HISTORY;
    m.attr("POSITION_PLANES") = enc::POSITION_PLANES;
    m.attr("STATE_PLANES") = enc::STATE_PLANES;
    m.def("plane_names", [](int history) {
        if (history < 1 || history > enc::MAX_HISTORY) throw py::value_error("history out of range");
        std::vector<std::string> names;
        for (int p = 0; p < enc::plane_count(history); ++p) names.push_back(enc::plane_name(p, history));
        return names;
    });
    m.def("planes", &planes, py::arg("boards"), py::arg("history"), py::arg("seat"), py::arg("out"));
    m.def("legal_mask", &legal_mask, py::arg("boards"), py::arg("out"));
    m.def(
        "legal_actions",
        [](const PyGame& pg) {
            std::int32_t actions[MAX_MOVES];
            const int n = enc::legal_actions(game(pg).position(), actions);
            return std::vector<std::int32_t>(actions, actions + n);
        },
        py::arg("board"));
    m.def(
        "encode_move",
        [](const PyGame& pg, const py::object& move) {
            return enc::encode_move(game(pg).position().side_to_move, move_argument(move, "encode_move"));
        },
        py::arg("board"), py::arg("move"));
    m.def(
        "decode_action",
        [](const PyGame& pg, int index) -> std::optional<Move> {
            const Move m = enc::decode_action(game(pg).position(), index);
            return m ? std::optional<Move>(m) : std::nullopt;
        },
        py::arg("board"), py::arg("action"));
    m.def(
        "frame_action",
        [](int index) {
            if (index < 0 || index >= enc::ACTION_COUNT) throw py::value_error("action out of range");
            const enc::FrameAction a = enc::frame_action(index);
            return py::make_tuple(a.from, a.to, static_cast<int>(a.underpromotion));
        },
        py::arg("action"));
    m.def(
        "to_frame",
        [](int seat, int square) {
            check_seat_and_square(seat, square);
            return enc::to_frame(static_cast<Seat>(seat), static_cast<Square>(square));
        },
        py::arg("seat"), py::arg("square"));
    m.def(
        "from_frame",
        [](int seat, int square) {
            check_seat_and_square(seat, square);
            return enc::from_frame(static_cast<Seat>(seat), static_cast<Square>(square));
        },
        py::arg("seat"), py::arg("square"));
}

}  // namespace fourchess_bindings
