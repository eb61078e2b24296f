// The caller's arrays the learning encodings write into, checked before any byte is written: a
// buffer of the wrong item format, shape or layout is a ValueError, never a write out of bounds.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

namespace fourchess_bindings {

namespace py = pybind11;

inline std::string shape_text(const py::buffer_info& info) {
    std::string text = "(";
    for (std::size_t i = 0; i < info.shape.size(); ++i) text += (i ? ", " : "") + std::to_string(info.shape[i]);
    return text + (info.shape.size() == 1 ? ",)" : ")");
}

// The writable, C-contiguous buffer `out` of `shape`, whose items are one of `formats` (struct
// codes); returns the index of the format it has.
inline py::buffer_info checked_buffer(const py::buffer& out, const std::vector<py::ssize_t>& shape,
                                      const std::vector<std::string>& formats, const char* what, int& format) {
    py::buffer_info info = out.request(true);
    format = -1;
    for (std::size_t i = 0; i < formats.size(); ++i)
        if (info.format == formats[i]) format = static_cast<int>(i);
    if (format < 0)
        throw py::value_error(std::string(what) + " has items of format '" + info.format.substr(0, 8) + "'");
    if (info.shape != shape) {
        std::string wanted = "(";
        for (std::size_t i = 0; i < shape.size(); ++i) wanted += (i ? ", " : "") + std::to_string(shape[i]);
        throw py::value_error(std::string(what) + " has shape " + shape_text(info) + ", not " + wanted + ")");
    }
    py::ssize_t stride = info.itemsize;
    for (std::size_t i = shape.size(); i-- > 0;) {
        if (shape[i] > 1 && info.strides[i] != stride)
            throw py::value_error(std::string(what) + " must be C-contiguous");
        stride *= shape[i];
    }
    return info;
}

// Calls write(i, planes) for each of `count` boards, `planes` pointing at board i's `size` items of
// a checked planes buffer, typed by its format (0: float32 "f", 1: uint8 "B").
template <class Write>
void for_each_plane_block(const py::buffer_info& info, int format, std::size_t count, std::size_t size, Write write) {
    for (std::size_t i = 0; i < count; ++i) {
        if (format == 0)
            write(i, static_cast<float*>(info.ptr) + i * size);
        else
            write(i, static_cast<std::uint8_t*>(info.ptr) + i * size);
    }
}

}  // namespace fourchess_bindings
