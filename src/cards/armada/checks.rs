//! Checks that need the whole Armada database: references between records (ship types,
//! superseding and replaced cards, traits) and values the game cannot have.

use super::model::*;
use super::{ArmadaCards, KIND_OBJECTIVE, KIND_SHIP, KIND_SQUADRON, KIND_UPGRADE};
use crate::cards::Located;
use crate::cards::locate::value_span;
use crate::cards::points::{CARD_POINTS_TEXT, possible_points};
use crate::report::{Code, Finding, SourceFiles};
use crate::text::did_you_mean;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// The highest yaw a speed chart joint can have (`II`).
const MAX_YAW: u8 = 2;

pub(super) fn run(cards: &ArmadaCards, files: &SourceFiles, findings: &mut Vec<Finding>) {
    let mut check = Checker { files, findings };
    let ship_types: HashSet<&str> = cards.ship_types.iter().map(|t| t.id.as_str()).collect();
    let traits: HashSet<&str> = cards
        .ships
        .iter()
        .flat_map(|s| s.traits.iter())
        .chain(cards.upgrades.iter().flat_map(|u| u.adds_traits.iter()))
        .map(String::as_str)
        .collect();

    for t in &cards.ship_types {
        check.ship_type(t);
    }
    for ship in &cards.ships {
        check.points(ship, ship.points);
        check.reference(ship, "ship_type", &ship.ship_type, &ship_types, "ship type");
        check.positive(
            ship,
            "points",
            u32::from(ship.points),
            "a ship costs at least 1 point",
        );
        check.positive(
            ship,
            "command",
            u32::from(ship.command),
            "every ship has a command value of at least 1",
        );
        check.positive(
            ship,
            "engineering",
            u32::from(ship.engineering),
            "every ship has an engineering value of at least 1",
        );
    }
    for squadron in &cards.squadrons {
        check.points(squadron, squadron.points);
        check.positive(
            squadron,
            "hull",
            u32::from(squadron.hull),
            "a squadron has at least 1 hull",
        );
        for token in &squadron.defense_tokens {
            if !matches!(
                token,
                DefenseToken::Scatter | DefenseToken::Evade | DefenseToken::Brace
            ) {
                check.impossible(
                    squadron,
                    check.value_span(squadron, "defense_tokens", Some(token.as_str())),
                    format!("squadron `{}` has a {} token", squadron.id, token.as_str()),
                    "squadrons only have scatter, evade and brace tokens; fix `defense_tokens`",
                );
            }
        }
        if squadron.ace && !squadron.unique {
            check.impossible(
                squadron,
                check.value_span(squadron, "ace", None),
                format!("squadron `{}` is an ace but not unique", squadron.id),
                "aces are unique squadrons: add `unique = true` or remove `ace`",
            );
        } else if is_official(squadron.source) {
            check.official_ace(squadron);
        }
    }
    for upgrade in &cards.upgrades {
        check.points(upgrade, upgrade.points);
        if let Some(ship_type) = &upgrade.ship_type {
            check.reference(upgrade, "ship_type", ship_type, &ship_types, "ship type");
        }
        for t in &upgrade.restrictions.traits {
            if !traits.contains(t.as_str()) {
                let span = check.value_span(upgrade, "traits", Some(t));
                check.findings.push(
                    Finding::error(
                        Code::DanglingReference,
                        format!(
                            "upgrade `{}` requires trait `{t}`, which no ship has",
                            upgrade.id
                        ),
                    )
                    .at(upgrade.file, span)
                    .label("unknown trait")
                    .help(did_you_mean(
                        t,
                        traits.iter().copied(),
                        "use a trait some ship has (or an upgrade adds)",
                    )),
                );
            }
        }
        if upgrade.slots.is_empty() {
            check.impossible(
                upgrade,
                check.value_span(upgrade, "slots", None),
                format!("upgrade `{}` occupies no slot", upgrade.id),
                "list the upgrade icon(s) the card uses in `slots`",
            );
        }
    }

    check.versions(KIND_SHIP, &cards.ships);
    check.versions(KIND_SQUADRON, &cards.squadrons);
    check.versions(KIND_UPGRADE, &cards.upgrades);
    check.versions(KIND_OBJECTIVE, &cards.objectives);
}

/// Published by FFG or AMG, rather than a community content pack.
fn is_official(source: Source) -> bool {
    matches!(source, Source::Ffg | Source::Amg)
}

/// Records that have an id, for messages.
trait HasId {
    fn id(&self) -> &str;
}

macro_rules! has_id {
    ($($t:ty),*) => { $(impl HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
has_id!(ShipType, Ship, Squadron, Upgrade, Objective);

struct Checker<'a> {
    files: &'a SourceFiles,
    findings: &'a mut Vec<Finding>,
}

impl Checker<'_> {
    fn ship_type(&mut self, t: &Located<ShipType>) {
        self.positive(t, "hull", u32::from(t.hull), "a ship has at least 1 hull");
        if t.speed.is_empty() {
            self.impossible(
                t,
                self.value_span(t, "speed", None),
                format!("ship type `{}` has no speed", t.id),
                "a ship moves at speed 1 at least: give its speed chart one entry per speed",
            );
        }
        for (index, joints) in t.speed.iter().enumerate() {
            let speed = index + 1;
            if joints.len() != speed {
                self.impossible(
                    t,
                    self.value_span(t, "speed", None),
                    format!(
                        "ship type `{}`: speed {speed} lists {} yaw values, but a ship at speed {speed} has {speed} joints",
                        t.id,
                        joints.len()
                    ),
                    "entry n of `speed` lists the yaw of each of the n joints at speed n; the chart has one entry per speed up to the maximum",
                );
            } else if let Some(yaw) = joints.iter().find(|&&y| y > MAX_YAW) {
                self.impossible(
                    t,
                    self.value_span(t, "speed", None),
                    format!("ship type `{}`: a yaw of {yaw} at speed {speed}", t.id),
                    format!("yaw values are 0 to {MAX_YAW} (`-`, `I`, `II`)"),
                );
            }
        }
    }

    /// An official ace is a unique squadron with defense tokens, and every such squadron
    /// is an ace: the flag the ace rule counts and the tokens on the card must agree.
    /// (Community packs define their own aces, so only official cards are held to this.)
    fn official_ace(&mut self, squadron: &Located<Squadron>) {
        let has_tokens = !squadron.defense_tokens.is_empty();
        if squadron.unique && has_tokens && !squadron.ace {
            self.impossible(
                squadron,
                self.value_span(squadron, "defense_tokens", None),
                format!(
                    "squadron `{}` is unique with defense tokens but not an ace",
                    squadron.id
                ),
                "an official unique squadron with defense tokens is an ace: add `ace = true`, or remove the tokens if the card has none",
            );
        } else if squadron.ace && !has_tokens {
            self.impossible(
                squadron,
                self.value_span(squadron, "ace", None),
                format!(
                    "squadron `{}` is an ace without defense tokens",
                    squadron.id
                ),
                "an official ace has defense tokens: list them in `defense_tokens`, or remove `ace`",
            );
        }
    }

    /// A card's cost within [`CARD_POINTS`](crate::cards::points::CARD_POINTS).
    fn points<T: HasId>(&mut self, record: &Located<T>, points: u16) {
        if !possible_points(points) {
            self.impossible(
                record,
                self.value_span(record, "points", None),
                format!(
                    "`{}` costs {points} points; a card's points are {CARD_POINTS_TEXT}",
                    record.value.id()
                ),
                format!("give points from {CARD_POINTS_TEXT}"),
            );
        }
    }

    /// A number that must be at least 1.
    fn positive<T: HasId>(&mut self, record: &Located<T>, key: &str, value: u32, help: &str) {
        if value == 0 {
            self.impossible(
                record,
                self.value_span(record, key, None),
                format!("`{}` has {key} 0", record.value.id()),
                help,
            );
        }
    }

    fn impossible<T>(
        &mut self,
        record: &Located<T>,
        span: Range<usize>,
        message: String,
        help: impl Into<String>,
    ) {
        self.findings.push(
            Finding::error(Code::ImpossibleValue, message)
                .at(record.file, span)
                .label("not possible in the game")
                .help(help),
        );
    }

    fn reference<T: HasId>(
        &mut self,
        record: &Located<T>,
        key: &str,
        target: &str,
        known: &HashSet<&str>,
        what: &str,
    ) {
        if known.contains(target) {
            return;
        }
        let span = self.value_span(record, key, Some(target));
        self.findings.push(
            Finding::error(
                Code::DanglingReference,
                format!("`{}` names unknown {what} `{target}`", record.value.id()),
            )
            .at(record.file, span)
            .label(format!("no such {what}"))
            .help(did_you_mean(
                target,
                known.iter().copied(),
                &format!("use the id of a {what} in the data (`arbiter cards search`)"),
            )),
        );
    }

    /// `superseded_by` and `replaces` must name another card of the same kind; a card is
    /// superseded by a current card, not by another superseded one.
    fn versions<T: HasId + Printing>(&mut self, kind: &str, records: &[Located<T>]) {
        let by_id: HashMap<&str, &T> = records.iter().map(|r| (r.value.id(), &r.value)).collect();
        for record in records {
            let (superseded_by, replaces) = record.value.links();
            for (key, target) in [("superseded_by", superseded_by), ("replaces", replaces)] {
                let Some(target) = target else { continue };
                if target == record.value.id() {
                    self.impossible(
                        record,
                        self.value_span(record, key, Some(target)),
                        format!("{kind} `{target}` names itself in `{key}`"),
                        format!("`{key}` names a different {kind}"),
                    );
                    continue;
                }
                match by_id.get(target.as_str()) {
                    None => {
                        let span = self.value_span(record, key, Some(target));
                        self.findings.push(
                            Finding::error(
                                Code::DanglingReference,
                                format!(
                                    "`{}`: `{key}` names unknown {kind} `{target}`",
                                    record.value.id()
                                ),
                            )
                            .at(record.file, span)
                            .label(format!("no such {kind}"))
                            .help(did_you_mean(
                                target,
                                by_id.keys().copied(),
                                &format!("use the id of a {kind}"),
                            )),
                        );
                    }
                    Some(other) if key == "superseded_by" && other.is_superseded() => {
                        self.impossible(
                            record,
                            self.value_span(record, key, Some(target)),
                            format!(
                                "`{}` is superseded by `{target}`, which is itself superseded",
                                record.value.id()
                            ),
                            "point `superseded_by` at the current version",
                        );
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// The span of `key`'s value inside a record (the quoted `value` when given, so an item
    /// of a list or inline table is pointed at), or the record's header line.
    fn value_span<T>(&self, record: &Located<T>, key: &str, value: Option<&str>) -> Range<usize> {
        value_span(self.files, record.file, record.span.clone(), key, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardDb;
    use crate::cards::Game;

    fn check(text: &str) -> (CardDb, Vec<Finding>) {
        let mut db = CardDb::default();
        let file = db.files.add("test.toml", text.to_string());
        let mut findings = Vec::new();
        db.armada.add_file(file, text, &mut findings);
        assert!(findings.is_empty(), "{findings:#?}");
        let mut findings = Vec::new();
        db.armada.check(&db.files, &mut findings);
        let _ = Game::Armada;
        (db, findings)
    }

    const BASE: &str = r#"game = "armada"

[[ship_type]]
id = "hull-a"
name = "Hull A"
source = "ffg"
size = "small"
hull = 4
speed = [[2], [1, 1]]
shields = { front = 2, left = 1, right = 1, rear = 1 }

[[ship]]
id = "ship-a"
name = "Ship A"
source = "ffg"
ship_type = "hull-a"
faction = "rebel"
points = 40
traits = ["flotilla"]
command = 1
squadron = 1
engineering = 2

[[upgrade]]
id = "title-a"
name = "Title A"
source = "ffg"
slots = ["title"]
points = 2
ship_type = "hull-a"
restrictions = { traits = ["flotilla"] }
"#;

    #[test]
    fn consistent_data_has_no_findings() {
        let (_, findings) = check(BASE);
        assert!(findings.is_empty(), "{findings:#?}");
    }

    #[test]
    fn a_title_bound_to_an_unknown_ship_type_is_located() {
        let text = BASE.replace(
            "ship_type = \"hull-a\"\nrestrictions",
            "ship_type = \"hull-b\"\nrestrictions",
        );
        let (db, findings) = check(&text);
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert_eq!(findings[0].code, Code::DanglingReference);
        let span = findings[0].location.as_ref().unwrap().span.clone();
        assert_eq!(
            &db.files.text(findings[0].location.as_ref().unwrap().file)[span],
            "\"hull-b\""
        );
        assert!(findings[0].help.as_ref().unwrap().contains("hull-a"));
    }

    #[test]
    fn unknown_traits_and_bad_speed_charts_are_findings() {
        let text = BASE
            .replace("traits = [\"flotilla\"] }", "traits = [\"flotila\"] }")
            .replace("[[2], [1, 1]]", "[[2], [1]]");
        let (db, findings) = check(&text);
        let codes: Vec<Code> = findings.iter().map(|f| f.code).collect();
        assert_eq!(
            codes,
            vec![Code::ImpossibleValue, Code::DanglingReference],
            "{findings:#?}"
        );
        let trait_span = findings[1].location.as_ref().unwrap().span.clone();
        assert_eq!(
            &db.files.text(findings[1].location.as_ref().unwrap().file)[trait_span],
            "\"flotila\""
        );
    }

    #[test]
    fn zero_values_point_at_the_number() {
        let text = BASE.replace("command = 1", "command = 0");
        let (db, findings) = check(&text);
        assert_eq!(findings.len(), 1, "{findings:#?}");
        let location = findings[0].location.as_ref().unwrap();
        assert_eq!(&db.files.text(location.file)[location.span.clone()], "0");
    }

    #[test]
    fn superseding_must_land_on_a_current_card() {
        let text = format!(
            "{BASE}\n[[upgrade]]\nid = \"title-a-old\"\nname = \"Title A\"\nsource = \"ffg\"\nsuperseded_by = \"title-x\"\nslots = [\"title\"]\npoints = 3\n"
        );
        let (_, findings) = check(&text);
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert_eq!(findings[0].code, Code::DanglingReference);
    }
}
