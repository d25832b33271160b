//! `cards show` rows: every fact of a card as short, human-readable text.

use super::data::*;
use super::model::*;
use crate::cards::Fact;

pub fn facts(cards: &XwingCards, kind: &str, id: &str) -> Vec<Fact> {
    let mut rows = Rows::default();
    match kind {
        "ship" => {
            if let Some(ship) = cards.ship(id) {
                ship_facts(cards, ship, &mut rows);
            }
        }
        "pilot" => {
            if let Some(pilot) = cards.pilot(id) {
                pilot_facts(cards, pilot, &mut rows);
            }
        }
        "upgrade" => {
            if let Some(upgrade) = cards.upgrade(id) {
                upgrade_facts(cards, upgrade, &mut rows);
            }
        }
        "condition" => {
            if let Some(condition) = cards.condition(id) {
                rows.add("Limited", condition.limited.to_string());
            }
        }
        "device" => {
            if let Some(device) = cards.device(id) {
                device_facts(cards, device, &mut rows);
            }
        }
        _ => {}
    }
    rows.0
}

#[derive(Default)]
struct Rows(Vec<Fact>);

impl Rows {
    fn add(&mut self, label: impl Into<String>, value: impl Into<String>) {
        let value = value.into();
        if !value.is_empty() {
            self.0.push((label.into(), value));
        }
    }
}

fn join<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    items.iter().map(show).collect::<Vec<_>>().join(" · ")
}

fn ship_facts(cards: &XwingCards, ship: &Ship, rows: &mut Rows) {
    rows.add("Size", ship.size.label());
    rows.add("Factions", join(&ship.factions, |f| f.label().to_string()));
    stats_facts(&ship.stats, rows);
    rows.add("Actions", actions_text(&ship.actions));
    rows.add("Dial", ship.dial.join(" "));
    let pilots = cards.pilots.iter().filter(|p| p.ship == ship.id).count();
    rows.add("Pilots", pilots.to_string());
}

fn stats_facts(stats: &Stats, rows: &mut Rows) {
    rows.add("Attack", join(&stats.attack, attack_text));
    rows.add("Agility", stats.agility.to_string());
    rows.add("Hull", stats.hull.to_string());
    let recover = |n: Option<i32>| n.map(|n| format!(" (recovers {n})")).unwrap_or_default();
    if stats.shields != 0 || stats.shields_recover.is_some() {
        rows.add(
            "Shields",
            format!("{}{}", stats.shields, recover(stats.shields_recover)),
        );
    }
    if let Some(energy) = stats.energy {
        rows.add(
            "Energy",
            format!("{energy}{}", recover(stats.energy_recover)),
        );
    }
}

fn attack_text(attack: &Attack) -> String {
    let mut text = format!("{} {}", attack.arc.label(), attack.value);
    match (attack.min_range, attack.max_range) {
        (Some(min), Some(max)) if min == max => text.push_str(&format!(", range {min}")),
        (Some(min), Some(max)) => text.push_str(&format!(", range {min}-{max}")),
        _ => {}
    }
    if attack.ordnance {
        text.push_str(", ordnance");
    }
    text
}

fn colour_suffix(colour: Colour) -> String {
    match colour {
        Colour::White => String::new(),
        other => format!(" ({})", other.as_str()),
    }
}

fn action_text(action: &Action) -> String {
    let mut text = format!("{}{}", action.action.label(), colour_suffix(action.colour));
    if let Some(linked) = &action.linked {
        text.push_str(&format!(
            " → {}{}",
            linked.action.label(),
            colour_suffix(linked.colour)
        ));
    }
    text
}

fn actions_text(actions: &[Action]) -> String {
    join(actions, action_text)
}

fn charges_text(charges: &Charges) -> String {
    match charges.recovers {
        0 => charges.value.to_string(),
        n if n > 0 => format!("{}, recovers {n}", charges.value),
        n => format!("{}, loses {}", charges.value, -n),
    }
}

fn force_text(force: &Force) -> String {
    let mut text = charges_text(&Charges {
        value: force.value,
        recovers: force.recovers,
    });
    if !force.side.is_empty() {
        text.push_str(&format!(
            ", {} side",
            join(&force.side, |s| s.as_str().to_string())
        ));
    }
    text
}

fn legal_text(legal: &[Legality]) -> String {
    if legal.is_empty() {
        "none".to_string()
    } else {
        join(legal, |l| l.as_str().to_string())
    }
}

fn slots_text(slots: &[Slot]) -> String {
    join(slots, |s| s.label().to_string())
}

fn named<'a>(name: Option<&'a str>, id: &'a str) -> String {
    match name {
        Some(name) => format!("{name} ({id})"),
        None => id.to_string(),
    }
}

/// Revisions, oldest first.
fn chronology(cards: &XwingCards) -> Vec<&Revision> {
    let mut revisions: Vec<&Revision> = cards.revisions.iter().map(|r| &r.value).collect();
    revisions.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
    revisions
}

/// Position of a revision in the chronology (unknown ids last).
fn position(chronology: &[&Revision], id: &RevisionId) -> usize {
    chronology
        .iter()
        .position(|r| r.id == *id)
        .unwrap_or(usize::MAX)
}

/// "Points xwa-bv1 … xwa-r2" for a run of an organisation's consecutive revisions, else the
/// ids joined.
fn points_label(chronology: &[&Revision], revisions: &[RevisionId]) -> String {
    let mut ids: Vec<RevisionId> = revisions.to_vec();
    ids.sort_by_key(|id| (position(chronology, id), *id));
    let organisation = |id: &RevisionId| {
        chronology
            .iter()
            .find(|r| r.id == *id)
            .map(|r| r.organisation)
    };
    let run: Vec<&RevisionId> = chronology
        .iter()
        .filter(|r| Some(r.organisation) == organisation(&ids[0]))
        .map(|r| &r.id)
        .skip_while(|id| **id != ids[0])
        .take(ids.len())
        .collect();
    let consecutive =
        ids.len() >= 3 && run.len() == ids.len() && run.iter().zip(&ids).all(|(a, b)| *a == b);
    if consecutive {
        format!("Points {} … {}", ids[0], ids[ids.len() - 1])
    } else {
        format!(
            "Points {}",
            ids.iter()
                .map(RevisionId::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// Points entries, the one with the oldest revision first.
fn entries_in_order<'a, T>(
    chronology: &[&Revision],
    entries: &'a [T],
    revisions: impl Fn(&T) -> &[RevisionId],
) -> Vec<&'a T> {
    let mut sorted: Vec<&T> = entries.iter().collect();
    sorted.sort_by_key(|e| {
        revisions(e)
            .iter()
            .map(|id| position(chronology, id))
            .min()
            .unwrap_or(usize::MAX)
    });
    sorted
}

fn pilot_facts(cards: &XwingCards, pilot: &Pilot, rows: &mut Rows) {
    if let Some(caption) = &pilot.caption {
        rows.add("Caption", caption.clone());
    }
    rows.add(
        "Ship",
        named(
            cards.ship(&pilot.ship).map(|s| s.name.as_str()),
            &pilot.ship,
        ),
    );
    rows.add("Faction", pilot.faction.label());
    match pilot.initiative {
        Some(initiative) => rows.add("Initiative", initiative.to_string()),
        None => rows.add("Initiative", "unknown (not in xwing-data2)"),
    }
    if let Some(engagement) = pilot.engagement {
        rows.add("Engagement", engagement.to_string());
    }
    rows.add("Limited", pilot.limited.to_string());
    rows.add("Slots", slots_text(&pilot.slots));
    rows.add("Keywords", join(&pilot.keywords, |k| k.label().to_string()));
    if let Some(charges) = &pilot.charges {
        rows.add("Charges", charges_text(charges));
    }
    if let Some(force) = &pilot.force {
        rows.add("Force", force_text(force));
    }
    if let Some(ability) = &pilot.ship_ability {
        rows.add("Ship ability", ability.clone());
    }
    if let Some(stats) = &pilot.ship_stats {
        let mut inner = Rows::default();
        stats_facts(stats, &mut inner);
        rows.add(
            "Ship stats",
            inner
                .0
                .iter()
                .map(|(l, v)| format!("{l} {v}"))
                .collect::<Vec<_>>()
                .join(" · "),
        );
    }
    rows.add("Ship actions", actions_text(&pilot.ship_actions));
    rows.add(
        "Standard loadout",
        join(&pilot.standard_loadout, |id| {
            named(cards.upgrade(id).map(|u| u.name.as_str()), id)
        }),
    );
    rows.add(
        "Conditions",
        join(&pilot.conditions, |id| {
            named(cards.condition(id).map(|c| c.name.as_str()), id)
        }),
    );
    timing_rows(cards, AbilityPart::Pilot, &pilot.id, None, 0, "pilot", rows);
    if let Some(ability) = &pilot.ship_ability {
        let label = format!("ship ability {ability}");
        timing_rows(
            cards,
            AbilityPart::Ship,
            &pilot.ship,
            Some(ability),
            0,
            &label,
            rows,
        );
    }
    rows.add("Legal", legal_text(&pilot.legal));
    if let (Some(cost), Some(loadout)) = (pilot.cost, pilot.loadout) {
        rows.add("Cost (xwing-data2)", format!("{cost} · loadout {loadout}"));
    }
    let chronology = chronology(cards);
    for points in entries_in_order(&chronology, &pilot.points, |p| &p.revisions) {
        if points.revisions.is_empty() {
            continue;
        }
        let mut parts = vec![format!("{} · loadout {}", points.cost, points.loadout)];
        if let Some(slots) = &points.slots {
            parts.push(format!(
                "slots {}",
                if slots.is_empty() {
                    "none".to_string()
                } else {
                    slots_text(slots)
                }
            ));
        }
        if let Some(keywords) = &points.keywords {
            parts.push(format!(
                "keywords {}",
                join(keywords, |k| k.label().to_string())
            ));
        }
        if let Some(limited) = points.limited {
            parts.push(format!("limited {limited}"));
        }
        if let Some(legal) = &points.legal {
            parts.push(format!("legal {}", legal_text(legal)));
        }
        if points.restricted != 0 {
            parts.push(format!("restricted {}", points.restricted));
        }
        if let Some(yasb) = points.yasb_id {
            parts.push(format!("yasb {yasb}"));
        }
        if let Some(xws) = &points.xws {
            parts.push(format!("listed as {xws}"));
        }
        rows.add(
            points_label(&chronology, &points.revisions),
            parts.join(" · "),
        );
    }
}

/// One row per timing fact of an ability: its window in the scenario vocabulary, whether it
/// is optional, its requirements, costs and effects, and whether a person checked it.
fn timing_rows(
    cards: &XwingCards,
    part: AbilityPart,
    card: &str,
    ability: Option<&str>,
    side: u8,
    label: &str,
    rows: &mut Rows,
) {
    for timing in cards.timings(part, card, ability, side) {
        rows.add(format!("Timing ({label})"), timing_text(timing));
    }
}

pub fn timing_text(timing: &AbilityTiming) -> String {
    let mut parts = vec![timing.timing.clone()];
    if timing.optional {
        parts.push("optional".to_string());
    }
    for (what, list) in [
        ("requires", &timing.requires),
        ("cost", &timing.cost),
        ("effect", &timing.effect),
    ] {
        if !list.is_empty() {
            parts.push(format!("{what} {}", list.join("; ")));
        }
    }
    if !timing.complete {
        parts.push("the card says more".to_string());
    }
    parts.push(
        if timing.checked {
            "checked by hand"
        } else {
            "derived"
        }
        .to_string(),
    );
    parts.join(" · ")
}

fn cost_text(cost: Option<i32>, variable: Option<&VariableCost>) -> String {
    if let Some(variable) = variable {
        let by = match variable.by {
            CostVariable::Size => "size",
            CostVariable::Agility => "agility",
            CostVariable::Initiative => "initiative",
        };
        let values = variable
            .values
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join(", ");
        format!("by {by} ({values})")
    } else {
        cost.map_or("?".to_string(), |c| c.to_string())
    }
}

pub fn restriction_text(restriction: &Restriction) -> String {
    let mut parts = Vec::new();
    if !restriction.factions.is_empty() {
        parts.push(join(&restriction.factions, |f| f.label().to_string()).replace(" · ", " or "));
    }
    if !restriction.ships.is_empty() {
        parts.push(format!("ship {}", restriction.ships.join(" or ")));
    }
    if !restriction.sizes.is_empty() {
        parts.push(format!(
            "{} ship",
            join(&restriction.sizes, |s| s.label().to_string()).replace(" · ", " or ")
        ));
    }
    if !restriction.keywords.is_empty() {
        parts.push(format!(
            "keyword {}",
            join(&restriction.keywords, |k| k.label().to_string()).replace(" · ", " or ")
        ));
    }
    if !restriction.ship_abilities.is_empty() {
        parts.push(format!(
            "ship ability {}",
            restriction.ship_abilities.join(" or ")
        ));
    }
    if !restriction.arcs.is_empty() {
        parts.push(format!(
            "has {}",
            join(&restriction.arcs, |a| a.label().to_string()).replace(" · ", " or ")
        ));
    }
    if !restriction.force_sides.is_empty() {
        parts.push(format!(
            "{} side",
            join(&restriction.force_sides, |s| s.as_str().to_string()).replace(" · ", " or ")
        ));
    }
    if !restriction.equipped.is_empty() {
        parts.push(format!(
            "{} equipped",
            join(&restriction.equipped, |s| s.label().to_string()).replace(" · ", " or ")
        ));
    }
    if let Some(action) = &restriction.action {
        let colour = action
            .colour
            .map(|c| format!("{} ", c.as_str()))
            .unwrap_or_default();
        parts.push(format!("{colour}{} action", action.action.label()));
    }
    for stat in &restriction.stats {
        let name = stat.stat.as_str();
        parts.push(match (stat.min, stat.max) {
            (Some(min), Some(max)) if min == max => format!("{name} {min}"),
            (Some(min), Some(max)) => format!("{name} {min}-{max}"),
            (Some(min), None) => format!("{name} {min} or more"),
            (None, Some(max)) => format!("{name} {max} or less"),
            (None, None) => name.to_string(),
        });
    }
    if restriction.solitary {
        parts.push("solitary".to_string());
    }
    if restriction.standardized {
        parts.push("standardized".to_string());
    }
    if let Some(flag) = restriction.non_limited {
        parts.push(format!("non-limited {flag}"));
    }
    let mut text = parts.join(", ");
    if !restriction.names.is_empty() {
        let names = restriction.names.join(" or ");
        text = if text.is_empty() {
            format!("squad with {names}")
        } else {
            format!("{text}; or squad with {names}")
        };
    }
    text
}

fn restrictions_text(restrictions: &[Restriction]) -> String {
    restrictions
        .iter()
        .map(restriction_text)
        .collect::<Vec<_>>()
        .join(" · ")
}

fn grant_text(grant: &Grant) -> String {
    let amount = grant.amount.map(|a| format!("{a:+} ")).unwrap_or_default();
    if let Some(action) = &grant.action {
        format!("action {}", action_text(action))
    } else if let Some(slot) = grant.slot {
        format!("{amount}{} slot", slot.label())
    } else if let Some(stat) = grant.stat {
        let arc = grant
            .arc
            .map(|a| format!(" ({})", a.label()))
            .unwrap_or_default();
        let side = if grant.force_side.is_empty() {
            String::new()
        } else {
            format!(
                " ({} side)",
                join(&grant.force_side, |s| s.as_str().to_string())
            )
        };
        format!("{amount}{}{arc}{side}", stat.label())
    } else if let Some(arc) = grant.arc {
        format!("gains {}", arc.label())
    } else {
        String::new()
    }
}

fn upgrade_facts(cards: &XwingCards, upgrade: &Upgrade, rows: &mut Rows) {
    rows.add("Slots", slots_text(&upgrade.slots));
    rows.add("Limited", upgrade.limited.to_string());
    if upgrade.cost.is_some() || upgrade.variable_cost.is_some() {
        rows.add(
            "Cost (xwing-data2)",
            cost_text(upgrade.cost, upgrade.variable_cost.as_ref()),
        );
    }
    rows.add("Restrictions", restrictions_text(&upgrade.restrictions));
    if upgrade.standard_loadout_only {
        rows.add("Standard loadout only", "yes");
    }
    rows.add("Legal", legal_text(&upgrade.legal));
    let two_sided = upgrade.sides.len() > 1;
    for (index, side) in upgrade.sides.iter().enumerate() {
        let label = if two_sided {
            format!("Side {}", index + 1)
        } else {
            "Side".to_string()
        };
        let mut parts = vec![format!("{} ({})", side.title, side.kind.label())];
        if let Some(slots) = &side.slots {
            parts.push(format!("slots {}", slots_text(slots)));
        }
        if let Some(charges) = &side.charges {
            parts.push(format!("charges {}", charges_text(charges)));
        }
        if let Some(force) = &side.force {
            parts.push(format!("force {}", force_text(force)));
        }
        if let Some(attack) = &side.attack {
            parts.push(format!("attack {}", attack_text(attack)));
        }
        if !side.actions.is_empty() {
            parts.push(format!("actions {}", actions_text(&side.actions)));
        }
        for grant in &side.grants {
            parts.push(format!("grants {}", grant_text(grant)));
        }
        if let Some(device) = &side.device {
            parts.push(format!(
                "device {}",
                named(cards.device(device).map(|d| d.name.as_str()), device)
            ));
        }
        if !side.conditions.is_empty() {
            parts.push(format!("conditions {}", side.conditions.join(", ")));
        }
        if let Some(ability) = &side.ship_ability {
            parts.push(format!("ship ability {ability}"));
        }
        rows.add(label, parts.join(" · "));
    }
    for index in 0..upgrade.sides.len() {
        let label = if two_sided {
            format!("side {}", index + 1)
        } else {
            "upgrade".to_string()
        };
        let side = u8::try_from(index).unwrap_or(u8::MAX);
        timing_rows(
            cards,
            AbilityPart::Upgrade,
            &upgrade.id,
            None,
            side,
            &label,
            rows,
        );
    }
    let chronology = chronology(cards);
    for points in entries_in_order(&chronology, &upgrade.points, |p| &p.revisions) {
        if points.revisions.is_empty() {
            continue;
        }
        let mut parts = vec![cost_text(points.cost, points.variable_cost.as_ref())];
        if let Some(slots) = &points.slots {
            parts.push(format!("slots {}", slots_text(slots)));
        }
        if let Some(limited) = points.limited {
            parts.push(format!("limited {limited}"));
        }
        if let Some(restrictions) = &points.restrictions {
            let text = restrictions_text(restrictions);
            parts.push(format!(
                "restrictions {}",
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text
                }
            ));
        }
        if let Some(legal) = &points.legal {
            parts.push(format!("legal {}", legal_text(legal)));
        }
        if points.restricted != 0 {
            parts.push(format!("restricted {}", points.restricted));
        }
        if let Some(yasb) = points.yasb_id {
            parts.push(format!("yasb {yasb}"));
        }
        if let Some(xws) = &points.xws {
            parts.push(format!("listed as {xws}"));
        }
        rows.add(
            points_label(&chronology, &points.revisions),
            parts.join(" · "),
        );
    }
}

fn device_facts(cards: &XwingCards, device: &Device, rows: &mut Rows) {
    rows.add("Type", device.kind.label());
    rows.add(
        "Upgrade",
        named(
            cards.upgrade(&device.upgrade).map(|u| u.name.as_str()),
            &device.upgrade,
        ),
    );
    if let Some(initiative) = device.initiative {
        rows.add("Initiative", initiative.to_string());
    }
    if let Some(charges) = &device.charges {
        rows.add("Charges", charges_text(charges));
    }
    if let Some(attack) = &device.attack {
        rows.add("Attack", attack_text(attack));
    }
    if let Some(agility) = device.agility {
        rows.add("Agility", agility.to_string());
    }
    if let Some(hull) = device.hull {
        rows.add("Hull", hull.to_string());
    }
}
