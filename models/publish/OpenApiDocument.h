#pragma once

#include <QByteArray>

namespace Errata {

struct SiteContext;

// api/v1/openapi.json: an OpenAPI 3.1.0 description of the files under
// api/v1/ (index.json, records/{id}.json, match.json, errors.ndjson,
// stats.json, record.schema.json), with a schema for each in
// components.schemas (Index, IndexEntry, Match, Pattern, Stats,
// DomainStats, Quality, Record; Record refers to record.schema.json). Its
// server is the base URL + "/api/v1", or "./" (the folder of openapi.json)
// without one. Checked with a real validator by SiteOpenApiTest.
class OpenApiDocument
{
public:
    static QByteArray render(const SiteContext &site);
};

} // namespace Errata
