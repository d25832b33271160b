//! xwing-data2 and xwing-points spellings → arbiter's closed sets and records.

use super::source as src;
use crate::cards::xwing::*;
use crate::text::squash;

pub type Result<T> = std::result::Result<T, String>;

fn closed<T>(what: &str, text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T> {
    parse(text).ok_or_else(|| format!("unknown {what} `{text}`"))
}

pub fn faction(text: &str) -> Result<Faction> {
    closed("faction", text, Faction::parse_loose)
}

pub fn size(text: &str) -> Result<Size> {
    closed("size", text, Size::parse_loose)
}

/// AMG's 2.5 documents (and so xwing-points) call the Device slot "Payload".
pub fn slot(text: &str) -> Result<Slot> {
    if text.eq_ignore_ascii_case("payload") {
        return Ok(Slot::Device);
    }
    closed("slot", text, Slot::parse_loose)
}

pub fn slots(texts: &[String]) -> Result<Vec<Slot>> {
    texts.iter().map(|t| slot(t)).collect()
}

pub fn keyword(text: &str) -> Result<Keyword> {
    closed("keyword", text, Keyword::parse_loose)
}

pub fn arc(text: &str) -> Result<Arc> {
    closed("arc", text, Arc::parse_loose)
}

pub fn colour(text: &str) -> Result<Colour> {
    closed("action colour", text, Colour::parse_loose)
}

pub fn action_kind(text: &str) -> Result<ActionKind> {
    closed("action", text, ActionKind::parse_loose)
}

pub fn force_side(text: &str) -> Result<ForceSide> {
    closed("force side", text, ForceSide::parse_loose)
}

pub fn legal(standard: bool, extended: bool, epic: bool) -> Vec<Legality> {
    [
        (standard, Legality::Standard),
        (extended, Legality::Extended),
        (epic, Legality::Epic),
    ]
    .into_iter()
    .filter_map(|(flag, l)| flag.then_some(l))
    .collect()
}

pub fn action(a: &src::Action) -> Result<Action> {
    let colour_of = |a: &src::Action| {
        a.difficulty
            .as_deref()
            .ok_or_else(|| format!("action `{}` has no difficulty", a.kind))
            .and_then(colour)
    };
    Ok(Action {
        action: action_kind(&a.kind)?,
        colour: colour_of(a)?,
        linked: match &a.linked {
            Some(l) => {
                if l.linked.is_some() {
                    return Err(format!(
                        "action `{}` has a linked action with its own link",
                        a.kind
                    ));
                }
                Some(LinkedAction {
                    action: action_kind(&l.kind)?,
                    colour: colour_of(l)?,
                })
            }
            None => None,
        },
    })
}

pub fn actions(list: &[src::Action]) -> Result<Vec<Action>> {
    list.iter().map(action).collect()
}

/// A ship's or pilot's stat list.
pub fn stats(list: &[src::Stat]) -> Result<Stats> {
    let mut out = Stats {
        attack: Vec::new(),
        agility: -1,
        hull: -1,
        shields: 0,
        shields_recover: None,
        energy: None,
        energy_recover: None,
    };
    for stat in list {
        match stat.kind.as_str() {
            "attack" => out.attack.push(attack_stat(stat)?),
            "agility" => out.agility = stat.value,
            "hull" => out.hull = stat.value,
            "shields" => {
                out.shields = stat.value;
                out.shields_recover = stat.recovers;
            }
            "energy" => {
                out.energy = Some(stat.value);
                out.energy_recover = stat.recovers;
            }
            other => return Err(format!("unknown stat `{other}`")),
        }
    }
    if out.agility < 0 || out.hull < 0 {
        return Err("stats without agility or hull".to_string());
    }
    Ok(out)
}

fn attack_stat(stat: &src::Stat) -> Result<Attack> {
    Ok(Attack {
        arc: arc(stat.arc.as_deref().ok_or("attack without arc")?)?,
        value: stat.value,
        min_range: stat.minrange,
        max_range: stat.maxrange,
        ordnance: stat.ordnance.unwrap_or(false),
    })
}

pub fn charges(c: &src::Charges) -> Charges {
    Charges {
        value: c.value,
        recovers: c.recovers,
    }
}

pub fn force(f: &src::Force) -> Result<Force> {
    Ok(Force {
        value: f.value,
        recovers: f.recovers,
        side: f
            .side
            .iter()
            .map(|s| force_side(s))
            .collect::<Result<_>>()?,
    })
}

/// xwing-points marks the restricted list with `Restricted-N` pseudo keywords (and once a
/// pseudo size); those become the `restricted` count, never a keyword.
pub fn restricted_marker(text: &str) -> Option<i32> {
    text.strip_prefix("Restricted-")
        .and_then(|n| n.parse().ok())
}

/// Keywords without the restricted-list markers, and the marker's count, if any.
pub fn keywords(texts: &[String]) -> Result<(Vec<Keyword>, Option<i32>)> {
    let mut out = Vec::new();
    let mut restricted = None;
    for text in texts {
        match restricted_marker(text) {
            Some(n) => restricted = Some(n),
            None => out.push(keyword(text)?),
        }
    }
    Ok((out, restricted))
}

/// A restriction entry, and any restricted-list marker found in it.
pub fn restriction(r: &src::Restriction) -> Result<(Restriction, Option<i32>)> {
    let mut marker = None;
    let mut note = |n: i32| marker = Some(n);
    let mut sizes = Vec::new();
    for text in &r.sizes {
        match restricted_marker(text) {
            Some(n) => note(n),
            None => sizes.push(size(text)?),
        }
    }
    let mut keywords = Vec::new();
    for text in &r.keywords {
        match restricted_marker(text) {
            Some(n) => note(n),
            None => keywords.push(keyword(text)?),
        }
    }
    let action = match &r.action {
        Some(a) => Some(ActionRequirement {
            action: action_kind(&a.kind)?,
            colour: a.difficulty.as_deref().map(colour).transpose()?,
        }),
        None => None,
    };
    let mut stats = Vec::new();
    for phrase in r.ship_stat.iter().chain(&r.pilot_stat) {
        stats.push(stat_requirement(phrase)?);
    }
    let out = Restriction {
        factions: r
            .factions
            .iter()
            .map(|f| faction(f))
            .collect::<Result<_>>()?,
        ships: r.ships.clone(),
        sizes,
        keywords,
        names: r.names.clone(),
        ship_abilities: r.ship_ability.clone(),
        arcs: r.arcs.iter().map(|a| arc(a)).collect::<Result<_>>()?,
        force_sides: r
            .force_side
            .iter()
            .map(|s| force_side(s))
            .collect::<Result<_>>()?,
        equipped: slots(&r.equipped)?,
        action,
        stats,
        solitary: r.solitary.unwrap_or(false),
        standardized: r.standardized.unwrap_or(false),
        non_limited: r.non_limited,
    };
    Ok((out, marker))
}

/// Restriction entries (empty entries, left when only a marker was there, are dropped).
pub fn restrictions(list: &[src::Restriction]) -> Result<(Vec<Restriction>, Option<i32>)> {
    let mut out = Vec::new();
    let mut marker = None;
    for r in list {
        let (restriction, m) = restriction(r)?;
        marker = marker.or(m);
        if restriction != Restriction::default() {
            out.push(restriction);
        }
    }
    Ok((out, marker))
}

/// xwing-points states stat restrictions as phrases: "Agility 3", "Shield value of 1 or
/// more", "initiative 3 or lower".
pub fn stat_requirement(phrase: &str) -> Result<StatRequirement> {
    let lower = phrase.to_lowercase();
    let stat = [
        ("initiative", StatName::Initiative),
        ("agility", StatName::Agility),
        ("shield", StatName::Shields),
        ("hull", StatName::Hull),
        ("energy", StatName::Energy),
        ("force", StatName::Force),
        ("charge", StatName::Charges),
        ("attack", StatName::Attack),
    ]
    .into_iter()
    .find(|(word, _)| lower.contains(word))
    .map(|(_, stat)| stat)
    .ok_or_else(|| format!("cannot read the stat restriction `{phrase}`"))?;
    let numbers: Vec<i32> = lower
        .split(|c: char| !c.is_ascii_digit())
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.parse().ok())
        .collect();
    let [n] = numbers[..] else {
        return Err(format!("cannot read the stat restriction `{phrase}`"));
    };
    let (min, max) = if ["or more", "or higher", "or greater"]
        .iter()
        .any(|w| lower.contains(w))
    {
        (Some(n), None)
    } else if ["or lower", "or less", "or fewer"]
        .iter()
        .any(|w| lower.contains(w))
    {
        (None, Some(n))
    } else {
        (Some(n), Some(n))
    };
    Ok(StatRequirement { stat, min, max })
}

/// Order-insensitive form of a restriction list, for comparing two sources' versions.
pub fn restrictions_key(list: &[Restriction]) -> Vec<String> {
    let mut keys: Vec<String> = list
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.factions.sort();
            r.ships.sort();
            r.sizes.sort();
            r.keywords.sort();
            r.names.sort();
            r.ship_abilities.sort();
            r.arcs.sort();
            r.force_sides.sort();
            r.equipped.sort();
            format!("{r:?}")
        })
        .collect();
    keys.sort();
    keys
}

pub fn grant(g: &src::Grant) -> Result<Grant> {
    let mut out = Grant {
        action: None,
        slot: None,
        stat: None,
        arc: None,
        amount: g.amount,
        force_side: Vec::new(),
    };
    let text = || {
        g.value
            .as_str()
            .ok_or_else(|| format!("grant `{}` with value {}", g.kind, g.value))
    };
    match g.kind.as_str() {
        "action" => {
            let a: src::Action = serde_json::from_value(g.value.clone())
                .map_err(|e| format!("action grant: {e}"))?;
            out.action = Some(action(&a)?);
        }
        "slot" => out.slot = Some(slot(text()?)?),
        "stat" => {
            out.stat = Some(closed("stat", text()?, StatName::parse_loose)?);
            out.arc = g.arc.as_deref().map(arc).transpose()?;
        }
        "arc" => out.arc = Some(arc(text()?)?),
        "force" => {
            #[derive(serde::Deserialize)]
            #[serde(deny_unknown_fields)]
            struct ForceGrant {
                side: Vec<String>,
            }
            let f: ForceGrant =
                serde_json::from_value(g.value.clone()).map_err(|e| format!("force grant: {e}"))?;
            out.stat = Some(StatName::Force);
            out.force_side = f
                .side
                .iter()
                .map(|s| force_side(s))
                .collect::<Result<_>>()?;
        }
        other => return Err(format!("unknown grant type `{other}`")),
    }
    if g.arc.is_some() && g.kind != "stat" {
        return Err(format!("grant `{}` with an arc", g.kind));
    }
    Ok(out)
}

/// An upgrade's cost in xwing-data2: fixed, variable, or "?" (none).
pub fn cost(c: &src::Cost) -> Result<(Option<i32>, Option<VariableCost>)> {
    if let Some(value) = &c.value {
        return match value {
            serde_json::Value::Number(n) => Ok((
                Some(n.as_i64().ok_or("cost is not a whole number")? as i32),
                None,
            )),
            serde_json::Value::String(s) if s.trim() == "?" => Ok((None, None)),
            serde_json::Value::String(s) => s
                .trim()
                .parse()
                .map(|n| (Some(n), None))
                .map_err(|_| format!("cost `{s}`")),
            other => Err(format!("cost {other}")),
        };
    }
    let by = match c.variable.as_deref() {
        Some("size") => CostVariable::Size,
        Some("agility") => CostVariable::Agility,
        Some("initiative") => CostVariable::Initiative,
        other => return Err(format!("variable cost by {other:?}")),
    };
    let values = c.values.clone().ok_or("variable cost without values")?;
    let values = values
        .into_iter()
        .map(|(k, v)| match by {
            CostVariable::Size => size(&k).map(|s| (s.as_str().to_string(), v)),
            _ => Ok((k, v)),
        })
        .collect::<Result<_>>()?;
    Ok((None, Some(VariableCost { by, values })))
}

/// A points file's cost: a number, or "?" (none).
pub fn points_cost(value: &serde_json::Value) -> Result<Option<i32>> {
    match value {
        serde_json::Value::Number(n) => {
            Ok(Some(n.as_i64().ok_or("cost is not a whole number")? as i32))
        }
        serde_json::Value::String(s) if s.trim() == "?" => Ok(None),
        other => Err(format!("cost {other}")),
    }
}

/// Device ids: the squashed name (`Buzz Droid Swarm` → `buzzdroidswarm`).
pub fn device_id(name: &str) -> String {
    squash(name)
}

pub fn device(d: &src::Device, upgrade: &str) -> Result<Device> {
    let kind = closed("device type", &d.kind, DeviceKind::parse_loose)?;
    let mut out = Device {
        id: device_id(&d.name),
        name: d.name.clone(),
        kind,
        upgrade: upgrade.to_string(),
        initiative: d.initiative,
        charges: d.charges.as_ref().map(charges),
        attack: None,
        agility: None,
        hull: None,
    };
    for stat in &d.stats {
        match stat.kind.as_str() {
            "attack" if out.attack.is_none() => out.attack = Some(attack_stat(stat)?),
            "agility" => out.agility = Some(stat.value),
            "hull" => out.hull = Some(stat.value),
            other => return Err(format!("device `{}` has stat `{other}`", d.name)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src_restriction(json: &str) -> src::Restriction {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn restriction_kinds_map() {
        let (r, marker) = restriction(&src_restriction(
            r#"{"factions":["resistance"],"action":{"type":"Rotate Arc"},"sizes":["Small","Medium","Restricted-2"]}"#,
        ))
        .unwrap();
        assert_eq!(r.factions, [Faction::Resistance]);
        assert_eq!(r.sizes, [Size::Small, Size::Medium]);
        assert_eq!(
            r.action,
            Some(ActionRequirement {
                action: ActionKind::RotateArc,
                colour: None
            })
        );
        assert_eq!(marker, Some(2));

        let (r, _) = restriction(&src_restriction(
            r#"{"shipAbility":["Vectored Thrusters"],"standardized":true,"non-limited":false,"force_side":["dark"],"equipped":["Illicit"],"arcs":["Rear Arc"],"solitary":true,"names":["Darth Vader"],"keywords":["Bounty Hunter"],"ships":["rz1awing"]}"#,
        ))
        .unwrap();
        assert_eq!(r.ship_abilities, ["Vectored Thrusters"]);
        assert!(r.standardized && r.solitary);
        assert_eq!(r.non_limited, Some(false));
        assert_eq!(r.force_sides, [ForceSide::Dark]);
        assert_eq!(r.equipped, [Slot::Illicit]);
        assert_eq!(r.arcs, [Arc::Rear]);
        assert_eq!(r.names, ["Darth Vader"]);
        assert_eq!(r.keywords, [Keyword::BountyHunter]);
        assert_eq!(r.ships, ["rz1awing"]);

        let (list, marker) =
            restrictions(&[src_restriction(r#"{"keywords":["Restricted-3"]}"#)]).unwrap();
        assert!(list.is_empty(), "a marker-only entry disappears");
        assert_eq!(marker, Some(3));
        assert!(restriction(&src_restriction(r#"{"factions":["rebels"]}"#)).is_err());
    }

    #[test]
    fn stat_phrases() {
        let r = stat_requirement("Agility 3").unwrap();
        assert_eq!(
            (r.stat, r.min, r.max),
            (StatName::Agility, Some(3), Some(3))
        );
        let r = stat_requirement("Shield value of 1 or more").unwrap();
        assert_eq!((r.stat, r.min, r.max), (StatName::Shields, Some(1), None));
        let r = stat_requirement("initiative 3 or lower").unwrap();
        assert_eq!(
            (r.stat, r.min, r.max),
            (StatName::Initiative, None, Some(3))
        );
        assert!(stat_requirement("pretty fast").is_err());
    }

    #[test]
    fn restriction_lists_compare_without_order() {
        let a = vec![
            Restriction {
                factions: vec![Faction::GalacticEmpire, Faction::FirstOrder],
                ..Default::default()
            },
            Restriction {
                solitary: true,
                ..Default::default()
            },
        ];
        let b = vec![
            Restriction {
                solitary: true,
                ..Default::default()
            },
            Restriction {
                factions: vec![Faction::FirstOrder, Faction::GalacticEmpire],
                ..Default::default()
            },
        ];
        assert_eq!(restrictions_key(&a), restrictions_key(&b));
        assert_ne!(restrictions_key(&a), restrictions_key(&b[..1]));
    }

    #[test]
    fn costs_fixed_unknown_and_variable() {
        let fixed: src::Cost = serde_json::from_str(r#"{"value": 4}"#).unwrap();
        assert_eq!(cost(&fixed).unwrap(), (Some(4), None));
        let unknown: src::Cost = serde_json::from_str(r#"{"value": "?"}"#).unwrap();
        assert_eq!(cost(&unknown).unwrap(), (None, None));
        let by_size: src::Cost = serde_json::from_str(
            r#"{"variable": "size", "values": {"Small": 2, "Medium": 4, "Large": 6}}"#,
        )
        .unwrap();
        let (fixed, variable) = cost(&by_size).unwrap();
        let variable = variable.unwrap();
        assert_eq!(fixed, None);
        assert_eq!(variable.by, CostVariable::Size);
        assert_eq!(variable.cost_for(Size::Medium, 0, 0), Some(4));
        let by_agility: src::Cost =
            serde_json::from_str(r#"{"variable": "agility", "values": {"0": 1, "3": 7}}"#).unwrap();
        let variable = cost(&by_agility).unwrap().1.unwrap();
        assert_eq!(variable.cost_for(Size::Small, 3, 1), Some(7));
        let by_initiative: src::Cost =
            serde_json::from_str(r#"{"variable": "initiative", "values": {"1": 1, "6": 4}}"#)
                .unwrap();
        assert_eq!(
            cost(&by_initiative)
                .unwrap()
                .1
                .unwrap()
                .cost_for(Size::Large, 2, 6),
            Some(4)
        );
        assert_eq!(points_cost(&serde_json::json!("?")).unwrap(), None);
        assert_eq!(points_cost(&serde_json::json!(7)).unwrap(), Some(7));
    }

    #[test]
    fn grants_and_slots() {
        let g: src::Grant =
            serde_json::from_str(r#"{"type":"slot","value":"cannon","amount":1}"#).unwrap();
        assert_eq!(grant(&g).unwrap().slot, Some(Slot::Cannon));
        let g: src::Grant = serde_json::from_str(
            r#"{"type":"stat","value":"attack","arc":"Front Arc","amount":1}"#,
        )
        .unwrap();
        let g = grant(&g).unwrap();
        assert_eq!(
            (g.stat, g.arc, g.amount),
            (Some(StatName::Attack), Some(Arc::Front), Some(1))
        );
        let g: src::Grant =
            serde_json::from_str(r#"{"type":"force","value":{"side":["dark"]},"amount":1}"#)
                .unwrap();
        let g = grant(&g).unwrap();
        assert_eq!(
            (g.stat, g.force_side),
            (Some(StatName::Force), vec![ForceSide::Dark])
        );
        let g: src::Grant = serde_json::from_str(r#"{"type":"action","value":{"type":"Barrel Roll","difficulty":"White","linked":{"type":"Lock","difficulty":"Red"}}}"#).unwrap();
        let a = grant(&g).unwrap().action.unwrap();
        assert_eq!(
            a.linked,
            Some(LinkedAction {
                action: ActionKind::Lock,
                colour: Colour::Red
            })
        );
        assert_eq!(slot("Payload").unwrap(), Slot::Device);
        assert_eq!(
            keywords(&["TIE".into(), "Restricted-4".into()]).unwrap(),
            (vec![Keyword::Tie], Some(4))
        );
    }
}
