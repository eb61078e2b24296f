// fourchess-perft: the core's perft from the command line, with no Python involved, so that
// sanitizer and valgrind runs see only C++.
//   fourchess-perft DEPTH [--fen4 F | --fen4-file PATH] [--mode teams|ffa] [--setup modern|classic]
//                   [--divide] [--threads N] [--full] [--check]
// --fen4-file runs every position of a data file, one a line: "FEN4 [; note]", or
// "MODES ; FEN4 ; note" where MODES (e.g. teams,ffa) says which modes the line is for.
// --check walks the tree playing every move and verifies at each node that the incremental
// Zobrist key equals one computed from scratch, that undo restores the position exactly, and
// that count_legal, has_legal_move, legal_move_matching and pseudo_legal_matching agree with
// generate_legal.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "fourchess/attacks.h"
#include "fourchess/fen4.h"
#include "fourchess/movegen.h"
#include "fourchess/notation.h"
#include "fourchess/perft.h"
#include "fourchess/rules.h"

using namespace fourchess;

namespace {

bool same_state(const Position& a, const Position& b) {
    if (std::memcmp(a.board, b.board, sizeof a.board) != 0) return false;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (a.live_by_seat[s] != b.live_by_seat[s] || a.king_square[s] != b.king_square[s] ||
            a.points[s] != b.points[s] || a.en_passant[s].skipped != b.en_passant[s].skipped ||
            a.en_passant[s].pawn != b.en_passant[s].pawn)
            return false;
    for (int t = 0; t < PIECE_TYPE_COUNT; ++t)
        if (a.by_type[t] != b.by_type[t]) return false;
    return a.dead == b.dead && a.occupied == b.occupied && a.key == b.key && a.ply_clock == b.ply_clock &&
           a.side_to_move == b.side_to_move && a.castling == b.castling && a.eliminated == b.eliminated &&
           a.termination == b.termination && write_fen4(a) == write_fen4(b);
}

// The facts a position caches for the FFA rules (each seat's check state, each known free move),
// and what the FFA end tests rely on: an eliminated seat has no live piece but a walking king.
bool caches_hold(const Position& pos) {
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const Seat seat = static_cast<Seat>(s);
        if (pos.mode == Mode::FFA && pos.is_eliminated(seat) && (pos.live_by_seat[s] & ~pos.by_type[KING]).any())
            return false;
        if (pos.checks_known && ((pos.checked_seats >> s) & 1) != in_check(pos, seat)) return false;
        if (((pos.free_moves_known >> s) & 1) && !is_free_move(pos, seat, pos.free_move[s][0], pos.free_move[s][1]))
            return false;
    }
    return true;
}

std::uint64_t checked_perft(Position& pos, int depth, long& failures) {
    if (pos.key != pos.compute_key()) {
        std::fprintf(stderr, "key mismatch at %s\n", write_fen4(pos).c_str());
        ++failures;
    }
    if (!caches_hold(pos)) {
        std::fprintf(stderr, "cached checks or free moves wrong at %s\n", write_fen4(pos).c_str());
        ++failures;
    }
    if (depth == 0) return 1;
    MoveList list;
    generate_legal(pos, list);
    if ((list.size > 0) != has_legal_move(pos)) {
        std::fprintf(stderr, "has_legal_move disagrees at %s\n", write_fen4(pos).c_str());
        ++failures;
    }
    if (count_legal(pos) != list.size) {
        std::fprintf(stderr, "count_legal %d, generate_legal %d at %s\n", count_legal(pos), list.size,
                     write_fen4(pos).c_str());
        ++failures;
    }
    std::uint64_t nodes = 0;
    for (Move m : list) {
        if (legal_move_matching(pos, m) != m) {
            std::fprintf(stderr, "legal_move_matching misses %s at %s\n", move_text(m).c_str(),
                         write_fen4(pos).c_str());
            ++failures;
        }
        if (pseudo_legal_matching(pos, m) != m) {
            std::fprintf(stderr, "pseudo_legal_matching misses %s at %s\n", move_text(m).c_str(),
                         write_fen4(pos).c_str());
            ++failures;
        }
        Position before = pos;
        Undo undo;
        do_move(pos, m, undo);
        nodes += checked_perft(pos, depth - 1, failures);
        undo_move(pos, m, undo);
        if (!same_state(before, pos)) {
            std::fprintf(stderr, "undo of %s did not restore %s\n", move_text(m).c_str(), write_fen4(before).c_str());
            ++failures;
        }
    }
    return nodes;
}

int usage() {
    std::fprintf(
        stderr,
        "usage: fourchess-perft DEPTH [--fen4 F | --fen4-file PATH] [--mode teams|ffa] [--setup modern|classic] "
        "[--divide] [--threads N] [--full] [--check]\n");
    return 2;
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::string> fields_of(const std::string& line) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t at; (at = line.find(" ; ", start)) != std::string::npos; start = at + 3)
        fields.push_back(trimmed(line.substr(start, at - start)));
    fields.push_back(trimmed(line.substr(start)));
    return fields;
}

struct FilePosition {
    int line;
    std::string fen4;
};

// The positions of a --fen4-file meant for `mode`; false (with a message) if it cannot be read.
bool read_fen4_file(const std::string& path, const std::string& mode, std::vector<FilePosition>& out) {
    std::ifstream file(path);
    if (!file) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    std::string line;
    for (int number = 1; std::getline(file, line); ++number) {
        if (trimmed(line).empty() || trimmed(line)[0] == '#') continue;
        std::vector<std::string> fields = fields_of(line);
        if (fields.size() >= 3) {  // MODES ; FEN4 ; note
            if (("," + fields[0] + ",").find("," + mode + ",") == std::string::npos) continue;
            out.push_back({number, fields[1]});
        } else {
            out.push_back({number, fields[0]});
        }
    }
    return true;
}

// One position's count in the way the options ask for; check failures are added to `failures`.
std::uint64_t run(Position& pos, int depth, bool show_divide, bool full, bool check, int threads, long& failures) {
    if (check) return checked_perft(pos, depth, failures);
    if (show_divide) {
        std::uint64_t nodes = 0;
        for (const auto& [move, count] : divide(pos, depth)) {
            std::printf("%s %llu\n", move_text(move).c_str(), static_cast<unsigned long long>(count));
            nodes += count;
        }
        return nodes;
    }
    return full ? perft_full(pos, depth) : perft_threaded(pos, depth, threads);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    char* end = nullptr;
    long depth = std::strtol(argv[1], &end, 10);
    if (*end != '\0' || depth < 0 || depth > 20) return usage();
    std::string fen4, fen4_file, mode = "teams", setup = "modern";
    bool show_divide = false, full = false, check = false;
    int threads = 1;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        bool has_value = i + 1 < argc;
        if (a == "--fen4" && has_value)
            fen4 = argv[++i];
        else if (a == "--fen4-file" && has_value)
            fen4_file = argv[++i];
        else if (a == "--mode" && has_value)
            mode = argv[++i];
        else if (a == "--setup" && has_value)
            setup = argv[++i];
        else if (a == "--threads" && has_value)
            threads = std::atoi(argv[++i]);
        else if (a == "--divide")
            show_divide = true;
        else if (a == "--full")
            full = true;
        else if (a == "--check")
            check = true;
        else
            return usage();
    }
    if ((mode != "teams" && mode != "ffa") || (setup != "modern" && setup != "classic") || threads < 1) return usage();
    if (!fen4.empty() && !fen4_file.empty()) return usage();
    Mode m = mode == "ffa" ? Mode::FFA : Mode::TEAMS;
    std::vector<FilePosition> positions;
    if (fen4_file.empty())
        positions.push_back({0, fen4});
    else if (!read_fen4_file(fen4_file, mode, positions))
        return 2;
    else if (positions.empty()) {
        std::fprintf(stderr, "%s has no position for %s\n", fen4_file.c_str(), mode.c_str());
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    long failures = 0;
    for (const FilePosition& entry : positions) {
        Position pos;
        try {
            pos = entry.fen4.empty()
                      ? start_position(setup == "classic" ? StartLayout::CLASSIC : StartLayout::MODERN, m)
                      : read_fen4(entry.fen4, m);
        } catch (const Fen4Error& e) {
            std::fprintf(stderr, "%s%s%s\n", fen4_file.c_str(),
                         entry.line ? (":" + std::to_string(entry.line) + ": ").c_str() : "", e.what());
            return 2;
        }
        const std::uint64_t before = nodes;
        nodes += run(pos, static_cast<int>(depth), show_divide, full, check, threads, failures);
        if (!fen4_file.empty())
            std::printf("%s:%d nodes %llu\n", fen4_file.c_str(), entry.line,
                        static_cast<unsigned long long>(nodes - before));
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("nodes %llu time %.3f s nps %.0f\n", static_cast<unsigned long long>(nodes), seconds,
                seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
    if (failures) {
        std::fprintf(stderr, "%ld check failures\n", failures);
        return 1;
    }
    return 0;
}
