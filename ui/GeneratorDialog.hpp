#pragma once
// "Generate topology" dialog: every generator of the engine registry, an options form built
// from its descriptors (type, default, unit, range, help), a seed, and a live preview of the
// node and link counts (previewCounts(), closed forms — no graph is built while typing).

#include "meridian/topology/Topology.hpp"

#include <QDialog>
#include <map>
#include <string>

class QComboBox;
class QFormLayout;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace meridian::ui {

class GeneratorDialog : public QDialog
{
    Q_OBJECT
public:
    explicit GeneratorDialog(QWidget* parent = nullptr);

    void setGenerator(const QString& kind);
    QString generator() const;
    /// Sets an option's text (tests; same as typing into the field).
    void setOption(const QString& name, const QString& text);
    std::map<std::string, std::string> options() const;
    std::uint64_t seed() const;
    /// True: replace the drawing; false: add the generated nodes next to it.
    bool replaceExisting() const;
    /// The preview text ("→ 1,024 nodes, 3,072 links" or the error).
    QString previewText() const;
    /// Runs the generator. Throws InputError on bad options.
    topology::Topology generate() const;

private:
    void rebuildForm();
    void updatePreview();

    QComboBox* m_kind = nullptr;
    QLabel* m_summary = nullptr;
    QFormLayout* m_form = nullptr;
    QWidget* m_formHost = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_preview = nullptr;
    QRadioButton* m_replace = nullptr;
    std::map<std::string, QWidget*> m_editors;
    bool m_valid = false;
};

} // namespace meridian::ui
