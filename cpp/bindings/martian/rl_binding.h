// fourchess._martian.rl: Martian Chess's learning encoding, translated for Python.
#pragma once

#include <pybind11/pybind11.h>

void bind_martian_rl(pybind11::module_& m);
