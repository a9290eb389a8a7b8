#pragma once
// A move-only `void()` callable with a 48-byte in-place buffer.
//
// std::function may allocate for every captured lambda larger than two pointers; the event
// kernel calls schedule() millions of times per second, so callbacks that fit the buffer
// (a `this` pointer plus a few ids, the common case) are stored in place and only larger
// ones go to the heap.

#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace meridian::sim {

class Callback
{
public:
    static constexpr std::size_t kInlineBytes = 48;

    Callback() = default;
    template <class F, class D = std::decay_t<F>,
              class = std::enable_if_t<!std::is_same_v<D, Callback> && std::is_invocable_v<D&>>>
    Callback(F&& f) // NOLINT(google-explicit-constructor): lambdas convert implicitly
    {
        if constexpr (sizeof(D) <= kInlineBytes && alignof(D) <= alignof(std::max_align_t) &&
                      std::is_nothrow_move_constructible_v<D>) {
            ::new (static_cast<void*>(m_buf)) D(std::forward<F>(f));
            m_ops = &inlineOps<D>;
        } else {
            *reinterpret_cast<D**>(m_buf) = new D(std::forward<F>(f));
            m_ops = &heapOps<D>;
        }
    }
    Callback(Callback&& o) noexcept : m_ops(o.m_ops)
    {
        if (m_ops) {
            relocateFrom(o);
            o.m_ops = nullptr;
        }
    }
    Callback& operator=(Callback&& o) noexcept
    {
        if (this != &o) {
            reset();
            m_ops = o.m_ops;
            if (m_ops) {
                relocateFrom(o);
                o.m_ops = nullptr;
            }
        }
        return *this;
    }
    Callback(const Callback&) = delete;
    Callback& operator=(const Callback&) = delete;
    ~Callback() { reset(); }

    explicit operator bool() const noexcept { return m_ops != nullptr; }
    void operator()() { m_ops->call(m_buf); }
    void reset() noexcept
    {
        if (m_ops) {
            if (!m_ops->trivial)
                m_ops->destroy(m_buf);
            m_ops = nullptr;
        }
    }

private:
    struct Ops
    {
        void (*call)(void*);
        void (*move)(void* from, void* to) noexcept;
        void (*destroy)(void*) noexcept;
        /// Trivially copyable and destructible in place (a `this` pointer and ids, the
        /// common case): moved by a fixed-size memcpy, no indirect call, nothing to destroy.
        bool trivial;
    };
    void relocateFrom(Callback& o) noexcept
    {
        if (m_ops->trivial)
            std::memcpy(m_buf, o.m_buf, kInlineBytes);
        else
            m_ops->move(o.m_buf, m_buf);
    }
    template <class D>
    static constexpr Ops inlineOps{[](void* p) { (*static_cast<D*>(p))(); },
                                   [](void* from, void* to) noexcept {
                                       ::new (to) D(std::move(*static_cast<D*>(from)));
                                       static_cast<D*>(from)->~D();
                                   },
                                   [](void* p) noexcept { static_cast<D*>(p)->~D(); },
                                   std::is_trivially_copyable_v<D> &&
                                       std::is_trivially_destructible_v<D>};
    template <class D>
    static constexpr Ops heapOps{[](void* p) { (**static_cast<D**>(p))(); },
                                 [](void* from, void* to) noexcept {
                                     *static_cast<D**>(to) = *static_cast<D**>(from);
                                     *static_cast<D**>(from) = nullptr;
                                 },
                                 [](void* p) noexcept { delete *static_cast<D**>(p); },
                                 false};

    alignas(std::max_align_t) unsigned char m_buf[kInlineBytes]{};
    const Ops* m_ops = nullptr;
};

} // namespace meridian::sim
