#include "io/ReadBounded.hpp"

#include "meridian/core/Error.hpp"

#include <array>
#include <fstream>

namespace meridian::io {

std::optional<std::string> readBounded(const std::filesystem::path& path, std::uintmax_t maxBytes)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path.string(), "", "cannot open for reading");
    std::string text;
    std::array<char, 1 << 16> chunk{};
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        text.append(chunk.data(), got);
        if (text.size() > maxBytes)
            return std::nullopt;
    }
    if (in.bad())
        throw InputError(path.string(), "", "read error");
    return text;
}

} // namespace meridian::io
