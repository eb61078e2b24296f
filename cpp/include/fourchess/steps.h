// A game's steps as text, as a server stores them: a move in any form parse_move reads (written
// in the engine form, "h2-h4"), or a token for the steps that are not moves: "resign:R",
// "timeout:B", "claim:Y" (the seat's FEN4 turn letter; written so, read case-insensitively).
// So a whole history is a list of strings that replays exactly.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fourchess/game.h"
#include "fourchess/notation.h"
#include "fourchess/refusal.h"

namespace fourchess {

// The token of a resignation, timeout or claim ("resign:R"); the engine form of a move.
std::string event_token(Action action, Seat seat);
std::string step_text(const Step& step);

// Reads a token into `action` and `seat`. False when `text` is no token (it may be a move);
// MoveTextError (INVALID) for a token with an unknown kind or seat letter.
bool read_event_token(const std::string& text, Action& action, Seat& seat);

// Plays one step written as text. MoveTextError when it cannot: INVALID (unreadable), AMBIGUOUS,
// or ILLEGAL, saying which rule refuses the move (explain_move) or the resignation, timeout or
// claim. The game is unchanged then.
void play_step_text(Game& game, const std::string& text);

// Whether `text` is a step the game allows now, for `seat` (-1: whoever the step is for): a move
// judged as explain_move judges it, or a token judged by the rules of resigning, timing out and
// claiming (docs/rules.md §6-§7): the game must go on, the token's seat be the one asking and
// still in the game, and a claim possible. `step` is the legal step's text (the move's engine
// form, or the token as event_token writes it); `message` says why, quoting the text (bounded).
struct StepVerdict {
    Refusal refusal = Refusal::NONE;
    std::string step;
    std::string message;
};
StepVerdict explain_step(const Game& game, const std::string& text, int seat = -1);

// A step of a history that could not be played: its index, and the error of play_step_text.
class ReplayError : public MoveTextError {
public:
    ReplayError(std::size_t index, const MoveTextError& cause) : MoveTextError(cause), index_(index) {}
    std::size_t index() const { return index_; }

private:
    std::size_t index_;
};

// Plays `steps` in order. ReplayError at the first one that cannot be played (the game then
// holds the steps before it).
void replay(Game& game, const std::vector<std::string>& steps);

}  // namespace fourchess
