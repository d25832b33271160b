//! Once per list, which older points revision it was judged under and what it costs today:
//! a note, since a list built with the points of its day is not wrong.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::RevisionSource;
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let Some(judged) = &fleet.points_revision else {
        return;
    };
    let inferred_older = judged.source == RevisionSource::StatedCosts && judged.is_older();
    if !inferred_older && judged.lines_from.is_none() {
        return;
    }
    let revision = judged.revision;
    let current = judged.current.unwrap_or("the current points");
    let mut message = if judged.is_older() {
        format!(
            "written for points revision `{}` ({}, {}); under the current points (`{current}`) it costs {}",
            revision.id, revision.name, revision.date, judged.current_total
        )
    } else {
        format!(
            "judged under points revision `{}` ({}, {})",
            revision.id, revision.name, revision.date
        )
    };
    if let Some(lines) = judged.lines_from {
        message.push_str(&format!(
            "; {} of its stated card costs are those of `{}`",
            judged.off, lines.id
        ));
    }
    out.push(
        Finding::note(Code::ArmadaPointsRevision, message)
        .at(cx.file, cx.fleet_span())
        .label(format!(
            "{} of {} stated card costs{} are `{}`'s",
            judged.explained,
            judged.stated,
            if judged.total_explained { " and the total" } else { "" },
            revision.id
        ))
        .help(format!(
            "the list is judged under `{}`, the revision of its stated total, else of most of its stated costs; `--points REVISION` judges it under another ({})",
            revision.id,
            cx.index.cards.revision_ids().join(", ")
        )),
    );
}
