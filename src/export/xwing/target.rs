//! The formats `arbiter export` writes, what each needs of a card, and what each loses.

use super::squad::{CardIds, ExportError, ExportSquad};
use super::text::to_text;
use super::tts::to_tts;
use super::xws::{is_xws_pilot_id, is_xws_token, to_xws};
use super::yasb_link::{YASB_URL, to_yasb_link};
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// XWS JSON (xws-spec 2.0.0).
    Xws,
    /// A YASB link.
    Yasb,
    /// YASB-style plain text that arbiter reads back.
    Text,
    /// The Tabletop Simulator line.
    Tts,
}

impl Target {
    pub fn describe(self) -> &'static str {
        match self {
            Target::Xws => "XWS",
            Target::Yasb => "a YASB link",
            Target::Text => "text",
            Target::Tts => "a Tabletop Simulator line",
        }
    }
}

/// Write the squad. [`check`] first: this stops at the first card it cannot write.
pub fn write(squad: &ExportSquad, target: Target) -> Result<String, ExportError> {
    match target {
        Target::Xws => to_xws(squad).map(|out| out.json),
        Target::Yasb => to_yasb_link(squad, YASB_URL),
        Target::Text => to_text(squad),
        Target::Tts => to_tts(squad),
    }
}

/// Every card `target` cannot write (errors: nothing should be written) and what it
/// leaves out or cannot tell apart (warnings), located in `file` where the squad says
/// where its cards were read.
pub fn check(squad: &ExportSquad, target: Target, file: FileId) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut report = |finding: Finding, span: &Option<Range<usize>>| {
        findings.push(match span {
            Some(span) => finding.at(file, span.clone()),
            None => finding,
        });
    };
    for pilot in &squad.pilots {
        // Standard loadouts are written as the pilot alone in every target.
        let upgrades: Vec<_> = if pilot.standard_loadout {
            Vec::new()
        } else {
            pilot.upgrades.iter().flatten().collect()
        };
        let cards = std::iter::once((&pilot.card, None, &pilot.span, "pilot")).chain(
            upgrades
                .iter()
                .map(|u| (&u.card, Some(&u.slot), &u.span, "upgrade")),
        );
        for (card, slot, span, kind) in cards {
            for finding in card_findings(target, card, slot, kind) {
                report(finding, span);
            }
        }
    }
    if target == Target::Xws && !matches!(squad.obstacles.len(), 0 | 3) {
        report(
            Finding::warning(
                Code::ExportLossy,
                format!(
                    "the squad names {} obstacles; XWS holds exactly three, so none are written",
                    squad.obstacles.len()
                ),
            )
            .help("choose three obstacles in the builder, or export as a YASB link, which keeps any number"),
            &None,
        );
    }
    findings
}

fn card_findings(
    target: Target,
    card: &CardIds,
    slot: Option<&Option<String>>,
    kind: &str,
) -> Vec<Finding> {
    let name = card.describe();
    let mut findings = Vec::new();
    match target {
        Target::Xws => match &card.xws {
            None => findings.push(
                Finding::error(
                    Code::ExportNotExpressible,
                    format!("XWS names every card by its XWS id, and the {kind} {name} has none"),
                )
                .label("no XWS id")
                .help("export as text (`--to text`), which names cards as printed"),
            ),
            Some(id) => {
                let valid = if kind == "pilot" {
                    is_xws_pilot_id(id)
                } else {
                    is_xws_token(id)
                };
                if !valid {
                    findings.push(
                        Finding::warning(
                            Code::ExportLossy,
                            format!(
                                "the {kind} id `{id}` breaks the xws-spec schema's id pattern; it is written as the card data has it"
                            ),
                        )
                        .label("id outside the schema's pattern")
                        .help("apps that check XWS against the schema may refuse this file; arbiter and YASB read it"),
                    );
                }
                if slot.is_some_and(Option::is_none) {
                    findings.push(
                        Finding::error(
                            Code::ExportNotExpressible,
                            format!("XWS files every upgrade under a slot, and the card data gives {name} none"),
                        )
                        .label("no slot")
                        .help("export as text (`--to text`), which lists upgrades without slots"),
                    );
                }
            }
        },
        Target::Yasb if card.yasb.is_none() => {
            let help = if kind == "pilot" {
                "YASB numbers come with the XWA points revisions of the card data; export as XWS (`--to xws`), which YASB imports"
            } else {
                "the card data has YASB numbers for pilots only; export as XWS (`--to xws`), which YASB imports"
            };
            findings.push(
                Finding::error(
                    Code::ExportNotExpressible,
                    format!(
                        "a YASB link names every card by YASB's number for it, and the card data has none for the {kind} {name}"
                    ),
                )
                .label("no YASB number")
                .help(help),
            );
        }
        Target::Tts if card.ambiguous_name => findings.push(
            Finding::warning(
                Code::ExportLossy,
                format!("a Tabletop Simulator line names cards only by name, and arbiter reads the name {name} as another card"),
            )
            .label("name shared with another card")
            .help("the line cannot say which card of that name this is; export as XWS (`--to xws`) or text (`--to text`) to keep it"),
        ),
        Target::Yasb | Target::Text | Target::Tts => {}
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::super::squad::{ExportPilot, ExportUpgrade};
    use super::*;
    use crate::parse::xwing::Faction;

    fn ids(xws: &str, yasb: Option<u32>) -> CardIds {
        CardIds {
            xws: Some(xws.into()),
            yasb,
            name: Some(xws.to_uppercase()),
            ambiguous_name: false,
        }
    }

    fn squad() -> ExportSquad {
        ExportSquad::new(
            Faction::RebelAlliance,
            vec![ExportPilot {
                card: ids("lukeskywalker", Some(3)),
                span: Some(10..23),
                upgrades: vec![Some(ExportUpgrade {
                    slot: Some("crew".into()),
                    card: ids("r2d2-crew", None),
                    span: Some(30..39),
                    ..ExportUpgrade::default()
                })],
                ..ExportPilot::default()
            }],
        )
    }

    fn codes(findings: &[Finding]) -> Vec<(&str, Option<Range<usize>>)> {
        findings
            .iter()
            .map(|f| (f.code.as_str(), f.location.as_ref().map(|l| l.span.clone())))
            .collect()
    }

    #[test]
    fn links_need_numbers_for_every_written_card() {
        let file = FileId(0);
        assert_eq!(
            codes(&check(&squad(), Target::Yasb, file)),
            [("export::not_expressible", Some(30..39))]
        );
        let mut standard = squad();
        standard.pilots[0].standard_loadout = true;
        assert!(check(&standard, Target::Yasb, file).is_empty());
        standard.pilots[0].card.yasb = None;
        assert_eq!(
            codes(&check(&standard, Target::Yasb, file)),
            [("export::not_expressible", Some(10..23))]
        );
    }

    #[test]
    fn xws_warns_about_ids_and_obstacles_the_schema_refuses() {
        let mut s = squad();
        s.obstacles = vec!["core-asteroid-0".into()];
        assert_eq!(
            codes(&check(&s, Target::Xws, FileId(0))),
            [("export::lossy", Some(30..39)), ("export::lossy", None)]
        );
        s.pilots[0].upgrades[0].as_mut().unwrap().slot = None;
        assert!(
            check(&s, Target::Xws, FileId(0))
                .iter()
                .any(|f| f.code == Code::ExportNotExpressible)
        );
    }

    #[test]
    fn tts_warns_about_ambiguous_names_text_does_not() {
        let mut s = squad();
        s.pilots[0].card.ambiguous_name = true;
        assert_eq!(
            codes(&check(&s, Target::Tts, FileId(0))),
            [("export::lossy", Some(10..23))]
        );
        assert!(check(&s, Target::Text, FileId(0)).is_empty());
    }

    #[test]
    fn every_finding_says_how_to_fix_it() {
        let mut s = squad();
        s.pilots[0].card = CardIds::default();
        s.pilots[0].card.ambiguous_name = true;
        s.obstacles = vec!["a".into()];
        for target in [Target::Xws, Target::Yasb, Target::Text, Target::Tts] {
            for finding in check(&s, target, FileId(0)) {
                assert!(finding.help.is_some(), "{finding:?}");
                assert!(
                    finding.location.is_none() || finding.label.is_some(),
                    "{finding:?}"
                );
            }
        }
    }
}
