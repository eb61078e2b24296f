// fourchess-tune: Texel tuning of the Teams evaluation's weights (eval_weights.h) on positions
// labelled with the result of the game they come from.
//   fourchess-tune TRAIN [--validate FILE] [--only NAME,NAME...] [--rounds N] [--threads N]
// Each line of a positions file is "RESULT ; FEN4": RESULT the Red+Yellow team's score in that
// game (1, 0 or 0.5), the position quiet (no capture pending, nobody in check), as
// bench/tuning_positions.py writes them. The error is the mean of (RESULT - sigmoid(eval))^2,
// eval from Red+Yellow's side scaled by a constant fitted first for the current weights. Then
// coordinate descent: each weight is moved by its step up and down and kept where the error
// falls; a round that keeps nothing halves the steps. With a validation file, the weights kept
// are those after the round with the lowest validation error (none if no round lowered it).
// Prints the error on both files before and after, and the weights that changed, as the lines of
// fitted_teams_weights() to edit.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "fourchess/fen4.h"
#include "fourchess/search/eval.h"

using namespace fourchess;

namespace {

struct Sample {
    Position pos;
    double result;  // Red+Yellow's score
};

std::vector<Sample> read_samples(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        std::exit(2);
    }
    std::vector<Sample> samples;
    int line_number = 0, skipped = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_number;
        const std::size_t bar = line.find(';');
        if (line.empty() || line[0] == '#' || bar == std::string::npos) continue;
        try {
            samples.push_back({read_fen4(line.substr(bar + 1), Mode::TEAMS), std::stod(line.substr(0, bar))});
        } catch (const std::exception& e) {
            if (++skipped <= 3) std::fprintf(stderr, "%s:%d skipped: %s\n", path.c_str(), line_number, e.what());
        }
    }
    std::fprintf(stderr, "%s: %zu positions (%d skipped)\n", path.c_str(), samples.size(), skipped);
    return samples;
}

// The Red+Yellow view of every sample's evaluation under `weights`.
std::vector<int> evaluate_all(const std::vector<Sample>& samples, const EvalWeights& weights, int threads) {
    const Evaluator evaluator(weights);
    std::vector<int> out(samples.size());
    auto part = [&](std::size_t first, std::size_t step) {
        for (std::size_t i = first; i < samples.size(); i += step) {
            const int e = evaluator.teams(samples[i].pos);
            out[i] = samples[i].pos.side_to_move % 2 == 0 ? e : -e;
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(part, t, threads);
    part(0, threads);
    for (auto& t : pool) t.join();
    return out;
}

double error_of(const std::vector<Sample>& samples, const std::vector<int>& evals, double scale) {
    if (samples.empty()) return 0;
    double sum = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const double predicted = 1 / (1 + std::exp(-evals[i] / scale));
        sum += (samples[i].result - predicted) * (samples[i].result - predicted);
    }
    return sum / samples.size();
}

// The scale (eval units per logistic unit) that fits the current weights best: a golden-section
// search, the error being unimodal in it.
double fit_scale(const std::vector<Sample>& samples, const std::vector<int>& evals) {
    double lo = 20, hi = 5000;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (error_of(samples, evals, a) < error_of(samples, evals, b))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

// The weights tuned by default: every Teams weight that means something (not the values of the
// pieces no one captures, not the FFA-only ones).
bool tuned_by_default(const std::string& name, int index) {
    if (name.rfind("ffa_", 0) == 0 || name == "one_point_queen_value") return false;
    if (name == "piece_value" && (index == 0 || index == PIECE_TYPE_COUNT - 1)) return false;
    if (name == "pawn_advance" && index == 0) return false;
    if ((name == "centre_bonus" || name == "mobility") && index == 0) return false;
    return true;
}

std::string knob_name(const char* name, int index) {
    return index < 0 ? name : std::string(name) + "[" + std::to_string(index) + "]";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argv[1][0] == '-') {
        std::fprintf(
            stderr, "usage: fourchess-tune TRAIN [--validate FILE] [--only NAME,NAME...] [--rounds N] [--threads N]\n");
        return 2;
    }
    const std::string train_path = argv[1];
    std::string validate_path, only;
    int rounds = 30, threads = 1;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s needs a value\n", a.c_str());
            return 2;
        }
        const std::string v = argv[++i];
        if (a == "--validate")
            validate_path = v;
        else if (a == "--only")
            only = "," + v + ",";
        else if (a == "--rounds" || a == "--threads") {
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || n < 1 || n > 1000) {
                std::fprintf(stderr, "%s takes a whole number from 1 to 1000, not %.40s\n", a.c_str(), v.c_str());
                return 2;
            }
            (a == "--rounds" ? rounds : threads) = static_cast<int>(n);
        } else {
            std::fprintf(stderr, "unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    const std::vector<Sample> train = read_samples(train_path);
    const std::vector<Sample> validate = validate_path.empty() ? std::vector<Sample>{} : read_samples(validate_path);
    if (train.empty()) {
        std::fprintf(stderr, "no positions to tune on\n");
        return 2;
    }

    // The tuned evaluation must be the search's: with the default weights they agree everywhere.
    const Evaluator defaults(TEAMS_WEIGHTS);
    for (const Sample& sample : train)
        if (defaults.teams(sample.pos) != evaluate_teams(sample.pos)) {
            std::fprintf(stderr, "the tuner's evaluation differs from the search's on %s\n",
                         write_fen4(sample.pos).c_str());
            return 1;
        }

    EvalWeights weights = TEAMS_WEIGHTS;
    std::vector<int*> knobs;
    std::vector<std::string> names;
    std::vector<int> steps;
    for_each_weight(weights, [&](const char* name, int index, int& value) {
        const std::string full = knob_name(name, index);
        const bool wanted = only.empty() ? tuned_by_default(name, index)
                                         : only.find("," + full + ",") != std::string::npos ||
                                               only.find("," + std::string(name) + ",") != std::string::npos;
        if (!wanted) return;
        knobs.push_back(&value);
        names.push_back(full);
        steps.push_back(std::max(1, std::abs(value) / 5));
    });

    std::vector<int> evals = evaluate_all(train, weights, threads);
    const double scale = fit_scale(train, evals);
    double best = error_of(train, evals, scale);
    const double train_before = best;
    const double validate_before = error_of(validate, evaluate_all(validate, weights, threads), scale);
    std::fprintf(stderr, "scale %.1f, %zu weights, train error %.6f, validation error %.6f\n", scale, knobs.size(),
                 best, validate_before);
    // With a validation set, the weights kept are those of the round it liked best: once the
    // training error falls by fitting the training games' noise, the validation error rises.
    EvalWeights best_for_validation = weights;
    double best_validation = validate_before;
    int best_round = 0;

    for (int round = 1; round <= rounds; ++round) {
        int kept = 0;
        for (std::size_t k = 0; k < knobs.size(); ++k) {
            int& value = *knobs[k];
            const int original = value;
            for (int direction : {+1, -1}) {
                value = original + direction * steps[k];
                const double e = error_of(train, evaluate_all(train, weights, threads), scale);
                if (e < best) {
                    best = e;
                    ++kept;
                    break;
                }
                value = original;
            }
        }
        if (validate.empty()) {
            std::fprintf(stderr, "round %d: kept %d changes, train error %.6f\n", round, kept, best);
        } else {
            const double v = error_of(validate, evaluate_all(validate, weights, threads), scale);
            std::fprintf(stderr, "round %d: kept %d changes, train error %.6f, validation error %.6f\n", round, kept,
                         best, v);
            if (v < best_validation) best_for_validation = weights, best_validation = v, best_round = round;
        }
        if (kept == 0) {
            bool any = false;
            for (int& s : steps)
                if (s > 1) s /= 2, any = true;
            if (!any) break;
        }
    }

    if (!validate.empty()) {
        weights = best_for_validation;
        best = error_of(train, evaluate_all(train, weights, threads), scale);
    }
    const double validate_after = error_of(validate, evaluate_all(validate, weights, threads), scale);
    std::printf("# train error %.6f -> %.6f, validation error %.6f -> %.6f (scale %.1f, %zu + %zu positions",
                train_before, best, validate_before, validate_after, scale, train.size(), validate.size());
    if (!validate.empty() && best_round > 0)
        std::printf("; the weights after round %d, the best on validation", best_round);
    if (!validate.empty() && best_round == 0)
        std::printf("; no round lowered the validation error, so no weight changes");
    std::printf(")\n");
    std::size_t k = 0;
    for_each_weight(TEAMS_WEIGHTS, [&](const char* name, int index, const int& value) {
        const std::string full = knob_name(name, index);
        if (k < names.size() && names[k] == full) {
            if (*knobs[k] != value) std::printf("    w.%s = %d;  // was %d\n", full.c_str(), *knobs[k], value);
            ++k;
        }
    });
    return 0;
}
