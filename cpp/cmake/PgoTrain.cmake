# The PGO training run, in script mode (cmake -P), called by the training sub-build that
# cpp/cmake/Pgo.cmake sets up:
#   cmake -DTRAINER=<instrumented perft tool> -DPROFILE_DIR=<.gcda dir> -DSTAMP=<file> -P PgoTrain.cmake
# Runs the workload, then writes STAMP (a SHA-256 per .gcda file) only if the profile differs
# from the last training. Perft is deterministic and runs single-threaded here, so an unchanged
# engine gives byte-identical .gcda files, and the optimised build recompiles only when the
# profile really changed (editing notation.cpp retrains, but recompiles nothing trained).
foreach(var TRAINER PROFILE_DIR STAMP)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "PgoTrain.cmake: ${var} is not set")
  endif()
endforeach()

# A middlegame from tests/data/fen4_real.txt (4pchess regression_test.cc EvaluateCheckmate4):
# castling partly spent and pieces in contact, so captures and checks weigh more than from the
# start positions.
set(middlegame "Y-0,0,0,0-1,0,0,1-1,1,1,1-15,18,9,5-0-x,x,x,2,yB,yK,3,yR,x,x,x/x,x,x,1,yP,yP,yN,yQ,yP,2,x,x,x/x,x,x,4,yP,yN,yP,1,x,x,x/bR,bP,1,bP,2,yP,2,yP,3,gR/12,gP,1/bB,bP,9,gN,gP,gB/1,bP,10,gP,gK/bK,1,bP,7,gP,3/1,bP,9,gP,1,gB/7,gQ,4,gP,gN/rB,2,bP,rP,5,rP,1,gP,gR/x,x,x,2,bN,1,rP,rN,2,x,x,x/x,x,x,rP,1,rP,rP,rB,rP,rP,1,x,x,x/x,x,x,rR,3,rK,2,rR,x,x,x")

# Both modes, bulk-counting and make/unmake-every-leaf perft, both setups, the middlegame, and a
# shallow --check walk (keys from scratch, undo, has_legal_move, legal_move_matching). About
# 1.5 s on a 2-core VM. No --threads: the counters are updated without atomics.
set(runs
  "5 --mode teams"
  "5 --mode ffa"
  "5 --mode teams --full"
  "5 --mode ffa --full"
  "5 --setup classic --mode teams"
  "4 --setup classic --mode ffa --full"
  "4 --fen4 ${middlegame} --mode ffa --full"
  "4 --fen4 ${middlegame} --mode teams"
  "2 --mode ffa --check")

# libgcov adds new counts to an existing .gcda (and one from a since-changed object would not
# merge), so every training starts from nothing.
file(REMOVE_RECURSE "${PROFILE_DIR}")
string(TIMESTAMP started "%s")
foreach(run IN LISTS runs)
  separate_arguments(arguments UNIX_COMMAND "${run}")
  execute_process(COMMAND "${TRAINER}" ${arguments}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "PGO training run 'fourchess-perft ${run}' failed (${status}):\n${output}")
  endif()
endforeach()
string(TIMESTAMP finished "%s")

file(GLOB profiles "${PROFILE_DIR}/*.gcda")
if(NOT profiles)
  message(FATAL_ERROR "PGO training wrote no .gcda files to ${PROFILE_DIR}")
endif()
list(SORT profiles)
set(digest "")
foreach(profile IN LISTS profiles)
  file(SHA256 "${profile}" hash)
  get_filename_component(name "${profile}" NAME)
  string(APPEND digest "${hash}  ${name}\n")
endforeach()

set(previous "")
if(EXISTS "${STAMP}")
  file(READ "${STAMP}" previous)
endif()
math(EXPR seconds "${finished} - ${started}")
list(LENGTH runs run_count)
list(LENGTH profiles profile_count)
if(digest STREQUAL previous)
  message(STATUS "PGO: ${run_count} training runs (about ${seconds} s), profile unchanged")
else()
  file(WRITE "${STAMP}" "${digest}")
  message(STATUS "PGO: ${run_count} training runs (about ${seconds} s), ${profile_count} profiles written")
endif()
