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
#include "search_binding.h"
#include "stateless_binding.h"

#include <chrono>
#include <optional>
#include <string>

#include "fourchess/attacks.h"
#include "fourchess/fen4.h"
#include "fourchess/game.h"
#include "fourchess/movegen.h"
#include "fourchess/notation.h"
#include "fourchess/perft.h"
#include "fourchess/rules.h"

namespace py = pybind11;
using namespace fourchess;
using fourchess_bindings::utf8_text;
using fourchess_bindings::PyGame;
using fourchess_bindings::game;

namespace {

constexpr int MAX_PERFT_DEPTH = 12;
constexpr int MAX_THREADS = 256;

py::handle fen4_error_type, invalid_move_error, illegal_move_error, ambiguous_move_error;

// A Python int of any size (or anything with __index__) as a C++ integer; `fits` is false when it
// does not fit in a long long. TypeError for non-integers.
long long index_value(const py::handle& value, const char* what, bool& fits) {
    PyObject* index = PyNumber_Index(value.ptr());
    if (!index) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an int, got " + std::string(py::str(py::type::of(value).attr("__name__"))));
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    fits = overflow == 0;
    return v;
}

// ValueError naming the value unless it lies in [low, high].
long long checked_int(const py::handle& value, const char* what, long long low, long long high, const std::string& allowed) {
    bool fits = true;
    long long v = index_value(value, what, fits);
    if (!fits || v < low || v > high)
        throw py::value_error(std::string(what) + " must be " + allowed + ", got " + std::string(py::str(value)));
    return v;
}

Square checked_square(const py::handle& value) {
    bool fits = true;
    long long index = index_value(value, "square", fits);
    if (!fits || index < 0 || index >= GRID_SQUARES || !is_on_board(static_cast<Square>(index)))
        throw py::value_error("square " + std::string(py::str(value)) + " is not one of the 160 board squares (index r*14+f; corners are removed)");
    return static_cast<Square>(index);
}

Seat checked_seat(const py::handle& value) {
    return static_cast<Seat>(checked_int(value, "seat", 0, SEAT_COUNT - 1, "0..3 (Red, Blue, Yellow, Green)"));
}

Move make_move_value(const py::object& from, const py::object& to, std::optional<PieceType> promotion, bool one_point) {
    PieceType promo = promotion.value_or(NO_PIECE_TYPE);
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

std::string piece_symbol(Piece p) {
    static constexpr char LETTERS[] = " PNBRQK";
    static constexpr char COLOURS[] = "rbyg";
    char letter = p.is_one_point() ? 'D' : LETTERS[p.type()];
    return std::string(1, p.is_dead() ? 'd' : COLOURS[p.seat()]) + letter;
}

constexpr const char* ACTION_NAMES[] = {"move", "resign", "timeout", "claim"};

py::frozenset seats_of(std::uint8_t bits);

// What Python is shown of one step, copied out of the Game before any Python object is made.
struct StepView {
    Action action;
    Seat seat;
    Move move;
    std::uint8_t mated_seats, stalemated_seats;
};

StepView view_of(const Step& step) { return {step.action, step.seat, step.move, step.undo.mated_seats, step.undo.stalemated_seats}; }

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

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "fourchess C++ core (private; use the fourchess package)";

    py::native_enum<Seat>(m, "Seat", "enum.IntEnum", "A player's seat, in turn order.")
        .value("RED", RED).value("BLUE", BLUE).value("YELLOW", YELLOW).value("GREEN", GREEN).finalize();
    py::native_enum<PieceType>(m, "PieceType", "enum.IntEnum", "Kind of piece; a 1-point queen is a QUEEN.")
        .value("PAWN", PAWN).value("KNIGHT", KNIGHT).value("BISHOP", BISHOP).value("ROOK", ROOK)
        .value("QUEEN", QUEEN).value("KING", KING).finalize();
    py::native_enum<Termination>(m, "Termination", "enum.Enum", "Why a game ended.")
        .value("CHECKMATE", Termination::CHECKMATE).value("STALEMATE", Termination::STALEMATE)
        .value("KING_CAPTURE", Termination::KING_CAPTURE).value("RESIGNATION", Termination::RESIGNATION)
        .value("TIMEOUT", Termination::TIMEOUT).value("THREE_ELIMINATED", Termination::THREE_ELIMINATED)
        .value("POINTS_LEAD", Termination::POINTS_LEAD).value("THREEFOLD_REPETITION", Termination::THREEFOLD_REPETITION)
        .value("FIFTY_MOVE_RULE", Termination::FIFTY_MOVE_RULE).value("INSUFFICIENT_MATERIAL", Termination::INSUFFICIENT_MATERIAL)
        .value("MOVE_LIMIT", Termination::MOVE_LIMIT).finalize();

    static py::exception<Fen4Error> fen4_error(m, "Fen4Error", PyExc_ValueError);
    fen4_error_type = fen4_error;
    invalid_move_error = PyErr_NewException("fourchess.InvalidMoveError", PyExc_ValueError, nullptr);
    illegal_move_error = PyErr_NewException("fourchess.IllegalMoveError", PyExc_ValueError, nullptr);
    m.attr("InvalidMoveError") = invalid_move_error;
    m.attr("IllegalMoveError") = illegal_move_error;
    ambiguous_move_error = PyErr_NewException("fourchess.AmbiguousMoveError", PyExc_ValueError, nullptr);
    m.attr("AmbiguousMoveError") = ambiguous_move_error;
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

    m.def("square_name", [](const py::object& s) { return square_name(checked_square(s)); }, py::arg("square"));
    m.def("parse_square", [](const py::object& name_arg) {
        const std::string name = plain_text(name_arg, "square name");
        Square s = parse_square(name);
        if (s == NO_SQUARE) throw py::value_error("'" + quoted(name) + "' is not a square name (a1..n14, corners removed)");
        return static_cast<int>(s);
    }, py::arg("name"));
    m.attr("MODERN_START_FEN4") = MODERN_START_FEN4;
    m.attr("CLASSIC_START_FEN4") = CLASSIC_START_FEN4;

    // Seconds per call of the bare C++ work behind one Python API call, timed in a C++ loop with
    // no Python in it: the denominator of the Python-call / C++ ratio that bench/ reports.
    m.def("_bare_cost", [](const py::object& fen4_arg, bool ffa, const py::object& op_arg, int iterations) {
        const std::string fen4 = fen4_text(fen4_arg), op = plain_text(op_arg, "op");
        if (iterations < 1) throw py::value_error("iterations must be at least 1, got " + std::to_string(iterations));
        const Mode mode = ffa ? Mode::FFA : Mode::TEAMS;
        Rules rules;
        rules.mode = mode;
        const Position pos = read_fen4(fen4, rules);
        MoveList list;
        generate_legal(pos, list);
        if (op != "legal_moves" && op != "push_pop" && op != "parse" && op != "fen4" && op != "copy")
            throw py::value_error("op must be legal_moves, push_pop, parse, fen4 or copy, got '" + quoted(op) + "'");
        if (op == "push_pop" && list.size == 0) throw py::value_error("push_pop needs a position with a legal move");
        py::gil_scoped_release release;
        Game game(pos, rules);
        std::uint64_t sink = 0;
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < iterations; ++i) {
            if (op == "legal_moves") { generate_legal(pos, list); sink += static_cast<std::uint64_t>(list.size); }
            else if (op == "push_pop") { game.push(legal_move_matching(game.position(), list.moves[0])); sink += game.pop().move.bits(); }
            else if (op == "parse") sink += read_fen4(fen4, mode).key;
            else if (op == "fen4") sink += write_fen4(pos).size();
            else { Game copy = game; sink += copy.position().key; }
        }
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        static volatile std::uint64_t keep;  // so the loop is not optimised away
        keep = sink;
        return seconds / iterations;
    }, py::arg("fen4"), py::arg("ffa"), py::arg("op"), py::arg("iterations"));

    py::class_<Piece>(m, "Piece", "A piece on the board; dead pieces belong to no seat.")
        .def_property_readonly("piece_type", &Piece::type)
        .def_property_readonly("seat", &seat_or_none)
        .def_property_readonly("is_dead", &Piece::is_dead)
        .def_property_readonly("is_one_point_queen", &Piece::is_one_point)
        .def("symbol", &piece_symbol, "FEN4 cell text: 'rP', 'gK', 'yD', 'dB'.")
        .def("__eq__", [](Piece a, Piece b) { return a == b; })
        .def("__hash__", [](Piece p) { return p.bits(); })
        .def("__str__", &piece_symbol)
        .def("__repr__", [](Piece p) { return "Piece('" + piece_symbol(p) + "')"; });

    py::class_<Move>(m, "Move", "A move: from square, to square and promotion.")
        .def(py::init(&make_move_value), py::arg("from_square"), py::arg("to_square"),
             py::arg("promotion") = py::none(), py::arg("one_point_queen") = false)
        .def_static("from_str", [](const py::object& text) { return parse_move_text(move_text_argument(text)); }, py::arg("text"),
                    "Reads the engine form 'h2-h3', 'h2h3', 'h10-h11=Q', 'h7-h8=D'.")
        .def_property_readonly("from_square", [](Move mv) { return static_cast<int>(mv.from()); })
        .def_property_readonly("to_square", [](Move mv) { return static_cast<int>(mv.to()); })
        .def_property_readonly("promotion", [](Move mv) {
            return mv.promotion() == NO_PIECE_TYPE ? std::nullopt : std::optional<PieceType>(mv.promotion());
        })
        .def_property_readonly("is_one_point_queen", &Move::promotes_to_one_point_queen)
        .def("__str__", &move_text)
        .def("__repr__", [](Move mv) { return "Move.from_str('" + move_text(mv) + "')"; })
        .def("__eq__", [](Move a, const py::object& b) {
            return py::isinstance<Move>(b) && action_of(a) == action_of(b.cast<Move>());
        })
        .def("__ne__", [](Move a, const py::object& b) {
            return !(py::isinstance<Move>(b) && action_of(a) == action_of(b.cast<Move>()));
        })
        .def("__lt__", [](Move a, Move b) { return action_of(a) < action_of(b); })
        .def("__hash__", [](Move mv) { return action_of(mv); })
        .def(py::pickle([](Move mv) -> py::object { return py::str(move_text(mv)); }, [](const py::object& t) { return parse_move_text(move_text_argument(t)); }));

    py::class_<PyGame>(m, "Board", "A game: position, legal moves, move stack (wrapped by fourchess.Board).")
        // First, so that copy() (its hot caller) resolves at the first overload; a string never
        // converts to a Board, so Board(fen4) still reaches the constructor below.
        // Returned as a new pointer, which pybind11 adopts as the holder: a value would be copied
        // once more into the heap (a Game holds two Positions, about 3 KB).
        .def(py::init([](const PyGame& other) { game(other); return new PyGame(other); }), py::arg("other"))
        .def(py::init([](const py::object& fen4, bool ffa, bool classic, bool dead_king_walking, const py::object& move_limit,
                         bool points_lead_ends_game, bool walking_kings_stalemated_on_their_turn) {
                 Rules rules;
                 rules.mode = ffa ? Mode::FFA : Mode::TEAMS;
                 rules.setup = classic ? Setup::CLASSIC : Setup::MODERN;
                 rules.dead_king_walking = dead_king_walking;
                 rules.move_limit = static_cast<int>(checked_int(move_limit, "move_limit", 0, 1000000, "0 (none) .. 1000000"));
                 rules.points_lead_ends_game = points_lead_ends_game;
                 rules.walking_kings_stalemated_on_their_turn = walking_kings_stalemated_on_their_turn;
                 return new PyGame(read_fen4(fen4_text(fen4), rules), rules);  // adopted as the holder (see above)
             }),
             py::arg("fen4"), py::arg("ffa"), py::arg("classic") = false, py::arg("dead_king_walking") = true,
             py::arg("move_limit") = 0, py::arg("points_lead_ends_game") = true,
             py::arg("walking_kings_stalemated_on_their_turn") = false)
        .def_property_readonly("is_ffa", [](const PyGame& pg) { return game(pg).position().mode == Mode::FFA; })
        .def_property_readonly("_rules", [](const PyGame& pg) {
            const Rules r = game(pg).rules();
            return py::make_tuple(r.mode == Mode::FFA, r.setup == Setup::CLASSIC, r.dead_king_walking, r.move_limit,
                                  r.points_lead_ends_game, r.walking_kings_stalemated_on_their_turn);
        })
        .def_property_readonly("walking_kings", [](const PyGame& pg) { return seats_of(game(pg).position().walking); })
        .def_property_readonly("moves_played", [](const PyGame& pg) { return game(pg).moves_played(); })
        .def("resign", [](PyGame& pg, const py::object& seat) { game(pg).resign(checked_seat(seat)); }, py::arg("seat"))
        .def("timeout", [](PyGame& pg, const py::object& seat) { game(pg).timeout(checked_seat(seat)); }, py::arg("seat"))
        .def("claim_win", [](PyGame& pg, const py::object& seat) { game(pg).claim_win(checked_seat(seat)); }, py::arg("seat"))
        .def("move_text", [](const PyGame& pg, Move mv) {
            Move legal = legal_move_matching(game(pg).position(), mv);
            if (!legal) throw MoveTextError(MoveTextError::Kind::ILLEGAL, "illegal move '" + move_text(mv) + "' in " + write_fen4(game(pg).position()));
            return pgn4_move_text(game(pg).position(), legal);
        }, py::arg("move"), "The PGN4 token of a legal move, with its check/mate suffix.")
        .def("_history", [](const PyGame& pg) {
            const std::vector<Step>& history = game(pg).history();
            std::vector<StepView> steps;
            steps.reserve(history.size());
            for (const Step& step : history) steps.push_back(view_of(step));
            py::list out(steps.size());
            for (std::size_t i = 0; i < steps.size(); ++i) PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), step_tuple(steps[i]).release().ptr());
            return out;
        })
        .def_property_readonly("turn", [](const PyGame& pg) { return game(pg).position().side_to_move; })
        .def_property_readonly("ply_clock", [](const PyGame& pg) { return game(pg).position().ply_clock; })
        .def_property_readonly("points", [](const PyGame& pg) {
            const auto& live = game(pg).position().points;
            const std::int32_t p[SEAT_COUNT] = {live[0], live[1], live[2], live[3]};
            return py::make_tuple(p[0], p[1], p[2], p[3]);
        })
        .def_property_readonly("eliminated", [](const PyGame& pg) {
            const Position& pos = game(pg).position();
            return seats_of(pos.mode == Mode::TEAMS ? 0 : pos.eliminated);  // Teams: a dead flag eliminates no one
        })
        .def("fen4", [](const PyGame& pg) { return write_fen4(game(pg).position()); })
        .def("root_fen4", [](const PyGame& pg) { return write_fen4(game(pg).root()); })
        .def("zobrist_hash", [](const PyGame& pg) { return game(pg).position().key; })
        .def("_zobrist_from_scratch", [](const PyGame& pg) { return game(pg).position().compute_key(); })
        .def("piece_at", [](const PyGame& pg, const py::object& square) -> std::optional<Piece> {
            Piece p = game(pg).position().board[checked_square(square)];
            return p.empty() ? std::nullopt : std::optional<Piece>(p);
        }, py::arg("square"))
        .def("king_square", [](const PyGame& pg, const py::object& seat) -> std::optional<int> {
            Square s = game(pg).position().king_square[checked_seat(seat)];
            return s == NO_SQUARE ? std::nullopt : std::optional<int>(s);
        }, py::arg("seat"))
        .def("_legal_moves", [](const PyGame& pg) {
            MoveList list;
            generate_legal(game(pg).position(), list);
            py::list out(list.size);
            MoveObjectCache& cache = move_objects();
            for (int i = 0; i < list.size; ++i) PyList_SET_ITEM(out.ptr(), i, cache.get(list.moves[i]).release().ptr());
            return out;
        })
        .def("_legal_move_count", [](const PyGame& pg) {
            MoveList list;
            generate_legal(game(pg).position(), list);
            return list.size;
        })
        .def("_has_legal_move", [](const PyGame& pg) { return has_legal_move(game(pg).position()); })
        .def("is_legal", [](const PyGame& pg, Move mv) { return static_cast<bool>(legal_move_matching(game(pg).position(), mv)); }, py::arg("move"))
        .def("push", [](PyGame& pg, Move mv) {
            Move legal = legal_move_matching(game(pg).position(), mv);
            if (!legal) throw MoveTextError(MoveTextError::Kind::ILLEGAL, "illegal move '" + move_text(mv) + "' in " + write_fen4(game(pg).position()));
            game(pg).push(legal);
        }, py::arg("move"))
        .def("push_unchecked", [](PyGame& pg, Move mv) {
            const Position& pos = game(pg).position();
            if (termination_of(pos) != Termination::NONE)
                throw MoveTextError(MoveTextError::Kind::ILLEGAL, "push_unchecked: '" + move_text(mv) + "': the game is over");
            const Move m = pseudo_legal_matching(pos, mv);
            if (!m)
                throw MoveTextError(MoveTextError::Kind::ILLEGAL,
                                    "push_unchecked: '" + move_text(mv) + "' is not a move the pieces allow in this position " +
                                        "(only whether the mover's king is left attacked goes untested)");
            game(pg).push_pseudo_legal(m);
        }, py::arg("move"),
             "Plays a pseudo-legal move without testing whether it leaves the mover's own king attacked.\n\n"
             "Checked: the game is not over; the piece on the from square belongs to the side to move and may\n"
             "move so (steps, lines and blockers, pawn pushes, double pushes, captures and en passant; a king may be\n"
             "taken); a promotion piece is named exactly when a pawn reaches its line (Teams Q R B N, FFA the\n"
             "1-point queen); castling only when it is legal. Anything else raises IllegalMoveError and changes\n"
             "nothing. Not checked: the mover's own king may be left in check (an opponent may then take it).\n"
             "No Move object, legal or not, can make the core read or write out of bounds or leave the position\n"
             "inconsistent: pop() restores it exactly.")
        .def("parse_move", [](const PyGame& pg, const py::object& text) {
            const std::string t = move_text_argument(text);
            return parse_move(game(pg).position(), t);
        }, py::arg("text"))
        .def("push_move", [](PyGame& pg, const py::object& text) {
            const std::string t = move_text_argument(text);
            Move mv = parse_move(game(pg).position(), t);
            game(pg).push(mv);
            return mv;
        }, py::arg("text"))
        .def("_pop", [](PyGame& pg) {
            if (game(pg).history().empty()) throw py::index_error("pop from an empty move stack");
            // A move comes back as the Move alone: pop() is hot (push + pop in search loops), and
            // the step tuple's frozensets and seat cost more than the undo itself.
            Step step = game(pg).pop();
            return step.action == Action::MOVE ? move_objects().get(step.move) : py::object(step_tuple(view_of(step)));
        })
        .def("_peek", [](const PyGame& pg) {
            if (game(pg).history().empty()) throw py::index_error("peek at an empty move stack");
            const StepView last = view_of(game(pg).history().back());
            return step_tuple(last);
        })
        .def_property_readonly("move_stack", [](const PyGame& pg) {
            std::vector<Move> moves;
            for (const Step& step : game(pg).history())
                if (step.action == Action::MOVE) moves.push_back(step.move);
            return moves;
        })
        .def("is_check", [](const PyGame& pg, const py::object& seat) { return in_check(game(pg).position(), checked_seat(seat)); }, py::arg("seat"))
        .def("termination", [](const PyGame& pg) -> std::optional<Termination> {
            Termination t = termination_of(game(pg).position());
            return t == Termination::NONE ? std::nullopt : std::optional<Termination>(t);
        })
        .def("winners", [](const PyGame& pg) { return seats_of(winners(game(pg).position(), termination_of(game(pg).position()))); })
        .def("perft", [](const PyGame& pg, const py::object& depth_arg, const py::object& threads_arg, bool bulk) {
            int depth = checked_depth(depth_arg), threads = checked_threads(threads_arg);
            Position pos = game(pg).position();  // copied while the GIL keeps other threads from pushing
            py::gil_scoped_release release;
            if (threads == 1) return bulk ? perft(pos, depth) : perft_full(pos, depth);
            return perft_threaded(pos, depth, threads, bulk);
        }, py::arg("depth"), py::arg("threads") = 1, py::arg("bulk") = true)
        .def("perft_full", [](const PyGame& pg, const py::object& depth_arg) {
            int depth = checked_depth(depth_arg);
            Position pos = game(pg).position();
            py::gil_scoped_release release;
            return perft_full(pos, depth);
        }, py::arg("depth"))
        .def("divide", [](const PyGame& pg, const py::object& depth_arg) {
            int depth = checked_depth(depth_arg);
            const Position pos = game(pg).position();  // copied before the GIL is released
            std::vector<std::pair<Move, std::uint64_t>> result;
            {
                py::gil_scoped_release release;
                result = divide(pos, depth);
            }
            return result;
        }, py::arg("depth"));
    fourchess_bindings::bind_search(m);
    fourchess_bindings::bind_stateless(m);
}
