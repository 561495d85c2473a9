#pragma once

#include "models/json/OrderedJson.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstddef>
#include <cstdint>

// What the fuzz targets share: a QCoreApplication, quiet Qt messages, a
// check that makes libFuzzer report a broken property, and small helpers
// to cut an input into parts and to compare what the readers give back.
namespace Errata::Fuzz {

// Creates the one QCoreApplication (from LLVMFuzzerInitialize) and drops
// Qt's warnings, which a malformed input would print on every run.
void initialize(int *argc, char ***argv);

// Prints the broken property and where it is checked, then traps: libFuzzer
// reports a crash and keeps the input.
[[noreturn]] void fail(const char *what, const char *file, int line);

// A folder for the files a target writes for every input: in /dev/shm when
// there is one, where the syncs of an atomic write cost nothing; removed
// when the process ends.
QString scratchFolder();

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// `text` cut at each `separator`, into at most `count` parts (the last one
// keeps the rest, separators included).
QList<QByteArray> split(const QByteArray &text, char separator, int count);

// `text` cut at lines "@@@" (the separator "\n@@@\n") into exactly
// `count` parts: the last keeps the rest, missing ones are empty.
QList<QByteArray> parts(const QByteArray &text, int count);

// Whether a 1-based line and column (columns in characters, a leading BOM
// taking none) point into `text`: at one of its characters or just past the
// last character of a line.
bool isInside(const QByteArray &text, int line, int column);

// JSON equality: object members in any order, 1 and 1.0 equal.
bool jsonEqual(const OrderedJson &a, const OrderedJson &b);

} // namespace Errata::Fuzz

#define FUZZ_CHECK(condition) ((condition) ? void(0) : Errata::Fuzz::fail(#condition, __FILE__, __LINE__))
