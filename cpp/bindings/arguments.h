// Python arguments that pybind11's own conversions would get wrong for fourchess._core: text
// with a lone surrogate (refused as an overload TypeError, though it is bad input) and value
// objects made by T.__new__(T) alone (read as uninitialised memory).
#pragma once

#include <pybind11/gil_safe_call_once.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "fourchess/types.h"

namespace fourchess_bindings {

namespace py = pybind11;

// Characters of a str quoted in an error message, as Python's repr shows them (surrogates and
// control characters escaped), without the quotes.
constexpr Py_ssize_t QUOTED_CHARACTERS = 40;

// The start of `text` for an error message: its repr without quotes, and past
// QUOTED_CHARACTERS only a prefix followed by "... (N characters)".
inline std::string quoted_prefix(const py::handle& text) {
    const Py_ssize_t length = PyUnicode_GetLength(text.ptr());
    py::str shown =
        py::reinterpret_steal<py::str>(PyUnicode_Substring(text.ptr(), 0, std::min(length, QUOTED_CHARACTERS)));
    if (!shown) throw py::error_already_set();
    std::string repr = py::repr(shown);  // repr escapes surrogates, so this encodes
    std::string inner = repr.substr(1, repr.size() - 2);
    return length > QUOTED_CHARACTERS ? inner + "... (" + std::to_string(length) + " characters)" : inner;
}

// Why `text` (a str that UTF-8 refused) cannot be read: where its first lone surrogate is.
inline std::string unencodable_reason(const py::handle& text) {
    const Py_ssize_t length = PyUnicode_GetLength(text.ptr());
    for (Py_ssize_t i = 0; i < length; ++i) {
        const Py_UCS4 c = PyUnicode_ReadChar(text.ptr(), i);
        if (c >= 0xD800 && c <= 0xDFFF) {
            char code[8];
            std::snprintf(code, sizeof code, "%04X", static_cast<unsigned>(c));
            return "a lone surrogate U+" + std::string(code) + " at character " + std::to_string(i) + " of " +
                   std::to_string(length) + " is not text (it has no UTF-8 form)";
        }
    }
    return "it has no UTF-8 form";
}

// The UTF-8 bytes of a str argument. TypeError (naming `what`) for anything but a str; for a str
// with no UTF-8 form, `bad_text(quoted_prefix, reason)` is called and must throw the caller's
// error type (Fen4Error, InvalidMoveError, ...).
template <class BadText>
std::string utf8_text(const py::handle& value, const char* what, BadText bad_text) {
    if (!PyUnicode_Check(value.ptr()))
        throw py::type_error(std::string(what) + " must be a str, got " +
                             std::string(py::str(py::type::of(value).attr("__name__"))));
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);  // cached in the str; no copy for ASCII
    if (data) return std::string(data, static_cast<std::size_t>(size));
    PyErr_Clear();
    bad_text(quoted_prefix(value), unencodable_reason(value));
    throw py::value_error(std::string(what) + " is not valid text");  // bad_text always throws; kept for the compiler
}

// An int argument (anything with __index__) in an error message: its digits, or past
// QUOTED_CHARACTERS a prefix and the count; an int past Python's int-to-text limit by its bits.
inline std::string int_text(const py::handle& value) {
    py::object number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!number) throw py::error_already_set();
    PyObject* text = PyObject_Str(number.ptr());
    if (!text) {
        PyErr_Clear();
        return "an int of " + std::string(py::str(number.attr("bit_length")())) + " bits";
    }
    std::string digits = py::reinterpret_steal<py::str>(text);
    if (static_cast<Py_ssize_t>(digits.size()) <= QUOTED_CHARACTERS) return digits;
    return digits.substr(0, QUOTED_CHARACTERS) + "... (" + std::to_string(digits.size()) + " digits)";
}

inline std::string type_name(const py::handle& value) { return py::str(py::type::of(value).attr("__name__")); }

// Loads a registered value type like pybind11 does, but first refuses an instance whose value
// was never constructed (T.__new__(T) with no __init__): pybind11 would hand the C++ code freshly
// allocated, uninitialised storage. TypeError, as for an uninitialised Board.
template <class T>
struct initialised_value_caster : py::detail::type_caster_base<T> {
    bool load(py::handle src, bool convert) {
        auto* type = reinterpret_cast<PyTypeObject*>(this->typeinfo->type);
        if (src && PyObject_TypeCheck(src.ptr(), type)) {
            auto* instance = reinterpret_cast<py::detail::instance*>(src.ptr());
            // Every value pybind11 constructs (an __init__, a cast of a C++ value, unpickling)
            // gets its holder constructed with it; T.__new__ alone never does.
            if (!instance->get_value_and_holder(this->typeinfo, false).holder_constructed())
                throw py::type_error(std::string("this ") + type->tp_name +
                                     " was never initialised (build it with its constructor, not __new__)");
        }
        return py::detail::type_caster_base<T>::load(src, convert);
    }
};

}  // namespace fourchess_bindings

namespace pybind11::detail {
template <>
struct type_caster<fourchess::Move> : fourchess_bindings::initialised_value_caster<fourchess::Move> {};
template <>
struct type_caster<fourchess::Piece> : fourchess_bindings::initialised_value_caster<fourchess::Piece> {};
}  // namespace pybind11::detail

namespace fourchess_bindings {

// A Move argument, or a one-line TypeError naming the call and the type given (pybind11's own
// "incompatible function arguments" lists the overloads and quotes the whole Board). One load
// through the caster above (one type lookup; push and pop are hot), which also refuses a Move
// that was never initialised.
inline fourchess::Move move_argument(const py::handle& value, const char* function) {
    py::detail::make_caster<fourchess::Move> caster;
    if (!caster.load(value, /*convert=*/false))
        throw py::type_error(std::string(function) + "() argument 'move' must be a fourchess.Move, got " +
                             type_name(value));
    return py::detail::cast_op<fourchess::Move>(caster);
}

// fourchess.Rules, the class whose instances carry rule options across the binding (looked up
// once; the module keeps it alive).
inline py::handle rules_class() {
    PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<py::object> storage;
    return storage.call_once_and_store_result([] { return py::module_::import("fourchess.rules").attr("Rules"); })
        .get_stored();
}

// The C++ Rules of a fourchess.Rules, read field by field by name (its __post_init__ has checked
// every value). Adding a rule option adds a line here and one in rules_object below.
inline fourchess::Rules rules_argument(const py::handle& value) {
    if (!py::isinstance(value, rules_class()))
        throw py::type_error("rules must be a fourchess.Rules, got " + type_name(value));
    fourchess::Rules rules;
    rules.mode =
        py::str(value.attr("mode")).cast<std::string>() == "ffa" ? fourchess::Mode::FFA : fourchess::Mode::TEAMS;
    rules.setup = py::str(value.attr("setup")).cast<std::string>() == "classic" ? fourchess::StartLayout::CLASSIC
                                                                                : fourchess::StartLayout::MODERN;
    rules.dead_king_walking = value.attr("dead_king_walking").cast<bool>();
    const py::object limit = value.attr("move_limit");
    rules.move_limit = limit.is_none() ? 0 : limit.cast<int>();
    rules.points_lead_ends_game = value.attr("points_lead_ends_game").cast<bool>();
    rules.walking_kings_stalemated_on_their_turn = value.attr("walking_kings_stalemated_on_their_turn").cast<bool>();
    return rules;
}

// The fourchess.Rules of C++ Rules.
inline py::object rules_object(const fourchess::Rules& rules) {
    using namespace pybind11::literals;
    return rules_class()(
        "mode"_a = rules.mode == fourchess::Mode::FFA ? "ffa" : "teams",
        "setup"_a = rules.setup == fourchess::StartLayout::CLASSIC ? "classic" : "modern",
        "dead_king_walking"_a = rules.dead_king_walking,
        "move_limit"_a = rules.move_limit ? py::object(py::int_(rules.move_limit)) : py::object(py::none()),
        "points_lead_ends_game"_a = rules.points_lead_ends_game,
        "walking_kings_stalemated_on_their_turn"_a = rules.walking_kings_stalemated_on_their_turn);
}

}  // namespace fourchess_bindings
