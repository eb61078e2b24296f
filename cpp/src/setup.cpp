// From a setup to a position: the checks every accepted position passes, and the state a position
// derives from what is written (FFA eliminations and walking kings, the standing ending, the key).
#include "fourchess/setup.h"

#include "fourchess/names.h"
#include "fourchess/rules.h"

namespace fourchess {

namespace {

SetupError refused(SetupField field, std::string name, std::string text, std::string reason) {
    return SetupError(field, std::move(name), std::move(text), std::move(reason));
}

// A piece byte that one of Piece's constructors makes (a Setup may come from anywhere).
bool is_piece(Piece p) {
    const int type = p.type();
    if ((p.bits() & Piece::WALL_BIT) || type == NO_PIECE_TYPE || type > KING) return false;
    if (p.is_one_point() && type != QUEEN) return false;
    return !p.is_dead() || p.seat() == RED;  // dead pieces have no seat bits
}

void place_pieces(Position& pos, const Setup& setup) {
    for (int s = 0; s < GRID_SQUARES; ++s) {
        const Square square = static_cast<Square>(s);
        const Piece p = setup.board[s];
        if (p.empty()) continue;
        if (!is_on_board(square))
            throw refused(SetupField::BOARD, "board", std::to_string(s), "puts a piece on a removed corner square");
        if (!is_piece(p))
            throw refused(SetupField::BOARD, "board", square_name(square),
                          "holds no piece (bits " + std::to_string(p.bits()) + ")");
        if (p.is_live() && p.type() == KING && pos.king_square[p.seat()] != NO_SQUARE)
            throw refused(SetupField::BOARD, "board", square_name(square),
                          std::string("a second live king for ") + seat_letter(p.seat()) + " (the first on " +
                              square_name(pos.king_square[p.seat()]) + ")");
        pos.put_piece(square, p);
    }
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (pos.live_by_seat[s].popcount() > MAX_LIVE_PIECES_PER_SEAT)
            throw refused(SetupField::BOARD, "board", std::string(1, colour_letter(static_cast<Seat>(s))) + " pieces",
                          "a seat may have at most " + std::to_string(MAX_LIVE_PIECES_PER_SEAT) + " live pieces");
}

void check_seat_bits(SetupField field, const char* name, std::uint8_t bits) {
    if (bits > 0xF)
        throw refused(field, name, std::to_string(bits), "has a bit for each of the four seats and no more");
}

void check_number(SetupField field, const char* name, std::int32_t value, std::int32_t max_value) {
    if (value < 0) throw refused(field, name, std::to_string(value), "is negative");
    if (value > max_value)
        throw refused(field, name, std::to_string(value), "is larger than " + std::to_string(max_value));
}

// An entry is the seat's pawn's double step from its home line. Its pawn gone (taken before its
// seat moved again), the entry is void (fine point 5): dropped, as a game drops it when the pawn
// is taken (docs/rules.md §4, decision 7).
void apply_en_passant(Position& pos, const Setup& setup) {
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const EnPassant entry = setup.en_passant[s];
        if (entry.skipped == NO_SQUARE && entry.pawn == NO_SQUARE) continue;
        const Seat seat = static_cast<Seat>(s);
        const std::string name = std::string("extras enPassant ") + seat_letter(seat);
        if (!is_on_board(entry.skipped) || !is_on_board(entry.pawn))
            throw refused(SetupField::EN_PASSANT, name, square_name(entry.skipped) + ":" + square_name(entry.pawn),
                          "names a square that is not on the board");
        bool from_home = false;
        for (Square home : GEOMETRY.pawn_home[seat]) from_home |= GEOMETRY.pawn_push[seat][home] == entry.skipped;
        if (!from_home || GEOMETRY.pawn_push[seat][entry.skipped] != entry.pawn)
            throw refused(SetupField::EN_PASSANT, name, square_name(entry.skipped) + ":" + square_name(entry.pawn),
                          "is not a double step of this seat's pawn from its home line");
        if (pos.board[entry.pawn] == Piece::live(seat, PAWN)) pos.en_passant[s] = entry;
    }
}

// FFA (fine point 7): flagged seats and seats without a live king are out, their pieces dead; a
// resigned or flagged seat whose king is written live keeps it walking (docs/rules.md §7,
// decision 9). Teams: the flags and the dead field alone end the game (standing_termination); the
// dead field is kept as written and the pieces stay live, so the state and key read back.
void apply_seat_states(Position& pos, const Setup& setup, bool dead_king_walking) {
    pos.resigned = setup.resigned;
    pos.flagged = setup.flagged;
    if (pos.mode == Mode::TEAMS) return;
    const std::uint8_t left = setup.resigned | setup.flagged;
    Undo scratch;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const Seat seat = static_cast<Seat>(s);
        const bool has_king = pos.king_square[s] != NO_SQUARE;
        const bool out = (pos.eliminated | left) & (1u << s) || !has_king;
        pos.eliminated &= static_cast<std::uint8_t>(~(1u << s));
        if (out) pos.eliminate(seat, scratch, dead_king_walking && has_king && (left & (1u << s)));
    }
    // Entries of seats that are out no longer apply (fine point 5).
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (pos.is_eliminated(static_cast<Seat>(s))) pos.en_passant[s] = EnPassant{};
}

}  // namespace

SetupError::SetupError(SetupField field, std::string name, std::string text, std::string reason)
    : std::invalid_argument(name + " '" + quoted(text) + "': " + reason),
      field_(field),
      name_(std::move(name)),
      text_(std::move(text)),
      reason_(std::move(reason)) {}

Position from_setup(const Setup& setup, const Rules& rules) {
    Position pos;
    pos.mode = rules.mode;
    pos.points_lead_ends_game = rules.points_lead_ends_game;
    pos.walking_kings_stalemated_on_their_turn = rules.walking_kings_stalemated_on_their_turn;
    if (setup.side_to_move >= SEAT_COUNT)
        throw refused(SetupField::TURN, "turn", std::to_string(setup.side_to_move), "expected one of R, B, Y, G");
    pos.side_to_move = setup.side_to_move;
    check_seat_bits(SetupField::DEAD, "dead", setup.dead);
    check_seat_bits(SetupField::RESIGNED, "extras resigned", setup.resigned);
    check_seat_bits(SetupField::FLAGGED, "extras flagged", setup.flagged);
    pos.eliminated = setup.dead;
    pos.castling = setup.castling;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        check_number(SetupField::POINTS, "points", setup.points[s], MAX_POINTS);
        pos.points[s] = setup.points[s];
    }
    check_number(SetupField::PLY_CLOCK, "plyclock", setup.ply_clock, MAX_PLY_CLOCK);
    pos.ply_clock = static_cast<std::uint16_t>(setup.ply_clock);
    place_pieces(pos, setup);
    apply_en_passant(pos, setup);
    apply_seat_states(pos, setup, rules.dead_king_walking);
    pos.termination = standing_termination(pos);
    if (pos.mode == Mode::FFA && !pos.game_over() && !pos.takes_turns(pos.side_to_move))
        throw refused(SetupField::TURN, "turn", std::string(1, seat_letter(pos.side_to_move)),
                      "the side to move is eliminated");
    pos.key = pos.compute_key();
    return pos;
}

Setup setup_of(const Position& pos) {
    Setup setup;
    for (int s = 0; s < GRID_SQUARES; ++s) setup.board[s] = pos.board[s];
    setup.side_to_move = pos.side_to_move;
    setup.dead = pos.eliminated;
    setup.castling = pos.castling;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        setup.points[s] = pos.points[s];
        setup.en_passant[s] = pos.en_passant[s];
    }
    setup.ply_clock = pos.ply_clock;
    setup.resigned = pos.resigned;
    setup.flagged = pos.flagged;
    return setup;
}

}  // namespace fourchess
