#include "Args.hpp"

#include "meridian/core/Error.hpp"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace meridian::cli {

Args parseArgs(int argc, char** argv, int first, const std::set<std::string>& booleanFlags,
               const std::map<std::string, std::string>& aliases)
{
    Args args;
    for (int i = first; i < argc; ++i) {
        std::string a = argv[i];
        if (a.size() > 1 && a[0] == '-' &&
            !(a.size() > 1 && (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.'))) {
            std::string name = a.substr(a[1] == '-' ? 2 : 1);
            std::optional<std::string> value;
            if (auto eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            if (auto al = aliases.find(name); al != aliases.end())
                name = al->second;
            if (booleanFlags.count(name) != 0) {
                args.flags.insert(name);
                continue;
            }
            if (!value) {
                if (i + 1 >= argc)
                    throw InputError("command line", "--" + name, "needs a value");
                value = argv[++i];
            }
            args.options[name] = *value;
        } else {
            args.positional.push_back(a);
        }
    }
    return args;
}

long long intOption(const Args& args, const std::string& name, long long fallback)
{
    auto v = args.get(name);
    if (!v)
        return fallback;
    char* end = nullptr;
    errno = 0;
    const long long out = std::strtoll(v->c_str(), &end, 10);
    if (end == v->c_str() || *end != '\0')
        throw InputError("command line", "--" + name, "expected an integer, got '" + *v + "'");
    // strtoll clamps silently on overflow; a clamped seed or count is not what was asked.
    if (errno == ERANGE)
        throw InputError("command line", "--" + name,
                         "'" + *v + "' is out of range (at most " + std::to_string(LLONG_MAX) +
                             ")");
    return out;
}

double doubleOption(const Args& args, const std::string& name, double fallback)
{
    auto v = args.get(name);
    if (!v)
        return fallback;
    char* end = nullptr;
    const double out = std::strtod(v->c_str(), &end);
    if (end == v->c_str() || *end != '\0')
        throw InputError("command line", "--" + name, "expected a number, got '" + *v + "'");
    if (!std::isfinite(out))
        throw InputError("command line", "--" + name, "'" + *v + "' is not a finite number");
    return out;
}

} // namespace meridian::cli
