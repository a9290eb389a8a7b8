#include "meridian/core/Error.hpp"

namespace meridian {
namespace {
std::string compose(const std::string& file, const std::string& location, const std::string& problem)
{
    std::string out;
    if (!file.empty())
        out += file + ": ";
    if (!location.empty())
        out += location + ": ";
    out += problem;
    return out;
}
} // namespace

InputError::InputError(std::string file, std::string location, std::string problem)
    : std::runtime_error(compose(file, location, problem)), m_file(std::move(file)),
      m_location(std::move(location)), m_problem(std::move(problem))
{
}

InputError InputError::withFile(const std::string& file) const
{
    return InputError(file, m_location, m_problem);
}

InputError InputError::withLocationPrefix(const std::string& prefix) const
{
    return InputError(m_file, prefix + m_location, m_problem);
}

void assertionFailed(const char* expr, const char* message, const char* file, int line)
{
    throw InternalError(std::string("internal error: ") + message + " (" + expr + " failed at " +
                        file + ":" + std::to_string(line) + ")");
}

} // namespace meridian
