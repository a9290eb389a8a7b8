#pragma once
// meridian-cli sub-commands, one per file. Each returns an ExitCode (Args.hpp) and prints
// its own --help. `argv[first]` is the first argument after the sub-command name.

namespace meridian::cli {

struct Command
{
    const char* name;
    const char* summary;
    int (*run)(int argc, char** argv, int first);
};

// Declared weak so that a sub-command whose file is not built yet is simply not offered
// (main() skips null entries) instead of failing the link.
#define MERIDIAN_CLI_COMMAND(fn) int fn(int argc, char** argv, int first) __attribute__((weak))
MERIDIAN_CLI_COMMAND(cmdValidate);
MERIDIAN_CLI_COMMAND(cmdGenerate);
MERIDIAN_CLI_COMMAND(cmdImport);
MERIDIAN_CLI_COMMAND(cmdRun);
MERIDIAN_CLI_COMMAND(cmdModel);
#undef MERIDIAN_CLI_COMMAND

} // namespace meridian::cli
