#include "fourchess/steps.h"

#include <cctype>
#include <stdexcept>
#include <string>

#include "fourchess/names.h"
#include "fourchess/refusal.h"

namespace fourchess {

namespace {

constexpr const char* EVENT_KINDS[] = {"", "resign", "timeout", "claim"};  // indexed by Action

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// Why `seat` cannot claim the win now, the game going on and the seat active (can_claim_win).
std::string claim_problem(const Position& pos, Seat seat) {
    if (pos.mode != Mode::FFA) return "a win is claimed only in FFA";
    if (pos.active_count() != 2)
        return "a claim needs exactly two seats still in the game, there are " + std::to_string(pos.active_count());
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const Seat other = static_cast<Seat>(s);
        if (other == seat || !pos.is_active(other)) continue;
        const int lead = pos.points[seat] - pos.points[other];
        return std::string(seat_name(seat)) + " leads " + seat_name(other) + " by " + std::to_string(lead) +
               " points; a claim needs " + std::to_string(WINNING_GAP) + " or more";
    }
    return "the claim is not possible";  // unreachable: two active seats, the claimer one of them
}

MoveTextError invalid_step(const std::string& text, const std::string& why) {
    return MoveTextError(MoveTextError::Kind::INVALID, "invalid step '" + quoted(text) + "': " + why);
}

}  // namespace

std::string event_token(Action action, Seat seat) {
    return std::string(EVENT_KINDS[static_cast<int>(action)]) + ":" + seat_letter(seat);
}

std::string step_text(const Step& step) {
    return step.action == Action::MOVE ? move_text(step.move) : event_token(step.action, step.seat);
}

bool read_event_token(const std::string& text, Action& action, Seat& seat) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) return false;  // no move form has a colon
    std::size_t begin = 0, end = text.size();
    while (begin < colon && is_space(text[begin])) ++begin;
    while (end > colon + 1 && is_space(text[end - 1])) --end;
    const std::string kind = lower(text.substr(begin, colon - begin));
    int found = -1;
    for (int a = 1; a <= 3; ++a)
        if (kind == EVENT_KINDS[a]) found = a;
    if (found < 0)
        throw invalid_step(text, "a step is a move, or resign:R, timeout:B or claim:Y (a seat letter R, B, Y or G)");
    const std::string letter = text.substr(colon + 1, end - colon - 1);
    const int s = letter.size() == 1
                      ? seat_of_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(letter[0]))))
                      : -1;
    if (s >= 0) {
        action = static_cast<Action>(found);
        seat = static_cast<Seat>(s);
        return true;
    }
    throw invalid_step(text, "the seat after ':' is one letter, R, B, Y or G");
}

StepVerdict explain_step(const Game& game, const std::string& text, int seat) {
    Action action = Action::MOVE;
    Seat who = RED;
    try {
        if (!read_event_token(text, action, who)) {
            const MoveVerdict verdict = explain_move(game.position(), text, seat);
            const bool legal = verdict.refusal == Refusal::NONE;
            return {verdict.refusal, legal ? move_text(verdict.move) : std::string(), verdict.message};
        }
    } catch (const MoveTextError& error) {
        return {Refusal::UNPARSEABLE, "", error.what()};
    }
    auto refused = [&text](Refusal r, const std::string& why) {
        return StepVerdict{r, "", "illegal step '" + quoted(text) + "': " + why};
    };
    const Position& pos = game.position();
    const Termination ending = termination_of(pos);
    if (ending != Termination::NONE) return refused(Refusal::GAME_OVER, game_over_reason(ending));
    const char* verb = EVENT_KINDS[static_cast<int>(action)];
    if (seat >= 0 && seat != who)
        return refused(Refusal::NOT_YOUR_SEAT, std::string("the step is ") + seat_name(who) + "'s, and " +
                                                   seat_name(static_cast<Seat>(seat)) + " may " + verb +
                                                   " only for itself");
    if (!pos.is_active(who))
        return refused(Refusal::ALREADY_ELIMINATED, std::string(seat_name(who)) + " is already out of the game");
    if (action == Action::CLAIM && !can_claim_win(pos, who))
        return refused(Refusal::CANNOT_CLAIM, claim_problem(pos, who));
    const std::string token = event_token(action, who);
    return {Refusal::NONE, token, "legal step '" + quoted(text) + "' for " + seat_name(who)};
}

void play_step_text(Game& game, const std::string& text) {
    Action action = Action::MOVE;
    Seat seat = RED;
    if (read_event_token(text, action, seat)) {
        try {
            if (action == Action::RESIGN)
                game.resign(seat);
            else if (action == Action::TIMEOUT)
                game.timeout(seat);
            else
                game.claim_win(seat);
        } catch (const std::invalid_argument& refused) {  // the Game refuses before it changes anything
            throw MoveTextError(MoveTextError::Kind::ILLEGAL, "illegal step '" + quoted(text) + "': " + refused.what());
        }
        return;
    }
    game.push(parse_move_explained(game.position(), text));
}

void replay(Game& game, const std::vector<std::string>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
        try {
            play_step_text(game, steps[i]);
        } catch (const MoveTextError& error) {
            throw ReplayError(i, error);
        }
    }
}

}  // namespace fourchess
