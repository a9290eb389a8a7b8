#include "ui/FormFit.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>

namespace meridian::ui {

void fitFormsToWidth(QWidget* root)
{
    for (auto* form : root->findChildren<QFormLayout*>()) {
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (int r = 0; r < form->rowCount(); ++r)
            if (auto* item = form->itemAt(r, QFormLayout::LabelRole))
                if (auto* label = qobject_cast<QLabel*>(item->widget()))
                    label->setWordWrap(true);
    }
    for (auto* combo : root->findChildren<QComboBox*>()) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
    }
}

void scrollVerticallyOnly(QScrollArea* area)
{
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

} // namespace meridian::ui
