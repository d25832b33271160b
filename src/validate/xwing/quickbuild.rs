//! A YASB quick-build number in a link stands for one or more ships: the card's pilot
//! with its fixed upgrades, the card it is fielded with (`linked`: its own number for a
//! pair of identical ships), and a wing leader's wingmates (as many as the link says,
//! else the fewest the card allows). This is how YASB itself fields them when it reads a
//! link (raithos/xwing, `xwing.coffee`, `setPilotById`).

use super::index::CardIndex;
use crate::cards::xwing::{Pilot, Quickbuild, Upgrade};
use crate::parse::xwing::{CardRef, ParsedPilot};
use crate::report::{Code, FileId, Finding};

/// One ship a quick-build fields.
#[derive(Debug)]
pub struct Member<'a> {
    pub pilot: &'a Pilot,
    pub upgrades: Vec<&'a Upgrade>,
}

/// The ships `parsed` (a quick-build reference) fields, with findings for what could not
/// be read. `Err` when the number is not a quick-build of the data.
pub fn expand<'a>(
    index: &CardIndex<'a>,
    file: FileId,
    parsed: &ParsedPilot,
    findings: &mut Vec<Finding>,
) -> Result<Vec<Member<'a>>, Finding> {
    let CardRef::YasbQuickbuild(number) = &parsed.card else {
        return Ok(Vec::new());
    };
    let card = index
        .quickbuilds_by_yasb
        .get(&number.value)
        .copied()
        .ok_or_else(|| {
            Finding::error(
                Code::XwingUnknownCard,
                format!("no quick-build has the YASB number `{}`", number.value),
            )
            .at(file, number.span.clone())
            .label("unknown quick-build")
            .help("YASB numbers follow YASB's data at the commit named in data/cards/xwing/quickbuilds.toml")
        })?;
    let mut out = Vec::new();
    let mut add =
        |quickbuild: &'a Quickbuild, findings: &mut Vec<Finding>| match member(index, quickbuild) {
            Some(m) => out.push(m),
            None => findings.push(
                Finding::error(
                    Code::XwingUnknownCard,
                    format!(
                        "quick-build {} names a card the data does not have",
                        quickbuild.yasb
                    ),
                )
                .at(file, number.span.clone())
                .label("incomplete quick-build")
                .help("run `arbiter cards check`: the card data is inconsistent"),
            ),
        };
    add(card, findings);
    if let Some(linked) = card.linked.filter(|_| !card.is_wingmate) {
        match index.quickbuilds_by_yasb.get(&linked) {
            Some(&other) => add(other, findings),
            None => findings.push(missing(file, parsed, card.yasb, linked)),
        }
    }
    if let Some(wingmate) = card.wingmate {
        let count = parsed
            .wingmates
            .as_ref()
            .map(|w| w.value)
            .or_else(|| card.wingmates.first().copied())
            .unwrap_or(0);
        if !card.wingmates.is_empty() && !card.wingmates.contains(&count) {
            let span = parsed
                .wingmates
                .as_ref()
                .map_or(number.span.clone(), |w| w.span.clone());
            let allowed: Vec<String> = card.wingmates.iter().map(u32::to_string).collect();
            findings.push(
                Finding::error(
                    Code::XwingParseLink,
                    format!(
                        "quick-build {} leads {} wingmates; the card allows {}",
                        card.yasb,
                        count,
                        allowed.join(", ")
                    ),
                )
                .at(file, span)
                .label("wingmate count")
                .help("choose the number of wingmates again in YASB"),
            );
        }
        match index.quickbuilds_by_yasb.get(&wingmate) {
            // Bounded by the card's own largest count, whatever the link says.
            Some(&mate) => {
                let cap = card.wingmates.iter().copied().max().unwrap_or(0);
                for _ in 0..count.min(cap) {
                    add(mate, findings);
                }
            }
            None => findings.push(missing(file, parsed, card.yasb, wingmate)),
        }
    } else if parsed.wingmates.is_some() {
        findings.push(
            Finding::warning(
                Code::XwingParseLink,
                format!(
                    "quick-build {} leads no wing; the wingmate count is ignored",
                    card.yasb
                ),
            )
            .at(file, parsed.card.span())
            .label("not a wing leader")
            .help("only wing-leader quick-builds take a wingmate count"),
        );
    }
    Ok(out)
}

fn member<'a>(index: &CardIndex<'a>, quickbuild: &'a Quickbuild) -> Option<Member<'a>> {
    let pilot = index.pilots.by_id.get(quickbuild.pilot.as_str()).copied()?;
    let upgrades = quickbuild
        .upgrades
        .iter()
        .map(|id| index.upgrade(id))
        .collect::<Option<Vec<_>>>()?;
    Some(Member { pilot, upgrades })
}

fn missing(file: FileId, parsed: &ParsedPilot, card: u32, other: u32) -> Finding {
    Finding::error(
        Code::XwingUnknownCard,
        format!("quick-build {card} comes with quick-build {other}, which the data does not have"),
    )
    .at(file, parsed.card.span())
    .label("incomplete quick-build")
    .help("run `arbiter cards check`: the card data is inconsistent")
}

#[cfg(test)]
mod tests {
    use super::super::{Options, validate};
    use crate::cards::{CardDb, LoadOptions, load};
    use crate::parse::xwing;
    use crate::report::FileId;
    use std::sync::OnceLock;

    fn db() -> &'static CardDb {
        static DB: OnceLock<CardDb> = OnceLock::new();
        DB.get_or_init(|| {
            load(&LoadOptions {
                spans: false,
                embedded: true,
                overlays: vec![],
                without: vec![],
            })
            .0
        })
    }

    /// Pilot ids and upgrade counts of the ships a quick-build link fields.
    fn ships(ships: &str) -> (Vec<(String, usize)>, Vec<String>) {
        let link = format!("https://yasb.app/?f=Galactic%20Republic&d=v10ZqZ8Z{ships}&sn=Q");
        let squad = xwing::parse(FileId(0), &link).unwrap();
        let checked = validate(db(), FileId(0), &squad, &Options::default()).unwrap();
        let pilots = checked
            .pilots
            .iter()
            .map(|p| (p.id.clone().unwrap_or_default(), p.upgrades.len()))
            .collect();
        let messages = checked
            .findings
            .iter()
            .filter(|f| f.code.as_str() != "xwing::points")
            .map(|f| f.message.clone())
            .collect();
        (pilots, messages)
    }

    #[test]
    fn a_wing_leader_fields_its_wingmates() {
        // 373: Plo Koon leading Gold Squadron Troopers (374), two to five of them.
        let (pilots, _) = ships("373X2");
        assert_eq!(pilots.len(), 3, "{pilots:?}");
        assert_eq!(pilots[0], ("plokoon".to_string(), 4));
        assert!(
            pilots[1..]
                .iter()
                .all(|p| p.0 == "goldsquadrontrooper" && p.1 == 2)
        );
        // Without a count, the fewest the card allows.
        assert_eq!(ships("373X").0.len(), 3);
        // A count the card does not allow is said, and capped by the card.
        let (pilots, messages) = ships("373X9");
        assert_eq!(pilots.len(), 6);
        assert!(
            messages.iter().any(|m| m.contains("leads 9 wingmates")),
            "{messages:?}"
        );
    }

    #[test]
    fn unknown_quick_builds_are_located_errors() {
        let link = "https://yasb.app/?f=Galactic%20Republic&d=v10ZqZ8Z99999X&sn=Q";
        let squad = xwing::parse(FileId(0), link).unwrap();
        let checked = validate(db(), FileId(0), &squad, &Options::default()).unwrap();
        let unknown = checked
            .findings
            .iter()
            .find(|f| f.code.as_str() == "xwing::unknown_card")
            .unwrap();
        let span = unknown.location.as_ref().unwrap().span.clone();
        assert_eq!(&link[span], "99999");
        assert_eq!(checked.pilots.len(), 1);
        assert_eq!(checked.pilots[0].id, None);
    }
}
