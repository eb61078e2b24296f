// fourchess-search: the CPU player from the command line, with no Python involved, so that
// sanitizer runs and profiles see only C++.
//   fourchess-search [--fen4 F | --fen4-file PATH] [--mode teams|ffa] [--depth N] [--nodes N]
//                    [--movetime SECONDS] [--threads N] [--hash MB] [--brs]
// Prints an info line per iteration and the best move; with --fen4-file, one search per line
// ("FEN4 [; note]", or "MODES ; FEN4 ; note" as fourchess-perft reads it) and a total.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "fourchess/fen4.h"
#include "fourchess/notation.h"
#include "fourchess/search.h"

using namespace fourchess;

namespace {

void print_report(const SearchReport& r) {
    std::string pv;
    for (int i = 0; i < r.pv_length; ++i) pv += " " + move_text(r.pv[i]);
    const double nps = r.seconds > 0 ? r.nodes / r.seconds : 0;
    if (r.mate_plies)
        std::printf("info depth %d seldepth %d score mate %d nodes %llu nps %.0f time %.0f pv%s\n", r.depth, r.seldepth,
                    r.mate_plies, static_cast<unsigned long long>(r.nodes), nps, r.seconds * 1000, pv.c_str());
    else
        std::printf("info depth %d seldepth %d score cp %d nodes %llu nps %.0f time %.0f pv%s\n", r.depth, r.seldepth,
                    r.score, static_cast<unsigned long long>(r.nodes), nps, r.seconds * 1000, pv.c_str());
    std::fflush(stdout);
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

}  // namespace

int main(int argc, char** argv) {
    std::string fen4, file;
    Rules rules;
    SearchLimits limits;
    int threads = 1;
    std::size_t hash = 64;
    bool brs = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--fen4")
            fen4 = value();
        else if (a == "--fen4-file")
            file = value();
        else if (a == "--mode")
            rules.mode = value() == "ffa" ? Mode::FFA : Mode::TEAMS;
        else if (a == "--depth")
            limits.depth = std::atoi(value().c_str());
        else if (a == "--nodes")
            limits.nodes = std::strtoull(value().c_str(), nullptr, 10);
        else if (a == "--movetime")
            limits.movetime = std::atof(value().c_str());
        else if (a == "--threads")
            threads = std::atoi(value().c_str());
        else if (a == "--hash")
            hash = std::strtoull(value().c_str(), nullptr, 10);
        else if (a == "--brs")
            brs = true;
        else {
            std::fprintf(stderr, "unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    std::vector<std::pair<std::string, Rules>> jobs;
    if (!file.empty()) {
        std::ifstream in(file);
        if (!in) {
            std::fprintf(stderr, "cannot read %s\n", file.c_str());
            return 2;
        }
        for (std::string line; std::getline(in, line);) {
            line = trim(line);
            if (line.empty() || line[0] == '#') continue;
            std::vector<std::string> parts;
            for (std::size_t start = 0;;) {
                const std::size_t bar = line.find(';', start);
                parts.push_back(trim(line.substr(start, bar - start)));
                if (bar == std::string::npos) break;
                start = bar + 1;
            }
            if (parts.size() >= 3 && parts[0].find('-') == std::string::npos) {
                for (const char* mode : {"teams", "ffa"})
                    if (parts[0].find(mode) != std::string::npos) {
                        Rules r = rules;
                        r.mode = std::string(mode) == "ffa" ? Mode::FFA : Mode::TEAMS;
                        jobs.emplace_back(parts[1], r);
                    }
            } else {
                jobs.emplace_back(parts[0], rules);
            }
        }
    } else {
        jobs.emplace_back(fen4, rules);
    }
    Searcher searcher(hash);
    searcher.set_threads(threads);
    searcher.set_ffa_algorithm(brs ? FfaAlgorithm::BRS_PLUS : FfaAlgorithm::PARANOID);
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int searched = 0;
    for (const auto& [text, job_rules] : jobs) {
        Position root;
        try {
            root = read_fen4(text.empty() ? MODERN_START_FEN4 : text, job_rules);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "skipped (%s)\n", e.what());
            continue;
        }
        Game game(root, job_rules);
        searcher.clear();
        const SearchReport r =
            searcher.search(game, limits, file.empty() ? print_report : std::function<void(const SearchReport&)>{});
        if (!file.empty()) print_report(r);
        std::printf("bestmove %s\n", r.best ? move_text(r.best).c_str() : "(none)");
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        ++searched;
    }
    if (!file.empty())
        std::printf("positions %d nodes %llu time %.3f nps %.0f\n", searched,
                    static_cast<unsigned long long>(total_nodes), total_seconds,
                    total_seconds > 0 ? total_nodes / total_seconds : 0);
    return 0;
}
