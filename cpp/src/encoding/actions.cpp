// The action table (actions.h): built once, at start-up, from the geometry tables.
#include "fourchess/encoding/actions.h"

#include <cstdlib>
#include <cstring>

#include "fourchess/encoding/frame.h"
#include "fourchess/geometry.h"

namespace fourchess::encoding {

namespace {

// Kinds of step from a square: 8 directions x 13 distances, then 8 knight jumps, then the three
// underpromotions for each of the pawn's three steps (left capture, push, right capture).
constexpr int LINE_STEPS = DIRECTION_COUNT * (BOARD_SIDE - 1);
constexpr int KNIGHT_STEPS = 8;
constexpr int UNDERPROMOTION_STEPS = 3 * 3;
constexpr int STEP_KINDS = LINE_STEPS + KNIGHT_STEPS + UNDERPROMOTION_STEPS;
constexpr int KNIGHT_FILE[8] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int KNIGHT_RANK[8] = {2, 1, -1, -2, -2, -1, 1, 2};
constexpr PieceType UNDERPROMOTIONS[3] = {KNIGHT, BISHOP, ROOK};
// The Teams promotion line in every seat's frame (Red's rank 11), and the rank a pawn steps from.
constexpr int PROMOTION_RANK = 10;

// Step kind by the (file, rank) difference, offset by 13: lines and knight jumps.
constexpr int DELTA_SIDE = 2 * BOARD_SIDE - 1;

struct ActionTable {
    FrameAction action[ACTION_COUNT];
    std::int16_t index[GRID_SQUARES][STEP_KINDS];        // -1: the step leaves the board
    std::int16_t step_of_delta[DELTA_SIDE][DELTA_SIDE];  // -1: no line or knight step

    ActionTable() {
        std::memset(index, -1, sizeof index);
        std::memset(step_of_delta, -1, sizeof step_of_delta);
        for (int d = 0; d < DIRECTION_COUNT; ++d)
            for (int distance = 1; distance < BOARD_SIDE; ++distance)
                step_of_delta[BOARD_SIDE - 1 + DIRECTION_FILE_STEP[d] * distance]
                             [BOARD_SIDE - 1 + DIRECTION_RANK_STEP[d] * distance] =
                                 static_cast<std::int16_t>(d * (BOARD_SIDE - 1) + distance - 1);
        for (int j = 0; j < KNIGHT_STEPS; ++j)
            step_of_delta[BOARD_SIDE - 1 + KNIGHT_FILE[j]][BOARD_SIDE - 1 + KNIGHT_RANK[j]] =
                static_cast<std::int16_t>(LINE_STEPS + j);
        int next = 0;
        for (int s = 0; s < GRID_SQUARES; ++s) {
            const Square from = static_cast<Square>(s);
            if (!GEOMETRY.board.test(from)) continue;
            auto add = [&](int step, int file, int rank, PieceType underpromotion) {
                if (!on_board(file, rank)) return false;
                index[from][step] = static_cast<std::int16_t>(next);
                action[next++] = FrameAction{from, make_square(file, rank), underpromotion};
                return true;
            };
            const int f = file_of(from), r = rank_of(from);
            // A line ends at the first square off the board: a diagonal that crosses a corner
            // comes back onto the cross, but no piece gets there.
            for (int d = 0; d < DIRECTION_COUNT; ++d)
                for (int distance = 1; distance < BOARD_SIDE; ++distance)
                    if (!add(d * (BOARD_SIDE - 1) + distance - 1, f + DIRECTION_FILE_STEP[d] * distance,
                             r + DIRECTION_RANK_STEP[d] * distance, NO_PIECE_TYPE))
                        break;
            for (int j = 0; j < KNIGHT_STEPS; ++j)
                add(LINE_STEPS + j, f + KNIGHT_FILE[j], r + KNIGHT_RANK[j], NO_PIECE_TYPE);
            if (r == PROMOTION_RANK - 1)
                for (int side = 0; side < 3; ++side)
                    for (int piece = 0; piece < 3; ++piece)
                        add(LINE_STEPS + KNIGHT_STEPS + side * 3 + piece, f + side - 1, PROMOTION_RANK,
                            UNDERPROMOTIONS[piece]);
        }
        // The count in actions.h is checked here, once, against the table the geometry gives.
        if (next != ACTION_COUNT) std::abort();
    }
};

const ActionTable& table() {
    static const ActionTable TABLE;
    return TABLE;
}

int underpromotion_slot(PieceType type) {
    switch (type) {
        case KNIGHT: return 0;
        case BISHOP: return 1;
        case ROOK: return 2;
        default: return -1;
    }
}

}  // namespace

FrameAction frame_action(int index) {
    if (index < 0 || index >= ACTION_COUNT) return FrameAction{};
    return table().action[index];
}

int encode_move(Seat seat, Move m) {
    const ActionTable& t = table();
    const Square from = to_frame(seat, m.from()), to = to_frame(seat, m.to());
    if (!GEOMETRY.board.test(from) || !GEOMETRY.board.test(to)) return -1;
    const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
    const int slot = m.promotes_to_one_point_queen() ? -1 : underpromotion_slot(m.promotion());
    int step;
    if (slot >= 0) {
        if (dr != 1 || df < -1 || df > 1) return -1;
        step = LINE_STEPS + KNIGHT_STEPS + (df + 1) * 3 + slot;
    } else {
        step = t.step_of_delta[BOARD_SIDE - 1 + df][BOARD_SIDE - 1 + dr];
        if (step < 0) return -1;
    }
    return t.index[from][step];
}

Move decode_action(const Position& pos, int index) {
    if (index < 0 || index >= ACTION_COUNT) return Move::none();
    const Seat seat = pos.side_to_move;
    const FrameAction& a = table().action[index];
    const Square from = from_frame(seat, a.from), to = from_frame(seat, a.to);
    PieceType promotion = a.underpromotion;
    bool one_point = false;
    const Piece piece = pos.board[from];
    // A plain step that takes a pawn onto its line is the mode's queen promotion.
    if (promotion == NO_PIECE_TYPE && piece.type() == PAWN &&
        GEOMETRY.promotion_line[static_cast<int>(pos.mode)][seat].test(to)) {
        promotion = QUEEN;
        one_point = pos.mode == Mode::FFA;
    }
    return legal_move_matching(pos, Move(from, to, MoveKind::NORMAL, promotion, one_point));
}

int legal_actions(const Position& pos, std::int32_t* out) {
    Move moves[MAX_MOVES];
    const int n = static_cast<int>(generate_legal(pos, moves) - moves);
    for (int i = 0; i < n; ++i) out[i] = encode_move(pos.side_to_move, moves[i]);
    return n;
}

void legal_mask(const Position& pos, std::int8_t* mask) {
    std::memset(mask, 0, ACTION_COUNT);
    Move moves[MAX_MOVES];
    const Move* end = generate_legal(pos, moves);
    for (const Move* m = moves; m != end; ++m) {
        const int index = encode_move(pos.side_to_move, *m);
        if (index >= 0) mask[index] = 1;
    }
}

}  // namespace fourchess::encoding
