// fuzz-serve-request: what `errata serve` answers (ServeRouter: the site,
// the live API, /mcp, /healthz, /readyz, /metrics) for any request, on a
// snapshot of the bundled sample KB. The input is a request as a client
// sends it: a method line, a target line (a path with a query, percent-
// encoded as it would be on the wire), header lines "Name: value", an empty
// line, then the body.
//
// Properties: every answer has a status from 200 to 599, never 500 (no
// handler fails, whatever it is sent); a JSON answer is one JSON object (an
// error has its code and message); a path that names a file of the site
// answers its bytes or 304; no answer holds a path of the machine's files
// (the snapshot's KB folder).

#include "FuzzSupport.h"

#include "models/serve/HttpRequest.h"
#include "models/serve/ServeMetrics.h"
#include "models/serve/ServeReloader.h"
#include "models/serve/ServeRouter.h"
#include "models/serve/ServeSite.h"
#include "models/serve/ServeSnapshot.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <memory>

using namespace Errata;

namespace {

struct Served
{
    std::unique_ptr<ServeReloader> reloader;
    ServeMetrics metrics;
    std::unique_ptr<ServeRouter> router;
};

Served *served()
{
    static Served *made = [] {
        auto *served = new Served;
        served->reloader = std::make_unique<ServeReloader>(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"),
                                                           ServeSnapshot::Options());
        QString error;
        FUZZ_CHECK(served->reloader->loadFirst(&error));
        ServeOptions options;
        options.ownOrigins << QStringLiteral("http://127.0.0.1:8700");
        options.token = "fuzz-token-0123456789";
        served->router = std::make_unique<ServeRouter>(options, *served->reloader, served->metrics);
        return served;
    }();
    return made;
}

HttpRequest requestOf(const QByteArray &input)
{
    const QList<QByteArray> head = Fuzz::split(input, '\n', 3);
    HttpRequest request;
    request.method = head.value(0).trimmed().left(16);
    const QByteArray target = head.value(1).trimmed();
    const qsizetype mark = target.indexOf('?');
    request.path = QUrl::fromPercentEncoding(mark < 0 ? target : target.left(mark));
    request.query = QString::fromUtf8(mark < 0 ? QByteArray() : target.mid(mark + 1));
    const QByteArray rest = head.value(2);
    const qsizetype end = rest.indexOf("\n\n");
    for (const QByteArray &line : (end < 0 ? rest : rest.left(end)).split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    request.body = end < 0 ? QByteArray() : rest.mid(end + 2);
    request.peer = QStringLiteral("127.0.0.1");
    return request;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    served();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return 0;
    Served *server = served();
    const HttpRequest request = requestOf(Fuzz::bytes(data, size));
    const HttpResponse response = server->router->handle(request);
    FUZZ_CHECK(response.status >= 200 && response.status <= 599);
    FUZZ_CHECK(response.status != 500);
    if (response.contentType == "application/json" && !response.body.isEmpty()) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(response.body, &error);
        FUZZ_CHECK(error.error == QJsonParseError::NoError && document.isObject());
        const QJsonObject object = document.object();
        if (object.contains(u"error") && object.value(u"error").isObject())
            FUZZ_CHECK(!object.value(u"error").toObject().value(u"message").toString().isEmpty());
    }
    const std::shared_ptr<const ServeSnapshot> snapshot = server->reloader->current();
    const QString file = ServeSite::fileOf(request.path);
    const QByteArray *bytes = file.isEmpty() ? nullptr : snapshot->siteFile(file);
    if (bytes && request.method == "GET" && response.status == 200 && request.header("origin").isEmpty())
        FUZZ_CHECK(response.body == *bytes);
    FUZZ_CHECK(!response.body.contains(QByteArray(ERRATA_SOURCE_DIR "/resources/sample-kb/")));
    return 0;
}
