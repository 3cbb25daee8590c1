#pragma once

#include <string>
#include <utility>
#include <variant>

namespace certdrill {

/// An expected failure, returned (never thrown) across the core's API.
struct Error
{
    std::string message;
};

/// A value or an Error. The core returns this where a caller must handle failure
/// (a database that cannot be opened, a pack that does not validate).
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }

    /// True when a value is held.
    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    /// The value; only valid when ok().
    T& value() { return std::get<T>(m_data); }
    const T& value() const { return std::get<T>(m_data); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    /// The error; only valid when !ok().
    const Error& error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

/// Success or an Error, for operations with no value.
template <> class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error)
        : m_error(std::move(error))
        , m_ok(false)
    {
    }
    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const Error& error() const { return m_error; }

private:
    Error m_error;
    bool m_ok = true;
};

} // namespace certdrill
