#pragma once
// One law of a traffic generator (docs/traffic.md §3): a flow-size law ("size") or a period
// law ("on", "off"), as a row of a law choice and the keys that law takes (mean, Pareto shape,
// lognormal sigma, a CDF file). Keys of the object it does not edit (an empirical law's inline
// "points") are kept as they were.

#include <QWidget>
#include <nlohmann/json.hpp>
#include <string>

class QComboBox;
class QLineEdit;

namespace meridian::ui::traffic {

class LawEditor : public QWidget
{
    Q_OBJECT
public:
    /// `key`: "size", "on" or "off" (which laws and which mean key apply).
    LawEditor(const std::string& key, QWidget* parent = nullptr);

    /// Shows a law object (anything else: an empty row).
    void setValue(const nlohmann::json& law);
    /// The law object as edited (null when no law is chosen).
    nlohmann::json value() const;

Q_SIGNALS:
    void edited();

private:
    void updateEnabled();

    std::string m_key;
    nlohmann::json m_base = nlohmann::json::object();
    QComboBox* m_law = nullptr;
    QLineEdit* m_mean = nullptr;
    QLineEdit* m_shape = nullptr;
    QLineEdit* m_sigma = nullptr;
    QLineEdit* m_file = nullptr;
};

} // namespace meridian::ui::traffic
