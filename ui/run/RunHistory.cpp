#include "ui/run/RunHistory.hpp"

#include <QCoreApplication>
#include <nlohmann/json.hpp>

namespace meridian::ui {

namespace {

using nlohmann::json;

QString shortText(const json& v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_number_float())
        return QString::number(v.get<double>(), 'g', 6);
    return QString::fromStdString(v.dump());
}

/// Leaf differences of two JSON values under `path` (objects recursively; other values as
/// a whole).
void diffValues(const QString& path, const json& a, const json& b, QStringList& out)
{
    if (a == b)
        return;
    if (a.is_object() && b.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it) {
            const QString sub = path.isEmpty()
                                    ? QString::fromStdString(it.key())
                                    : path + QLatin1Char('.') + QString::fromStdString(it.key());
            if (it.key() == "pos")
                continue;
            if (!b.contains(it.key()))
                out << QCoreApplication::translate("RunHistory", "%1: %2 → (default)")
                           .arg(sub, shortText(it.value()));
            else
                diffValues(sub, it.value(), b.at(it.key()), out);
        }
        for (auto it = b.begin(); it != b.end(); ++it)
            if (!a.contains(it.key()) && it.key() != "pos") {
                const QString sub =
                    path.isEmpty() ? QString::fromStdString(it.key())
                                   : path + QLatin1Char('.') + QString::fromStdString(it.key());
                out << QCoreApplication::translate("RunHistory", "%1: (default) → %2")
                           .arg(sub, shortText(it.value()));
            }
        return;
    }
    out << QCoreApplication::translate("RunHistory", "%1: %2 → %3")
               .arg(path, shortText(a), shortText(b));
}

/// Items of a "nodes"/"links" array keyed by id, compared attribute by attribute.
void diffById(const QString& what, const json& a, const json& b, QStringList& out)
{
    auto index = [](const json& list) {
        std::map<std::string, const json*> m;
        if (list.is_array())
            for (const auto& item : list)
                if (item.contains("id") && item["id"].is_string())
                    m[item["id"].get<std::string>()] = &item;
        return m;
    };
    const auto before = index(a);
    const auto after = index(b);
    for (const auto& [id, item] : before) {
        const QString name = what + QLatin1Char(' ') + QString::fromStdString(id);
        const auto it = after.find(id);
        if (it == after.end()) {
            out << QCoreApplication::translate("RunHistory", "%1 removed").arg(name);
            continue;
        }
        QStringList changes;
        diffValues(QString(), *item, *it->second, changes);
        for (const QString& c : changes)
            out << name + QStringLiteral(": ") + c;
    }
    for (const auto& [id, item] : after)
        if (!before.count(id))
            out << QCoreApplication::translate("RunHistory", "%1 %2 added")
                       .arg(what, QString::fromStdString(id));
}

} // namespace

QStringList projectChanges(const io::Project& before, const io::Project& after)
{
    const json a = json::parse(io::serializeProject(before));
    const json b = json::parse(io::serializeProject(after));
    QStringList out;
    diffById(QCoreApplication::translate("RunHistory", "node"), a.value("nodes", json::array()),
             b.value("nodes", json::array()), out);
    diffById(QCoreApplication::translate("RunHistory", "link"), a.value("links", json::array()),
             b.value("links", json::array()), out);
    QStringList exp;
    diffValues(QString(), a.value("experiment", json::object()),
               b.value("experiment", json::object()), exp);
    for (const QString& c : exp)
        out << QCoreApplication::translate("RunHistory", "experiment %1").arg(c);
    return out;
}

QString RunRecord::label() const
{
    QString text = changes;
    if (text.size() > 60)
        text = text.left(57) + QStringLiteral("…");
    return text.isEmpty() ? name : name + QStringLiteral(" — ") + text;
}

const RunRecord& RunHistory::add(const io::Project& project, const experiment::Results& results)
{
    RunRecord r;
    r.number = m_next++;
    r.name = QCoreApplication::translate("RunHistory", "Run %1").arg(r.number);
    if (m_runs.empty()) {
        r.changes = QCoreApplication::translate("RunHistory", "first run");
    } else {
        const QStringList changes = projectChanges(m_runs.back().project, project);
        r.changes = changes.isEmpty()
                        ? QCoreApplication::translate("RunHistory", "no change (same inputs)")
                        : changes.join(QStringLiteral("; "));
    }
    r.project = project;
    r.results = results;
    m_runs.push_back(std::move(r));
    while (m_runs.size() > kKept)
        m_runs.pop_front();
    return m_runs.back();
}

} // namespace meridian::ui
