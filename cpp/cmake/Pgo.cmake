# Profile-guided optimisation of fourchess_core (GCC only). Included from CMakeLists.txt once
# the fourchess_core target exists.
#
# The normal build configures this same source tree a second time, into
# ${CMAKE_BINARY_DIR}/pgo-train, with FOURCHESS_PGO_STAGE=generate. That sub-build compiles the
# core with the perft engine's units instrumented, links a training executable (the perft tool's
# source), runs the training and leaves .gcda files behind; the real build then compiles those
# units with -fprofile-use.
#
# Why a second configure of the same tree: GCC names each .gcda after the object file's absolute
# path, mangled ('/' -> '#'). -fprofile-prefix-path strips the build directory from that path, so
# what must match is the object's place below its build directory:
# cpp/CMakeFiles/fourchess_core.dir/src/<file>.cpp.o. The same CMakeLists.txt with the same
# target name gives exactly that; a second target in this build tree would not (its objects
# would live under CMakeFiles/<other target>.dir/).
#
# Why ExternalProject and not execute_process at configure time: the sub-build then runs at build
# time as a build step with its own dependency tracking, so editing a core source rebuilds the
# instrumented object, retrains, and recompiles the real objects, instead of silently keeping a
# profile from the last configure. When nothing changed the step is one no-op ninja run.

# The units the training exercises: the perft engine (move generation, make/unmake, the rules
# layer). Only these are instrumented and compiled with the profile. The rest (FEN4 and move
# text parsing, names, the game record) is barely touched by perft, so a profile would say little
# about it, and notation.cpp (std::regex) alone takes longer to compile than the five below:
# building it twice more would cost the pip install seconds for nothing.
set(_pgo_sources attacks.cpp free_moves.cpp movegen.cpp perft.cpp position.cpp rules.cpp)
list(TRANSFORM _pgo_sources PREPEND ${PROJECT_SOURCE_DIR}/cpp/src/)
foreach(_pgo_source IN LISTS _pgo_sources)
  if(NOT _pgo_source IN_LIST FOURCHESS_CORE_SOURCES)
    message(FATAL_ERROR "cpp/cmake/Pgo.cmake lists ${_pgo_source}, which is not a core source")
  endif()
endforeach()

set(_pgo_profile_subdir profile)
set(_pgo_stamp_name profile.sha256)

# GCC compares the absolute object path with -fprofile-prefix-path textually, and that path comes
# from getcwd(), which has symlinks resolved; resolve ours the same way.
get_filename_component(_pgo_binary_dir "${CMAKE_BINARY_DIR}" REALPATH)

if(FOURCHESS_PGO_STAGE STREQUAL "generate")
  # ---- inside the training sub-build --------------------------------------------------------
  set(_pgo_profile_dir "${_pgo_binary_dir}/${_pgo_profile_subdir}")
  # -fprofile-update=single: the training runs one thread, so plain counter increments are exact
  # and keep it fast (GCC switches to atomic updates by itself when -pthread is on the command
  # line, which Threads::Threads adds on some systems).
  set_property(SOURCE ${_pgo_sources} APPEND PROPERTY COMPILE_OPTIONS
    -fprofile-generate=${_pgo_profile_dir}
    -fprofile-prefix-path=${_pgo_binary_dir}
    -fprofile-update=single)
  # The other core units are here only so that the training executable links; they are neither
  # instrumented nor reused, and the training barely calls them, so they are built at -O0, which
  # roughly halves the time notation.cpp (std::regex) takes.
  set(_pgo_other_sources ${FOURCHESS_CORE_SOURCES})
  list(REMOVE_ITEM _pgo_other_sources ${_pgo_sources})
  set_property(SOURCE ${_pgo_other_sources} APPEND PROPERTY COMPILE_OPTIONS -O0)
  # Whatever links the instrumented core needs libgcov.
  target_link_options(fourchess_core INTERFACE -fprofile-generate)

  # The training executable is the perft tool, built here whatever FOURCHESS_TOOLS says.
  add_executable(fourchess-pgo-train ${PROJECT_SOURCE_DIR}/cpp/tools/perft_main.cpp)
  target_link_libraries(fourchess-pgo-train PRIVATE fourchess_core)

  # trained.marker says "the training ran for this trainer"; the stamp, rewritten only when the
  # profile's content changed, is what the optimised objects depend on (see PgoTrain.cmake).
  add_custom_command(
    OUTPUT ${_pgo_binary_dir}/trained.marker
    BYPRODUCTS ${_pgo_binary_dir}/${_pgo_stamp_name}
    COMMAND ${CMAKE_COMMAND}
      -DTRAINER=$<TARGET_FILE:fourchess-pgo-train>
      -DPROFILE_DIR=${_pgo_profile_dir}
      -DSTAMP=${_pgo_binary_dir}/${_pgo_stamp_name}
      -P ${CMAKE_CURRENT_LIST_DIR}/PgoTrain.cmake
    COMMAND ${CMAKE_COMMAND} -E touch ${_pgo_binary_dir}/trained.marker
    DEPENDS fourchess-pgo-train ${CMAKE_CURRENT_LIST_DIR}/PgoTrain.cmake
    COMMENT "PGO: training the instrumented core on perft"
    VERBATIM)
  add_custom_target(fourchess_pgo_training ALL DEPENDS ${_pgo_binary_dir}/trained.marker)
  return()
endif()

# ---- the normal build: decide whether PGO applies ------------------------------------------
set(_pgo_off_reason "")
string(TOUPPER "${CMAKE_BUILD_TYPE}" _pgo_config)
set(_pgo_user_flags "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_pgo_config}}")
if(NOT FOURCHESS_PGO)
  set(_pgo_off_reason "FOURCHESS_PGO is OFF")
elseif(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(_pgo_off_reason "the compiler is ${CMAKE_CXX_COMPILER_ID}; the profile steps use GCC's options")
elseif(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 10)
  # -fprofile-prefix-path and -fprofile-partial-training both arrived in GCC 10.1.
  set(_pgo_off_reason "GCC ${CMAKE_CXX_COMPILER_VERSION} lacks -fprofile-prefix-path (GCC 10 or later)")
elseif(CMAKE_CROSSCOMPILING)
  set(_pgo_off_reason "cross-compiling: the training run cannot execute on this machine")
elseif(CMAKE_CONFIGURATION_TYPES)
  set(_pgo_off_reason "multi-config generator ${CMAKE_GENERATOR}: the build type is not known here")
elseif(NOT _pgo_config MATCHES "^(RELEASE|RELWITHDEBINFO)$")
  set(_pgo_off_reason "build type '${CMAKE_BUILD_TYPE}' (PGO is for Release and RelWithDebInfo)")
elseif(_pgo_user_flags MATCHES "-fsanitize|--coverage|-fprofile-")
  set(_pgo_off_reason "CMAKE_CXX_FLAGS already instrument the code (sanitizer, coverage or profile flags)")
endif()

if(_pgo_off_reason)
  message(STATUS "fourchess: PGO off: ${_pgo_off_reason}")
  return()
endif()
message(STATUS "fourchess: PGO on: the perft engine is trained in ${_pgo_binary_dir}/pgo-train, then compiled with the profile (-DFOURCHESS_PGO=OFF to skip)")

include(ExternalProject)
set(_pgo_train_dir "${_pgo_binary_dir}/pgo-train")
set(_pgo_stamp "${_pgo_train_dir}/${_pgo_stamp_name}")
# Everything that changes how the core compiles goes to the sub-build too: a profile only matches
# objects built from the same code with the same flags.
set(_pgo_args
  -DFOURCHESS_PGO_STAGE:STRING=generate
  -DFOURCHESS_TOOLS:BOOL=OFF
  -DFOURCHESS_NATIVE:BOOL=${FOURCHESS_NATIVE}
  -DCMAKE_BUILD_TYPE:STRING=${CMAKE_BUILD_TYPE}
  -DCMAKE_CXX_COMPILER:FILEPATH=${CMAKE_CXX_COMPILER}
  -DCMAKE_CXX_FLAGS:STRING=${CMAKE_CXX_FLAGS}
  -DCMAKE_CXX_FLAGS_${_pgo_config}:STRING=${CMAKE_CXX_FLAGS_${_pgo_config}}
  -DCMAKE_EXE_LINKER_FLAGS:STRING=${CMAKE_EXE_LINKER_FLAGS}
  # ExternalProject reuses the generator but not the build program, which under pip's isolated
  # build may not be on PATH.
  -DCMAKE_MAKE_PROGRAM:FILEPATH=${CMAKE_MAKE_PROGRAM})
if(CMAKE_CXX_COMPILER_LAUNCHER)
  list(APPEND _pgo_args -DCMAKE_CXX_COMPILER_LAUNCHER:STRING=${CMAKE_CXX_COMPILER_LAUNCHER})
endif()

ExternalProject_Add(fourchess_pgo_train
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${_pgo_train_dir}
  PREFIX ${_pgo_binary_dir}/pgo-train-ep
  CMAKE_ARGS ${_pgo_args}
  INSTALL_COMMAND ""
  # Always run the sub-build: it knows its own dependencies (sources, headers) and is a no-op when
  # nothing changed. The stamp is rewritten only when the training produced a different
  # profile; declared as a byproduct, Ninja re-checks its time and recompiles the trained
  # objects only then.
  BUILD_ALWAYS ON
  BUILD_BYPRODUCTS ${_pgo_stamp})

set_property(SOURCE ${_pgo_sources} APPEND PROPERTY COMPILE_OPTIONS
  -fprofile-use=${_pgo_train_dir}/${_pgo_profile_subdir}
  -fprofile-prefix-path=${_pgo_binary_dir}
  # Functions the training never ran keep their normal -O3 code instead of being optimised for
  # size as "never executed".
  -fprofile-partial-training
  # A profile that does not match a function (a source edited between the two compiles, or a
  # flag that differs) is an error by default in GCC; GCC then ignores the profile for that
  # function, so a warning is the right severity, never a failed install.
  -Wno-error=coverage-mismatch)
# Recompile the trained objects whenever the training produced a different profile.
set_property(SOURCE ${_pgo_sources} APPEND PROPERTY OBJECT_DEPENDS ${_pgo_stamp})
# Ninja sees the stamp as an output of the sub-build step and orders just these five objects
# after it, so the rest of the core and the Python module compile while the training runs. The
# other generators need the whole target ordered after the sub-build to know the stamp's rule.
if(NOT CMAKE_GENERATOR MATCHES "Ninja")
  add_dependencies(fourchess_core fourchess_pgo_train)
endif()
