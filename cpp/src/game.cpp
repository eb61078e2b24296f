#include "fourchess/game.h"

#include <stdexcept>
#include <string>

#include "fourchess/attacks.h"
#include "fourchess/fen4.h"

namespace fourchess {

namespace {

constexpr int REPETITIONS_FOR_DRAW = 3;
constexpr int FIFTY_MOVES_PER_SEAT = 50;

bool fifty_moves_reached(const Position& pos) {
    return pos.ply_clock >= FIFTY_MOVES_PER_SEAT * pos.seats_taking_turns();
}

}  // namespace

Game::Game(const Position& root, const Rules& rules)
    : rules_(rules), root_(std::make_shared<const Position>(root)), position_(root) {
    keys_.push_back(root.key);
}

int Game::occurrences(std::uint64_t key) const {
    int n = 0;
    for (std::uint64_t k : keys_) n += k == key;
    return n;
}

// docs/rules.md §8: the third occurrence of a position, 50 moves per seat still taking turns without
// a pawn move or capture, or the move limit, end a game that is still going.
void Game::end_by_history_if_due() {
    if (termination_of(position_) != Termination::NONE) return;
    if (occurrences(position_.key) >= REPETITIONS_FOR_DRAW)
        end_by_history(position_, Termination::THREEFOLD_REPETITION);
    else if (fifty_moves_reached(position_))
        end_by_history(position_, Termination::FIFTY_MOVE_RULE);
    else if (rules_.move_limit > 0 && moves_played_ >= rules_.move_limit)
        end_by_history(position_, Termination::MOVE_LIMIT);
}

void Game::push(Move m) { push_step(m, true); }

void Game::push_pseudo_legal(Move m) { push_step(m, false); }

void Game::push_step(Move m, bool legal) {
    history_.emplace_back();
    Step& step = history_.back();
    const Seat mover = position_.side_to_move;
    step.action = Action::MOVE;
    step.seat = mover;
    step.move = m;
    do_move(position_, m, step.undo);
    // The FFA rules layer keeps every seat's check state and takes the mover to be safe after its
    // own move, as a legal move leaves it; a pseudo-legal move may not.
    if (!legal && position_.checks_known && position_.king_square[mover] != NO_SQUARE && in_check(position_, mover))
        position_.checked_seats |= static_cast<std::uint8_t>(1u << mover);
    ++moves_played_;
    keys_.push_back(position_.key);
    end_by_history_if_due();
}

void Game::leave(Seat seat, bool timeout) {
    const char* what = timeout ? "time out" : "resign";
    if (termination_of(position_) != Termination::NONE)
        throw std::invalid_argument(std::string(seat_name(seat)) + " cannot " + what + ": the game is over");
    if (!position_.is_active(seat))
        throw std::invalid_argument(std::string(seat_name(seat)) + " cannot " + what + ": it is already eliminated");
    history_.emplace_back();
    Step& step = history_.back();
    step.action = timeout ? Action::TIMEOUT : Action::RESIGN;
    step.seat = seat;
    leave_game(position_, seat, timeout, rules_.dead_king_walking, step.undo);
    keys_.push_back(position_.key);
}

void Game::claim_win(Seat seat) {
    if (!can_claim_win(position_, seat))
        throw std::invalid_argument(std::string(seat_name(seat)) +
                                    " cannot claim the win: that needs FFA, a game still going, exactly two active "
                                    "seats and a lead of 21 points or more");
    history_.emplace_back();
    Step& step = history_.back();
    step.action = Action::CLAIM;
    step.seat = seat;
    fourchess::claim_win(position_, seat, step.undo);
    keys_.push_back(position_.key);
}

bool Game::fifty_moves() const {
    const Termination t = termination_of(position_);
    return fifty_moves_reached(position_) && (t == Termination::NONE || t == Termination::FIFTY_MOVE_RULE);
}

int Game::fullmove_number() const {
    int round = 1;
    bool moved = false;
    Seat last = RED;
    for (const Step& step : history_) {
        if (step.action != Action::MOVE) continue;
        if (moved && step.seat <= last) ++round;
        last = step.seat;
        moved = true;
    }
    return moved && position_.side_to_move <= last ? round + 1 : round;
}

bool Game::same_state(const Game& other) const {
    const Rules &a = rules_, &b = other.rules_;
    const bool same_rules = a.mode == b.mode && a.setup == b.setup && a.dead_king_walking == b.dead_king_walking &&
                            a.move_limit == b.move_limit && a.points_lead_ends_game == b.points_lead_ends_game &&
                            a.walking_kings_stalemated_on_their_turn == b.walking_kings_stalemated_on_their_turn;
    return same_rules && position_.key == other.position_.key && position_.termination == other.position_.termination &&
           fullmove_number() == other.fullmove_number() &&
           (a.move_limit == 0 || moves_played_ == other.moves_played_) &&
           write_fen4(position_) == write_fen4(other.position_);
}

Step Game::pop() {
    Step step = history_.back();
    if (step.action == Action::MOVE) {
        undo_move(position_, step.move, step.undo);
        --moves_played_;
    } else {
        position_.undo_action(step.undo);
    }
    history_.pop_back();
    keys_.pop_back();
    return step;
}

}  // namespace fourchess
