#include "io/StrictJson.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <new>
#include <set>
#include <vector>

namespace meridian::io {
namespace {

/// Replaces bytes that are not printable ASCII so that an error about binary junk stays
/// printable (nlohmann quotes the offending input in its messages).
std::string printable(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (unsigned char c : s)
        out.push_back(c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?');
    return out;
}

bool startsNumber(char c)
{
    return c == '-' || std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool inNumber(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '+' || c == '.' ||
           c == 'e' || c == 'E';
}

/// One pass over the text outside strings: bracket depth and number literal range.
void prescan(std::string_view text, const std::string& file)
{
    int depth = 0;
    bool inString = false;
    bool escape = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                throw InputError(file, lineColumnOf(text, i),
                                 "JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                                     " levels");
        } else if (c == ']' || c == '}') {
            --depth;
        } else if (startsNumber(c)) {
            std::size_t end = i;
            while (end < text.size() && inNumber(text[end]))
                ++end;
            // Long runs of digits are legal JSON but cannot be a meaningful quantity here;
            // the cap also keeps the copy below small.
            if (end - i > 400)
                throw InputError(file, lineColumnOf(text, i), "number literal is too long");
            const std::string token(text.substr(i, end - i));
            double v = 0.0;
            const auto res = std::from_chars(token.data(), token.data() + token.size(), v);
            if (res.ec == std::errc::result_out_of_range) {
                // from_chars leaves v unchanged; overflow unless the exponent is negative
                // (underflow to 0 is harmless).
                const auto e = token.find_first_of("eE");
                const bool underflow =
                    e != std::string::npos && e + 1 < token.size() && token[e + 1] == '-';
                if (!underflow)
                    v = HUGE_VAL;
            }
            if (!std::isfinite(v))
                throw InputError(file, lineColumnOf(text, i),
                                 "number " + printable(token) + " is out of range");
            i = end - 1;
        }
    }
}

/// Tracks the JSON path during nlohmann's callback parse to name duplicate keys.
class PathTracker
{
public:
    PathTracker(const std::string& file) : m_file(file) {}

    bool operator()(int /*depth*/, nlohmann::json::parse_event_t event, nlohmann::json& parsed)
    {
        using E = nlohmann::json::parse_event_t;
        switch (event) {
        case E::object_start:
            m_frames.push_back(Frame{false, {}, 0, {}});
            break;
        case E::array_start:
            m_frames.push_back(Frame{true, {}, 0, {}});
            break;
        case E::key: {
            Frame& top = m_frames.back();
            top.key = parsed.get<std::string>();
            // Objects here have a handful of keys: a linear scan beats a node-based set.
            if (std::find(top.keys.begin(), top.keys.end(), top.key) != top.keys.end())
                throw InputError(m_file, path(), "duplicate key '" + top.key + "'");
            top.keys.push_back(top.key);
            break;
        }
        case E::value:
            elementDone();
            break;
        case E::object_end:
        case E::array_end:
            m_frames.pop_back();
            elementDone();
            break;
        }
        return true;
    }

private:
    struct Frame
    {
        bool array = false;
        std::string key;
        std::size_t index = 0;
        std::vector<std::string> keys;
    };

    void elementDone()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().index;
    }

    std::string path() const
    {
        std::string out;
        for (const Frame& f : m_frames)
            out += "/" + (f.array ? std::to_string(f.index) : jsonPointerToken(f.key));
        return out;
    }

    const std::string& m_file;
    std::vector<Frame> m_frames;
};

/// nlohmann messages read "[json.exception.parse_error.101] parse error at line 1, column 4:
/// syntax error ..."; keep only the explanation (we give our own location).
std::string explanation(const std::string& what)
{
    std::string s = what;
    if (auto p = s.find("] "); p != std::string::npos && s.rfind("[json.exception", 0) == 0)
        s = s.substr(p + 2);
    if (s.rfind("parse error", 0) == 0)
        if (auto p = s.find(": "); p != std::string::npos)
            s = s.substr(p + 2);
    return printable(s);
}

} // namespace

std::string lineColumnOf(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    std::size_t line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

std::string jsonPointerToken(std::string_view key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out.push_back(c);
    }
    return out;
}

nlohmann::json parseStrictJson(std::string_view text, const std::string& file)
{
    prescan(text, file);
    try {
        PathTracker tracker(file);
        return nlohmann::json::parse(text.begin(), text.end(), std::ref(tracker));
    } catch (const InputError&) {
        throw;
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is the 1-based index of the last character read.
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        throw InputError(file, lineColumnOf(text, offset),
                         "invalid JSON: " + explanation(e.what()));
    } catch (const nlohmann::json::exception& e) {
        throw InputError(file, "", "invalid JSON: " + explanation(e.what()));
    } catch (const std::bad_alloc&) {
        throw InputError(file, "", "file too large to parse");
    }
}

} // namespace meridian::io
