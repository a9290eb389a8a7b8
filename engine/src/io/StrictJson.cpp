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

/// Builds the DOM from nlohmann's SAX events, rejecting a repeated key with its JSON path.
///
/// nlohmann's callback parser re-walks the parent container at every end_object, which makes
/// a long array of small objects quadratic; this handler does constant work per event (plus a
/// map lookup per key), so parsing is linear in the input.
class StrictDomBuilder
{
public:
    explicit StrictDomBuilder(const std::string& file) : m_file(file) {}

    nlohmann::json& result() { return m_root; }

    bool null() { return put(nlohmann::json(nullptr)); }
    bool boolean(bool v) { return put(nlohmann::json(v)); }
    bool number_integer(nlohmann::json::number_integer_t v) { return put(nlohmann::json(v)); }
    bool number_unsigned(nlohmann::json::number_unsigned_t v) { return put(nlohmann::json(v)); }
    bool number_float(nlohmann::json::number_float_t v, const std::string& /*text*/)
    {
        return put(nlohmann::json(v));
    }
    bool string(std::string& v) { return put(nlohmann::json(std::move(v))); }
    bool binary(nlohmann::json::binary_t& v) { return put(nlohmann::json::binary(std::move(v))); }

    bool start_object(std::size_t /*size*/)
    {
        nlohmann::json* slot = place(nlohmann::json::object());
        m_frames.push_back(Frame{slot, false, {}, 0});
        return true;
    }
    bool key(std::string& k)
    {
        Frame& top = m_frames.back();
        if (top.value->contains(k)) {
            top.key = k;
            throw InputError(m_file, path(), "duplicate key '" + k + "'");
        }
        top.key = std::move(k);
        return true;
    }
    bool end_object()
    {
        m_frames.pop_back();
        elementDone();
        return true;
    }
    bool start_array(std::size_t /*size*/)
    {
        nlohmann::json* slot = place(nlohmann::json::array());
        m_frames.push_back(Frame{slot, true, {}, 0});
        return true;
    }
    bool end_array()
    {
        m_frames.pop_back();
        elementDone();
        return true;
    }
    bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/,
                     const nlohmann::json::exception& e)
    {
        // Rethrow the concrete type so the caller can read the byte offset.
        if (const auto* pe = dynamic_cast<const nlohmann::json::parse_error*>(&e))
            throw *pe;
        if (const auto* oor = dynamic_cast<const nlohmann::json::out_of_range*>(&e))
            throw *oor;
        throw InputError(m_file, "", std::string("invalid JSON: ") + e.what());
    }

private:
    struct Frame
    {
        nlohmann::json* value = nullptr;
        bool array = false;
        std::string key;
        std::size_t index = 0;
    };

    /// Stores `v` where the next value goes and returns its address.
    nlohmann::json* place(nlohmann::json v)
    {
        if (m_frames.empty()) {
            m_root = std::move(v);
            return &m_root;
        }
        Frame& top = m_frames.back();
        if (top.array) {
            top.value->push_back(std::move(v));
            return &top.value->back();
        }
        return &((*top.value)[top.key] = std::move(v));
    }

    bool put(nlohmann::json v)
    {
        place(std::move(v));
        elementDone();
        return true;
    }

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
    nlohmann::json m_root;
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
        StrictDomBuilder builder(file);
        nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
        return std::move(builder.result());
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
