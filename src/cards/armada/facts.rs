//! `cards show` rows: each card's facts in the words and order of the printed card.

use super::ArmadaCards;
use super::model::*;
use crate::cards::Fact;

fn row(out: &mut Vec<Fact>, label: &str, value: impl Into<String>) {
    out.push((label.to_string(), value.into()));
}

fn common(
    out: &mut Vec<Fact>,
    source: Source,
    superseded_by: &Option<String>,
    replaces: &Option<String>,
) {
    row(out, "Source", source.as_str());
    if let Some(id) = superseded_by {
        row(out, "Superseded by", id.as_str());
    }
    if let Some(id) = replaces {
        row(out, "Replaces", id.as_str());
    }
}

/// "3 red, 1 blue" (or "none").
pub(super) fn dice(d: &Dice) -> String {
    let parts: Vec<String> = ["red", "blue", "black"]
        .iter()
        .zip(d.iter())
        .filter(|(_, n)| **n > 0)
        .map(|(colour, n)| format!("{n} {colour}"))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// Items with their count in front when repeated: "brace, 2 redirect".
fn counted<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for item in items {
        match seen.iter_mut().find(|(name, _)| *name == item) {
            Some((_, n)) => *n += 1,
            None => seen.push((item, 1)),
        }
    }
    seen.iter()
        .map(|(name, n)| {
            if *n > 1 {
                format!("{n} {name}")
            } else {
                name.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn list<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    items.into_iter().collect::<Vec<_>>().join(", ")
}

/// The speed chart as printed: yaw clicks per joint as `-`, `I`, `II`.
pub(super) fn speed_chart(speed: &[Vec<u8>]) -> String {
    speed
        .iter()
        .enumerate()
        .map(|(i, joints)| {
            let clicks: Vec<String> = joints
                .iter()
                .map(|&c| {
                    if c == 0 {
                        "-".to_string()
                    } else {
                        "I".repeat(usize::from(c))
                    }
                })
                .collect();
            format!("{}: {}", i + 1, clicks.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn shields(s: &Shields) -> String {
    let mut parts = vec![
        format!("front {}", s.front),
        format!("left {}", s.left),
        format!("right {}", s.right),
        format!("rear {}", s.rear),
    ];
    if let Some(n) = s.left_aux {
        parts.push(format!("left aux {n}"));
    }
    if let Some(n) = s.right_aux {
        parts.push(format!("right aux {n}"));
    }
    parts.join(" · ")
}

fn ship_type_rows(out: &mut Vec<Fact>, t: &ShipType) {
    row(out, "Size", t.size.as_str());
    row(out, "Hull", t.hull.to_string());
    row(out, "Speed", speed_chart(&t.speed));
    row(out, "Shields", shields(&t.shields));
}

pub(super) fn ship_type(cards: &ArmadaCards, t: &ShipType) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Source", t.source.as_str());
    ship_type_rows(&mut out, t);
    let ships: Vec<&str> = cards
        .ships
        .iter()
        .filter(|s| s.ship_type == t.id && s.superseded_by.is_none())
        .map(|s| s.name.as_str())
        .collect();
    if !ships.is_empty() {
        row(&mut out, "Ship cards", ships.join("\n"));
    }
    out
}

pub(super) fn ship(cards: &ArmadaCards, s: &Ship) -> Vec<Fact> {
    let mut out = Vec::new();
    let hull = cards.ship_type(&s.ship_type);
    let type_name = hull.map_or(s.ship_type.clone(), |t| format!("{} ({})", t.name, t.id));
    row(&mut out, "Ship type", type_name);
    row(&mut out, "Faction", s.faction.as_str());
    common(&mut out, s.source, &s.superseded_by, &s.replaces);
    row(&mut out, "Points", s.points.to_string());
    if s.unique {
        row(&mut out, "Unique", "yes");
    }
    if !s.traits.is_empty() {
        row(
            &mut out,
            "Traits",
            list(s.traits.iter().map(String::as_str)),
        );
    }
    if let Some(t) = hull {
        ship_type_rows(&mut out, t);
    }
    row(&mut out, "Command", s.command.to_string());
    row(&mut out, "Squadron", s.squadron.to_string());
    row(&mut out, "Engineering", s.engineering.to_string());
    let zones: Vec<String> = s
        .armament
        .zones()
        .iter()
        .map(|(zone, d)| format!("{zone}: {}", dice(d)))
        .collect();
    if !zones.is_empty() {
        row(&mut out, "Armament", zones.join("\n"));
    }
    row(
        &mut out,
        "Anti-squadron",
        s.armament
            .anti_squadron
            .as_ref()
            .map_or("none".to_string(), dice),
    );
    if !s.defense_tokens.is_empty() {
        row(
            &mut out,
            "Defense tokens",
            counted(s.defense_tokens.iter().map(|t| t.as_str())),
        );
    }
    if !s.upgrade_slots.is_empty() {
        row(
            &mut out,
            "Upgrade slots",
            counted(s.upgrade_slots.iter().map(|t| t.as_str())),
        );
    }
    out
}

pub(super) fn squadron(s: &Squadron) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Squadron", s.name.as_str());
    if let Some(faction) = s.faction {
        row(&mut out, "Faction", faction.as_str());
    }
    common(&mut out, s.source, &s.superseded_by, &s.replaces);
    row(&mut out, "Points", s.points.to_string());
    let mut uniqueness = Vec::new();
    if s.unique {
        uniqueness.push("unique".to_string());
    }
    if s.ace {
        uniqueness.push("ace".to_string());
    }
    if let Some(limit) = s.unique_limit {
        uniqueness.push(format!("up to {limit} per fleet"));
    }
    if !uniqueness.is_empty() {
        row(&mut out, "Unique", uniqueness.join(", "));
    }
    if !s.unique_class.is_empty() {
        row(&mut out, "Unique class", s.unique_class.join(", "));
    }
    row(&mut out, "Hull", s.hull.to_string());
    row(&mut out, "Speed", s.speed.to_string());
    if !s.defense_tokens.is_empty() {
        row(
            &mut out,
            "Defense tokens",
            counted(s.defense_tokens.iter().map(|t| t.as_str())),
        );
    }
    let keywords = s.keywords.list();
    if !keywords.is_empty() {
        row(&mut out, "Keywords", keywords.join(", "));
    }
    row(&mut out, "Anti-squadron", dice(&s.anti_squadron));
    row(&mut out, "Anti-ship", dice(&s.anti_ship));
    if s.irregular {
        row(&mut out, "Irregular", "yes");
    }
    out
}

pub(super) fn upgrade(cards: &ArmadaCards, u: &Upgrade) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Slot", list(u.slots.iter().map(|s| s.as_str())));
    let factions = if u.factions.is_empty() {
        "any".to_string()
    } else {
        list(u.factions.iter().map(|f| f.as_str()))
    };
    row(&mut out, "Faction", factions);
    common(&mut out, u.source, &u.superseded_by, &u.replaces);
    row(&mut out, "Points", u.points.to_string());
    if u.unique {
        row(&mut out, "Unique", "yes");
    }
    if !u.unique_class.is_empty() {
        row(&mut out, "Unique class", u.unique_class.join(", "));
    }
    if u.modification {
        row(&mut out, "Modification", "yes");
    }
    if let Some(id) = &u.ship_type {
        let shown = cards
            .ship_type(id)
            .map_or(id.clone(), |t| format!("{} ({})", t.name, t.id));
        row(&mut out, "Ship type", shown);
    }
    let r = &u.restrictions;
    if !r.sizes.is_empty() {
        row(
            &mut out,
            "Ship sizes",
            list(r.sizes.iter().map(|s| s.as_str())),
        );
    }
    if !r.traits.is_empty() {
        row(
            &mut out,
            "Ship traits (any of)",
            list(r.traits.iter().map(String::as_str)),
        );
    }
    if r.flagship {
        row(&mut out, "Flagship only", "yes");
    }
    if !r.not_with_slots.is_empty() {
        row(
            &mut out,
            "Not on ships with",
            list(r.not_with_slots.iter().map(|s| s.as_str())),
        );
    }
    if let Some(condition) = &r.not_if {
        let sizes = if condition.sizes.is_empty() {
            "any".to_string()
        } else {
            list(condition.sizes.iter().map(|s| s.as_str()))
        };
        let slots = list(condition.slots.iter().map(|s| s.as_str()));
        row(&mut out, "Not on", format!("{sizes} ships with {slots}"));
    }
    if !u.adds_slots.is_empty() {
        row(
            &mut out,
            "Adds slots",
            counted(u.adds_slots.iter().map(|s| s.as_str())),
        );
    }
    if !u.removes_slots.is_empty() {
        row(
            &mut out,
            "Removes slots",
            list(u.removes_slots.iter().map(|s| s.as_str())),
        );
    }
    if !u.removes_one_slot.is_empty() {
        row(
            &mut out,
            "Removes one slot of",
            list(u.removes_one_slot.iter().map(|s| s.as_str())),
        );
    }
    if !u.adds_traits.is_empty() {
        row(
            &mut out,
            "Adds traits",
            list(u.adds_traits.iter().map(String::as_str)),
        );
    }
    if let Some(start) = &u.starts_with {
        let kind = match start.kind {
            CommandKind::Token => "token",
            CommandKind::Dial => "dial",
        };
        let commands = list(start.commands.iter().map(|c| c.as_str()));
        row(
            &mut out,
            "Starts with",
            format!("{} {kind}(s): {commands}", start.count),
        );
    }
    if let Some(exhaust) = u.exhaust {
        let text = match exhaust {
            Exhaust::Recurring => "recurring",
            Exhaust::NonRecurring => "non-recurring",
        };
        row(&mut out, "Exhaust", text);
    }
    if let Some(cost) = &u.ready_cost {
        let tokens = list(cost.tokens.iter().map(|c| c.as_str()));
        row(
            &mut out,
            "Ready cost",
            format!("{} token(s): {tokens}", cost.count),
        );
    }
    out
}

pub(super) fn objective(o: &Objective) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Category", o.category.as_str());
    common(&mut out, o.source, &o.superseded_by, &o.replaces);
    if !o.obstacles.is_empty() {
        row(
            &mut out,
            "Obstacles",
            list(o.obstacles.iter().map(|x| x.as_str())),
        );
    }
    if o.victory_tokens {
        let value = o
            .victory_token_points
            .map_or("yes".to_string(), |p| format!("yes, {p} points each"));
        row(&mut out, "Victory tokens", value);
    }
    if let Some(tokens) = &o.objective_tokens {
        let per = if tokens.per_ship { " per ship" } else { "" };
        row(
            &mut out,
            "Objective tokens",
            format!("{}{per}", tokens.count),
        );
    }
    if let Some(tokens) = &o.command_tokens {
        let per = if tokens.per_ship { " per ship" } else { "" };
        row(
            &mut out,
            "Command tokens",
            format!("{} {}{per}", tokens.count, tokens.command.as_str()),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_and_chart_read_like_the_card() {
        assert_eq!(dice(&[3, 0, 3]), "3 red, 3 black");
        assert_eq!(dice(&[0, 0, 0]), "none");
        assert_eq!(
            speed_chart(&[vec![2], vec![1, 1], vec![0, 1, 1]]),
            "1: II · 2: I I · 3: - I I"
        );
        assert_eq!(counted(["officer", "title", "officer"]), "2 officer, title");
    }
}
