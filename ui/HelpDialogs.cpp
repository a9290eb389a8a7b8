#include "ui/HelpDialogs.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QImage>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPixmap>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#ifndef MERIDIAN_VERSION
#error "ui/CMakeLists.txt defines MERIDIAN_VERSION for this file"
#endif
#ifndef MERIDIAN_DOCS_SOURCE_DIR
#error "ui/CMakeLists.txt defines MERIDIAN_DOCS_SOURCE_DIR for this file"
#endif

namespace meridian::ui {

namespace {

QString plain(QString text)
{
    // "&Save As…" → "Save As": the table names actions as the menus show them, without the
    // mnemonic and the ellipsis that announces a dialog.
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text;
}

void addMenuRows(const QMenu* menu, const QString& title, QList<HelpDialogs::ShortcutRow>& rows)
{
    for (const QAction* a : menu->actions()) {
        if (a->menu()) {
            addMenuRows(a->menu(), title, rows);
            continue;
        }
        if (a->isSeparator() || a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        rows.push_back({title, plain(a->text()), keys.join(QStringLiteral(", "))});
    }
}

/// The guide's browser. A picture wider than the window's text column is scaled down to
/// fit it (the screenshots are 1360 px wide; the dialog opens 900 px wide), and a picture
/// that cannot be loaded — the copy embedded under :/docs has none — takes no room instead
/// of showing a broken-image icon.
class GuideBrowser : public QTextBrowser
{
public:
    static constexpr int kMaxPictureWidthPx = 840;

    using QTextBrowser::QTextBrowser;
    QVariant loadResource(int type, const QUrl& name) override
    {
        QVariant v = QTextBrowser::loadResource(type, name);
        if (type != QTextDocument::ImageResource)
            return v;
        // QTextBrowser hands a file's bytes; a resource may already be an image.
        QImage picture = v.typeId() == QMetaType::QImage    ? v.value<QImage>()
                         : v.typeId() == QMetaType::QPixmap ? v.value<QPixmap>().toImage()
                                                            : QImage::fromData(v.toByteArray());
        if (picture.isNull()) {
            QImage none(1, 1, QImage::Format_ARGB32);
            none.fill(Qt::transparent);
            return none;
        }
        if (picture.width() > kMaxPictureWidthPx)
            picture = picture.scaledToWidth(kMaxPictureWidthPx, Qt::SmoothTransformation);
        return picture;
    }
};

QDialog* newDialog(QWidget* parent, const QString& name, const QString& title)
{
    auto* d = new QDialog(parent);
    d->setObjectName(name);
    d->setWindowTitle(title);
    d->setAttribute(Qt::WA_DeleteOnClose);
    return d;
}

} // namespace

QString HelpDialogs::version()
{
    return QStringLiteral(MERIDIAN_VERSION);
}

QList<HelpDialogs::ShortcutRow> HelpDialogs::shortcutRows(const QMainWindow* window)
{
    QList<ShortcutRow> rows;
    for (const QAction* a : window->menuBar()->actions())
        if (a->menu())
            addMenuRows(a->menu(), plain(a->text()), rows);
    // Gestures of the canvas that are not actions (docs/gui.md, "Shortcuts").
    const QString canvas = tr("Canvas");
    rows.push_back({canvas, tr("Link in any tool"), tr("Shift+drag")});
    rows.push_back({canvas, tr("Nudge the selection"), tr("Arrow keys")});
    rows.push_back({canvas, tr("Select tool, clear the selection"), tr("Esc")});
    rows.push_back({canvas, tr("Pan"), tr("Space+drag, middle-button drag")});
    rows.push_back({canvas, tr("Zoom around the cursor"), tr("Mouse wheel")});
    return rows;
}

QString HelpDialogs::userGuidePage()
{
    // The file name is a translatable string: a translation names its own guide.
    return tr("user-guide.md", "file name of the user guide in this language (docs/)");
}

QString HelpDialogs::docsFolder(const QString& page)
{
    QStringList candidates;
    if (const QString env = qEnvironmentVariable("MERIDIAN_DOCS_DIR"); !env.isEmpty())
        candidates << env;
    candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/meridian")
               << QStringLiteral(MERIDIAN_DOCS_SOURCE_DIR);
    for (const QString& dir : std::as_const(candidates))
        if (QFileInfo::exists(QDir(dir).filePath(page)))
            return QDir(dir).absolutePath();
    return {};
}

QDialog* HelpDialogs::showUserGuide(QWidget* parent, const QString& page)
{
    QDialog* d = newDialog(parent, QStringLiteral("userGuide"), tr("Meridian User Guide"));
    auto* layout = new QVBoxLayout(d);
    auto* browser = new GuideBrowser(d);
    browser->setObjectName(QStringLiteral("userGuideBrowser"));
    browser->setOpenExternalLinks(true); // http(s) links go to the system browser
    const QString folder = docsFolder(page);
    browser->setSource(folder.isEmpty() ? QUrl(QStringLiteral("qrc:/docs/") + page)
                                        : QUrl::fromLocalFile(QDir(folder).filePath(page)),
                       QTextDocument::MarkdownResource);
    layout->addWidget(browser);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, d);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::close);
    layout->addWidget(buttons);
    d->resize(900, 700);
    d->show();
    return d;
}

QDialog* HelpDialogs::showShortcuts(QMainWindow* window)
{
    QDialog* d = newDialog(window, QStringLiteral("shortcutsDialog"), tr("Keyboard Shortcuts"));
    auto* layout = new QVBoxLayout(d);
    const QList<ShortcutRow> rows = shortcutRows(window);
    auto* table = new QTableWidget(static_cast<int>(rows.size()), 3, d);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Shortcut")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int r = 0; r < rows.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(rows[r].menu));
        table->setItem(r, 1, new QTableWidgetItem(rows[r].action));
        table->setItem(r, 2, new QTableWidgetItem(rows[r].shortcut));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, d);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::close);
    layout->addWidget(buttons);
    d->resize(560, 640);
    d->show();
    return d;
}

QMessageBox* HelpDialogs::showAbout(QWidget* parent)
{
    auto* box = new QMessageBox(parent);
    box->setObjectName(QStringLiteral("aboutDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowTitle(tr("About Meridian"));
    box->setIconPixmap(QIcon(QStringLiteral(":/icons/meridian.svg")).pixmap(64, 64));
    box->setText(tr("<h3>Meridian %1</h3>").arg(version()));
    box->setInformativeText(
        tr("Designer and simulator of AI training spread over compute centres joined "
           "by a wide-area network.<br><br>Built with Qt %1.<br>Topology Zoo maps in "
           "presets/maps: S. Knight et al., The Internet Topology Zoo, CC BY-SA 3.0.")
            .arg(QString::fromLatin1(qVersion())));
    box->setStandardButtons(QMessageBox::Close);
    box->open();
    return box;
}

} // namespace meridian::ui
