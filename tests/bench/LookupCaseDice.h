#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <random>

namespace Errata {

// The randomness of the lookup case generator. std::mt19937_64's output is
// fixed by the standard, but the std:: distributions are not (libstdc++ and
// libc++ draw differently), so the dice only take the raw output modulo n:
// the same seed gives the same cases everywhere.
//
// Numbers drawn with number() never spell a forbidden token: the numbers of
// the signature a case varies, which must not come back through the noise.
class LookupCaseDice
{
public:
    explicit LookupCaseDice(std::uint64_t seed)
        : m_engine(seed)
    {
    }

    // A seed for one case, from the run's seed and what names the case, so
    // that each case is drawn on its own: adding a kind or a record does not
    // change the other cases.
    static std::uint64_t mix(std::uint64_t seed, const QString &name, int salt)
    {
        std::uint64_t hash = 0xcbf29ce484222325ULL; // FNV-1a: not qHash, whose seed changes per process
        for (const char c : name.toUtf8()) {
            hash ^= std::uint8_t(c);
            hash *= 0x100000001b3ULL;
        }
        return splitMix(splitMix(seed) ^ hash ^ (std::uint64_t(salt) << 40));
    }

    std::uint64_t next() { return m_engine(); }
    int below(int n) { return n <= 0 ? 0 : int(m_engine() % std::uint64_t(n)); }
    int between(int low, int high) { return low + below(high - low + 1); } // both included
    bool chance(double p) { return double(m_engine() >> 11) * 0x1.0p-53 < p; }

    const QString &pick(const QStringList &items) { return items.at(below(int(items.size()))); }
    template<typename T, size_t N>
    const T &pick(const T (&items)[N])
    {
        return items[below(int(N))];
    }

    void forbid(const QStringList &tokens)
    {
        for (const QString &token : tokens)
            m_forbidden.insert(token);
    }
    bool isForbidden(const QString &token) const { return m_forbidden.contains(token); }

    // A number in [low, high], zero-padded to `width`, whose spelling is not
    // forbidden (after a few tries, whatever comes).
    QString number(int low, int high, int width = 0)
    {
        QString text;
        for (int attempt = 0; attempt < 16; ++attempt) {
            text = QString::number(between(low, high)).rightJustified(width, QLatin1Char('0'));
            if (!m_forbidden.contains(text))
                break;
        }
        return text;
    }

    // `length` lowercase hex digits.
    QString hex(int length)
    {
        static const char digits[] = "0123456789abcdef";
        QString text;
        for (int i = 0; i < length; ++i)
            text += QLatin1Char(digits[below(16)]);
        return text;
    }

private:
    static std::uint64_t splitMix(std::uint64_t z)
    {
        z += 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    std::mt19937_64 m_engine;
    QSet<QString> m_forbidden;
};

} // namespace Errata
