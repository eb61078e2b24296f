// fourchess._core: the C++ core seen from Python. Converts arguments and results, checks what a
// Python caller may get wrong (so C++ never sees an index it cannot use), releases the GIL for
// long loops, and maps C++ errors to Python exceptions. No chess rule is decided here.
//
// Threads: a Board may be shared by Python threads. Every lambda copies what it needs out of the
// Game into C++ locals before it releases the GIL or makes a Python object (making one can run
// Python code, and so let another thread push or pop), and never holds a reference or iterator
// into the Game across either. Misuse then gives a wrong answer or an error, never a dangling read.
#include <pybind11/native_enum.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "arguments.h"  // before any use of Move or Piece: their casters refuse uninitialised values
#include "py_game.h"
#include "rl_binding.h"
#include "search_binding.h"
#include "stateless_binding.h"

#include <cctype>
#include <optional>
#include <string>

#include "fourchess/attacks.h"
#include "fourchess/edit.h"
#include "fourchess/fen4.h"
#include "fourchess/game.h"
#include "fourchess/movegen.h"
#include "fourchess/names.h"
#include "fourchess/notation.h"
#include "fourchess/perft.h"
#include "fourchess/queries.h"
#include "fourchess/refusal.h"
#include "fourchess/rules.h"

namespace py = pybind11;
using namespace fourchess;
using fourchess_bindings::game;
using fourchess_bindings::PyGame;
using fourchess_bindings::quoted_prefix;
using fourchess_bindings::utf8_text;

namespace {

constexpr int MAX_PERFT_DEPTH = 12;
constexpr int MAX_THREADS = 256;

py::handle fen4_error_type, invalid_move_error, illegal_move_error, ambiguous_move_error, position_edit_error;

// A Python int of any size (or anything with __index__) as a C++ integer; `fits` is false when it
// does not fit in a long long. TypeError for non-integers.
long long index_value(const py::handle& value, const char* what, bool& fits) {
    PyObject* index = PyNumber_Index(value.ptr());
    if (!index) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an int, got " +
                             std::string(py::str(py::type::of(value).attr("__name__"))));
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    fits = overflow == 0;
    return v;
}

// ValueError naming the value unless it lies in [low, high].
long long checked_int(const py::handle& value, const char* what, long long low, long long high,
                      const std::string& allowed) {
    bool fits = true;
    long long v = index_value(value, what, fits);
    if (!fits || v < low || v > high)
        throw py::value_error(std::string(what) + " must be " + allowed + ", got " +
                              fourchess_bindings::int_text(value));
    return v;
}

Square checked_square(const py::handle& value) {
    bool fits = true;
    long long index = index_value(value, "square", fits);
    if (!fits || index < 0 || index >= GRID_SQUARES || !is_on_board(static_cast<Square>(index)))
        throw py::value_error("square " + fourchess_bindings::int_text(value) +
                              " is not one of the 160 board squares (index r*14+f; corners are removed)");
    return static_cast<Square>(index);
}

Seat checked_seat(const py::handle& value) {
    return static_cast<Seat>(checked_int(value, "seat", 0, SEAT_COUNT - 1, "0..3 (Red, Blue, Yellow, Green)"));
}

// Seat.from_letter: the seat a letter names, in either case ("R" or "r": Red), since Python callers
// read both the turn letters and the lower-case colour prefixes. TypeError for a non-str.
Seat seat_from_letter(const py::handle& value) {
    if (!PyUnicode_Check(value.ptr()))
        throw py::type_error("seat letter must be a str, got " + fourchess_bindings::type_name(value));
    if (PyUnicode_GetLength(value.ptr()) == 1) {
        const Py_UCS4 c = PyUnicode_ReadChar(value.ptr(), 0);
        const int seat = c < 128 ? seat_of_letter(static_cast<char>(std::toupper(static_cast<int>(c)))) : -1;
        if (seat >= 0) return static_cast<Seat>(seat);
    }
    throw py::value_error("seat letter must be one of R, B, Y, G (either case), got '" + quoted_prefix(value) + "'");
}

// The members Seat has beyond the enum's own: native_enum makes a plain Python enum class, which
// has no def_property_readonly, so they are set on the finished class, read from types.h's table.
void add_seat_members(py::object seat_class) {
    py::object property = py::module_::import("builtins").attr("property");
    seat_class.attr("title") =
        property(py::cpp_function([](Seat seat) { return std::string(seat_name(seat)); }), py::none(), py::none(),
                 "The seat's name as people read it and PGN4 tags write it: 'Red', 'Blue', 'Yellow', 'Green'.");
    seat_class.attr("letter") =
        property(py::cpp_function([](Seat seat) { return std::string(1, seat_letter(seat)); }), py::none(), py::none(),
                 "The seat's letter, 'R', 'B', 'Y' or 'G': FEN4's turn letter and the seat of a step token\n"
                 "('resign:B'). Lower case it is the colour prefix of the seat's pieces ('rP') and of UCI's clock\n"
                 "words ('rtime').");
    seat_class.attr("from_letter") = py::staticmethod(
        py::cpp_function(&seat_from_letter, py::arg("letter"),
                         "The seat a letter names: 'R', 'B', 'Y' or 'G', in either case (Seat.from_letter('b') is\n"
                         "Seat.BLUE). ValueError for any other text, TypeError for a non-str."));
}

// Move()'s optional arguments, checked here so a wrong type is a one-line TypeError.
PieceType promotion_argument(const py::object& value) {
    if (value.is_none()) return NO_PIECE_TYPE;
    try {
        return value.cast<PieceType>();
    } catch (const py::cast_error&) {
        throw py::type_error("Move() argument 'promotion' must be a fourchess.PieceType or None, got " +
                             fourchess_bindings::type_name(value));
    }
}

Move make_move_value(const py::object& from, const py::object& to, const py::object& promotion,
                     const py::object& one_point_arg) {
    if (!PyBool_Check(one_point_arg.ptr()))
        throw py::type_error("Move() argument 'one_point_queen' must be a bool, got " +
                             fourchess_bindings::type_name(one_point_arg));
    const bool one_point = one_point_arg.ptr() == Py_True;
    PieceType promo = promotion_argument(promotion);
    if (promo != NO_PIECE_TYPE && promo != QUEEN && promo != ROOK && promo != BISHOP && promo != KNIGHT)
        throw py::value_error("a promotion must be a queen, rook, bishop or knight");
    if (one_point && promo != QUEEN) throw py::value_error("only a queen promotion can be to the 1-point queen");
    Square f = checked_square(from), t = checked_square(to);
    if (f == t) throw py::value_error("a move needs two different squares");
    return Move(f, t, MoveKind::NORMAL, promo, one_point);
}

// Moves compare and hash by what a player names (from, to, promotion), not by the kind the
// generator attaches, so Move.from_str('h1-j1') equals the castling move.
std::uint32_t action_of(Move m) { return m.action(); }

int checked_depth(const py::object& depth) {
    return static_cast<int>(checked_int(depth, "depth", 0, MAX_PERFT_DEPTH, "0.." + std::to_string(MAX_PERFT_DEPTH)));
}

int checked_threads(const py::object& threads) {
    return static_cast<int>(checked_int(threads, "threads", 1, MAX_THREADS, "1.." + std::to_string(MAX_THREADS)));
}

// Python Move objects handed out by legal-move lists, cached by their 32 bits: a pybind11
// instance costs about 0.1 us, a cache hit a few ns, so list(board.legal_moves) stops paying one
// per move. Moves are immutable values, so equal moves may share one object. Direct-mapped and
// never freed (entries are replaced; the table outlives the interpreter's teardown on purpose).
class MoveObjectCache {
public:
    py::object get(Move m) {
        Entry& e = entries_[(m.bits() * 0x9E3779B1u) >> (32 - SIZE_BITS)];
        if (e.object && e.bits == m.bits()) return py::reinterpret_borrow<py::object>(e.object);
        py::object made = py::cast(m);  // may run Python code, so e is read only after it
        PyObject* replaced = e.object;
        e.object = made.inc_ref().ptr();
        e.bits = m.bits();
        Py_XDECREF(replaced);
        return made;
    }

private:
    static constexpr int SIZE_BITS = 13;
    struct Entry {
        std::uint32_t bits = 0;
        PyObject* object = nullptr;
    };
    Entry entries_[1 << SIZE_BITS];
};

MoveObjectCache& move_objects() {
    static MoveObjectCache* cache = new MoveObjectCache();  // leaked on purpose, see above
    return *cache;
}

std::optional<Seat> seat_or_none(Piece p) { return p.is_dead() ? std::nullopt : std::optional<Seat>(p.seat()); }

constexpr const char* ACTION_NAMES[] = {"move", "resign", "timeout", "claim"};

py::frozenset seats_of(std::uint8_t bits);

// What Python is shown of one step, copied out of the Game before any Python object is made.
struct StepView {
    Action action;
    Seat seat;
    Move move;
    std::uint8_t mated_seats, stalemated_seats;
};

StepView view_of(const Step& step) {
    return {step.action, step.seat, step.move, step.undo.mated_seats, step.undo.stalemated_seats};
}

// (kind, seat, move or None, mated seats, stalemated seats) of one step of the history.
py::tuple step_tuple(const StepView& step) {
    py::object move = step.action == Action::MOVE ? py::cast(step.move) : py::none();
    return py::make_tuple(ACTION_NAMES[static_cast<int>(step.action)], step.seat, move, seats_of(step.mated_seats),
                          seats_of(step.stalemated_seats));
}

// Text arguments: a str with no UTF-8 form is the caller's bad text, in the error type of the
// entry point it was given to (see arguments.h).
std::string fen4_text(const py::handle& value) {
    return utf8_text(value, "fen4", [](const std::string& quoted, const std::string& why) -> void {
        // Raised directly: Fen4Error's own quoting would escape the backslashes of the repr.
        py::set_error(fen4_error_type, ("FEN4 text '" + quoted + "': " + why).c_str());
        throw py::error_already_set();
    });
}

std::string move_text_argument(const py::handle& value) {
    return utf8_text(value, "move text", [](const std::string& quoted, const std::string& why) -> void {
        throw MoveTextError(MoveTextError::Kind::INVALID, "invalid move text '" + quoted + "': " + why);
    });
}

std::string plain_text(const py::handle& value, const char* what) {
    return utf8_text(value, what, [what](const std::string& quoted, const std::string& why) -> void {
        throw py::value_error(std::string(what) + " '" + quoted + "': " + why);
    });
}

py::frozenset seats_of(std::uint8_t bits) {
    py::set seats;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (bits & (1u << s)) seats.add(py::cast(static_cast<Seat>(s)));
    return py::frozenset(seats);
}

// --- arguments and results of the python-chess habits (Board.piece_map, attackers, edits, ...) ---

py::frozenset squares_of(const Mask256& squares) {
    py::set out;
    for (Square s : squares) out.add(py::int_(static_cast<int>(s)));
    return py::frozenset(out);
}

PieceType checked_piece_type(const py::handle& value) {
    return static_cast<PieceType>(
        checked_int(value, "piece_type", PAWN, KING, "1..6 (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)"));
}

// A Piece argument, with a one-line TypeError for anything else (pybind11's own names every
// overload and the whole Board); Moves: fourchess_bindings::move_argument.
Piece piece_argument(const py::handle& value) {
    if (!py::isinstance<Piece>(value))
        throw py::type_error("piece must be a fourchess.Piece or None, got " + fourchess_bindings::type_name(value));
    return value.cast<Piece>();
}

Piece piece_from_symbol(const py::handle& symbol_arg) {
    const std::string symbol = plain_text(symbol_arg, "piece symbol");
    const Piece p = parse_piece_symbol(symbol);
    if (p.empty())
        throw py::value_error(
            "piece symbol '" + quoted_prefix(symbol_arg) +
            "' is not a colour r b y g (d: dead) and a letter P N B R Q K (D: 1-point queen), like 'rP' or 'dB'");
    return p;
}

Piece make_piece(const py::object& first, const py::object& seat, bool one_point) {
    if (PyUnicode_Check(first.ptr())) {
        if (!seat.is_none() || one_point)
            throw py::type_error("give a symbol like 'rP', or a piece type and a seat, not both");
        return piece_from_symbol(first);
    }
    const PieceType type = checked_piece_type(first);
    if (one_point && type != QUEEN) throw py::value_error("only a queen can be the 1-point queen");
    return seat.is_none() ? Piece::dead_piece(type, one_point) : Piece::live(checked_seat(seat), type, one_point);
}

// The move as push_unchecked would take it (pseudo-legal, in a game still going), or
// IllegalMoveError; `refusal_note` is appended to the message for a move the pieces do not allow.
Move pseudo_legal_argument(const Position& pos, const py::handle& value, const char* what,
                           const char* refusal_note = "") {
    const Move mv = fourchess_bindings::move_argument(value, what);
    if (termination_of(pos) != Termination::NONE)
        throw MoveTextError(MoveTextError::Kind::ILLEGAL,
                            std::string(what) + ": '" + move_text(mv) + "': the game is over");
    const Move m = pseudo_legal_matching(pos, mv);
    if (!m)
        throw MoveTextError(MoveTextError::Kind::ILLEGAL, std::string(what) + ": '" + move_text(mv) +
                                                              "' is not a move the pieces allow in this position" +
                                                              refusal_note);
    return m;
}

// The seat a question names, or for None the side to move (python-chess's questions default to it).
Seat seat_or_turn(const PyGame& pg, const py::object& seat) {
    return seat.is_none() ? game(pg).position().side_to_move : checked_seat(seat);
}

// Replaces the game by a new one rooted at the edited position (python-chess's edits clear the
// move stack too).
void edit_square(PyGame& pg, const py::object& square_arg, Piece piece) {
    const Square square = checked_square(square_arg);
    const Rules rules = game(pg).rules();
    Position edited;
    try {
        edited = edited_position(game(pg).position(), rules, square, piece);
    } catch (const PositionEditError& error) {
        py::set_error(position_edit_error, error.what());
        throw py::error_already_set();
    }
    game(pg) = Game(edited, rules);
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "fourchess C++ core (private; use the fourchess package)";

    py::native_enum<Seat>(m, "Seat", "enum.IntEnum", "A player's seat, in turn order.")
        .value("RED", RED)
        .value("BLUE", BLUE)
        .value("YELLOW", YELLOW)
        .value("GREEN", GREEN)
        .finalize();
    add_seat_members(m.attr("Seat"));
    py::native_enum<PieceType>(m, "PieceType", "enum.IntEnum", "Kind of piece; a 1-point queen is a QUEEN.")
        .value("PAWN", PAWN)
        .value("KNIGHT", KNIGHT)
        .value("BISHOP", BISHOP)
        .value("ROOK", ROOK)
        .value("QUEEN", QUEEN)
        .value("KING", KING)
        .finalize();
    py::native_enum<Termination>(m, "Termination", "enum.Enum", "Why a game ended.")
        .value("CHECKMATE", Termination::CHECKMATE)
        .value("STALEMATE", Termination::STALEMATE)
        .value("KING_CAPTURE", Termination::KING_CAPTURE)
        .value("RESIGNATION", Termination::RESIGNATION)
        .value("TIMEOUT", Termination::TIMEOUT)
        .value("THREE_ELIMINATED", Termination::THREE_ELIMINATED)
        .value("POINTS_LEAD", Termination::POINTS_LEAD)
        .value("THREEFOLD_REPETITION", Termination::THREEFOLD_REPETITION)
        .value("FIFTY_MOVE_RULE", Termination::FIFTY_MOVE_RULE)
        .value("INSUFFICIENT_MATERIAL", Termination::INSUFFICIENT_MATERIAL)
        .value("MOVE_LIMIT", Termination::MOVE_LIMIT)
        .finalize();

    static py::exception<Fen4Error> fen4_error(m, "Fen4Error", PyExc_ValueError);
    fen4_error.attr("__doc__") = "A FEN4 text that cannot be read; the message names the field and what was expected.";
    fen4_error_type = fen4_error;
    invalid_move_error = PyErr_NewExceptionWithDoc(
        "fourchess.InvalidMoveError", "Move text that is not a move in any position.", PyExc_ValueError, nullptr);
    illegal_move_error = PyErr_NewExceptionWithDoc("fourchess.IllegalMoveError", "A move the position does not allow.",
                                                   PyExc_ValueError, nullptr);
    m.attr("InvalidMoveError") = invalid_move_error;
    m.attr("IllegalMoveError") = illegal_move_error;
    ambiguous_move_error =
        PyErr_NewExceptionWithDoc("fourchess.AmbiguousMoveError",
                                  "Short move text that names more than one legal move.", PyExc_ValueError, nullptr);
    m.attr("AmbiguousMoveError") = ambiguous_move_error;
    position_edit_error = PyErr_NewExceptionWithDoc(
        "fourchess.PositionEditError",
        "Board.set_piece_at or remove_piece_at refused an edit: the result would not be a position the core\n"
        "accepts with only that square changed (see Board.set_piece_at).",
        PyExc_ValueError, nullptr);
    m.attr("PositionEditError") = position_edit_error;
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const Fen4Error& e) {
            py::set_error(fen4_error, e.what());
        } catch (const MoveTextError& e) {
            py::handle type = e.kind() == MoveTextError::Kind::INVALID   ? invalid_move_error
                              : e.kind() == MoveTextError::Kind::ILLEGAL ? illegal_move_error
                                                                         : ambiguous_move_error;
            py::set_error(type, e.what());
        }
    });

    m.def(
        "square_name", [](const py::object& s) { return square_name(checked_square(s)); }, py::arg("square"),
        "The name of a square index (rank * 14 + file): 0 is 'a1', 195 is 'n14'.");
    m.def(
        "parse_square",
        [](const py::object& name_arg) {
            const std::string name = plain_text(name_arg, "square name");
            Square s = parse_square(name);
            if (s == NO_SQUARE)
                throw py::value_error("'" + quoted(name) + "' is not a square name (a1..n14, corners removed)");
            return static_cast<int>(s);
        },
        py::arg("name"),
        "The index (rank * 14 + file) of a square name such as 'h1'; ValueError for a name off the board.");
    {
        py::list squares;
        for (Square s : GEOMETRY.board) squares.append(static_cast<int>(s));
        m.attr("SQUARES") = py::tuple(squares);  // ascending: d1 (3) first, k14 (192) last
    }
    m.attr("MODERN_START_FEN4") = MODERN_START_FEN4;
    m.attr("CLASSIC_START_FEN4") = CLASSIC_START_FEN4;

    py::class_<Piece>(m, "Piece", "A piece on the board; dead pieces belong to no seat.")
        .def(py::init(&make_piece), py::arg("piece_type"), py::arg("seat") = py::none(),
             py::arg("one_point_queen") = false,
             "Piece('rP') from its symbol, or Piece(piece_type, seat): seat None makes a dead piece;\n"
             "one_point_queen=True (a QUEEN only) the FFA 1-point queen.")
        .def_static(
            "from_symbol", &piece_from_symbol, py::arg("symbol"),
            "The piece of a FEN4 cell: 'rP', 'bN', 'yD' (1-point queen), 'gK', 'dB' (dead); the inverse of symbol().")
        .def_property_readonly("piece_type", &Piece::type, "The PieceType (a 1-point queen is a QUEEN).")
        .def_property_readonly("seat", &seat_or_none, "The Seat that owns it, None for a dead piece.")
        .def_property_readonly("is_dead", &Piece::is_dead,
                               "A piece of an eliminated seat: it blocks, but never moves or attacks.")
        .def_property_readonly("is_one_point_queen", &Piece::is_one_point,
                               "An FFA promoted queen, worth 1 point when taken.")
        .def("symbol", &piece_symbol, "FEN4 cell text: 'rP', 'gK', 'yD', 'dB'.")
        .def("__eq__", [](Piece a, const py::object& b) { return py::isinstance<Piece>(b) && a == b.cast<Piece>(); })
        .def("__hash__", [](Piece p) { return p.bits(); })
        .def("__str__", &piece_symbol)
        .def("__repr__", [](Piece p) { return "Piece('" + piece_symbol(p) + "')"; });

    py::class_<Move>(m, "Move",
                     "A move: from square, to square and promotion.\n\n"
                     "Move(from_square, to_square, promotion=None, one_point_queen=False) takes square indices\n"
                     "(rank * 14 + file); Move.from_str('h2-h4') reads the engine form that str(move) writes.\n"
                     "Moves compare and hash by what they do.")
        .def(py::init(&make_move_value), py::arg("from_square"), py::arg("to_square"),
             py::arg("promotion") = py::none(), py::arg("one_point_queen") = py::bool_(false))
        .def_static(
            "from_str", [](const py::object& text) { return parse_move_text(move_text_argument(text)); },
            py::arg("text"), "Reads the engine form 'h2-h3', 'h2h3', 'h10-h11=Q', 'h7-h8=D'.")
        .def_static(
            "from_uci", [](const py::object& text) { return parse_move_text(move_text_argument(text)); },
            py::arg("text"),
            "python-chess's name for from_str: the UCI dialect's moves are the engine form (docs/uci.md).")
        .def("uci", &move_text,
             "The engine form, as the UCI dialect writes it: 'h2-h3', 'h10-h11=Q', castling 'h1-j1'; str(move).")
        .def_property_readonly(
            "from_square", [](Move mv) { return static_cast<int>(mv.from()); }, "The square index it leaves.")
        .def_property_readonly(
            "to_square", [](Move mv) { return static_cast<int>(mv.to()); },
            "The square index it reaches (for castling, the king's; for en passant, the skipped square).")
        .def_property_readonly(
            "promotion",
            [](Move mv) {
                return mv.promotion() == NO_PIECE_TYPE ? std::nullopt : std::optional<PieceType>(mv.promotion());
            },
            "The PieceType a pawn becomes, or None.")
        .def_property_readonly("is_one_point_queen", &Move::promotes_to_one_point_queen,
                               "It promotes to FFA's 1-point queen.")
        .def("__str__", &move_text)
        .def("__repr__", [](Move mv) { return "Move.from_str('" + move_text(mv) + "')"; })
        .def("__eq__",
             [](Move a, const py::object& b) {
                 return py::isinstance<Move>(b) && action_of(a) == action_of(b.cast<Move>());
             })
        .def("__ne__",
             [](Move a, const py::object& b) {
                 return !(py::isinstance<Move>(b) && action_of(a) == action_of(b.cast<Move>()));
             })
        .def(
            "__lt__", [](Move a, Move b) { return action_of(a) < action_of(b); },
            py::is_operator())  // else NotImplemented
        .def("__hash__", [](Move mv) { return action_of(mv); })
        .def(py::pickle([](Move mv) -> py::object { return py::str(move_text(mv)); },
                        [](const py::object& t) { return parse_move_text(move_text_argument(t)); }));

    py::class_<PyGame>(m, "Board", "A game: position, legal moves, move stack (wrapped by fourchess.Board).")
        // First, so that copy() (its hot caller) resolves at the first overload; a string never
        // converts to a Board, so Board(fen4) still reaches the constructor below.
        // Returned as a new pointer, which pybind11 adopts as the holder: a value would be copied
        // once more into the heap (a Game holds two Positions, about 3 KB).
        .def(py::init([](const PyGame& other) {
                 game(other);
                 return new PyGame(other);
             }),
             py::arg("other"))
        .def(py::init([](const py::object& fen4, const py::object& rules_arg) {
                 const Rules rules = fourchess_bindings::rules_argument(rules_arg);
                 return new PyGame(read_fen4(fen4_text(fen4), rules), rules);  // adopted as the holder (see above)
             }),
             py::arg("fen4"), py::arg("rules"))
        .def_property_readonly(
            "is_ffa", [](const PyGame& pg) { return game(pg).position().mode == Mode::FFA; },
            "True in Free-for-All, False in Teams.")
        .def_property_readonly(
            "mode", [](const PyGame& pg) { return game(pg).position().mode == Mode::FFA ? "ffa" : "teams"; },
            "``\"teams\"`` or ``\"ffa\"``.")
        .def_property_readonly(
            "rules", [](const PyGame& pg) { return fourchess_bindings::rules_object(game(pg).rules()); },
            "The rule options this game is played under, a fourchess.Rules.")
        .def_property_readonly(
            "walking_kings", [](const PyGame& pg) { return seats_of(game(pg).position().walking); },
            "FFA: the seats out of the game whose king still walks (docs/rules.md §7), a frozenset.")
        .def_property_readonly(
            "moves_played", [](const PyGame& pg) { return game(pg).moves_played(); },
            "Moves since the root position (what the move limit counts; resignations are not moves).")
        .def(
            "resign", [](PyGame& pg, const py::object& seat) { game(pg).resign(checked_seat(seat)); }, py::arg("seat"),
            "The seat resigns, on its turn or not: Teams, its team loses; FFA, it is eliminated (its king walks\n"
            "with dead_king_walking). ValueError when the game is over or the seat is already out.")
        .def(
            "timeout", [](PyGame& pg, const py::object& seat) { game(pg).timeout(checked_seat(seat)); },
            py::arg("seat"), "The seat runs out of time; the same consequences as resign().")
        .def(
            "claim_win", [](PyGame& pg, const py::object& seat) { game(pg).claim_win(checked_seat(seat)); },
            py::arg("seat"),
            "FFA with points_lead_ends_game off: the seat, leading the only other active seat by 21 or more,\n"
            "claims the win (docs/rules.md §7, decision 11). ValueError when it may not.")
        .def(
            "move_text",
            [](const PyGame& pg, const py::object& move) {
                const Move mv = fourchess_bindings::move_argument(move, "move_text");
                Move legal = legal_move_matching(game(pg).position(), mv);
                if (!legal)
                    throw MoveTextError(MoveTextError::Kind::ILLEGAL,
                                        "illegal move '" + move_text(mv) + "' in " + write_fen4(game(pg).position()));
                return pgn4_move_text(game(pg).position(), legal);
            },
            py::arg("move"),
            "The PGN4 token of a legal move, as chess.com writes it: ``\"Qg1-i3+\"``, ``\"h10xQi11=Q\"``,\n"
            "``\"O-O\"`` (python-chess's SAN, hence the alias :meth:`san`: 4PC records use this long algebraic\n"
            "form). A ``+`` per king the move newly checks (:meth:`gives_check`), ``#`` after a mate or a king\n"
            "capture. IllegalMoveError for a move that is not legal here.")
        .def("_history",
             [](const PyGame& pg) {
                 const std::vector<Step>& history = game(pg).history();
                 std::vector<StepView> steps;
                 steps.reserve(history.size());
                 for (const Step& step : history) steps.push_back(view_of(step));
                 py::list out(steps.size());
                 for (std::size_t i = 0; i < steps.size(); ++i)
                     PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), step_tuple(steps[i]).release().ptr());
                 return out;
             })
        .def_property_readonly(
            "turn", [](const PyGame& pg) { return game(pg).position().side_to_move; }, "The Seat to move.")
        .def_property_readonly(
            "ply_clock", [](const PyGame& pg) { return game(pg).position().ply_clock; },
            "Plies since the last pawn move or capture (the fifty-move rule's counter, docs/rules.md §8).")
        .def_property_readonly(
            "points",
            [](const PyGame& pg) {
                const auto& live = game(pg).position().points;
                const std::int32_t p[SEAT_COUNT] = {live[0], live[1], live[2], live[3]};
                return py::make_tuple(p[0], p[1], p[2], p[3]);
            },
            "Each seat's points, in seat order (only FFA scores them).")
        .def_property_readonly(
            "eliminated",
            [](const PyGame& pg) {
                const Position& pos = game(pg).position();
                return seats_of(pos.mode == Mode::TEAMS ? 0 : pos.eliminated);  // Teams: a dead flag eliminates no one
            },
            "FFA: the seats out of the game, a frozenset (always empty in Teams, where the game ends instead).")
        .def(
            "fen4", [](const PyGame& pg) { return write_fen4(game(pg).position()); }, "The current position as FEN4.")
        .def(
            "root_fen4", [](const PyGame& pg) { return write_fen4(game(pg).root()); },
            "The FEN4 the board was built from, before any step of its history.")
        .def(
            "zobrist_hash", [](const PyGame& pg) { return game(pg).position().key; },
            "A 64-bit key of the position (placement, side to move, castling rights, en passant, seat\n"
            "states): equal positions have equal keys; repetition compares them.")
        .def("_zobrist_from_scratch", [](const PyGame& pg) { return game(pg).position().compute_key(); })
        .def(
            "piece_at",
            [](const PyGame& pg, const py::object& square) -> std::optional<Piece> {
                Piece p = game(pg).position().board[checked_square(square)];
                return p.empty() ? std::nullopt : std::optional<Piece>(p);
            },
            py::arg("square"), "The Piece on a square index, or None.")
        .def(
            "king_square",
            [](const PyGame& pg, const py::object& seat) -> std::optional<int> {
                Square s = game(pg).position().king_square[checked_seat(seat)];
                return s == NO_SQUARE ? std::nullopt : std::optional<int>(s);
            },
            py::arg("seat"),
            "The square of the seat's live king (a walking king included), or ``None``: no king, or a dead one\n"
            "after an FFA elimination. python-chess's ``king(color)``, hence the alias :meth:`king`.")
        .def("_legal_moves",
             [](const PyGame& pg) {
                 MoveList list;
                 generate_legal(game(pg).position(), list);
                 py::list out(list.size);
                 MoveObjectCache& cache = move_objects();
                 for (int i = 0; i < list.size; ++i)
                     PyList_SET_ITEM(out.ptr(), i, cache.get(list.moves[i]).release().ptr());
                 return out;
             })
        .def("_legal_move_count",
             [](const PyGame& pg) {
                 MoveList list;
                 generate_legal(game(pg).position(), list);
                 return list.size;
             })
        .def("_has_legal_move", [](const PyGame& pg) { return has_legal_move(game(pg).position()); })
        .def(
            "is_legal",
            [](const PyGame& pg, const py::object& move) {
                return static_cast<bool>(
                    legal_move_matching(game(pg).position(), fourchess_bindings::move_argument(move, "is_legal")));
            },
            py::arg("move"), "Is the move legal for the side to move? Generates only the moving piece's moves.")
        .def(
            "push",
            [](PyGame& pg, const py::object& move) {
                const Move mv = fourchess_bindings::move_argument(move, "push");
                Move legal = legal_move_matching(game(pg).position(), mv);
                if (!legal)
                    throw MoveTextError(MoveTextError::Kind::ILLEGAL,
                                        "illegal move '" + move_text(mv) + "' in " + write_fen4(game(pg).position()));
                game(pg).push(legal);
            },
            py::arg("move"),
            "Plays a legal move (IllegalMoveError otherwise, the board unchanged) with all its consequences.")
        // fourchess.Board.push_unchecked, typed and documented in Python.
        .def(
            "_push_unchecked",
            [](PyGame& pg, const py::object& move) {
                game(pg).push_pseudo_legal(
                    pseudo_legal_argument(game(pg).position(), move, "push_unchecked",
                                          " (only whether the mover's king is left attacked goes untested)"));
            },
            py::arg("move"))
        .def(
            "parse_move",
            [](const PyGame& pg, const py::object& text) {
                const std::string t = move_text_argument(text);
                return parse_move_explained(game(pg).position(), t);  // an illegal move's error names the rule
            },
            py::arg("text"),
            "The legal Move that text names, in any form of docs/rules.md §10 ('h2-h4', 'h2h4', 'Qg1-i3', 'Bh2xNl6',\n"
            "'O-O', 'h10-h11=Q', short forms such as 'Nf3'; the PGN4 token :meth:`move_text` writes, so\n"
            "python-chess's :meth:`parse_san` is its alias). InvalidMoveError for text that is no move,\n"
            "IllegalMoveError (naming the rule) for a move this position does not allow, AmbiguousMoveError\n"
            "for short text that fits several.")
        .def(
            "push_move",
            [](PyGame& pg, const py::object& text) {
                const std::string t = move_text_argument(text);
                Move mv = parse_move_explained(game(pg).position(), t);
                game(pg).push(mv);
                return mv;
            },
            py::arg("text"),
            ":meth:`parse_move`, then plays the move; returns the Move (python-chess's :meth:`push_san` is its\n"
            "alias).")
        .def("_pop",
             [](PyGame& pg) {
                 if (game(pg).history().empty()) throw py::index_error("pop from an empty move stack");
                 // A move comes back as the Move alone: pop() is hot (push + pop in search loops), and
                 // the step tuple's frozensets and seat cost more than the undo itself.
                 Step step = game(pg).pop();
                 return step.action == Action::MOVE ? move_objects().get(step.move)
                                                    : py::object(step_tuple(view_of(step)));
             })
        .def("_peek",
             [](const PyGame& pg) {
                 if (game(pg).history().empty()) throw py::index_error("peek at an empty move stack");
                 const StepView last = view_of(game(pg).history().back());
                 return step_tuple(last);
             })
        .def_property_readonly(
            "move_stack",
            [](const PyGame& pg) {
                std::vector<Move> moves;
                for (const Step& step : game(pg).history())
                    if (step.action == Action::MOVE) moves.push_back(step.move);
                return moves;
            },
            "The moves since the root, oldest first (history also has the resignations, timeouts and claims).")
        .def(
            "is_check",
            [](const PyGame& pg, const py::object& seat) {
                return in_check(game(pg).position(), seat_or_turn(pg, seat));
            },
            py::arg("seat") = py::none(),
            "Is the seat's king (default: the side to move's) attacked by a live opponent piece?")
        .def(
            "is_checkmate",
            [](const PyGame& pg) { return termination_of(game(pg).position()) == Termination::CHECKMATE; },
            "The side to move is in check and has no legal move.")
        .def(
            "is_stalemate",
            [](const PyGame& pg) { return termination_of(game(pg).position()) == Termination::STALEMATE; },
            "The side to move is not in check and has no legal move.")
        .def(
            "is_game_over", [](const PyGame& pg) { return termination_of(game(pg).position()) != Termination::NONE; },
            "The game has ended (:meth:`outcome` says how).")
        .def(
            "termination",
            [](const PyGame& pg) -> std::optional<Termination> {
                Termination t = termination_of(game(pg).position());
                return t == Termination::NONE ? std::nullopt : std::optional<Termination>(t);
            },
            "Why the game ended (a Termination), or None while it goes on.")
        .def(
            "winners",
            [](const PyGame& pg) {
                return seats_of(winners(game(pg).position(), termination_of(game(pg).position())));
            },
            "The winning seats as a frozenset, empty while the game goes on and for a Teams draw (docs/rules.md\n"
            "§7, decision 4).")
        .def_property_readonly(
            "winner",
            [](const PyGame& pg) -> py::object {
                const Position& pos = game(pg).position();
                const Termination t = termination_of(pos);
                const std::uint8_t seats = t == Termination::NONE ? 0 : winners(pos, t);
                return seats ? py::object(seats_of(seats)) : py::object(py::none());
            },
            "Teams: the two winning seats; FFA: the seats with the most points; None while the game\n"
            "goes on and for a Teams draw.")
        .def(
            "perft",
            [](const PyGame& pg, const py::object& depth_arg, const py::object& threads_arg,
               const py::object& bulk_arg) {
                const int truth = PyObject_IsTrue(bulk_arg.ptr());  // any object, as bool(bulk)
                if (truth < 0) throw py::error_already_set();
                const bool bulk = truth != 0;
                int depth = checked_depth(depth_arg), threads = checked_threads(threads_arg);
                Position pos = game(pg).position();  // copied while the GIL keeps other threads from pushing
                py::gil_scoped_release release;
                if (threads == 1) return bulk ? perft(pos, depth) : perft_full(pos, depth);
                return perft_threaded(pos, depth, threads, bulk);
            },
            py::arg("depth"), py::arg("threads") = 1, py::kw_only(), py::arg("bulk") = true,
            "Leaf nodes of the legal move tree ``depth`` plies deep (docs/rules.md §9); ``threads`` (1 to 256)\n"
            "share the work.\n\n"
            "With ``bulk=False`` every leaf move is also made and unmade (the cost a search pays);\n"
            "the count is the same.")
        .def(
            "perft_full",
            [](const PyGame& pg, const py::object& depth_arg) {
                int depth = checked_depth(depth_arg);
                Position pos = game(pg).position();
                py::gil_scoped_release release;
                return perft_full(pos, depth);
            },
            py::arg("depth"), "Alias of ``perft(depth, bulk=False)``.")
        // fourchess.Board.divide makes the pairs a dict, typed and documented in Python.
        .def(
            "_divide",
            [](const PyGame& pg, const py::object& depth_arg, const py::object& threads_arg, std::optional<Move> only) {
                int depth = checked_depth(depth_arg), threads = checked_threads(threads_arg);
                const Position pos = game(pg).position();  // copied before the GIL is released
                std::vector<std::pair<Move, std::uint64_t>> result;
                {
                    py::gil_scoped_release release;
                    result = divide(pos, depth, threads, only.value_or(Move::none()));
                }
                return result;
            },
            py::arg("depth"), py::arg("threads") = 1, py::arg("only") = py::none())
        // --- python-chess habits: the core answers (queries.h, game.h, edit.h); this translates ---
        .def(
            "piece_map",
            [](const PyGame& pg) {
                const Position& pos = game(pg).position();
                std::vector<std::pair<Square, Piece>> pieces;
                for (Square s : pos.occupied) pieces.emplace_back(s, pos.board[s]);
                py::dict out;
                for (const auto& [square, piece] : pieces) out[py::int_(static_cast<int>(square))] = py::cast(piece);
                return out;
            },
            "Every piece on the board, dead ones included: {square: Piece}, squares ascending.")
        .def(
            "pieces",
            [](const PyGame& pg, const py::object& type, const py::object& seat) {
                return squares_of(pieces_of(game(pg).position(), checked_piece_type(type), checked_seat(seat)));
            },
            py::arg("piece_type"), py::arg("seat"),
            "The squares of the seat's live pieces of that type (a 1-point queen is a QUEEN), as a frozenset.")
        .def(
            "attackers",
            [](const PyGame& pg, const py::object& seat, const py::object& square) {
                const std::uint8_t seats = static_cast<std::uint8_t>(1u << checked_seat(seat));
                return squares_of(attackers_to(game(pg).position(), checked_square(square), seats));
            },
            py::arg("seat"), py::arg("square"),
            "The squares of the seat's live pieces that attack the square (whatever stands on it), as a frozenset.\n"
            "Dead pieces attack nothing but block lines.")
        .def(
            "is_attacked_by",
            [](const PyGame& pg, const py::object& seat, const py::object& square) {
                const std::uint8_t seats = static_cast<std::uint8_t>(1u << checked_seat(seat));
                return is_attacked(game(pg).position(), checked_square(square), seats);
            },
            py::arg("seat"), py::arg("square"), "Does a live piece of the seat attack the square?")
        .def(
            "is_capture",
            [](const PyGame& pg, const py::object& move) {
                const Position& pos = game(pg).position();
                return is_capture(pos, pseudo_legal_argument(pos, move, "is_capture"));
            },
            py::arg("move"),
            "Does the move take a piece (live or dead) on its destination or by en passant? The move must be\n"
            "one push_unchecked accepts (pseudo-legal, game not over), else IllegalMoveError.")
        .def(
            "gives_check",
            [](const PyGame& pg, const py::object& move) {
                const Position& pos = game(pg).position();
                return kings_newly_checked(pos, pseudo_legal_argument(pos, move, "gives_check")) != 0;
            },
            py::arg("move"),
            "Does the move newly check an opponent's king, as the '+' of its PGN4 token (san) says? Teams: either\n"
            "enemy king, a check uncovered for the partner included; FFA: any other seat still taking turns. The move\n"
            "must be one push_unchecked accepts, else IllegalMoveError.")
        .def(
            "is_repetition",
            [](const PyGame& pg, const py::object& count_arg) {
                const int count = static_cast<int>(checked_int(count_arg, "count", 1, 1000000, "1..1000000"));
                return game(pg).repetitions() >= count;
            },
            py::arg("count") = 3,
            "Has the current position occurred `count` times since the root (this time included)? Three end the\n"
            "game (docs/rules.md §8).")
        .def(
            "is_fifty_moves", [](const PyGame& pg) { return game(pg).fifty_moves(); },
            "Has the ply clock reached 50 moves per seat still taking turns (docs/rules.md §8), with no other ending "
            "first?")
        .def(
            "is_insufficient_material",
            [](const PyGame& pg) { return insufficient_material_ends_game(game(pg).position()); },
            "FFA: is the material of the active seats too little to go on (docs/rules.md §7)? Always False in Teams,\n"
            "which has no such draw (docs/rules.md §6).")
        // fourchess.Board.can_claim_win, typed and documented in Python.
        .def(
            "_can_claim_win",
            [](const PyGame& pg, const py::object& seat) {
                return can_claim_win(game(pg).position(), seat_or_turn(pg, seat));
            },
            py::arg("seat") = py::none())
        .def(
            "has_castling_rights",
            [](const PyGame& pg, const py::object& seat) {
                const Seat s = checked_seat(seat);
                return has_castling_right(game(pg).position(), s, SHORT) ||
                       has_castling_right(game(pg).position(), s, LONG);
            },
            py::arg("seat"),
            "Does the seat still hold a castling right it could use one day: the FEN4 flag set, its king on a home "
            "square\n"
            "and its own rook on that side's corner? Not whether castling is legal now; False for a walking king.")
        .def(
            "has_kingside_castling_rights",
            [](const PyGame& pg, const py::object& seat) {
                return has_castling_right(game(pg).position(), checked_seat(seat), SHORT);
            },
            py::arg("seat"), "has_castling_rights for the short side only (the king's side: FEN4 field 3).")
        .def(
            "has_queenside_castling_rights",
            [](const PyGame& pg, const py::object& seat) {
                return has_castling_right(game(pg).position(), checked_seat(seat), LONG);
            },
            py::arg("seat"), "has_castling_rights for the long side only (the queen's side: FEN4 field 4).")
        .def_property_readonly(
            "fullmove_number", [](const PyGame& pg) { return game(pg).fullmove_number(); },
            "The PGN4 round of the side to move (python-chess's fullmove number): 1 at the root, one more\n"
            "each time a move hands the turn to a seat at or before the mover's in the order R, B, Y, G.")
        .def(
            "set_piece_at",
            [](PyGame& pg, const py::object& square, const py::object& piece) {
                edit_square(pg, square, piece.is_none() ? NO_PIECE : piece_argument(piece));
            },
            py::arg("square"), py::arg("piece"),
            "Puts ``piece`` on ``square`` (``None`` empties it), replacing what stood there.\n\n"
            "Validated: the result must be a position the core accepts, with no square changed but\n"
            "this one, else :class:`PositionEditError` (a ValueError) and the board is unchanged.\n"
            "Refused: a second live king for a seat, a 17th live piece, in FFA a live piece of a seat\n"
            "that is out (it has no live king, or resigned or timed out: its pieces are dead), taking\n"
            "an FFA seat's king while it has other live pieces (they would die), an FFA side to move\n"
            "left out while two seats play.\n\n"
            "As python-chess's edits do, an edit clears the move stack: the edited position becomes the\n"
            "new root (:meth:`root_fen4`), ``fullmove_number`` is 1 again and repetitions count from\n"
            "here. The turn, castling flags, points and ply clock stay; what the board itself decides is\n"
            "worked out again (FFA eliminations, en passant entries whose pawn is gone, an ending the\n"
            "board shows), and an ending only history gave (repetition, fifty moves, move limit, a\n"
            "claim) is forgotten. Castling flags are kept even when their king or rook is gone\n"
            "(:meth:`has_castling_rights` says whether one can still be used).")
        .def(
            "remove_piece_at",
            [](PyGame& pg, const py::object& square) -> std::optional<Piece> {
                const Piece before = game(pg).position().board[checked_square(square)];
                edit_square(pg, square, NO_PIECE);
                return before.empty() ? std::nullopt : std::optional<Piece>(before);
            },
            py::arg("square"),
            "Empties ``square`` and returns the piece that stood there (``None`` if it was empty);\n"
            "validated and clearing the move stack as :meth:`set_piece_at` is.")
        .def(
            "_same_state", [](const PyGame& a, const PyGame& b) { return game(a).same_state(game(b)); },
            py::arg("other"))
        .def(
            "parse_uci",
            [](const PyGame& pg, const py::object& text) {
                const std::string t = move_text_argument(text);
                parse_move_text(t);  // the engine form only: InvalidMoveError for 'O-O' or 'Nf3'
                return parse_move(game(pg).position(), t);
            },
            py::arg("text"),
            "The legal move the engine form names, as Move.from_uci reads it ('h2-h3', 'h2h3', 'h10-h11=Q'; in FFA\n"
            "'=Q' is the 1-point queen; castling is the king's move 'h1-j1', not 'O-O'). InvalidMoveError if it\n"
            "cannot be read, IllegalMoveError if it is not legal here.")
        .def(
            "push_uci",
            [](PyGame& pg, const py::object& text) {
                const std::string t = move_text_argument(text);
                parse_move_text(t);
                const Move mv = parse_move(game(pg).position(), t);
                game(pg).push(mv);
                return mv;
            },
            py::arg("text"), "parse_uci, then push; returns the move.");
    fourchess_bindings::bind_search(m);
    fourchess_bindings::bind_rl(m);
    fourchess_bindings::bind_stateless(m);
}
