// libFuzzer target for meridian-cli's argument parsing (app/cli/Args.*): the input is an
// argument vector (NUL-separated), parsed with each sub-command's flags and aliases, then
// every option read as an integer and as a number the way the sub-commands do. A parse
// either succeeds or throws InputError; a successful parse keeps every argument somewhere.
#include "Args.hpp"
#include "meridian/core/Error.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

struct Grammar
{
    std::set<std::string> flags;
    std::map<std::string, std::string> aliases;
};

// The sets the sub-commands pass to parseArgs (validate, generate, import, run, model, sweep).
const Grammar kGrammars[] = {
    {{"help", "strict"}, {{"h", "help"}}},
    {{"help", "dry-run"}, {{"o", "out"}, {"h", "help"}}},
    {{"help"}, {{"o", "out"}, {"h", "help"}}},
    {{"help", "quiet"}, {{"o", "out"}}},
    {{"help", "json", "list"}, {{"h", "help"}}},
    {{"help", "zip", "common-seed", "dry-run", "plot", "quiet"},
     {{"o", "out"}, {"j", "jobs"}, {"h", "help"}}},
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const Grammar& grammar = kGrammars[data[0] % std::size(kGrammars)];
    std::vector<std::string> words(1, "meridian-cli");
    std::string word;
    for (std::size_t i = 1; i < size; ++i) {
        if (data[i] == '\0') {
            words.push_back(word);
            word.clear();
        } else {
            word.push_back(static_cast<char>(data[i]));
        }
    }
    words.push_back(word);
    std::vector<char*> argv;
    for (auto& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    const int argc = static_cast<int>(words.size());
    try {
        const meridian::cli::Args args =
            meridian::cli::parseArgs(argc, argv.data(), 1, grammar.flags, grammar.aliases);
        // Every word after argv[0] is a positional, a flag, an option (maybe "--k=v") or the
        // value of the option before it.
        const std::size_t held = args.positional.size() + args.options.size() + args.flags.size();
        if (held > words.size())
            std::abort();
        for (const auto& [name, value] : args.options) {
            if (!args.has(name) || args.get(name) != value)
                std::abort();
            try {
                (void)meridian::cli::intOption(args, name, 0);
            } catch (const meridian::InputError&) {
            }
            try {
                (void)meridian::cli::doubleOption(args, name, 0.0);
            } catch (const meridian::InputError&) {
            }
        }
    } catch (const meridian::InputError&) {
        // A value-taking option at the end of the line.
    }
    return 0;
}
