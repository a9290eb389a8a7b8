#pragma once
// Tiny command-line parser shared by the meridian-cli sub-commands.
// Accepts `--key value`, `--key=value`, `-o value` and boolean flags declared up front.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace meridian::cli {

/// Exit codes of meridian-cli (documented in docs/cli.md).
enum ExitCode : int
{
    kExitOk = 0,
    kExitFailure = 1,  ///< the command ran and failed (simulation error, I/O error)
    kExitBadInput = 2, ///< invalid file or invalid arguments
    /// cancelled by SIGINT/SIGTERM (the shell convention 128 + SIGINT)
    kExitInterrupted = 130,
};

struct Args
{
    std::vector<std::string> positional;
    std::map<std::string, std::string> options; ///< without leading dashes
    std::set<std::string> flags;

    bool has(const std::string& name) const
    {
        return flags.count(name) != 0 || options.count(name) != 0;
    }
    std::optional<std::string> get(const std::string& name) const
    {
        auto it = options.find(name);
        if (it == options.end())
            return std::nullopt;
        return it->second;
    }
};

/// Parses argv[first..argc). `booleanFlags` take no value ("help", "json", ...).
/// Aliases map short names to long ones ({"o", "out"}). Throws InputError on a missing value.
Args parseArgs(int argc, char** argv, int first, const std::set<std::string>& booleanFlags,
               const std::map<std::string, std::string>& aliases = {});

/// Parses an integer option, throwing InputError("--name: ...") when malformed.
long long intOption(const Args& args, const std::string& name, long long fallback);
double doubleOption(const Args& args, const std::string& name, double fallback);

} // namespace meridian::cli
