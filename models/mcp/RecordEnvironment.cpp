#include "models/mcp/RecordEnvironment.h"

#include "models/convert/DeadendsConverter.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace Errata {

namespace {

void addOnce(QStringList &list, const QString &name)
{
    const QString folded = name.trimmed().toLower();
    if (!folded.isEmpty() && !list.contains(folded))
        list << folded;
}

// Follows the path of keys from the top of the document and takes the few
// strings an environment is made of.
class EnvironmentReader
{
public:
    explicit EnvironmentReader(RecordEnvironment &into)
        : m_into(into)
    {
    }

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(std::int64_t) { return true; }
    bool number_unsigned(std::uint64_t) { return true; }
    bool number_float(double, const std::string &) { return true; }
    bool binary(nlohmann::json::binary_t &) { return true; }
    bool string(std::string &value)
    {
        take(QString::fromStdString(value));
        return true;
    }
    bool start_object(std::size_t)
    {
        m_frames.push_back({false, {}});
        return true;
    }
    bool key(std::string &key)
    {
        m_frames.back().key = key;
        if (m_frames.size() == 2 && !m_frames[0].array && m_frames[0].key == "os_specific" && !m_frames[1].array)
            addOnce(m_into.os, QString::fromStdString(key));
        return true;
    }
    bool end_object()
    {
        m_frames.pop_back();
        return true;
    }
    bool start_array(std::size_t)
    {
        m_frames.push_back({true, {}});
        return true;
    }
    bool end_array()
    {
        m_frames.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string &, const nlohmann::json::exception &) { return false; }

private:
    struct Frame
    {
        bool array = false;
        std::string key; // in an object, the key of the value being read
    };

    // Whether the value being read is at `path` (object keys from the top;
    // "[]" for any item of an array).
    bool at(std::initializer_list<const char *> path) const
    {
        if (m_frames.size() != path.size())
            return false;
        size_t i = 0;
        for (const char *step : path) {
            const Frame &frame = m_frames[i++];
            if (frame.array != (std::string(step) == "[]") || (!frame.array && frame.key != step))
                return false;
        }
        return true;
    }

    void take(const QString &value)
    {
        if (at({"versions", "[]", "version"}))
            addOnce(m_into.runtimes, DeadendsConverter::splitVersion(value.trimmed()).first);
        else if (at({"x_deadends", "environment", "os"}))
            addOnce(m_into.os, value);
        else if (at({"x_deadends", "environment", "additional", "country"}))
            addOnce(m_into.countries, value);
        else if (at({"x_deadends", "environment", "additional", "country_name"}))
            m_into.countryName = value.trimmed();
    }

    RecordEnvironment &m_into;
    std::vector<Frame> m_frames;
};

} // namespace

bool RecordEnvironment::names(const QString &name) const
{
    const QString folded = name.trimmed().toLower();
    return runtimes.contains(folded) || os.contains(folded) || countries.contains(folded);
}

RecordEnvironment RecordEnvironment::of(const QByteArray &text)
{
    RecordEnvironment environment;
    EnvironmentReader reader(environment);
    if (!nlohmann::json::sax_parse(text.constBegin(), text.constEnd(), &reader))
        return RecordEnvironment();
    return environment;
}

} // namespace Errata
