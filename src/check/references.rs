//! References between records must land: errata name existing cards, formats name existing
//! points revisions and content sources.

use super::value_span;
use crate::cards::{CardDb, Game, armada};
use crate::report::{Code, Finding};
use crate::text::did_you_mean;
use std::collections::HashSet;

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    let cards: HashSet<(Game, &str, &str)> = db.entries().map(|e| (e.game, e.kind, e.id)).collect();
    for erratum in &db.errata {
        if cards.contains(&(
            erratum.game,
            erratum.card_kind.as_str(),
            erratum.card.as_str(),
        )) {
            continue;
        }
        let same_id_other_kind: Vec<&str> = db
            .entries()
            .filter(|e| e.game == erratum.game && e.id == erratum.card)
            .map(|e| e.kind)
            .collect();
        let help = if !same_id_other_kind.is_empty() {
            format!(
                "`{}` is a {}, not a {}; fix `card_kind`",
                erratum.card,
                same_id_other_kind.join(" and "),
                erratum.card_kind
            )
        } else {
            let ids = db
                .entries()
                .filter(|e| e.game == erratum.game && e.kind == erratum.card_kind)
                .map(|e| e.id);
            did_you_mean(
                &erratum.card,
                ids,
                "use the id of a card in the data (`arbiter cards search`)",
            )
        };
        findings.push(
            Finding::error(
                Code::DanglingReference,
                format!(
                    "erratum `{}` is for unknown {} {} `{}`",
                    erratum.id,
                    erratum.game.as_str(),
                    erratum.card_kind,
                    erratum.card
                ),
            )
            .at(
                erratum.file,
                value_span(
                    &db.files,
                    erratum.file,
                    erratum.span.clone(),
                    "card",
                    Some(&erratum.card),
                ),
            )
            .label("no such card")
            .help(help),
        );
    }

    let revisions = db.xwing.points_revisions();
    for format in &db.formats {
        if let Some(revision) = &format.points_revision
            && !revisions.iter().any(|r| r == revision)
        {
            findings.push(
                Finding::error(
                    Code::DanglingReference,
                    format!(
                        "format `{}` names unknown points revision `{revision}`",
                        format.id
                    ),
                )
                .at(
                    format.file,
                    value_span(
                        &db.files,
                        format.file,
                        format.span.clone(),
                        "points_revision",
                        Some(revision),
                    ),
                )
                .label("no such revision")
                .help(did_you_mean(
                    revision,
                    revisions.iter().map(String::as_str),
                    "the revisions are the `revision` ids of the X-Wing card data",
                )),
            );
        }
        for source in &format.legal_sources {
            if !armada::SOURCE_NAMES.contains(&source.as_str()) {
                findings.push(
                    Finding::error(
                        Code::DanglingReference,
                        format!(
                            "format `{}` names unknown content source `{source}`",
                            format.id
                        ),
                    )
                    .at(
                        format.file,
                        value_span(
                            &db.files,
                            format.file,
                            format.span.clone(),
                            "legal_sources",
                            Some(source),
                        ),
                    )
                    .label("no such source")
                    .help(format!(
                        "known sources: {}",
                        armada::SOURCE_NAMES.join(", ")
                    )),
                );
            }
        }
    }
}
