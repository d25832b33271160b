//! One `[[ship]]` of a Talon scenario, checked against its class and resolved into a
//! [`ShipDef`]: class, power curve, position, shields, hull, weapon charge and side.

use super::file::{Kind, Reinforced, Ship};
use super::hex::{Heading, Hex};
use super::scenario::ShipDef;
use crate::cards::talon::{PowerCurve, ShipClass, Side, TalonCards};
use crate::parse::scenario::check::Check;
use crate::report::Code;
use crate::text::did_you_mean;
use std::ops::Range;

type Class<'db> = Option<&'db ShipClass>;

pub(super) fn ship<'db>(
    check: &mut Check<'_>,
    cards: &'db TalonCards,
    s: &Ship,
    span: Range<usize>,
    kind: Kind,
) -> ShipDef<'db> {
    let id_span = check.find_in(&format!("\"{}\"", s.id), span.clone());
    let class = class(check, cards, s);
    require_class_or_curve(check, s, class, kind, &id_span);
    let curve = curve(check, s, class);
    let hex = hex(check, s);
    let heading = heading(check, s);
    require_position(check, s, class, kind, &id_span);
    let shields = shields(check, s, class, &span);
    let hull_lost = hull_lost(check, s, class);
    let (reinforced, reinforced_in) = reinforced(check, s);
    let fighters = fighters(check, cards, s, class, &id_span);
    let mut charged = charged(check, s, class);
    let charge = charge(check, s, class, &span);
    if kind == Kind::Round {
        // A round fires only groups whose bar is full (Talon rulebook 8.1).
        for ((ready, bar), group) in charged
            .iter_mut()
            .zip(&charge)
            .zip(class.map_or(&[][..], |c| &c.weapon_group[..]))
        {
            *ready &= *bar == [group.red, group.yellow];
        }
    }
    let side = side(check, s, class);
    ShipDef {
        id: s.id.clone(),
        class,
        side,
        curve,
        hex,
        heading,
        shields,
        hull_lost,
        reinforced,
        reinforced_in,
        charged,
        charge,
        speed: s.speed.as_ref().map(|v| (*v.get_ref(), v.span())),
        power_loss: s.power_loss,
        power_relay: s.power_relay,
        moves: s.moves.iter().map(|m| (*m.get_ref(), m.span())).collect(),
        turn_marker: s.turn_marker.as_ref().map_or(0, |t| *t.get_ref()),
        span: match s.moves.first() {
            Some(first) => check.key_span("moves", first.span()),
            None => id_span,
        },
        battery: s.battery,
        afterburners_used: s.afterburners_used,
        shields_down: s.shields_down,
        helm_down: s.helm_down,
        thrusters: s.thrusters,
        ftl_offline: s.ftl_offline,
        fighters,
        retreat: s
            .retreat
            .as_ref()
            .filter(|r| *r.get_ref())
            .map(|r| check.key_span("retreat", r.span())),
        dock: s.dock.as_ref().map(|d| (d.get_ref().clone(), d.span())),
        pull: s.pull.as_ref().and_then(|p| {
            let hex = p.get_ref().hex();
            if hex.is_none() {
                check.error(
                    Code::ScenarioInvalidValue,
                    p.span(),
                    "not a hex of the map".into(),
                    "not CCRR or [q, r]",
                    "write `\"0512\"` (column 05, row 12) or axial `[q, r]`".into(),
                );
            }
            hex.map(|h| (h, p.span()))
        }),
    }
}

/// A squadron's fighters (Talon rulebook 12.1.1: three a counter): the hull boxes crossed on
/// each one still flying, the rest counted as destroyed. Empty for any other class.
fn fighters(
    check: &mut Check<'_>,
    cards: &TalonCards,
    s: &Ship,
    class: Class<'_>,
    id_span: &Range<usize>,
) -> Vec<u32> {
    let Some(class) = class else {
        return Vec::new();
    };
    let per = cards
        .numbers
        .as_ref()
        .map_or(0, |n| usize::from(n.fighters_per_squadron));
    let hull = class.hull_boxes.len() as u32;
    if !class.is_fighter() {
        if let Some(given) = &s.fighters {
            check.error(
                Code::ScenarioContradiction,
                given.span(),
                format!("the {} is no fighter squadron", class.name),
                "not fighters",
                "`fighters` is for a squadron counter (FTR): leave it out".into(),
            );
        }
        return Vec::new();
    }
    let given = s.fighters.as_ref().map_or(&[][..], |f| &f.get_ref()[..]);
    if let Some(list) = &s.fighters
        && (list.get_ref().is_empty()
            || list.get_ref().len() > per
            || list.get_ref().iter().any(|&lost| lost >= hull))
    {
        check.error(
            Code::ScenarioContradiction,
            list.span(),
            format!(
                "a squadron has {per} fighters of {hull} hull boxes each; this lists {} still flying",
                list.get_ref().len()
            ),
            "not a squadron",
            format!(
                "give the hull boxes crossed on each fighter still flying, 1 to {per} numbers each below {hull} (Talon rulebook 12.1.1, 12.1.2)"
            ),
        );
    }
    let _ = id_span;
    (0..per)
        .map(|i| given.get(i).copied().map_or(hull, |lost| lost.min(hull)))
        .map(|lost| if s.fighters.is_none() { 0 } else { lost })
        .collect()
}

/// The class named by id or by name; an unknown one is a finding with the nearest names.
fn class<'db>(check: &mut Check<'_>, cards: &'db TalonCards, s: &Ship) -> Class<'db> {
    let c = s.class.as_ref()?;
    let found = cards
        .class(c.get_ref())
        .or_else(|| cards.find_class(c.get_ref(), None));
    if found.is_none() {
        let names: Vec<String> = cards
            .classes
            .iter()
            .flat_map(|c| [c.id.clone(), c.name.clone()])
            .collect();
        check.error(
            Code::ScenarioUnknownReference,
            c.span(),
            format!("`{}` is no Talon ship class", c.get_ref()),
            "unknown class",
            did_you_mean(
                c.get_ref(),
                names.iter().map(String::as_str),
                "name a class by id (`terran-ca`) or with its side (`Terran CA`, `CA Talon`)",
            ),
        );
    }
    found.map(|f| &f.value)
}

/// Most kinds need the class; `talon/impulse` needs a class or a curve.
fn require_class_or_curve(
    check: &mut Check<'_>,
    s: &Ship,
    class: Class<'_>,
    kind: Kind,
    id_span: &Range<usize>,
) {
    let needs_class = matches!(
        kind,
        Kind::Damage | Kind::Fire | Kind::EnergyPhase | Kind::Round
    );
    if needs_class && class.is_none() && s.class.is_none() {
        check.error(
            Code::ScenarioMissingField,
            id_span.clone(),
            format!("ship `{}` has no `class`", s.id),
            "this ship",
            "its shields, hull and weapons come from its class: add `class = \"Terran CA\"` (or another)".into(),
        );
    }
    if kind == Kind::Impulse && s.class.is_none() && s.curve.is_none() {
        check.error(
            Code::ScenarioMissingField,
            id_span.clone(),
            format!("ship `{}` has neither `class` nor `curve`", s.id),
            "this ship",
            "give its power curve (`curve = \"2-4-1\"`) or its class (its starting curve is used)"
                .into(),
        );
    }
}

/// The power curve given, on the impulse chart and on the class's card; else the class's
/// starting curve.
fn curve(check: &mut Check<'_>, s: &Ship, class: Class<'_>) -> Option<PowerCurve> {
    let Some(text) = &s.curve else {
        return class.map(|c| c.default_curve);
    };
    match PowerCurve::parse(text.get_ref()) {
        None => {
            check.error(
                Code::ScenarioInvalidValue,
                text.span(),
                format!("`{}` is no power curve", text.get_ref()),
                "not power-speed-turn",
                "write the three numbers of the counter, e.g. `3-3-2` (Talon rulebook 5.4.1)"
                    .into(),
            );
            None
        }
        Some(curve) if curve.power > 6 || curve.speed > 6 => {
            check.error(
                Code::ScenarioInvalidValue,
                text.span(),
                format!("curve `{curve}` goes past 6"),
                "not on the impulse chart",
                "power and speed are 0 to 6 (Talon rulebook 4.1, 5.1)".into(),
            );
            None
        }
        Some(curve) => {
            if let Some(class) = class
                && !class.curves.contains(&curve)
            {
                check.error(
                    Code::ScenarioIllegalChoice,
                    text.span(),
                    format!("the {} has no curve {curve}", class.name),
                    "not on its card",
                    curve_help(class, curve),
                );
            }
            Some(curve)
        }
    }
}

/// The card's curves; where the rulebook's own example prints this curve for the class (the
/// Patton's 2-4-1 in 4.1), the help says the example differs and the card's value is used.
fn curve_help(class: &ShipClass, curve: PowerCurve) -> String {
    let curves: Vec<String> = class.curves.iter().map(|c| format!("`{c}`")).collect();
    let mut help = format!("its curves are {}", curves.join(", "));
    if class.rulebook_example_curves.contains(&curve)
        && let Some(card) = class.curve_with_speed(curve.speed)
    {
        help.push_str(&format!(
            "; the rulebook's example (4.1) prints {curve} for this class, but its card and 5.4.3 give `{card}` at speed {}: the card's value is the one to write",
            curve.speed
        ));
    }
    help
}

fn hex(check: &mut Check<'_>, s: &Ship) -> Option<Hex> {
    let h = s.hex.as_ref()?;
    let hex = h.get_ref().hex();
    if hex.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            h.span(),
            "not a hex of the map".into(),
            "not CCRR or [q, r]",
            "write `\"0512\"` (column 05, row 12) or axial `[q, r]`".into(),
        );
    }
    hex
}

fn heading(check: &mut Check<'_>, s: &Ship) -> Option<Heading> {
    let h = s.heading.as_ref()?;
    let heading = Heading::from_degrees(*h.get_ref());
    if heading.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            h.span(),
            format!("heading {} is out of range", h.get_ref()),
            "no hex side",
            "a ship faces a hex side: 30, 90, 150, 210, 270 or 330 (compass degrees)".into(),
        );
    }
    heading
}

/// Fire and rounds place ships: arcs and range come from their hex and heading.
fn require_position(
    check: &mut Check<'_>,
    s: &Ship,
    class: Class<'_>,
    kind: Kind,
    id_span: &Range<usize>,
) {
    if matches!(kind, Kind::Fire | Kind::Round)
        && class.is_some()
        && (s.hex.is_none() || s.heading.is_none())
    {
        check.error(
            Code::ScenarioMissingField,
            id_span.clone(),
            format!(
                "ship `{}` needs `hex` and `heading` to {}fire or be fired at",
                s.id,
                if kind == Kind::Round { "move, " } else { "" }
            ),
            "this ship",
            "arcs and range come from where ships are: add `hex = \"0505\"` and `heading = 90`"
                .into(),
        );
    }
}

/// Shield boxes left per arc, forward/right/rear/left: the class's full shields unless
/// given, never more.
fn shields(check: &mut Check<'_>, s: &Ship, class: Class<'_>, span: &Range<usize>) -> [u8; 4] {
    let full = class.map_or([0; 4], |c| c.shields.as_array());
    let given = s.shields.unwrap_or_default();
    let shields = [
        given.forward.unwrap_or(full[0]),
        given.right.unwrap_or(full[1]),
        given.rear.unwrap_or(full[2]),
        given.left.unwrap_or(full[3]),
    ];
    if let Some(class) = class
        && shields.iter().zip(full).any(|(now, max)| *now > max)
    {
        let at = check.key_span("shields", span.end..span.end);
        check.error(
            Code::ScenarioContradiction,
            at,
            format!("ship `{}` has more shield boxes than its class", s.id),
            "above the card",
            format!(
                "the {} has forward {}, right {}, rear {}, left {}",
                class.name, full[0], full[1], full[2], full[3]
            ),
        );
    }
    shields
}

/// Hull boxes crossed; crossing them all would have destroyed the ship already.
fn hull_lost(check: &mut Check<'_>, s: &Ship, class: Class<'_>) -> u32 {
    let hull_lost = s.hull_boxes_lost.as_ref().map_or(0, |h| *h.get_ref());
    if let (Some(class), Some(lost)) = (class, &s.hull_boxes_lost)
        && *lost.get_ref() as usize >= class.hull_boxes.len()
    {
        check.error(
            Code::ScenarioContradiction,
            lost.span(),
            format!(
                "the {} has {} hull boxes; with {} crossed it is already destroyed",
                class.name,
                class.hull_boxes.len(),
                lost.get_ref()
            ),
            "no hull left",
            "a ship is gone once its last hull box is crossed (Talon rulebook 8.6.1): give fewer"
                .into(),
        );
    }
    hull_lost
}

/// The arcs with a reinforcement marker, at most one each, and the impulse each was placed
/// in where the scenario gives it.
fn reinforced(check: &mut Check<'_>, s: &Ship) -> ([bool; 4], [Option<usize>; 4]) {
    let mut reinforced = [false; 4];
    let mut placed = [None; 4];
    for given in &s.reinforced {
        let arc = given.get_ref().arc();
        let index = arc.index();
        if reinforced.get(index).copied().unwrap_or(false) {
            check.error(
                Code::ScenarioIllegalChoice,
                given.span(),
                format!("the {} arc is reinforced twice", arc.as_str()),
                "second reinforcement",
                "each shield arc has at most one reinforcement (Talon rulebook 6.2.2)".into(),
            );
        }
        if let Some(slot) = reinforced.get_mut(index) {
            *slot = true;
        }
        if let Reinforced::Placed { impulse, .. } = given.get_ref() {
            let letter = super::LETTERS
                .iter()
                .position(|l| l.eq_ignore_ascii_case(&impulse.to_string()));
            if letter.is_none() {
                check.error(
                    Code::ScenarioInvalidValue,
                    given.span(),
                    format!("`{impulse}` is no impulse"),
                    "not A to F",
                    "the marker carries the letter of the impulse it was placed in, A to F (Talon rulebook 6.1)".into(),
                );
            }
            if let Some(slot) = placed.get_mut(index) {
                *slot = letter;
            }
        }
    }
    (reinforced, placed)
}

/// Per weapon group of the class: fully charged unless listed in `uncharged`.
fn charged(check: &mut Check<'_>, s: &Ship, class: Class<'_>) -> Vec<bool> {
    let groups = class.map_or(0, |c| c.weapon_group.len());
    let mut charged = vec![true; groups];
    for g in &s.uncharged {
        match usize::try_from(*g.get_ref())
            .ok()
            .and_then(|g| g.checked_sub(1))
            .filter(|&g| g < groups)
        {
            Some(index) => {
                if let Some(slot) = charged.get_mut(index) {
                    *slot = false;
                }
            }
            None => check.error(
                Code::ScenarioInvalidValue,
                g.span(),
                format!("ship `{}` has no weapon group {}", s.id, g.get_ref()),
                "no such group",
                format!("its class has {groups} weapon group(s), numbered from 1"),
            ),
        }
    }
    charged
}

/// The `[red, yellow]` boxes crossed on each weapon group's charge bar: one bar per group,
/// none fuller than the card's.
fn charge(check: &mut Check<'_>, s: &Ship, class: Class<'_>, span: &Range<usize>) -> Vec<[u8; 2]> {
    let mut charge = Vec::new();
    if s.charge.is_empty() {
        return charge;
    }
    let groups = class.map_or(0, |c| c.weapon_group.len());
    if s.charge.len() != groups {
        // The bars themselves: a search for the key's text could land on a comment.
        let at = s.charge.first().zip(s.charge.last()).map_or_else(
            || check.key_span("charge", span.end..span.end),
            |(first, last)| first.span().start..last.span().end,
        );
        check.error(
            Code::ScenarioContradiction,
            at,
            format!(
                "ship `{}` gives {} charge bars for {groups} weapon groups",
                s.id,
                s.charge.len()
            ),
            "one `[red, yellow]` per group",
            "list the crossed boxes of every weapon group, in the card's order".into(),
        );
    }
    for (bar, group) in s
        .charge
        .iter()
        .zip(class.map_or(&[][..], |c| &c.weapon_group[..]))
    {
        let [red, yellow] = *bar.get_ref();
        if red > group.red || yellow > group.yellow {
            check.error(
                Code::ScenarioContradiction,
                bar.span(),
                format!(
                    "the {} bar has {} red and {} yellow boxes",
                    group.weapon, group.red, group.yellow
                ),
                "more than the bar holds",
                "give the boxes already crossed, at most the bar's".into(),
            );
        }
        charge.push([red, yellow]);
    }
    charge
}

/// The class's side; `side` is for ships without a class and may not contradict it.
fn side(check: &mut Check<'_>, s: &Ship, class: Class<'_>) -> Option<Side> {
    let side = class
        .map(|c| c.side)
        .or(s.side.as_ref().map(|s| *s.get_ref()));
    if let (Some(class), Some(given)) = (class, &s.side)
        && class.side != *given.get_ref()
    {
        check.error(
            Code::ScenarioContradiction,
            given.span(),
            format!("the {} is a {} class", class.name, class.side.title()),
            "other side",
            "leave `side` out: the class says it".into(),
        );
    }
    side
}

#[cfg(test)]
mod tests {
    use crate::parse::scenario::{self, talon};
    use crate::report::FileId;

    #[test]
    fn a_short_charge_list_is_shown_on_its_bars_even_after_a_comment_naming_charge() {
        let text = "game = \"talon\"\nkind = \"talon/round\"\ntitle = \"t\"\n# it recharged its battery\n[[ship]]\nid = \"g\"\nclass = \"Terran CA\"\nhex = \"0505\"\nheading = 90\ncharge = [[1, 0]]\n";
        let read = scenario::read(FileId(0), text, None).expect("reads");
        let cards = crate::cards::talon::TalonCards::builtin();
        let Err(findings) = talon::load(&read, talon::Kind::Round, cards) else {
            panic!("one bar for three groups is refused");
        };
        let span = findings
            .iter()
            .find(|f| f.message.contains("charge bars"))
            .and_then(|f| f.location.as_ref())
            .map(|l| l.span.clone())
            .expect("a located finding");
        assert_eq!(text.get(span), Some("[1, 0]"));
    }
}
