#include "meridian/core/Error.hpp"

namespace meridian {
namespace {
/// Control characters from user strings (an id with a newline, a NUL) would break the
/// one-error-per-line contract of the CLI; show them as escapes instead.
std::string escapeControls(std::string s)
{
    bool clean = true;
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7F) {
            clean = false;
            break;
        }
    if (clean)
        return s;
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(s.size() + 8);
    for (unsigned char c : s) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7F) {
            out += "\\x";
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 0xF]);
        } else
            out.push_back(static_cast<char>(c));
    }
    return out;
}

std::string compose(const std::string& file, const std::string& location,
                    const std::string& problem)
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
    : std::runtime_error(
          compose(escapeControls(file), escapeControls(location), escapeControls(problem))),
      m_file(escapeControls(std::move(file))), m_location(escapeControls(std::move(location))),
      m_problem(escapeControls(std::move(problem)))
{}

InputError InputError::withFile(const std::string& file) const
{
    return {file, m_location, m_problem};
}

InputError InputError::withLocationPrefix(const std::string& prefix) const
{
    return {m_file, prefix + m_location, m_problem};
}

void assertionFailed(const char* expr, const char* message, const char* file, int line)
{
    throw InternalError(std::string("internal error: ") + message + " (" + expr + " failed at " +
                        file + ":" + std::to_string(line) + ")");
}

} // namespace meridian
