#pragma once

#include "models/json/OrderedJson.h"

#include <QByteArray>
#include <QString>

#include <string>

namespace Errata {

// A made-up KB for benchmarks, shaped like real records: about 4 KB each, 25 domains of 10 categories, signatures of
// error words and numbers with a regex that matches them, 2-3 dead ends and workarounds, Chinese text on about 80% of
// the records, 0-3 reciprocal links, dates and rates, and a few of real KBs' warnings (stale, little evidence). The
// same count and seed always give the same bytes; record i depends only on (seed, i), so any record, and any link
// target's id, is made on its own.
//
//   SyntheticKnowledgeBase(10000, 7).write(QStringLiteral("/tmp/kb"), &error); // + /tmp/kb/.synthetic-kb
class SyntheticKnowledgeBase
{
public:
    explicit SyntheticKnowledgeBase(int count, quint64 seed = 1);

    int count() const { return m_count; }
    quint64 seed() const { return m_seed; }

    // Index 0 .. count() - 1.
    QString id(int index) const;
    OrderedJson record(int index) const;
    // The file's text: 2-space indent, UTF-8 as itself, a final newline.
    QByteArray text(int index) const;

    // Writes every record at <folder>/<id>.json with QSaveFile, on all
    // cores, and a stamp file (hidden, so not a record) naming the count and
    // seed, marked incomplete until the last record is written. Other files
    // in `folder` are left alone. Returns false and fills `error` when a
    // folder or file cannot be written.
    bool write(const QString &folder, QString *error = nullptr) const;
    // True when `folder` holds a complete write() of this count and seed.
    bool isWrittenIn(const QString &folder) const;

    static QString stampFileName();

private:
    std::string idText(int index) const;
    int leadsToTarget(int index) const;
    OrderedJson transitionGraph(int index, const std::string &distinction) const;
    QByteArray stamp() const;
    QString writeOne(const QString &folder, int index) const;
    bool makeFolders(const QString &folder, QString *error) const;
    bool writeStamp(const QString &folder, bool complete, QString *error) const;

    int m_count = 0;
    quint64 m_seed = 1;
};

} // namespace Errata
