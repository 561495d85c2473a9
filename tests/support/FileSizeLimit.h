#pragma once

#include <QtGlobal>

#include <csignal>

#include <sys/resource.h>

namespace Errata::TestSupport {

// A full disk, without root and without mounting anything: while it lives,
// no file this process writes (nor any process it starts, which inherits
// the limit) grows beyond `bytes`. A write past it fails with EFBIG, as a
// write on a full disk fails with ENOSPC; SIGXFSZ is ignored so that the
// failure is a write error, not the end of the process. The limit and the
// signal's handling are put back as they were at the end of the scope.
//
//     { FileSizeLimit full(16); QVERIFY(!store.save(&error)); }
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_signal = std::signal(SIGXFSZ, SIG_IGN);
        m_active = ::getrlimit(RLIMIT_FSIZE, &m_old) == 0;
        rlimit limited = m_old;
        limited.rlim_cur = bytes;
        m_active = m_active && ::setrlimit(RLIMIT_FSIZE, &limited) == 0;
    }
    ~FileSizeLimit()
    {
        if (m_active)
            ::setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_signal);
    }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;

    // False when the limit could not be set (QVERIFY it).
    bool isActive() const { return m_active; }

private:
    rlimit m_old = {};
    bool m_active = false;
    void (*m_signal)(int) = SIG_DFL;
};

} // namespace Errata::TestSupport
