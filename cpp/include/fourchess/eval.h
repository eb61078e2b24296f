// The static evaluation the search scores its leaves with (weights in eval_weights.h): material,
// piece-square terms rotated to each seat, mobility, king safety, pawn advance toward the
// promotion line, hanging pieces, and in Teams partners attacking the same king.
#pragma once

#include "fourchess/position.h"

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

// What a move's capture is worth to the ordering and the pruning margins: the victim's value.
int piece_value(Piece p);

}  // namespace fourchess
