// Martian Chess moves (docs/martian.md §3): each piece's reach as a mask, cut by the board and by
// what it may land on, then written in square order; make and unmake.
#include "fourchess/martian/board.h"

#include "fourchess/martian/zobrist.h"

namespace fourchess::martian {

namespace {

// The eight directions as (file, rank) steps: the first four orthogonal, the last four diagonal.
constexpr int DF[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr int DR[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int ORTHOGONAL_FIRST = 0, DIAGONAL_FIRST = 4;

struct Rays {
    // ray[d][s]: the squares from s outward in direction d on the 8 x 8 grid, then NO_SQUARE
    std::int8_t ray[8][64][8] = {};
    Mask diagonal_step[64] = {};  // a pawn's four targets on the grid
};

constexpr Rays build_rays() {
    Rays t{};
    for (int d = 0; d < 8; ++d)
        for (Square s = 0; s < 64; ++s) {
            int n = 0, f = file_of(s) + DF[d], r = rank_of(s) + DR[d];
            for (; f >= 0 && f < GRID_FILES && r >= 0 && r < RANKS; f += DF[d], r += DR[d])
                t.ray[d][s][n++] = static_cast<std::int8_t>(square_at(f, r));
            for (; n < 8; ++n) t.ray[d][s][n] = NO_SQUARE;
        }
    for (Square s = 0; s < 64; ++s)
        for (int d = DIAGONAL_FIRST; d < 8; ++d)
            if (t.ray[d][s][0] != NO_SQUARE) t.diagonal_step[s] |= bit(t.ray[d][s][0]);
    return t;
}

constexpr Rays RAYS = build_rays();

struct Zones {
    Mask of[2][MAX_SEATS] = {};  // [players == 4][seat]
};

constexpr Zones build_zones() {
    Zones z{};
    for (int seat = 0; seat < MAX_SEATS; ++seat) {
        z.of[0][seat] = seat < 2 ? zone_mask(2, seat) : 0;
        z.of[1][seat] = zone_mask(4, seat);
    }
    return z;
}

constexpr Zones ZONES = build_zones();

inline Mask zone(const Position& pos, int seat) { return ZONES.of[pos.players == 4][seat]; }

// The squares a piece of `kind` on `from` reaches: empty squares and the first piece on each line,
// within `board`.
Mask reach(Kind kind, Square from, Mask occupied, Mask board) {
    if (kind == PAWN) return RAYS.diagonal_step[from] & board;
    Mask found = 0;
    const int first = kind == DRONE ? ORTHOGONAL_FIRST : 0, last = kind == DRONE ? DIAGONAL_FIRST : 8;
    const int length = kind == DRONE ? 2 : 8;
    for (int d = first; d < last; ++d)
        for (int i = 0; i < length; ++i) {
            const Square s = RAYS.ray[d][from][i];
            if (s == NO_SQUARE || !(board & bit(s))) break;
            found |= bit(s);
            if (occupied & bit(s)) break;
        }
    return found;
}

// What the side to move needs to filter every piece's reach.
struct Landing {
    Mask own_pieces;             // pieces of the mover's zone: landing there is a merge or nothing
    Mask merge_onto[KINDS + 1];  // by moving kind: the own-zone pieces it merges with now
};

Landing landing(const Position& pos) {
    const Mask own = pos.occupied() & zone(pos, pos.turn);
    const bool queen = pos.kinds[QUEEN - 1] & own, drone = pos.kinds[DRONE - 1] & own;
    const Mask own_pawns = pos.kinds[PAWN - 1] & own, own_drones = pos.kinds[DRONE - 1] & own;
    Landing l{own, {}};
    // a pawn and a drone make a queen while the mover has none; two pawns a drone while it has none
    l.merge_onto[PAWN] = (queen ? 0 : own_drones) | (drone ? 0 : own_pawns);
    l.merge_onto[DRONE] = queen ? 0 : own_pawns;
    return l;
}

// The legal targets of the piece on `from` (of the side to move).
inline Mask targets(const Position& pos, const Landing& l, Square from, Kind kind, Mask occupied, Mask board) {
    const Mask reached = reach(kind, from, occupied, board);
    Mask legal = (reached & ~l.own_pieces) | (reached & l.merge_onto[kind]);
    if (from == pos.reject_to) legal &= ~bit(pos.reject_from);
    return legal;
}

Kind merged(Kind mover, Kind target) {
    if ((mover == PAWN && target == DRONE) || (mover == DRONE && target == PAWN)) return QUEEN;
    if (mover == PAWN && target == PAWN) return DRONE;
    return NONE;
}

}  // namespace

bool Position::empty_zone() const {
    const Mask occ = occupied();
    for (int seat = 0; seat < players; ++seat)
        if (!(occ & ZONES.of[players == 4][seat])) return true;
    return false;
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = ZOBRIST.turn[turn];
    for (int i = 0; i < KINDS; ++i)
        for (Mask m = kinds[i]; m; m &= m - 1) k ^= ZOBRIST.piece[i][lowest(m)];
    if (reject_from != NO_SQUARE) k ^= ZOBRIST.reject_from[reject_from] ^ ZOBRIST.reject_to[reject_to];
    return k;
}

Position start_position(int players) {
    Position pos;
    pos.players = static_cast<std::uint8_t>(players);
    auto put = [&](Kind kind, const char* names) {
        for (const char* n = names;; n += 3) {  // "a1 b2 c3": names two characters long, one space apart
            pos.kinds[kind - 1] |= bit(square_at(n[0] - 'a', n[1] - '1'));
            if (!n[2]) break;
        }
    };
    if (players == 2) {  // South's block in the corner d1, North's the same turned half a turn
        put(QUEEN, "c1 d1 d2 a7 a8 b8");
        put(DRONE, "b1 c2 d3 a6 b7 c8");
        put(PAWN, "b2 b3 c3 b6 c6 c7");
    } else {  // each zone's block in its outer corner
        put(QUEEN, "a1 b1 a2 a8 b8 a7 h8 g8 h7 h1 g1 h2");
        put(DRONE, "c1 b2 a3 c8 b7 a6 f8 g7 h6 f1 g2 h3");
        put(PAWN, "c2 b3 c3 c7 b6 c6 f7 g6 f6 f2 g3 f3");
    }
    pos.key = pos.compute_key();
    return pos;
}

int generate(const Position& pos, Move* out) {
    const Mask occupied = pos.occupied(), board = board_mask(pos.players);
    const Landing l = landing(pos);
    int n = 0;
    for (Mask pieces = l.own_pieces; pieces; pieces &= pieces - 1) {
        const Square from = lowest(pieces);
        for (Mask to = targets(pos, l, from, pos.kind_at(from), occupied, board); to; to &= to - 1)
            out[n++] = Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(lowest(to))};
    }
    return n;
}

int count_moves(const Position& pos) {
    const Mask occupied = pos.occupied(), board = board_mask(pos.players);
    const Landing l = landing(pos);
    int n = 0;
    for (Mask pieces = l.own_pieces; pieces; pieces &= pieces - 1) {
        const Square from = lowest(pieces);
        n += count(targets(pos, l, from, pos.kind_at(from), occupied, board));
    }
    return n;
}

void make_move(Position& pos, Move m, Undo& undo) {
    const Mask from = bit(m.from), to = bit(m.to);
    undo.moved = pos.kind_at(m.from);
    undo.target = pos.kind_at(m.to);
    undo.reject_from = pos.reject_from;
    undo.reject_to = pos.reject_to;
    undo.key = pos.key;
    undo.capture = false;
    std::uint64_t key = pos.key ^ ZOBRIST.turn[pos.turn] ^ ZOBRIST.piece[undo.moved - 1][m.from];
    if (pos.reject_from != NO_SQUARE) key ^= ZOBRIST.reject_from[pos.reject_from] ^ ZOBRIST.reject_to[pos.reject_to];
    pos.kinds[undo.moved - 1] &= ~from;
    Kind lands = undo.moved;
    if (undo.target != NONE) {
        pos.kinds[undo.target - 1] &= ~to;
        key ^= ZOBRIST.piece[undo.target - 1][m.to];
        if (zone_owner(pos.players, m.to) == pos.turn) {
            lands = merged(undo.moved, undo.target);  // a legal move onto one's own piece merges
        } else {
            undo.capture = true;
            pos.scores[pos.turn] += undo.target;
        }
    }
    pos.kinds[lands - 1] |= to;
    key ^= ZOBRIST.piece[lands - 1][m.to];
    if (pos.players == 2 && zone_owner(2, m.from) != zone_owner(2, m.to)) {
        pos.reject_from = static_cast<std::int8_t>(m.from);
        pos.reject_to = static_cast<std::int8_t>(m.to);
        key ^= ZOBRIST.reject_from[m.from] ^ ZOBRIST.reject_to[m.to];
    } else {
        pos.reject_from = pos.reject_to = NO_SQUARE;
    }
    pos.turn = static_cast<std::uint8_t>((pos.turn + 1) % pos.players);
    pos.key = key ^ ZOBRIST.turn[pos.turn];
}

void unmake_move(Position& pos, Move m, const Undo& undo) {
    pos.turn = static_cast<std::uint8_t>((pos.turn + pos.players - 1) % pos.players);
    const Mask to = bit(m.to);
    for (Mask& k : pos.kinds) k &= ~to;
    if (undo.target != NONE) pos.kinds[undo.target - 1] |= to;
    if (undo.capture) pos.scores[pos.turn] -= undo.target;
    pos.kinds[undo.moved - 1] |= bit(m.from);
    pos.reject_from = undo.reject_from;
    pos.reject_to = undo.reject_to;
    pos.key = undo.key;
}

bool movement_path(Kind kind, Square from, Square to, Mask& between) {
    const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
    const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    const int steps = adf > adr ? adf : adr;
    const bool orthogonal = adf == 0 || adr == 0, diagonal = adf == adr;
    if (steps == 0 || !(orthogonal || diagonal)) return false;
    if (kind == PAWN && !(diagonal && steps == 1)) return false;
    if (kind == DRONE && !(orthogonal && steps <= 2)) return false;
    const int uf = (df > 0) - (df < 0), ur = (dr > 0) - (dr < 0);
    between = 0;
    for (int i = 1; i < steps; ++i) between |= bit(square_at(file_of(from) + uf * i, rank_of(from) + ur * i));
    return true;
}

Refusal refusal(const Position& pos, Square from, Square to) {
    const Mask board = board_mask(pos.players);
    if (from < 0 || from >= 64 || to < 0 || to >= 64 || !(board & bit(from)) || !(board & bit(to)))
        return Refusal::OFF_BOARD;
    const Kind mover = pos.kind_at(from);
    if (mover == NONE) return Refusal::EMPTY;
    if (zone_owner(pos.players, from) != pos.turn) return Refusal::NOT_YOUR_ZONE;
    Mask between = 0;
    if (!movement_path(mover, from, to, between)) return Refusal::NOT_ITS_MOVEMENT;
    if (between & pos.occupied()) return Refusal::BLOCKED;
    const Kind target = pos.kind_at(to);
    if (target != NONE && zone_owner(pos.players, to) == pos.turn) {
        const Kind made = merged(mover, target);
        const Mask own = zone(pos, pos.turn);
        if (made == NONE) return Refusal::NO_MERGE;
        if (made == QUEEN && (pos.kinds[QUEEN - 1] & own)) return Refusal::MERGE_NEEDS_NO_QUEEN;
        if (made == DRONE && (pos.kinds[DRONE - 1] & own)) return Refusal::MERGE_NEEDS_NO_DRONE;
    }
    if (from == pos.reject_to && to == pos.reject_from) return Refusal::NO_REJECTION;
    return Refusal::OK;
}

const char* refusal_name(Refusal r) {
    switch (r) {
        case Refusal::OK: return "ok";
        case Refusal::OFF_BOARD: return "off_board";
        case Refusal::EMPTY: return "empty";
        case Refusal::NOT_YOUR_ZONE: return "not_your_zone";
        case Refusal::NOT_ITS_MOVEMENT: return "not_its_movement";
        case Refusal::BLOCKED: return "blocked";
        case Refusal::NO_MERGE: return "no_merge";
        case Refusal::MERGE_NEEDS_NO_QUEEN: return "merge_needs_no_queen";
        case Refusal::MERGE_NEEDS_NO_DRONE: return "merge_needs_no_drone";
        case Refusal::NO_REJECTION: return "no_rejection";
        case Refusal::GAME_OVER: return "game_over";
    }
    return "?";
}

}  // namespace fourchess::martian
