#pragma once
// meridian-cli sub-commands, one per file. Each returns an ExitCode (Args.hpp) and prints
// its own --help. `argv[first]` is the first argument after the sub-command name.

namespace meridian::sweep {
struct SweepSpec;
}

namespace meridian::cli {

struct Args;

struct Command
{
    const char* name;
    const char* summary;
    int (*run)(int argc, char** argv, int first);
};

int cmdValidate(int argc, char** argv, int first);
int cmdGenerate(int argc, char** argv, int first);
int cmdImport(int argc, char** argv, int first);
int cmdRun(int argc, char** argv, int first);
int cmdModel(int argc, char** argv, int first);
int cmdSweep(int argc, char** argv, int first);
int cmdSolve(int argc, char** argv, int first);

/// `--seed` and `--iterations` of `sweep` and `solve` into `spec` (InputError naming the
/// option when out of range); left as they are when not given.
void applySeedAndIterations(const Args& args, sweep::SweepSpec& spec);

} // namespace meridian::cli
