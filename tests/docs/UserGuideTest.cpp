// docs/user-guide.md and docs/user-guide.zh_CN.md against the program.
//
// 1. Each guide ends with a reference of every link, node and fabric attribute, every
//    experiment option and every meridian-cli command, generated here from the tables the
//    reader, validator, property editor and CLI use (topology/AttributeTable.hpp,
//    experiment/OptionTable.hpp) and from `meridian-cli … --help`. The block between the
//    BEGIN/END GENERATED markers must equal what the program produces now, so the reference
//    cannot drift; MERIDIAN_UPDATE_DOCS=1 rewrites it (say why in the commit).
// 2. Outside that block, every `meridian-cli COMMAND --option` in a code block names a
//    command and options its --help lists, and every attribute or option key the prose names
//    in backticks (`delay_ms`, `parallelism.zero_stage`, `triggers`) exists in a table — so
//    a renamed or removed attribute or command fails here.
#include "TestMain.hpp"
#include "meridian/experiment/OptionTable.hpp"
#include "meridian/topology/AttributeTable.hpp"

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QtTest/QtTest>

using namespace meridian;

namespace {

const QString kBegin = QStringLiteral(
    "<!-- BEGIN GENERATED reference by tests/docs/UserGuideTest.cpp: do not edit by hand -->");
const QString kEnd = QStringLiteral("<!-- END GENERATED reference -->");

QString number(double v)
{
    return QString::number(v, 'g', 12);
}

/// A table cell: one line, pipes escaped.
QString cell(std::string_view text)
{
    QString s = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    return s.trimmed();
}

QString attributeDefault(const topology::AttributeInfo& a)
{
    if (a.type == topology::AttributeType::Text || a.type == topology::AttributeType::Choice)
        return a.default_text.empty() ? QStringLiteral("\"\"") : cell(a.default_text);
    return number(a.default_value);
}

QString attributeTable(const std::vector<topology::AttributeInfo>& table)
{
    QString out = QStringLiteral("| key | alias | unit | default | valid | meaning |\n"
                                 "|---|---|---|---|---|---|\n");
    for (const topology::AttributeInfo& a : table)
        out +=
            QStringLiteral("| `%1` | %2 | %3 | %4 | %5 | %6 |\n")
                .arg(QString::fromStdString(a.key),
                     a.alias.empty() ? QStringLiteral("—")
                                     : QStringLiteral("`%1`").arg(QString::fromStdString(a.alias)),
                     a.unit.empty() ? QStringLiteral("—") : cell(a.unit), attributeDefault(a),
                     cell(a.rangeText()), cell(a.help));
    return out;
}

QString kindsOf(const experiment::OptionInfo& o)
{
    QStringList k;
    if (o.appliesTo(experiment::ExperimentKind::Training))
        k << QStringLiteral("training");
    if (o.appliesTo(experiment::ExperimentKind::Collective))
        k << QStringLiteral("collective");
    if (o.appliesTo(experiment::ExperimentKind::P2p))
        k << QStringLiteral("p2p");
    return k.join(QStringLiteral(", "));
}

QString optionDefault(const experiment::OptionInfo& o)
{
    using experiment::OptionType;
    if (!o.default_text.empty())
        return cell(o.default_text);
    switch (o.type) {
    case OptionType::Boolean:
        return o.default_value != 0.0 ? QStringLiteral("true") : QStringLiteral("false");
    case OptionType::Integer:
    case OptionType::Number:
    case OptionType::Size:
    case OptionType::Duration:
        return number(o.default_value);
    default:
        return QStringLiteral("—");
    }
}

/// The experiment options as a list, one item per option: Qt's text browser (Help ▸ User
/// Guide) lays a table of ~80 wrapped rows out in tens of seconds, a list at once.
QString optionList()
{
    QString out;
    for (const experiment::OptionInfo& o : experiment::experimentOptionTable()) {
        QStringList facts = {kindsOf(o)};
        if (!o.unit.empty())
            facts << cell(o.unit);
        if (const QString d = optionDefault(o); d != QStringLiteral("—"))
            facts << QStringLiteral("default %1").arg(d);
        if (o.min || o.max || !o.choices.empty())
            facts << QStringLiteral("valid %1").arg(cell(o.rangeText()));
        out +=
            QStringLiteral("- `%1` (%2): %3\n")
                .arg(QString::fromStdString(o.key), facts.join(QStringLiteral("; ")), cell(o.help));
    }
    return out;
}

/// `meridian-cli ARGS` 's standard output, each command line run once per test program.
QString help(const QStringList& args)
{
    static QHash<QString, QString> cache;
    const QString key = args.join(QLatin1Char(' '));
    if (const auto it = cache.constFind(key); it != cache.constEnd())
        return *it;
    const QString out = test::runCli(args).out.trimmed();
    cache.insert(key, out);
    return out;
}

QString fenced(const QString& command, const QString& text)
{
    return QStringLiteral("`%1`\n\n```text\n%2\n```\n\n").arg(command, text);
}

/// The generator kinds `meridian-cli generate --help` lists (its "kinds:" lines).
QStringList generatorKinds()
{
    QStringList kinds;
    bool inKinds = false;
    for (const QString& line :
         help({QStringLiteral("generate"), QStringLiteral("--help")}).split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("kinds")))
            inKinds = true;
        else if (inKinds && line.startsWith(QStringLiteral("  ")))
            kinds << line.trimmed().section(QLatin1Char(' '), 0, 0);
        else if (inKinds)
            break;
    }
    return kinds;
}

/// The commands `meridian-cli --help` lists.
QStringList commands()
{
    QStringList names;
    bool inCommands = false;
    for (const QString& line : help({QStringLiteral("--help")}).split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("commands:")))
            inCommands = true;
        else if (inCommands && line.startsWith(QStringLiteral("  ")))
            names << line.trimmed().section(QLatin1Char(' '), 0, 0);
        else if (inCommands)
            break;
    }
    return names;
}

QString commandReference()
{
    QString out = fenced(QStringLiteral("meridian-cli --help"), help({QStringLiteral("--help")}));
    for (const QString& c : commands()) {
        out += fenced(QStringLiteral("meridian-cli %1 --help").arg(c),
                      help({c, QStringLiteral("--help")}));
        if (c == QLatin1String("generate"))
            for (const QString& k : generatorKinds())
                out += fenced(QStringLiteral("meridian-cli generate %1 --help").arg(k),
                              help({c, k, QStringLiteral("--help")}));
    }
    return out;
}

/// The reference the guides carry, between the markers (exclusive).
QString reference()
{
    return QStringLiteral(
               "\n### Link attributes (`links[]`; also `reverse` and `schedule` steps)\n\n") +
           attributeTable(topology::linkAttributeTable()) +
           QStringLiteral("\n### Node attributes (`nodes[].attrs`)\n\n") +
           attributeTable(topology::nodeAttributeTable()) +
           QStringLiteral("\n### Centre fabric (`nodes[].attrs.fabric`)\n\n") +
           attributeTable(topology::fabricAttributeTable()) +
           QStringLiteral("\n### Experiment options (`experiment`)\n\n") + optionList() +
           QStringLiteral("\n### Commands\n\n") + commandReference();
}

QString read(const QString& relative)
{
    QFile f(test::sourcePath(relative));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// Every key a guide may name in backticks: the tables' keys and aliases, the experiment's
/// dotted keys and each of their parts, the .topo's top-level and node/link keys.
QSet<QString> knownKeys()
{
    QSet<QString> keys = {
        QStringLiteral("format"),      QStringLiteral("version"), QStringLiteral("name"),
        QStringLiteral("description"), QStringLiteral("nodes"),   QStringLiteral("links"),
        QStringLiteral("experiment"),  QStringLiteral("id"),      QStringLiteral("kind"),
        QStringLiteral("pos"),         QStringLiteral("parent"),  QStringLiteral("attrs"),
        QStringLiteral("collapsed"),   QStringLiteral("reverse"), QStringLiteral("schedule"),
        QStringLiteral("label"),       QStringLiteral("fabric"),  QStringLiteral("at_s"),
        QStringLiteral("lat"),         QStringLiteral("lon")};
    for (const auto* table : {&topology::linkAttributeTable(), &topology::nodeAttributeTable(),
                              &topology::fabricAttributeTable()})
        for (const topology::AttributeInfo& a : *table) {
            keys << QString::fromStdString(a.key);
            if (!a.alias.empty())
                keys << QString::fromStdString(a.alias);
        }
    for (const experiment::OptionInfo& o : experiment::experimentOptionTable()) {
        const QString key = QString::fromStdString(o.key);
        keys << key;
        for (const QString& part : key.split(QLatin1Char('.')))
            keys << part;
    }
    return keys;
}

/// The guide without its generated block.
QString prose(const QString& guide)
{
    const qsizetype b = guide.indexOf(kBegin);
    const qsizetype e = guide.indexOf(kEnd);
    if (b < 0 || e < b)
        return guide;
    return guide.left(b) + guide.mid(e + kEnd.size());
}

} // namespace

class UserGuideTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void referenceIsGeneratedFromTheTables_data()
    {
        QTest::addColumn<QString>("guide");
        QTest::newRow("en") << QStringLiteral("docs/user-guide.md");
        QTest::newRow("zh_CN") << QStringLiteral("docs/user-guide.zh_CN.md");
    }
    void referenceIsGeneratedFromTheTables()
    {
        QFETCH(QString, guide);
        const QString text = read(guide);
        QVERIFY2(!text.isEmpty(), qPrintable(guide));
        const qsizetype b = text.indexOf(kBegin);
        const qsizetype e = text.indexOf(kEnd);
        QVERIFY2(b >= 0 && e > b, "the guide has no generated reference block");
        const QString now = reference();
        QVERIFY(now.contains(QStringLiteral("`bandwidth_gbps`")));
        QVERIFY(now.contains(QStringLiteral("`parallelism.zero_stage`")));
        QVERIFY(now.contains(QStringLiteral("meridian-cli run --help")));
        const QString current = text.mid(b + kBegin.size(), e - b - kBegin.size());
        if (qEnvironmentVariableIsSet("MERIDIAN_UPDATE_DOCS") &&
            current != now + QLatin1Char('\n')) {
            QFile f(test::sourcePath(guide));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(
                (text.left(b + kBegin.size()) + now + QLatin1Char('\n') + text.mid(e)).toUtf8());
            QSKIP("reference rewritten");
        }
        if (current != now + QLatin1Char('\n')) {
            // Name the first line that differs.
            const QStringList was = current.split(QLatin1Char('\n'));
            const QStringList is = (now + QLatin1Char('\n')).split(QLatin1Char('\n'));
            qsizetype i = 0;
            while (i < was.size() && i < is.size() && was[i] == is[i])
                ++i;
            QFAIL(
                qPrintable(QStringLiteral("%1: the reference is out of date at line %2 of the "
                                          "block:\n  guide:   %3\n  program: %4\nRegenerate "
                                          "with MERIDIAN_UPDATE_DOCS=1 build/tests/docs/test_docs")
                               .arg(guide)
                               .arg(i + 1)
                               .arg(i < was.size() ? was[i] : QStringLiteral("(end)"),
                                    i < is.size() ? is[i] : QStringLiteral("(end)"))));
        }
    }

    void commandsAndOptionsTheGuideUsesExist_data() { referenceIsGeneratedFromTheTables_data(); }
    void commandsAndOptionsTheGuideUsesExist()
    {
        QFETCH(QString, guide);
        const QString text = prose(read(guide));
        const QStringList known = commands();
        QVERIFY(known.contains(QStringLiteral("run")));
        static const QRegularExpression call(
            QStringLiteral("(?:^|[\\s/`])meridian-cli ([a-z][a-z-]*)((?: [^\\n`#]*)?)"));
        static const QRegularExpression option(QStringLiteral("(?:^|\\s)(--[a-z][a-z-]*)"));
        int calls = 0;
        for (auto it = call.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString cmd = m.captured(1);
            QVERIFY2(known.contains(cmd),
                     qPrintable(QStringLiteral("%1: 'meridian-cli %2' is not a command of "
                                               "meridian-cli --help")
                                    .arg(guide, cmd)));
            ++calls;
            QStringList helpArgs = {cmd};
            const QString rest = m.captured(2);
            if (cmd == QLatin1String("generate")) {
                const QString kind = rest.trimmed().section(QLatin1Char(' '), 0, 0);
                if (generatorKinds().contains(kind))
                    helpArgs << kind;
            }
            helpArgs << QStringLiteral("--help");
            const QString h = help(helpArgs);
            for (auto o = option.globalMatch(rest); o.hasNext();) {
                const QString opt = o.next().captured(1);
                QVERIFY2(h.contains(opt), qPrintable(QStringLiteral("%1: meridian-cli %2 has no "
                                                                    "option %3")
                                                         .arg(guide, helpArgs.join(' '), opt)));
            }
        }
        QVERIFY2(calls >= 5, "the guide shows the commands it explains");
    }

    void keysTheGuideNamesExist_data() { referenceIsGeneratedFromTheTables_data(); }
    void keysTheGuideNamesExist()
    {
        QFETCH(QString, guide);
        const QString text = prose(read(guide));
        const QSet<QString> keys = knownKeys();
        // `word_word` or `a.b` in backticks, not a file name.
        static const QRegularExpression key(
            QStringLiteral("`([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)+)`"));
        static const QRegularExpression file(
            QStringLiteral("\\.(json|topo|md|png|csv|graphml|pdf|html|safetensors|onnx)$"));
        int named = 0;
        for (auto it = key.globalMatch(text); it.hasNext();) {
            const QString k = it.next().captured(1);
            if (file.match(k).hasMatch())
                continue;
            ++named;
            QVERIFY2(keys.contains(k),
                     qPrintable(QStringLiteral("%1 names `%2`, which no attribute or option "
                                               "table declares")
                                    .arg(guide, k)));
        }
        QVERIFY2(named >= 10, "the guide names the attributes it sets");
    }
};

MERIDIAN_TEST(UserGuideTest)
#include "UserGuideTest.moc"
