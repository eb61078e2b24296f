// fourchess._core's stateless calls (a FEN4 and step texts in, plain data out) and Board's steps
// as text, translated for fourchess.stateless and fourchess.Board.
#pragma once

#include <pybind11/pybind11.h>

namespace fourchess_bindings {

// Call after the Board class and the error types are registered on `m`.
void bind_stateless(pybind11::module_& m);

}  // namespace fourchess_bindings
