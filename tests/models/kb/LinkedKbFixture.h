#pragma once

// What RecordOperationsTest and RecordRenameTest share: records in the layout
// Errata writes, a snapshot of a folder, and a small KB of linked records.

#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "support/TestFiles.h"

#include <QDate>
#include <QDir>
#include <QDirIterator>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

namespace Errata::LinkedKbFixture {

using namespace Errata::TestSupport;

inline const QDate Today(2024, 7, 1);
inline const QString SeedPath = QStringLiteral(ERRATA_TEST_DATA "/seed.json");

// A record in the layout Errata writes (2-space indent, final newline).
inline QByteArray recordText(const QString &id, const OrderedJson &graph = OrderedJson())
{
    OrderedJson json = {{"id", id.toStdString()}, {"signature", "Error: " + id.toStdString()},
                        {"regex", "Error: .*"},   {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                        {"category", "io_error"}, {"confidence", 0.5}};
    if (!graph.is_null())
        json["transition_graph"] = graph;
    json["tags"] = OrderedJson::array({"disk"});
    return QByteArray::fromStdString(json.dump(2)) + '\n';
}

// Every file below `root`, relative path -> bytes.
inline QMap<QString, QByteArray> snapshot(const QString &root)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(QDir(root).relativeFilePath(path), readFile(path));
    }
    return files;
}

// A KB of linked records:
//   a/target   (links to itself)
//   a/x        leads_to {error_id a/target, probability 0.50}
//   b/y        preceded_by "a/target" (bare), frequently_confused_with {a/target, distinction}
//   c/z        unrelated
struct LinkedKb
{
    QTemporaryDir dir;
    KnowledgeBase kb;

    LinkedKb()
    {
        write(QStringLiteral("a/target"), {{"leads_to", OrderedJson::array({"a/target"})}});
        write(QStringLiteral("a/x"),
              {{"leads_to", OrderedJson::array({{{"error_id", "a/target"}, {"probability", 0.5}}})},
               {"preceded_by", OrderedJson::array()}});
        write(QStringLiteral("b/y"),
              {{"preceded_by", OrderedJson::array({"a/target", "c/z"})},
               {"frequently_confused_with",
                OrderedJson::array({{{"error_id", "a/target"}, {"distinction", "different step"}}})}});
        write(QStringLiteral("c/z"), {{"leads_to", OrderedJson::array({"b/y"})}});
        // A spelling the JSON library would normalise: kept through every rewrite.
        QByteArray x = readFile(path(QStringLiteral("a/x")));
        QVERIFY(writeFile(path(QStringLiteral("a/x")), x.replace("\"probability\": 0.5", "\"probability\": 0.50")));
        reload();
    }
    QString path(const QString &id) const { return dir.filePath(id + QStringLiteral(".json")); }
    void write(const QString &id, const OrderedJson &graph) { QVERIFY(writeFile(path(id), recordText(id, graph))); }
    void reload() { kb.adopt(KnowledgeBaseLoader::load(dir.path())); }
    Record *record(const QString &id) const { return kb.find(id); }
};

} // namespace Errata::LinkedKbFixture
