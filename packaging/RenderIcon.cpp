// errata-render-icon SVG SIZE PNG: renders an SVG to a SIZE×SIZE PNG with
// Qt's own SVG renderer. A build-time tool of packaging/CMakeLists.txt, used
// for the hicolor icons when rsvg-convert is not installed; never installed.

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

#include <cstdlib>

int main(int argc, char *argv[])
{
    // No display at build time: the offscreen platform is always there.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList arguments = QGuiApplication::arguments();
    bool sizeOk = false;
    const int size = arguments.value(2).toInt(&sizeOk);
    if (arguments.size() != 4 || !sizeOk || size < 1 || size > 4096) {
        err << "usage: errata-render-icon SVG SIZE PNG (SIZE from 1 to 4096)\n";
        return 2;
    }
    QSvgRenderer renderer(arguments.at(1));
    if (!renderer.isValid()) {
        err << "errata-render-icon: cannot read " << arguments.at(1) << " as SVG\n";
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
        // The whole square, keeping the SVG's aspect ratio, centred.
        QSizeF drawn = renderer.defaultSize().isEmpty() ? QSizeF(size, size) : QSizeF(renderer.defaultSize());
        drawn.scale(size, size, Qt::KeepAspectRatio);
        renderer.render(&painter,
                        QRectF((size - drawn.width()) / 2, (size - drawn.height()) / 2, drawn.width(), drawn.height()));
    }
    if (!image.save(arguments.at(3), "PNG")) {
        err << "errata-render-icon: cannot write " << arguments.at(3) << '\n';
        return 1;
    }
    return EXIT_SUCCESS;
}
