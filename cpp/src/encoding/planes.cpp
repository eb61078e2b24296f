// Observation planes (planes.h).
#include "fourchess/encoding/planes.h"

#include <algorithm>

#include "../movement.h"
#include "fourchess/encoding/frame.h"

namespace fourchess::encoding {

namespace {

constexpr int CELLS = GRID_SQUARES;
constexpr int KINDS = 7;  // pawn .. king, then the 1-point queen
constexpr int DEAD_PLANES = 28, REPEATED_ONCE = 35, REPEATED_TWICE = 36;
enum StatePlane {
    PLAYABLE = 0,
    CASTLING = 1,
    EN_PASSANT_SQUARE = 9,
    EN_PASSANT_PAWN = 10,
    ELIMINATED = 11,
    WALKING = 15,
    POINTS = 19,
    COLOUR = 23,
    FFA = 27,
    PLY_CLOCK = 28,
    MOVE_NUMBER = 29,
    MOVE_LIMIT_SET = 30,
    MOVES_LEFT = 31,
};
constexpr int POINTS_SCALE = 100, PLY_CLOCK_SCALE = 200, MOVE_NUMBER_SCALE = 100, MOVES_LEFT_SCALE = 100;

const char* const RELATIVE[SEAT_COUNT] = {"self", "next", "across", "previous"};
const char* const KIND_NAMES[KINDS] = {"pawn", "knight", "bishop", "rook", "queen", "king", "1-point queen"};
const char* const STATE_NAMES[STATE_PLANES] = {"playable",
                                               "castling self short",
                                               "castling self long",
                                               "castling next short",
                                               "castling next long",
                                               "castling across short",
                                               "castling across long",
                                               "castling previous short",
                                               "castling previous long",
                                               "en passant square",
                                               "en passant pawn",
                                               "eliminated self",
                                               "eliminated next",
                                               "eliminated across",
                                               "eliminated previous",
                                               "walking king self",
                                               "walking king next",
                                               "walking king across",
                                               "walking king previous",
                                               "points self",
                                               "points next",
                                               "points across",
                                               "points previous",
                                               "colour red",
                                               "colour blue",
                                               "colour yellow",
                                               "colour green",
                                               "ffa",
                                               "ply clock",
                                               "move number",
                                               "move limit set",
                                               "moves left"};

int kind_of(Piece p) { return p.is_one_point() ? KINDS - 1 : p.type() - 1; }

// A count as a plane value: scaled for float, the count itself (stopped at 255) for uint8.
template <class T>
T count_value(int value, int scale) {
    if constexpr (std::is_same_v<T, float>)
        return static_cast<float>(value) / static_cast<float>(scale);
    else
        return static_cast<T>(std::clamp(value, 0, 255));
}

template <class T>
void fill(T* planes, int plane, T value) {
    if (value != T(0)) std::fill(planes + plane * CELLS, planes + (plane + 1) * CELLS, value);
}

template <class T>
void write_pieces(const Position& pos, Seat seat, T* planes) {
    for_each_square(pos.occupied, [&](Square s) {
        const Piece p = pos.board[s];
        const int plane = p.is_dead() ? DEAD_PLANES + kind_of(p) : relative_seat(seat, p.seat()) * KINDS + kind_of(p);
        planes[plane * CELLS + to_frame(seat, s)] = T(1);
    });
}

template <class T>
void write_state(const PlaneInput& in, const Position& pos, T* planes) {
    const Seat seat = in.seat;
    for_each_square(GEOMETRY.board, [&](Square s) { planes[PLAYABLE * CELLS + s] = T(1); });
    // En passant as the seat's move generator sees it: the entries of its opponents it may take.
    const std::uint8_t opponents = pos.opponent_seats(seat);
    const Mask256 friendly = friendly_pieces(pos, seat);
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const Seat other = static_cast<Seat>(s);
        const int rel = relative_seat(seat, other);
        for (int side = 0; side < 2; ++side)
            if (pos.castling & castling_bit(other, static_cast<CastleSide>(side)))
                fill(planes, CASTLING + rel * 2 + side, T(1));
        if (en_passant_targets(pos, opponents & (1u << s), friendly).any()) {
            planes[EN_PASSANT_SQUARE * CELLS + to_frame(seat, pos.en_passant[s].skipped)] = T(1);
            planes[EN_PASSANT_PAWN * CELLS + to_frame(seat, pos.en_passant[s].pawn)] = T(1);
        }
        if (pos.is_eliminated(other)) fill(planes, ELIMINATED + rel, T(1));
        if (pos.is_walking(other)) fill(planes, WALKING + rel, T(1));
        fill(planes, POINTS + rel, count_value<T>(pos.points[s], POINTS_SCALE));
    }
    fill(planes, COLOUR + seat, T(1));
    if (pos.mode == Mode::FFA) fill(planes, FFA, T(1));
    fill(planes, PLY_CLOCK, count_value<T>(pos.ply_clock, PLY_CLOCK_SCALE));
    fill(planes, MOVE_NUMBER, count_value<T>(in.fullmove, MOVE_NUMBER_SCALE));
    if (in.move_limit > 0) {
        fill(planes, MOVE_LIMIT_SET, T(1));
        fill(planes, MOVES_LEFT, count_value<T>(std::max(in.move_limit - in.moves_played, 0), MOVES_LEFT_SCALE));
    }
}

template <class T>
void write(const PlaneInput& in, const Position* positions, int history, T* out) {
    std::fill(out, out + plane_count(history) * CELLS, T(0));
    for (int t = 0; t < in.positions && t < history; ++t) {
        T* planes = out + t * POSITION_PLANES * CELLS;
        write_pieces(positions[t], in.seat, planes);
        if (in.occurrences[t] >= 2) fill(planes, REPEATED_ONCE, T(1));
        if (in.occurrences[t] >= 3) fill(planes, REPEATED_TWICE, T(1));
    }
    write_state(in, positions[0], out + history * POSITION_PLANES * CELLS);
}

}  // namespace

std::string plane_name(int plane, int history) {
    if (plane < 0 || plane >= plane_count(history)) return {};
    if (plane >= history * POSITION_PLANES) return STATE_NAMES[plane - history * POSITION_PLANES];
    const int t = plane / POSITION_PLANES, p = plane % POSITION_PLANES;
    std::string name;
    if (p < DEAD_PLANES)
        name = std::string(RELATIVE[p / KINDS]) + " " + KIND_NAMES[p % KINDS];
    else if (p < REPEATED_ONCE)
        name = std::string("dead ") + KIND_NAMES[p - DEAD_PLANES];
    else
        name = p == REPEATED_ONCE ? "repeated once" : "repeated twice";
    return t == 0 ? name : name + " (t-" + std::to_string(t) + ")";
}

void gather(const Game& game, int history, Seat seat, PlaneInput& input, Position* positions) {
    const std::vector<Step>& steps = game.history();
    const std::vector<std::uint64_t>& keys = game.keys();  // the root's, then one per step
    const int step_count = static_cast<int>(steps.size());
    history = std::clamp(history, 1, MAX_HISTORY);
    positions[0] = game.position();
    int known = 1;
    for (; known < history && known <= step_count; ++known) {
        positions[known] = positions[known - 1];
        const Step& step = steps[step_count - known];
        if (step.action == Action::MOVE)
            undo_move(positions[known], step.move, step.undo);
        else
            positions[known].undo_action(step.undo);
    }
    input.seat = seat;
    input.positions = known;
    for (int t = 0; t < known; ++t) {
        const int last = step_count - t;  // the position t steps back is keys[last]
        const std::uint64_t key = keys[last];
        const int n = static_cast<int>(std::count(keys.begin(), keys.begin() + last + 1, key));
        input.occurrences[t] = static_cast<std::uint8_t>(std::min(n, 255));
    }
    input.fullmove = game.fullmove_number();
    input.moves_played = game.moves_played();
    input.move_limit = game.rules().move_limit;
}

void write_planes(const PlaneInput& input, const Position* positions, int history, float* out) {
    write(input, positions, history, out);
}

void write_planes(const PlaneInput& input, const Position* positions, int history, std::uint8_t* out) {
    write(input, positions, history, out);
}

}  // namespace fourchess::encoding
