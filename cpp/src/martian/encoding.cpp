// Martian Chess's learning encoding (fourchess/martian/encoding.h).
#include "fourchess/martian/encoding.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace fourchess::martian::encoding {

namespace {

constexpr int REPEATED_ONCE = 3, REPEATED_TWICE = 4;
enum StatePlane {
    PLAYABLE = 0,
    ZONES = 1,
    NO_REJECTION_FROM = 5,
    NO_REJECTION_TO = 6,
    SCORES = 7,
    SEAT = 11,
    FOUR_PLAYERS = 15,
    TEAMS = 16,
    MOVE_LIMIT_SET = 17,
    MOVES_LEFT = 18
};
constexpr int SCORE_SCALE = 10, MOVES_LEFT_SCALE = 100;
constexpr int FILE_STEP[8] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int RANK_STEP[8] = {1, -1, 0, 0, 1, 1, -1, -1};

const char* const KIND_NAMES[3] = {"pawns", "drones", "queens"};
const char* const STATE_NAMES[STATE_PLANES] = {
    "playable",          "zone self",       "zone next",      "zone across", "zone previous",
    "no rejection from", "no rejection to", "score self",     "score next",  "score across",
    "score previous",    "seat 0",          "seat 1",         "seat 2",      "seat 3",
    "four players",      "teams",           "move limit set", "moves left"};

struct ActionTable {
    int count = 0;
    Move action[GRID_FILES * RANKS * 27];
    std::int16_t index[CELLS][CELLS];

    explicit ActionTable(int players) {
        std::memset(index, -1, sizeof index);
        const Mask board = board_mask(players);
        for (Square from = 0; from < CELLS; ++from) {
            if (!(board & bit(from))) continue;
            for (int d = 0; d < 8; ++d)
                for (int f = file_of(from) + FILE_STEP[d], r = rank_of(from) + RANK_STEP[d];
                     f >= 0 && f < GRID_FILES && r >= 0 && r < RANKS && (board & bit(square_at(f, r)));
                     f += FILE_STEP[d], r += RANK_STEP[d]) {
                    index[from][square_at(f, r)] = static_cast<std::int16_t>(count);
                    action[count++] = Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(square_at(f, r))};
                }
        }
    }
};

const ActionTable& table(int players) {
    static const ActionTable TWO(2), FOUR(4);
    return players == 4 ? FOUR : TWO;
}

template <class T>
T count_value(long long value, int scale) {
    if constexpr (std::is_same_v<T, float>)
        return static_cast<float>(value) / static_cast<float>(scale);
    else
        return static_cast<T>(std::clamp<long long>(value, 0, 255));
}

template <class T>
void fill(T* planes, int plane, T value) {
    if (value != T(0)) std::fill(planes + plane * CELLS, planes + (plane + 1) * CELLS, value);
}

template <class T>
void write(const PlaneInput& in, const Position* positions, int history, T* out) {
    std::fill(out, out + plane_count(history) * CELLS, T(0));
    const Position& now = positions[0];
    const int players = now.players, seat = in.seat;
    for (int t = 0; t < in.positions && t < history; ++t) {
        T* planes = out + t * POSITION_PLANES * CELLS;
        for (int kind = 0; kind < KINDS; ++kind)
            for (Mask m = positions[t].kinds[kind]; m; m &= m - 1)
                planes[kind * CELLS + to_frame(players, seat, lowest(m))] = T(1);
        if (in.occurrences[t] >= 2) fill(planes, REPEATED_ONCE, T(1));
        if (in.occurrences[t] >= 3) fill(planes, REPEATED_TWICE, T(1));
    }
    T* planes = out + history * POSITION_PLANES * CELLS;
    for (int other = 0; other < players; ++other) {
        const int rel = (other - seat + players) % players;
        for (Mask m = zone_mask(players, other); m; m &= m - 1) {
            planes[(ZONES + rel) * CELLS + to_frame(players, seat, lowest(m))] = T(1);
            planes[PLAYABLE * CELLS + to_frame(players, seat, lowest(m))] = T(1);
        }
        fill(planes, SCORES + rel, count_value<T>(now.scores[other], SCORE_SCALE));
    }
    if (now.reject_from != NO_SQUARE) {
        planes[NO_REJECTION_FROM * CELLS + to_frame(players, seat, now.reject_from)] = T(1);
        planes[NO_REJECTION_TO * CELLS + to_frame(players, seat, now.reject_to)] = T(1);
    }
    fill(planes, SEAT + seat, T(1));
    if (players == 4) fill(planes, FOUR_PLAYERS, T(1));
    if (in.teams) fill(planes, TEAMS, T(1));
    if (in.move_limit > 0) {
        fill(planes, MOVE_LIMIT_SET, T(1));
        fill(planes, MOVES_LEFT, count_value<T>(std::max(in.move_limit - in.moves_made, 0), MOVES_LEFT_SCALE));
    }
}

}  // namespace

std::string plane_name(int plane, int history) {
    if (plane < 0 || plane >= plane_count(history)) return {};
    if (plane >= history * POSITION_PLANES) return STATE_NAMES[plane - history * POSITION_PLANES];
    const int t = plane / POSITION_PLANES, p = plane % POSITION_PLANES;
    std::string name = p < KINDS ? KIND_NAMES[p] : p == REPEATED_ONCE ? "repeated once" : "repeated twice";
    return t == 0 ? name : name + " (t-" + std::to_string(t) + ")";
}

Square to_frame(int players, int seat, Square s) {
    const int f = file_of(s), r = rank_of(s);
    if (players == 2) return seat == 1 ? square_at(3 - f, RANKS - 1 - r) : s;
    // A quarter turn per seat: the zones go SW, NW, NE, SE, so each turn brings the next to SW.
    int file = f, rank = r;
    for (int k = 0; k < seat; ++k) {
        const int turned = GRID_FILES - 1 - rank;
        rank = file;
        file = turned;
    }
    return square_at(file, rank);
}

Square from_frame(int players, int seat, Square s) {
    return to_frame(players, players == 2 ? seat : (MAX_SEATS - seat) % MAX_SEATS, s);
}

int action_count(int players) { return table(players).count; }

Move frame_action(int players, int index) { return table(players).action[index]; }

int encode_move(int players, int seat, Move m) {
    // The half turn sends files e-h of the grid off it: refuse them before turning.
    if (!on_board(players, m.from) || !on_board(players, m.to)) return -1;
    return table(players).index[to_frame(players, seat, m.from)][to_frame(players, seat, m.to)];
}

bool decode_action(const Game& game, int index, Move& move) {
    const Position& pos = game.position();
    if (index < 0 || index >= action_count(pos.players)) return false;
    const Move a = table(pos.players).action[index];
    move = Move{static_cast<std::uint8_t>(from_frame(pos.players, pos.turn, a.from)),
                static_cast<std::uint8_t>(from_frame(pos.players, pos.turn, a.to))};
    return game.check(move.from, move.to) == Refusal::OK;
}

int legal_actions(const Game& game, std::int32_t* out) {
    Move moves[MAX_MOVES];
    const int n = game.legal_moves(moves);
    const Position& pos = game.position();
    for (int i = 0; i < n; ++i) out[i] = encode_move(pos.players, pos.turn, moves[i]);
    return n;
}

void legal_mask(const Position& pos, bool ended, std::int8_t* mask) {
    std::memset(mask, 0, static_cast<std::size_t>(action_count(pos.players)));
    if (ended) return;
    Move moves[MAX_MOVES];
    const int n = generate(pos, moves);
    for (int i = 0; i < n; ++i) mask[encode_move(pos.players, pos.turn, moves[i])] = 1;
}

void gather(const Game& game, int history, int seat, PlaneInput& input, Position* positions) {
    history = std::clamp(history, 1, MAX_HISTORY);
    const std::vector<std::uint64_t>& keys = game.keys();
    input.seat = seat;
    input.positions = std::min(history, game.moves_made() + 1);
    positions[0] = game.position();
    if (input.positions > 1) {
        Game earlier(game);  // Game keeps its undo records to itself: take moves back on a copy
        for (int t = 1; t < input.positions; ++t) {
            earlier.pop();
            positions[t] = earlier.position();
        }
    }
    for (int t = 0; t < input.positions; ++t) {
        const auto last = keys.begin() + (static_cast<long>(keys.size()) - 1 - t);
        input.occurrences[t] =
            static_cast<std::uint8_t>(std::min<long>(std::count(keys.begin(), last + 1, *last), 255));
    }
    input.moves_made = game.moves_made();
    input.move_limit = game.rules().move_limit;
    input.teams = game.rules().teams;
}

void write_planes(const PlaneInput& input, const Position* positions, int history, float* out) {
    write(input, positions, history, out);
}
void write_planes(const PlaneInput& input, const Position* positions, int history, std::uint8_t* out) {
    write(input, positions, history, out);
}

}  // namespace fourchess::martian::encoding
