// fourchess._core.Searcher: the CPU player's search, translated for Python.
#pragma once

#include <pybind11/pybind11.h>

namespace fourchess_bindings {

void bind_search(pybind11::module_& m);

}  // namespace fourchess_bindings
