#pragma once
// Error types shared by every engine module.
//
// Bad *input* (a user's file, a command-line value) is reported with InputError, which
// carries where the problem is (file, JSON path or line) and what is wrong. Broken
// *invariants* (programming errors) are caught by MERIDIAN_ASSERT with a candid message.

#include <stdexcept>
#include <string>

namespace meridian {

/// A user-facing error about some input: a file, a JSON path / line, and the problem.
/// what() reads "FILE: LOCATION: PROBLEM" (parts that are empty are left out).
class InputError : public std::runtime_error
{
public:
    InputError(std::string file, std::string location, std::string problem);
    explicit InputError(std::string problem) : InputError({}, {}, std::move(problem)) {}

    const std::string& file() const noexcept { return m_file; }
    const std::string& location() const noexcept { return m_location; }
    const std::string& problem() const noexcept { return m_problem; }

    /// The same error attributed to another file (readers add the file name on the way out).
    InputError withFile(const std::string& file) const;
    /// The same error with a location prefix (e.g. "/links/3" + "/bandwidth_gbps").
    InputError withLocationPrefix(const std::string& prefix) const;

private:
    std::string m_file;
    std::string m_location;
    std::string m_problem;
};

/// Thrown by MERIDIAN_ASSERT: an internal invariant does not hold (a bug, not bad input).
class InternalError : public std::logic_error
{
public:
    using std::logic_error::logic_error;
};

[[noreturn]] void assertionFailed(const char* expr, const char* message, const char* file, int line);

} // namespace meridian

#define MERIDIAN_ASSERT(cond, msg)                                                               \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ::meridian::assertionFailed(#cond, (msg), __FILE__, __LINE__);                         \
    } while (false)
