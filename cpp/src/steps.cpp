#include "fourchess/steps.h"

#include <cctype>
#include <stdexcept>

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
