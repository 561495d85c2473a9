#pragma once

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace Errata {

class Record;

// Where an error happened, read from a text ("Python 3.11.4 on linux", "torch 2.1.0+cu121", "py311") or a record (the
// id's last segment "py311-linux", its versions, its OS notes' keys), as canonical hints that the two can share:
// "python3.11", "os:linux", "arch:arm64", "gpu:rtx3090", "mem:40gb". Names have one spelling (py, cp -> python;
// nodejs -> node; k8s -> kubernetes; pytorch -> torch ...). A compact version of a name whose major version is one
// digit reads as major and minor: py311 -> python3.11, go121 -> go1.21, k8s128 -> kubernetes1.28.
class EnvironmentHints
{
public:
    static std::vector<std::string> ofText(const QString &text);
    static std::vector<std::string> ofRecord(const Record &record);
    // From an id's last segment and version strings: what ofRecord() reads.
    static std::vector<std::string> ofParts(const QString &idSegment, const QStringList &versions,
                                            const QStringList &osNames);

    // How much a shared hint says: a name alone little, a version or a
    // machine more.
    static double weightOf(const std::string &hint);
    // The sum of the weights of the hints in both (each list sorted).
    static double shared(const std::vector<std::string> &a, const std::vector<std::string> &b,
                         std::vector<std::string> *both = nullptr);
};

} // namespace Errata
