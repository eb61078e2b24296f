// The static evaluation the search scores its leaves with (weights in eval_weights.h): material,
// piece-square terms rotated to each seat, mobility, king safety, pawn advance toward the
// promotion line, hanging pieces, and in Teams partners attacking the same king.
#pragma once

#include <memory>

#include "fourchess/position.h"
#include "fourchess/search/eval_weights.h"

namespace fourchess {

// Each seat's standing: its live material and positional terms (FFA: plus its points, in eval
// units). Seats without live pieces stand at their points alone.
struct SeatScores {
    int seat[SEAT_COUNT] = {};
};
SeatScores seat_scores(const Position& pos);

// Teams: the side to move's team against the other team, in eval units.
int evaluate_teams(const Position& pos);

// FFA: `root`'s standing against its rivals' (their mean, or toward the strongest by the
// weight ffa_strongest_rival_permille), in eval units.
int evaluate_ffa(const Position& pos, Seat root);

// The same evaluation with other weights (tuning them): the tables built from the weights once.
// The search always uses TEAMS_WEIGHTS and FFA_WEIGHTS, whose tables are built at compile time.
struct PieceSquareTable;
class Evaluator {
public:
    explicit Evaluator(const EvalWeights& weights);
    ~Evaluator();
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;
    const EvalWeights& weights() const { return weights_; }
    int teams(const Position& pos) const;           // as evaluate_teams
    int ffa(const Position& pos, Seat root) const;  // as evaluate_ffa

private:
    EvalWeights weights_;
    std::unique_ptr<PieceSquareTable> table_;
};

// What a piece is worth in eval units in `mode` (dead pieces nothing): material, and the
// victim's value in move ordering and pruning margins. Inline: ordering asks for every capture.
inline int piece_value(Piece p, Mode mode) { return p.is_live() ? weights_for(mode).value_of(p) : 0; }

}  // namespace fourchess
