// fourchess._core.rl: the learning encoding (fourchess/encoding/), translated for Python.
#pragma once

#include <pybind11/pybind11.h>

namespace fourchess_bindings {

void bind_rl(pybind11::module_& m);

}  // namespace fourchess_bindings
