//! X-Wing checks that need the whole database: references between records (pilot → ship,
//! standard loadout → upgrades, restrictions → ships and names, points → revisions, …)
//! and values the game cannot have (initiative 9, negative points).

use super::data::*;
use super::model::*;
use crate::cards::Located;
use crate::cards::points::{CARD_POINTS_TEXT, possible_points};
use crate::report::Finding;
use crate::report::{Code, SourceFiles};
use crate::text::did_you_mean;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

pub fn check(cards: &XwingCards, files: &SourceFiles, findings: &mut Vec<Finding>) {
    let mut c = Checker { files, findings };
    let revision_ids = c.revisions(cards);
    let ships: HashMap<&str, &Ship> = cards
        .ships
        .iter()
        .map(|s| (s.id.as_str(), &s.value))
        .collect();
    let upgrades: HashSet<&str> = cards.upgrades.iter().map(|u| u.id.as_str()).collect();
    let conditions: HashSet<&str> = cards.conditions.iter().map(|c| c.id.as_str()).collect();
    let devices: HashSet<&str> = cards.devices.iter().map(|d| d.id.as_str()).collect();
    let names: HashSet<String> = cards
        .entries()
        .map(|e| crate::text::squash(e.name))
        .collect();
    let ship_abilities: HashSet<&str> = cards
        .pilots
        .iter()
        .filter_map(|p| p.ship_ability.as_deref())
        .chain(
            cards
                .upgrades
                .iter()
                .flat_map(|u| u.sides.iter().filter_map(|s| s.ship_ability.as_deref())),
        )
        .collect();
    let refs = Refs {
        ships: &ships,
        upgrades: &upgrades,
        conditions: &conditions,
        devices: &devices,
        names: &names,
        ship_abilities: &ship_abilities,
        revisions: &revision_ids,
    };

    for ship in &cards.ships {
        c.stats(ship, &ship.stats, "stats");
        for code in &ship.dial {
            if !dial_code_is_valid(code) {
                c.impossible(ship, &["\ndial = ", &format!("\"{code}\"")], true, format!("ship `{}` has dial code `{code}`", ship.id), "not a dial code", "a dial code is a speed 0-5, a bearing letter (ABDEFKLNOPRSTY) and a colour letter (RWBP), e.g. `3TW`");
            }
        }
    }
    for pilot in &cards.pilots {
        c.pilot(pilot, &refs);
    }
    for upgrade in &cards.upgrades {
        c.upgrade(upgrade, &refs);
    }
    for condition in &cards.conditions {
        if condition.limited < 0 {
            c.impossible(
                condition,
                &["\nlimited = "],
                false,
                format!(
                    "condition `{}` has limited {}",
                    condition.id, condition.limited
                ),
                "negative",
                "limited is 0 (not limited) or more",
            );
        }
    }
    quickbuilds(&mut c, cards, &upgrades);
    timings(&mut c, cards);
    for device in &cards.devices {
        if !upgrades.contains(device.upgrade.as_str()) {
            let help = did_you_mean(
                &device.upgrade,
                upgrades.iter().copied(),
                "name the upgrade that deploys the device",
            );
            c.dangling(
                device,
                &["\nupgrade = "],
                false,
                format!(
                    "device `{}` belongs to unknown upgrade `{}`",
                    device.id, device.upgrade
                ),
                "no such upgrade",
                help,
            );
        }
        if let Some(initiative) = device.initiative
            && !(0..=8).contains(&initiative)
        {
            c.impossible(
                device,
                &["\ninitiative = "],
                false,
                format!("device `{}` has initiative {initiative}", device.id),
                "outside 0-8",
                "initiative is 0 to 8",
            );
        }
    }
}

/// Timing facts and untimed abilities name an existing pilot, ship ability of a ship, or
/// upgrade side.
fn timings(c: &mut Checker<'_>, cards: &XwingCards) {
    for t in &cards.timings {
        if let Some((message, key, help)) = missing_ability(cards, t.key()) {
            let label = if key == "\nside = " {
                "no such side"
            } else {
                "no such card"
            };
            c.dangling(
                t,
                &[key],
                false,
                format!("timing fact for {message}"),
                label,
                help,
            );
        }
    }
    for u in &cards.untimed {
        if let Some((message, key, help)) = missing_ability(cards, u.key()) {
            let label = if key == "\nside = " {
                "no such side"
            } else {
                "no such card"
            };
            c.dangling(
                u,
                &[key],
                false,
                format!("untimed ability of {message}"),
                label,
                help,
            );
        }
    }
}

/// What is wrong with an ability's key: the message, the key to point at, the help.
fn missing_ability(
    cards: &XwingCards,
    (part, card, ability, side): (AbilityPart, &str, Option<&str>, u8),
) -> Option<(String, &'static str, String)> {
    match part {
        AbilityPart::Pilot => cards.pilot(card).is_none().then(|| {
            (
                format!("unknown pilot `{card}`"),
                "\ncard = ",
                did_you_mean(
                    card,
                    cards.pilots.iter().map(|p| p.id.as_str()),
                    "use a pilot id",
                ),
            )
        }),
        AbilityPart::Upgrade => match cards.upgrade(card) {
            None => Some((
                format!("unknown upgrade `{card}`"),
                "\ncard = ",
                did_you_mean(
                    card,
                    cards.upgrades.iter().map(|u| u.id.as_str()),
                    "use an upgrade id",
                ),
            )),
            Some(u) => (usize::from(side) >= u.sides.len()).then(|| {
                (
                    format!("upgrade `{card}` has no side {side}"),
                    "\nside = ",
                    format!("`{card}` has {} side(s), numbered from 0", u.sides.len()),
                )
            }),
        },
        AbilityPart::Ship => {
            let carried = ability.is_some()
                && cards
                    .pilots
                    .iter()
                    .any(|p| p.ship == card && p.ship_ability.as_deref() == ability);
            (!carried).then(|| {
                (
                    format!(
                        "no pilot of ship `{card}` has the ship ability `{}`",
                        ability.unwrap_or("")
                    ),
                    "\ncard = ",
                    "a ship ability's facts name the ship id as `card` and the ability's name as `ability`".to_string(),
                )
            })
        }
    }
}

/// A quick-build's pilot and upgrades exist, and the quick-builds it brings along too.
fn quickbuilds(c: &mut Checker<'_>, cards: &XwingCards, upgrades: &HashSet<&str>) {
    let pilots: HashSet<&str> = cards.pilots.iter().map(|p| p.id.as_str()).collect();
    let numbers: HashSet<u32> = cards.quickbuilds.iter().map(|q| q.yasb).collect();
    for quickbuild in &cards.quickbuilds {
        let n = quickbuild.yasb;
        if !pilots.contains(quickbuild.pilot.as_str()) {
            let help = did_you_mean(
                &quickbuild.pilot,
                pilots.iter().copied(),
                "use the id of a `[[pilot]]`",
            );
            c.dangling(
                quickbuild,
                &["\npilot = "],
                false,
                format!("quick-build {n} flies unknown pilot `{}`", quickbuild.pilot),
                "no such pilot",
                help,
            );
        }
        for upgrade in &quickbuild.upgrades {
            if !upgrades.contains(upgrade.as_str()) {
                let help = did_you_mean(
                    upgrade,
                    upgrades.iter().copied(),
                    "use the id of an `[[upgrade]]`",
                );
                c.dangling(
                    quickbuild,
                    &["\nupgrades = ", &format!("\"{upgrade}\"")],
                    true,
                    format!("quick-build {n} names unknown upgrade `{upgrade}`"),
                    "no such upgrade",
                    help,
                );
            }
        }
        for (field, other) in [
            ("linked", quickbuild.linked),
            ("wingmate", quickbuild.wingmate),
        ] {
            if let Some(other) = other.filter(|o| !numbers.contains(o)) {
                c.dangling(
                    quickbuild,
                    &[&format!("\n{field} = ")],
                    false,
                    format!("quick-build {n} brings unknown quick-build {other}"),
                    "no such quick-build",
                    "use the `yasb` number of a `[[quickbuild]]`".to_string(),
                );
            }
        }
    }
}

struct Refs<'a> {
    ships: &'a HashMap<&'a str, &'a Ship>,
    upgrades: &'a HashSet<&'a str>,
    conditions: &'a HashSet<&'a str>,
    devices: &'a HashSet<&'a str>,
    names: &'a HashSet<String>,
    ship_abilities: &'a HashSet<&'a str>,
    revisions: &'a HashSet<String>,
}

fn dial_code_is_valid(code: &str) -> bool {
    let bytes = code.as_bytes();
    bytes.len() == 3
        && (b'0'..=b'5').contains(&bytes[0])
        && b"ABDEFKLNOPRSTY".contains(&bytes[1])
        && b"RWBP".contains(&bytes[2])
}

fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
            let (m, d) = (m.parse::<u32>().unwrap_or(0), d.parse::<u32>().unwrap_or(0));
            y.parse::<u32>().is_ok() && (1..=12).contains(&m) && (1..=31).contains(&d)
        }
        _ => false,
    }
}

struct Checker<'a> {
    files: &'a SourceFiles,
    findings: &'a mut Vec<Finding>,
}

impl Checker<'_> {
    /// Where in a record to point: after each needle in turn; then either the last needle
    /// itself (`whole`) or the value that follows it.
    fn span<T>(&self, record: &Located<T>, path: &[&str], whole: bool) -> Range<usize> {
        locate_in(
            self.files.text(record.file),
            record.span.clone(),
            path,
            whole,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn push<T>(
        &mut self,
        code: Code,
        record: &Located<T>,
        path: &[&str],
        whole: bool,
        message: String,
        label: &str,
        help: String,
    ) {
        let span = self.span(record, path, whole);
        self.findings.push(
            Finding::error(code, message)
                .at(record.file, span)
                .label(label)
                .help(help),
        );
    }

    fn dangling<T>(
        &mut self,
        record: &Located<T>,
        path: &[&str],
        whole: bool,
        message: String,
        label: &str,
        help: String,
    ) {
        self.push(
            Code::DanglingReference,
            record,
            path,
            whole,
            message,
            label,
            help,
        );
    }

    fn impossible<T>(
        &mut self,
        record: &Located<T>,
        path: &[&str],
        whole: bool,
        message: String,
        label: &str,
        help: &str,
    ) {
        self.push(
            Code::ImpossibleValue,
            record,
            path,
            whole,
            message,
            label,
            help.to_string(),
        );
    }

    fn revisions(&mut self, cards: &XwingCards) -> HashSet<String> {
        let mut ids = HashSet::new();
        for revision in &cards.revisions {
            if !ids.insert(revision.id.to_string()) {
                self.push(
                    Code::DuplicateId,
                    revision,
                    &["\nid = "],
                    false,
                    format!("duplicate revision id `{}`", revision.id),
                    "second definition",
                    "revision ids must be unique".to_string(),
                );
            }
            if !is_date(&revision.date) {
                self.impossible(
                    revision,
                    &["\ndate = "],
                    false,
                    format!("revision `{}` has date `{}`", revision.id, revision.date),
                    "not a date",
                    "write the date as YYYY-MM-DD",
                );
            }
            if revision.scale <= 0 {
                self.impossible(
                    revision,
                    &["\nscale = "],
                    false,
                    format!("revision `{}` has scale {}", revision.id, revision.scale),
                    "not a squad size",
                    "scale is the points of a standard squad: 20 or 50",
                );
            }
        }
        let mut aliases = HashSet::new();
        for revision in &cards.revisions {
            for alias in &revision.aliases {
                if ids.contains(alias.as_str()) || !aliases.insert(alias.clone()) {
                    self.push(
                        Code::DuplicateId,
                        revision,
                        &["\naliases = ", &format!("\"{alias}\"")],
                        true,
                        format!("revision alias `{alias}` is already a revision id or alias"),
                        "ambiguous",
                        "an alias must name one revision only".to_string(),
                    );
                }
            }
        }
        ids
    }

    fn stats<T>(&mut self, record: &Located<T>, stats: &Stats, key: &str) {
        let what = format!("\n{key} = ");
        for (name, value) in [
            ("agility", stats.agility),
            ("hull", stats.hull),
            ("shields", stats.shields),
        ] {
            if value < 0 {
                self.impossible(
                    record,
                    &[&what, &format!("{name} = ")],
                    false,
                    format!("{name} {value} in `{key}`"),
                    "negative",
                    "stats are 0 or more",
                );
            }
        }
        for attack in &stats.attack {
            if attack.value < 1 {
                self.impossible(
                    record,
                    &[&what, "value = "],
                    false,
                    format!("attack value {} in `{key}`", attack.value),
                    "no dice",
                    "an attack value is 1 or more; drop the arc instead",
                );
            }
        }
    }

    /// The revisions of a card's points entries must be known and named once. Returns, per
    /// entry, a needle that finds its line.
    fn points_revisions<T>(
        &mut self,
        record: &Located<T>,
        card: &str,
        entries: &[&[RevisionId]],
        revisions: &HashSet<String>,
    ) -> Vec<String> {
        let mut seen = HashSet::new();
        let mut lines = Vec::new();
        for list in entries {
            let Some(first) = list.first() else {
                self.impossible(
                    record,
                    &["\npoints = ", "revisions = []"],
                    true,
                    format!("a points entry of `{card}` names no revision"),
                    "no revisions",
                    "name the revisions the values hold for, or drop the entry",
                );
                lines.push("revisions = []".to_string());
                continue;
            };
            lines.push(format!("\"{first}\""));
            for revision in *list {
                let needle = format!("\"{revision}\"");
                if !revisions.contains(revision.as_str()) {
                    let help = did_you_mean(
                        revision.as_str(),
                        revisions.iter().map(String::as_str),
                        "use the id of a `[[revision]]` (not an alias)",
                    );
                    self.dangling(
                        record,
                        &["\npoints = ", &needle],
                        true,
                        format!("`{card}` has points for unknown revision `{revision}`"),
                        "no such revision",
                        help,
                    );
                }
                if !seen.insert(*revision) {
                    self.impossible(
                        record,
                        &["\npoints = ", &needle, &needle],
                        true,
                        format!("`{card}` has two points entries for revision `{revision}`"),
                        "named twice",
                        "each revision may appear in one points entry of a card",
                    );
                }
            }
        }
        lines
    }

    /// A pilot card: its ship, its numbers and stats, what it names, its points.
    fn pilot(&mut self, pilot: &Located<Pilot>, refs: &Refs<'_>) {
        self.pilot_ship(pilot, refs);
        self.pilot_numbers(pilot);
        if let Some(stats) = &pilot.ship_stats {
            self.stats(pilot, stats, "ship_stats");
        }
        self.pilot_references(pilot, refs);
        self.pilot_points(pilot, refs);
    }

    /// The pilot's ship exists and is flown by the pilot's faction.
    fn pilot_ship(&mut self, pilot: &Located<Pilot>, refs: &Refs<'_>) {
        let id = &pilot.id;
        match refs.ships.get(pilot.ship.as_str()) {
            None => {
                let help = did_you_mean(
                    &pilot.ship,
                    refs.ships.keys().copied(),
                    "use the id of a `[[ship]]`",
                );
                self.dangling(
                    pilot,
                    &["\nship = "],
                    false,
                    format!("pilot `{id}` flies unknown ship `{}`", pilot.ship),
                    "no such ship",
                    help,
                );
            }
            Some(ship) if !ship.factions.contains(&pilot.faction) => {
                self.dangling(
                    pilot,
                    &["\nfaction = "],
                    false,
                    format!(
                        "pilot `{id}` is {} but ship `{}` is not flown by that faction",
                        pilot.faction.as_str(),
                        ship.id
                    ),
                    "faction without this ship",
                    format!(
                        "add `{}` to the ship's factions, or fix the pilot's faction",
                        pilot.faction.as_str()
                    ),
                );
            }
            Some(_) => {}
        }
    }

    /// Initiative and engagement 0 to 8 (initiative required unless points-only); limited,
    /// cost and loadout not negative.
    fn pilot_numbers(&mut self, pilot: &Located<Pilot>) {
        let id = &pilot.id;
        match pilot.initiative {
            Some(i) if !(0..=8).contains(&i) => self.impossible(
                pilot,
                &["\ninitiative = "],
                false,
                format!("pilot `{id}` has initiative {i}"),
                "outside 0-8",
                "initiative is 0 to 8",
            ),
            None if !pilot.points_only => self.impossible(
                pilot,
                &[],
                false,
                format!("pilot `{id}` has no initiative"),
                "no initiative",
                "add `initiative`, or mark the pilot `points_only = true`",
            ),
            _ => {}
        }
        if let Some(e) = pilot.engagement
            && !(0..=8).contains(&e)
        {
            self.impossible(
                pilot,
                &["\nengagement = "],
                false,
                format!("pilot `{id}` has engagement {e}"),
                "outside 0-8",
                "engagement is 0 to 8",
            );
        }
        if pilot.limited < 0 {
            self.impossible(
                pilot,
                &["\nlimited = "],
                false,
                format!("pilot `{id}` has limited {}", pilot.limited),
                "negative",
                "this value is 0 or more",
            );
        }
        for (key, value) in [("cost", pilot.cost), ("loadout", pilot.loadout)] {
            if let Some(v) = value {
                let what = format!("pilot `{id}` has {key} {v}");
                self.points(pilot, &[&format!("\n{key} = ")], what, v);
            }
        }
    }

    /// A card's points outside [`CARD_POINTS`](crate::cards::points::CARD_POINTS):
    /// `what` says whose and which (`pilot \`x\` has cost 9999`).
    fn points<T>(&mut self, record: &Located<T>, path: &[&str], what: String, value: i32) {
        if !possible_points(value) {
            self.impossible(
                record,
                path,
                false,
                format!("{what}; a card's points are {CARD_POINTS_TEXT}"),
                if value < 0 {
                    "negative"
                } else {
                    "too many points"
                },
                &format!("give points from {CARD_POINTS_TEXT}"),
            );
        }
    }

    /// The upgrades of its standard loadout and its conditions exist.
    fn pilot_references(&mut self, pilot: &Located<Pilot>, refs: &Refs<'_>) {
        let id = &pilot.id;
        for upgrade in &pilot.standard_loadout {
            if !refs.upgrades.contains(upgrade.as_str()) {
                let help = did_you_mean(
                    upgrade,
                    refs.upgrades.iter().copied(),
                    "use the id of an `[[upgrade]]`",
                );
                self.dangling(
                    pilot,
                    &["\nstandard_loadout = ", &format!("\"{upgrade}\"")],
                    true,
                    format!("standard loadout of `{id}` names unknown upgrade `{upgrade}`"),
                    "no such upgrade",
                    help,
                );
            }
        }
        for condition in &pilot.conditions {
            if !refs.conditions.contains(condition.as_str()) {
                let help = did_you_mean(
                    condition,
                    refs.conditions.iter().copied(),
                    "use the id of a `[[condition]]`",
                );
                self.dangling(
                    pilot,
                    &["\nconditions = ", &format!("\"{condition}\"")],
                    true,
                    format!("pilot `{id}` names unknown condition `{condition}`"),
                    "no such condition",
                    help,
                );
            }
        }
    }

    /// Its points name known revisions, each once, with no negative value.
    fn pilot_points(&mut self, pilot: &Located<Pilot>, refs: &Refs<'_>) {
        let id = &pilot.id;
        let lists: Vec<&[RevisionId]> = pilot
            .points
            .iter()
            .map(|p| p.revisions.as_slice())
            .collect();
        let lines = self.points_revisions(pilot, id, &lists, refs.revisions);
        for (points, line) in pilot.points.iter().zip(&lines) {
            let revisions = revisions_text(&points.revisions);
            for (key, value) in [("cost", points.cost), ("loadout", points.loadout)] {
                let what = format!("pilot `{id}` has {key} {value} in revision {revisions}");
                self.points(
                    pilot,
                    &["\npoints = ", line, &format!("{key} = ")],
                    what,
                    value,
                );
            }
            for (key, value) in [
                ("limited", points.limited),
                ("restricted", Some(points.restricted)),
            ] {
                if let Some(v) = value.filter(|v| *v < 0) {
                    self.impossible(
                        pilot,
                        &["\npoints = ", line, &format!("{key} = ")],
                        false,
                        format!("pilot `{id}` has {key} {v} in revision {revisions}"),
                        "negative",
                        "points values are 0 or more",
                    );
                }
            }
        }
    }

    fn restrictions(
        &mut self,
        upgrade: &Located<Upgrade>,
        path: &[&str],
        restrictions: &[Restriction],
        refs: &Refs<'_>,
    ) {
        let id = &upgrade.id;
        for restriction in restrictions {
            for ship in &restriction.ships {
                if !refs.ships.contains_key(ship.as_str()) {
                    let help = did_you_mean(
                        ship,
                        refs.ships.keys().copied(),
                        "use the id of a `[[ship]]`",
                    );
                    let quoted = format!("\"{ship}\"");
                    let path: Vec<&str> = path.iter().copied().chain([quoted.as_str()]).collect();
                    self.dangling(
                        upgrade,
                        &path,
                        true,
                        format!("restriction of `{id}` names unknown ship `{ship}`"),
                        "no such ship",
                        help,
                    );
                }
            }
            for name in &restriction.names {
                if !refs.names.contains(&crate::text::squash(name)) {
                    let quoted = format!("\"{name}\"");
                    let path: Vec<&str> = path.iter().copied().chain([quoted.as_str()]).collect();
                    self.dangling(
                        upgrade,
                        &path,
                        true,
                        format!("restriction of `{id}` names `{name}`, which is no card's name"),
                        "no such card",
                        "use a card name exactly as in the data".to_string(),
                    );
                }
            }
            for ability in &restriction.ship_abilities {
                if !refs.ship_abilities.contains(ability.as_str()) {
                    let quoted = format!("\"{ability}\"");
                    let path: Vec<&str> = path.iter().copied().chain([quoted.as_str()]).collect();
                    let help = did_you_mean(
                        ability,
                        refs.ship_abilities.iter().copied(),
                        "use a ship ability name that pilots carry (`ship_ability`)",
                    );
                    self.dangling(
                        upgrade,
                        &path,
                        true,
                        format!("restriction of `{id}` names unknown ship ability `{ability}`"),
                        "no such ship ability",
                        help,
                    );
                }
            }
        }
    }

    fn variable_cost(&mut self, upgrade: &Located<Upgrade>, path: &[&str], cost: &VariableCost) {
        for (key, value) in &cost.values {
            if !cost.key_is_valid(key) {
                self.impossible(upgrade, path, false, format!("variable cost of `{}` has key `{key}`", upgrade.id), "not a value of the variable", "keys are sizes (small … huge) for `size`, 0-9 for `agility`, 0-8 for `initiative`");
            }
            let what = format!("variable cost of `{}` is {value} for `{key}`", upgrade.id);
            self.points(upgrade, path, what, *value);
        }
    }

    fn upgrade(&mut self, upgrade: &Located<Upgrade>, refs: &Refs<'_>) {
        let id = &upgrade.id;
        if upgrade.limited < 0 {
            self.impossible(
                upgrade,
                &["\nlimited = "],
                false,
                format!("upgrade `{id}` has limited {}", upgrade.limited),
                "negative",
                "this value is 0 or more",
            );
        }
        if let Some(cost) = upgrade.cost {
            let what = format!("upgrade `{id}` has cost {cost}");
            self.points(upgrade, &["\ncost = "], what, cost);
        }
        if let Some(cost) = &upgrade.variable_cost {
            self.variable_cost(upgrade, &["\nvariable_cost = "], cost);
        }
        if upgrade.slots.is_empty() {
            self.impossible(
                upgrade,
                &[],
                false,
                format!("upgrade `{id}` occupies no slot"),
                "no slots",
                "list the slots the card occupies in `slots`",
            );
        }
        self.restrictions(upgrade, &["\nrestrictions = "], &upgrade.restrictions, refs);
        for side in &upgrade.sides {
            let title = format!("title = \"{}\"", side.title);
            if let Some(device) = &side.device
                && !refs.devices.contains(device.as_str())
            {
                let help = did_you_mean(
                    device,
                    refs.devices.iter().copied(),
                    "use the id of a `[[device]]`",
                );
                self.dangling(
                    upgrade,
                    &["\nsides = ", &title, &format!("\"{device}\"")],
                    true,
                    format!("upgrade `{id}` deploys unknown device `{device}`"),
                    "no such device",
                    help,
                );
            }
            for condition in &side.conditions {
                if !refs.conditions.contains(condition.as_str()) {
                    let help = did_you_mean(
                        condition,
                        refs.conditions.iter().copied(),
                        "use the id of a `[[condition]]`",
                    );
                    self.dangling(
                        upgrade,
                        &["\nsides = ", &title, &format!("\"{condition}\"")],
                        true,
                        format!("upgrade `{id}` names unknown condition `{condition}`"),
                        "no such condition",
                        help,
                    );
                }
            }
            if let Some(charges) = &side.charges
                && charges.value < 0
            {
                self.impossible(
                    upgrade,
                    &["\nsides = ", &title, "charges = "],
                    false,
                    format!("upgrade `{id}` has {} charges", charges.value),
                    "negative",
                    "charges are 0 or more",
                );
            }
        }
        let lists: Vec<&[RevisionId]> = upgrade
            .points
            .iter()
            .map(|p| p.revisions.as_slice())
            .collect();
        let lines = self.points_revisions(upgrade, id, &lists, refs.revisions);
        for (points, line) in upgrade.points.iter().zip(&lines) {
            if let Some(cost) = points.cost {
                let what = format!(
                    "upgrade `{id}` has cost {cost} in revision {}",
                    revisions_text(&points.revisions)
                );
                self.points(upgrade, &["\npoints = ", line, "cost = "], what, cost);
            }
            for (key, value) in [
                ("limited", points.limited),
                ("restricted", Some(points.restricted)),
            ] {
                if let Some(v) = value.filter(|v| *v < 0) {
                    self.impossible(
                        upgrade,
                        &["\npoints = ", line, &format!("{key} = ")],
                        false,
                        format!(
                            "upgrade `{id}` has {key} {v} in revision {}",
                            revisions_text(&points.revisions)
                        ),
                        "negative",
                        "points values are 0 or more",
                    );
                }
            }
            if let Some(cost) = &points.variable_cost {
                self.variable_cost(upgrade, &["\npoints = ", line, "variable_cost = "], cost);
            }
            if let Some(restrictions) = &points.restrictions {
                self.restrictions(upgrade, &["\npoints = ", line], restrictions, refs);
            }
        }
    }
}

fn revisions_text(revisions: &[RevisionId]) -> String {
    revisions
        .iter()
        .map(|r| format!("`{r}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// See [`Checker::span`]. Falls back to the record's first line.
pub fn locate_in(text: &str, record: Range<usize>, path: &[&str], whole: bool) -> Range<usize> {
    let start = record.start.min(text.len());
    let end = record.end.clamp(start, text.len());
    let body = text.get(start..end).unwrap_or("");
    let header = start..start + body.find('\n').unwrap_or(body.len());
    if path.is_empty() {
        return header;
    }
    let mut at = 0;
    let mut last = 0..0;
    for needle in path {
        match body[at..].find(needle) {
            Some(found) => {
                last = at + found..at + found + needle.len();
                at = last.end;
            }
            None => return header,
        }
    }
    if whole {
        let trimmed = body[last.clone()].trim_start_matches('\n');
        let shift = last.len() - trimmed.len();
        return start + last.start + shift..start + last.end;
    }
    let rest = &body[at..];
    let skipped = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let value = &rest[skipped..];
    let len = value_len(value);
    start + at + skipped..start + at + skipped + len
}

/// Length of the TOML value at the start of `text`: a string, a bracketed value, or a bare
/// token.
fn value_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    match bytes.first() {
        Some(b'"') => {
            let mut escaped = false;
            for (i, &b) in bytes.iter().enumerate().skip(1) {
                match b {
                    b'\\' if !escaped => escaped = true,
                    b'"' if !escaped => return i + 1,
                    _ => escaped = false,
                }
            }
            text.len()
        }
        Some(b'[') | Some(b'{') => {
            let mut depth = 0usize;
            let mut in_string = false;
            for (i, &b) in bytes.iter().enumerate() {
                match b {
                    b'"' => in_string = !in_string,
                    b'[' | b'{' if !in_string => depth += 1,
                    b']' | b'}' if !in_string => {
                        depth -= 1;
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
            }
            text.len()
        }
        _ => text.find([',', '}', ']', '\n', ' ']).unwrap_or(text.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardDb;
    use crate::report::FileId;

    const BROKEN: &str = r#"game = "xwing"

[[revision]]
id = "amg-sep2024"
name = "Official AMG Points"
organisation = "amg"
code = "AMG/sep2024"
date = "2024-09-06"
scale = 20

[[ship]]
id = "t65xwing"
name = "T-65 X-wing"
size = "small"
factions = ["rebelalliance"]
stats = { attack = [{ arc = "front", value = 3 }], agility = 2, hull = 4, shields = 2 }
actions = [{ action = "focus", colour = "white" }]
dial = ["1BB", "9ZZ"]

[[pilot]]
id = "lost"
name = "Lost Pilot"
ship = "t65xwnig"
faction = "rebelalliance"
initiative = 9
limited = -1
slots = ["astromech"]
standard_loadout = ["r2d2", "nosuchupgrade"]
legal = ["standard"]
points = [
  { revisions = ["amg-sep2024"], cost = -2, loadout = -1 },
  { revisions = ["amg-sep2042"], cost = 3, loadout = 0 },
]

[[pilot]]
id = "wrongside"
name = "Wrong Side"
ship = "t65xwing"
faction = "galacticempire"
initiative = 2
limited = 0
legal = []

[[upgrade]]
id = "r2d2"
name = "R2-D2"
limited = 1
slots = ["astromech"]
cost = -1
restrictions = [{ ships = ["t65xwing", "t70xwing"] }, { names = ["Nobody Known"] }]
legal = ["standard"]
points = [
  { revisions = ["amg-sep2024"], cost = 8, restrictions = [{ ships = ["ywing"] }] },
]
"#;

    fn findings_for(text: &str) -> (CardDb, Vec<Finding>) {
        let mut db = CardDb::default();
        let file = db.files.add("broken.toml", text.to_string());
        let mut findings = Vec::new();
        db.xwing.add_file(file, text, &mut findings);
        assert!(findings.is_empty(), "parses: {findings:#?}");
        let mut findings = Vec::new();
        db.xwing.check(&db.files, &mut findings);
        (db, findings)
    }

    #[test]
    fn broken_references_and_values_are_found_where_they_are() {
        let (db, findings) = findings_for(BROKEN);
        let text = db.files.text(FileId(0));
        let found: Vec<(Code, &str, &str)> = findings
            .iter()
            .map(|f| {
                let span = f.location.as_ref().unwrap().span.clone();
                (f.code, f.message.as_str(), &text[span])
            })
            .collect();
        let has = |code: Code, message: &str, marked: &str| {
            assert!(
                found
                    .iter()
                    .any(|(c, m, t)| *c == code && m.contains(message) && *t == marked),
                "no {code} `{message}` at `{marked}` in {found:#?}"
            );
        };
        has(
            Code::DanglingReference,
            "unknown ship `t65xwnig`",
            "\"t65xwnig\"",
        );
        has(Code::ImpossibleValue, "initiative 9", "9");
        has(Code::ImpossibleValue, "limited -1", "-1");
        has(
            Code::DanglingReference,
            "unknown upgrade `nosuchupgrade`",
            "\"nosuchupgrade\"",
        );
        has(
            Code::ImpossibleValue,
            "cost -2 in revision `amg-sep2024`",
            "-2",
        );
        has(
            Code::ImpossibleValue,
            "loadout -1 in revision `amg-sep2024`",
            "-1",
        );
        has(
            Code::DanglingReference,
            "unknown revision `amg-sep2042`",
            "\"amg-sep2042\"",
        );
        has(
            Code::DanglingReference,
            "ship `t65xwing` is not flown",
            "\"galacticempire\"",
        );
        has(Code::ImpossibleValue, "has cost -1", "-1");
        has(
            Code::DanglingReference,
            "unknown ship `t70xwing`",
            "\"t70xwing\"",
        );
        has(
            Code::DanglingReference,
            "`Nobody Known`, which is no card's name",
            "\"Nobody Known\"",
        );
        has(Code::DanglingReference, "unknown ship `ywing`", "\"ywing\"");
        has(Code::ImpossibleValue, "dial code `9ZZ`", "\"9ZZ\"");
        assert_eq!(findings.len(), 13, "{found:#?}");
        let suggestion = findings
            .iter()
            .find(|f| f.message.contains("t65xwnig"))
            .unwrap();
        assert_eq!(suggestion.help.as_deref(), Some("did you mean `t65xwing`?"));
    }

    #[test]
    fn revision_named_twice_in_one_card() {
        let text = BROKEN.replace("[\"amg-sep2042\"]", "[\"amg-sep2024\"]");
        let (_, findings) = findings_for(&text);
        assert!(findings.iter().any(|f| {
            f.message
                .contains("two points entries for revision `amg-sep2024`")
        }));
    }

    #[test]
    fn locate_finds_nested_values() {
        let text = "[[pilot]]\nid = \"a\"\ncost = -3\npoints = [\n  { revisions = [\"x\"], cost = 1 },\n  { revisions = [\"amg\"], cost = -1, loadout = 2 },\n]\n";
        let all = 0..text.len();
        let span = locate_in(
            text,
            all.clone(),
            &["\npoints = ", "\"amg\"", "cost = "],
            false,
        );
        assert_eq!(&text[span], "-1");
        let span = locate_in(text, all.clone(), &["\npoints = ", "\"x\""], true);
        assert_eq!(&text[span], "\"x\"");
        let span = locate_in(text, all.clone(), &["\ncost = "], false);
        assert_eq!(&text[span], "-3");
        let span = locate_in(text, all.clone(), &["\nid = ", "\"a\""], true);
        assert_eq!(&text[span], "\"a\"");
        let span = locate_in(text, all, &["\nnothing = "], false);
        assert_eq!(&text[span], "[[pilot]]");
    }

    #[test]
    fn dial_codes() {
        assert!(dial_code_is_valid("3TW"));
        assert!(dial_code_is_valid("0OR"));
        assert!(!dial_code_is_valid("6TW"));
        assert!(!dial_code_is_valid("3XW"));
        assert!(!dial_code_is_valid("3T"));
    }
}
