#pragma once
// Minimal protocol-buffers wire-format reader (private to workload).
//
// Wire format (protobuf.dev, "Encoding"): a message is a sequence of (tag, value) records;
// tag = field_number << 3 | wire_type; wire types 0 varint, 1 fixed64, 2 length-delimited,
// 5 fixed32 (3/4 are deprecated groups and rejected). Used to decode ONNX ModelProto without
// generated code, so the engine gains no build dependency on protobuf or libonnx.

#include "meridian/core/Error.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::workload::detail {

class ProtoReader
{
public:
    ProtoReader(std::string_view data, std::string context)
        : m_data(data), m_context(std::move(context))
    {}

    /// Advances to the next field; false at the end of the message.
    bool next()
    {
        if (m_pos >= m_data.size())
            return false;
        const std::uint64_t tag = varint();
        m_field = static_cast<std::uint32_t>(tag >> 3);
        m_wire = static_cast<int>(tag & 7);
        if (m_field == 0 || (m_wire != 0 && m_wire != 1 && m_wire != 2 && m_wire != 5))
            fail("invalid field tag");
        return true;
    }
    std::uint32_t field() const { return m_field; }
    int wireType() const { return m_wire; }

    std::uint64_t varint()
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_data.size())
                fail("truncated varint");
            const auto byte = static_cast<unsigned char>(m_data[m_pos++]);
            v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if ((byte & 0x80) == 0)
                return v;
        }
        fail("varint longer than 10 bytes");
    }
    std::int64_t int64() { return static_cast<std::int64_t>(varint()); }
    std::string_view bytes()
    {
        const std::uint64_t n = varint();
        if (n > m_data.size() - m_pos)
            fail("length-delimited field runs past the end of its message");
        const std::string_view out = m_data.substr(m_pos, static_cast<std::size_t>(n));
        m_pos += static_cast<std::size_t>(n);
        return out;
    }
    std::uint32_t fixed32()
    {
        if (m_data.size() - m_pos < 4)
            fail("truncated fixed32");
        std::uint32_t v = 0;
        for (int i = 3; i >= 0; --i)
            v = (v << 8) | static_cast<unsigned char>(m_data[m_pos + static_cast<std::size_t>(i)]);
        m_pos += 4;
        return v;
    }
    void skip()
    {
        switch (m_wire) {
        case 0:
            varint();
            break;
        case 1:
            if (m_data.size() - m_pos < 8)
                fail("truncated fixed64");
            m_pos += 8;
            break;
        case 2:
            bytes();
            break;
        case 5:
            fixed32();
            break;
        default:
            fail("unsupported wire type");
        }
    }
    /// A repeated int64 field, packed (wire type 2) or not (wire type 0): appends to `out`.
    void int64s(std::vector<std::int64_t>& out)
    {
        if (m_wire == 0) {
            out.push_back(int64());
            return;
        }
        if (m_wire != 2)
            fail("expected an int64 list");
        ProtoReader packed(bytes(), m_context);
        while (packed.m_pos < packed.m_data.size())
            out.push_back(packed.int64());
    }

    [[noreturn]] void fail(const std::string& problem) const
    {
        throw InputError({}, m_context + " (byte " + std::to_string(m_pos) + ")",
                         "malformed protobuf: " + problem);
    }

private:
    std::string_view m_data;
    std::string m_context;
    std::size_t m_pos = 0;
    std::uint32_t m_field = 0;
    int m_wire = 0;
};

} // namespace meridian::workload::detail
