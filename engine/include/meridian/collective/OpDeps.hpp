#pragma once
// The dependency list of one CommOp: op indices held as 32-bit values, up to kInline of them
// inside the object and more on the heap. A ring all-reduce among n ranks has 3n(n−1) ops, nearly
// all with one to four dependencies; a std::vector<std::size_t> per op cost a heap block of
// 32–48 bytes each on top of its 24 bytes (≈ 100 MB at n = 1,024, docs/performance.md). Op
// indices fit in 32 bits: buildCollective() refuses DAGs of more than 2·10⁷ ops.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace meridian::collective {

class OpDeps
{
public:
    static constexpr std::uint32_t kInline = 4;

    OpDeps() noexcept : m_inline{} {}
    OpDeps(std::initializer_list<std::size_t> deps) : OpDeps() { assign(deps.begin(), deps.end()); }
    /// Implicit, so that `CommOp{.deps = std::vector<std::size_t>{…}}` works.
    OpDeps(const std::vector<std::size_t>& deps) : OpDeps() // NOLINT(google-explicit-constructor)
    {
        assign(deps.begin(), deps.end());
    }
    OpDeps(const OpDeps& other) : OpDeps() { assign(other.begin(), other.end()); }
    OpDeps(OpDeps&& other) noexcept : OpDeps() { steal(other); }
    OpDeps& operator=(const OpDeps& other)
    {
        if (this != &other) {
            m_size = 0;
            assign(other.begin(), other.end());
        }
        return *this;
    }
    OpDeps& operator=(OpDeps&& other) noexcept
    {
        if (this != &other) {
            release();
            steal(other);
        }
        return *this;
    }
    ~OpDeps() { release(); }

    std::size_t size() const noexcept { return m_size; }
    bool empty() const noexcept { return m_size == 0; }
    const std::uint32_t* begin() const noexcept { return data(); }
    const std::uint32_t* end() const noexcept { return data() + m_size; }
    std::size_t operator[](std::size_t i) const noexcept { return data()[i]; }

    void push_back(std::size_t op) // NOLINT(readability-identifier-naming): vector's name
    {
        if (m_size == m_capacity)
            grow(m_capacity * 2);
        data()[m_size++] = static_cast<std::uint32_t>(op);
    }
    template <class It> void append(It first, It last)
    {
        for (; first != last; ++first)
            push_back(static_cast<std::size_t>(*first));
    }
    /// Sorts ascending and drops duplicates.
    void sortUnique()
    {
        std::uint32_t* d = data();
        std::sort(d, d + m_size);
        m_size = static_cast<std::uint32_t>(std::unique(d, d + m_size) - d);
    }
    /// Empties the list (keeps its heap block, if any).
    void clear() noexcept { m_size = 0; }
    std::vector<std::size_t> toVector() const { return {begin(), end()}; }

    friend bool operator==(const OpDeps& a, const OpDeps& b) noexcept
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::uint32_t* data() noexcept { return m_capacity > kInline ? m_heap : m_inline; }
    const std::uint32_t* data() const noexcept { return m_capacity > kInline ? m_heap : m_inline; }
    template <class It> void assign(It first, It last)
    {
        m_size = 0;
        append(first, last);
    }
    void grow(std::uint32_t capacity)
    {
        auto* heap = new std::uint32_t[capacity];
        std::memcpy(heap, data(), m_size * sizeof(std::uint32_t));
        release();
        m_heap = heap;
        m_capacity = capacity;
    }
    void release() noexcept
    {
        if (m_capacity > kInline)
            delete[] m_heap;
        m_capacity = kInline;
    }
    void steal(OpDeps& other) noexcept
    {
        m_size = other.m_size;
        m_capacity = other.m_capacity;
        if (other.m_capacity > kInline)
            m_heap = other.m_heap;
        else
            std::memcpy(m_inline, other.m_inline, sizeof m_inline);
        other.m_size = 0;
        other.m_capacity = kInline;
    }

    std::uint32_t m_size = 0;
    std::uint32_t m_capacity = kInline;
    union {
        std::uint32_t m_inline[kInline];
        std::uint32_t* m_heap;
    };
};

} // namespace meridian::collective
