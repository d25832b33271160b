//! YASB's Reddit export, Markdown with `&nbsp;` entities:
//!
//! ```text
//! **Braylen Stramm (12)**
//!     *&nbsp;Fire-Control System (2)*
//! &nbsp;*Ship Cost: 14  Loadout: (2/12)  Half Points: 7  Damage Threshold: 5*
//!
//! **Shara Bey (9)**
//!
//! **Total:** *23*
//!
//! [View in YASB](https://yasb.app/?f=…)
//! ```
//!
//! Pilots are bold, upgrades italic, and a ship with upgrades ends with its summary
//! (`Ship total: (13)` in older YASB). Text pasted from the rendered post, with real
//! non-breaking spaces instead of `&nbsp;`, reads the same.

use super::builder::SquadBuilder;
use super::lines::{Line, labelled_number, lines, loadout, name_and_points, trim};
use super::span::{Source, Spanned};
use super::squad::{CardRef, ParsedPilot, ParsedSquad, ParsedUpgrade, SourceFormat};
use crate::report::{FileId, Finding};
use nom::bytes::complete::{tag, take_until};
use nom::character::complete::char;
use nom::sequence::delimited;
use nom::{IResult, Parser};

/// Does this look like YASB's Reddit export?
pub fn looks_like(lines: &[Line]) -> bool {
    lines.iter().any(|line| {
        line.text.starts_with("[View in YASB](")
            || line.text.starts_with("**Total:**")
            || (line.text.starts_with("**")
                && line.text.ends_with(")**")
                && name_and_points(&Source::new(line.text), undecorate(line.text)).is_some())
    })
}

/// Strip Markdown emphasis, `&nbsp;` and spaces from both ends.
fn undecorate(text: &str) -> &str {
    let mut text = trim(text);
    loop {
        let before = text.len();
        text = text.trim_matches('*');
        text = text.strip_prefix("&nbsp;").unwrap_or(text);
        text = text.strip_suffix("&nbsp;").unwrap_or(text);
        text = trim(text);
        if text.len() == before {
            return text;
        }
    }
}

/// `[label](url)` → the url, which runs to the line's last `)`: YASB leaves parentheses
/// in squad names unencoded (`sn=Foo%20(v2)`).
fn markdown_link(text: &str) -> Option<&str> {
    let parsed: IResult<&str, &str> = delimited(char('['), take_until("]("), tag("](")).parse(text);
    let (rest, _) = parsed.ok()?;
    rest.strip_suffix(')')
}

pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    let source = Source::new(text);
    let mut b = SquadBuilder::new(file, SourceFormat::Reddit);
    for line in lines(&source) {
        let span = source.span_of(line.text);
        let inner = undecorate(line.text);
        if let Some(url) = markdown_link(line.text) {
            b.squad.link = Some(source.spanned(trim(url)));
            continue;
        }
        if let Some(after) = line.text.strip_prefix("**Total:**") {
            let value = undecorate(after);
            match value.parse::<i64>() {
                Ok(total) => b.squad.points = Some(Spanned::new(total, source.span_of(value))),
                Err(_) => b.skip_line(span, "`**Total:** *<points>*` at the end"),
            }
            continue;
        }
        if let Some(label) = ["Ship Cost:", "Ship total:"]
            .into_iter()
            .find(|l| inner.starts_with(l))
        {
            match labelled_number(&source, inner, label) {
                Some(total) => {
                    if let Some(pilot) = b.ship_total(total, span.clone()) {
                        pilot.loadout = loadout(&source, inner);
                    }
                }
                None => b.skip_line(span, "**Pilot (points)**, *&nbsp;Upgrade (points)*, each ship closed by *Ship Cost: <points> …*"),
            }
            continue;
        }
        let Some((name, points)) = name_and_points(&source, inner) else {
            if !b.has_any_pilot() && b.squad.name.is_none() {
                b.squad.name = Some(source.spanned(inner));
            } else {
                b.skip_line(
                    span,
                    "**Pilot (points)**, *&nbsp;Upgrade (points)*, the totals and the link",
                );
            }
            continue;
        };
        if line.text.starts_with("**") {
            let mut pilot = ParsedPilot::new(CardRef::Name(source.spanned(name)), span);
            pilot.points = Some(points);
            b.start_pilot(pilot);
        } else {
            let upgrade = ParsedUpgrade {
                slot: None,
                card: Some(CardRef::Name(source.spanned(name))),
                points: Some(points),
                span: span.clone(),
            };
            b.add_upgrade(upgrade, span);
        }
    }
    b.finish(source.span_of(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPORT: &str = "**Braylen Stramm (12)**    \n    *&nbsp;Fire-Control System (2)*    \n    *&nbsp;Proton Torpedoes (4)*    \n&nbsp;*Ship Cost: 18  Loadout: (6/12)  Half Points: 9  Damage Threshold: 5*    \n    \n**Shara Bey (9)**    \n    \n**Total:** *27*    \n    \n[View in YASB](https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z73X1W2Y462X)";

    #[test]
    fn reads_the_export() {
        let squad = parse(FileId(0), EXPORT).unwrap();
        assert!(squad.findings.is_empty(), "{:?}", squad.findings);
        assert_eq!(squad.pilots.len(), 2);
        let first = &squad.pilots[0];
        assert_eq!(&EXPORT[first.card.span()], "Braylen Stramm");
        assert_eq!(first.upgrades.len(), 2);
        assert_eq!(
            &EXPORT[first.upgrades[0].card.as_ref().unwrap().span()],
            "Fire-Control System"
        );
        assert_eq!(first.total_points.as_ref().unwrap().value, 18);
        assert_eq!(squad.points.as_ref().unwrap().value, 27);
        assert!(squad.link.as_ref().unwrap().value.ends_with("462X"));
    }

    #[test]
    fn rendered_text_with_nbsp_reads_the_same() {
        let rendered = EXPORT.replace("&nbsp;", "\u{a0}");
        let squad = parse(FileId(0), &rendered).unwrap();
        assert_eq!(squad.pilots[0].upgrades.len(), 2);
        assert_eq!(squad.pilots[0].total_points.as_ref().unwrap().value, 18);
    }

    #[test]
    fn undecorating() {
        assert_eq!(undecorate("    *&nbsp;R2-D2 (4)*    "), "R2-D2 (4)");
        assert_eq!(undecorate("&nbsp;*Ship total: (13)*"), "Ship total: (13)");
        assert_eq!(
            markdown_link("[View in YASB](https://x/?a=1)"),
            Some("https://x/?a=1")
        );
        assert_eq!(
            markdown_link("[View](https://x/?sn=A%20(b))"),
            Some("https://x/?sn=A%20(b)")
        );
    }
}
