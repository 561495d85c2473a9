#pragma once

#include <nlohmann/json.hpp>

namespace Errata {

// The document type of a record: nlohmann's JSON with key order preserved.
using OrderedJson = nlohmann::ordered_json;

} // namespace Errata
