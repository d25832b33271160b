//! `cards show` rows for Space Alert records, and the short phrase of each structured effect
//! (also used by the engine's trace, so the data and the trace read alike).

use super::model::*;
use crate::cards::Fact;

fn fact(label: &str, value: impl Into<String>) -> Fact {
    (label.to_string(), value.into())
}

/// An effect in a few words: "2 damage to own zone", "speed +1".
pub fn describe(e: &Effect) -> String {
    let amount = e.amount.unwrap_or(0);
    let zones = match e.zones {
        Some(EffectZones::Own) | None => "own zone",
        Some(EffectZones::All) => "each zone",
        Some(EffectZones::Others) => "each other zone",
        Some(EffectZones::Red) => "red zone",
        Some(EffectZones::Blue) => "blue zone",
        Some(EffectZones::Stations) => "the zone of each of its stations",
    };
    let mut text = match e.effect {
        EffectKind::Nothing => "nothing".to_string(),
        EffectKind::Damage => format!(
            "{amount} damage to {zones}{}",
            if e.ignore_shields {
                " ignoring shields"
            } else {
                ""
            }
        ),
        EffectKind::DamageHealth => match e.multiplier.unwrap_or(1) {
            1 => format!("damage to {zones} equal to its remaining health"),
            m => format!("damage to {zones} equal to {m} × its remaining health"),
        },
        EffectKind::DamagePlayers => {
            "damage to own zone equal to the players in its station".into()
        }
        EffectKind::DamageReactorEnergy => {
            "damage to own zone equal to the energy in its zone's reactor".into()
        }
        EffectKind::Reveal => "becomes a valid target".into(),
        EffectKind::EmptyShields => match e.zones {
            Some(EffectZones::All) => "empties every shield".into(),
            _ if e.damage_lost => "empties own-zone shield; damage equal to the energy lost".into(),
            _ => "empties own-zone shield".into(),
        },
        EffectKind::DrainShields => format!("removes {amount} energy from each shield"),
        EffectKind::Heal => format!("heals {amount}"),
        EffectKind::HealHalf => "heals half its damage (round down)".into(),
        EffectKind::Speed => format!("speed +{amount}"),
        EffectKind::ShieldSet => format!("shield becomes {amount}"),
        EffectKind::ShieldAdd => format!("shield +{amount}"),
        EffectKind::AttackBonus => "other external threats attack +1".into(),
        EffectKind::AdvanceOthers => format!("other external threats advance {amount}"),
        EffectKind::ShieldBonus => "external threats get shield +1".into(),
        EffectKind::SelfDamage => format!("loses {amount} health"),
        EffectKind::DestroyShip => "destroys the ship".into(),
        EffectKind::Delay => format!("delays the players {}", who(e)),
        EffectKind::KnockOut => format!("knocks out the players {}", who(e)),
        EffectKind::Move => match e.toward {
            Some(Toward::Deck) => "changes deck".into(),
            Some(t) => format!("moves toward {}", t.as_str()),
            None => "moves".into(),
        },
        EffectKind::Seek => "moves to the adjacent station with the most players".into(),
        EffectKind::DrainReactor => {
            let which = match e.reactor {
                Some(ReactorChoice::White) => "the central reactor",
                Some(ReactorChoice::All) => "every reactor",
                _ => "own-zone reactor",
            };
            match e.else_damage {
                Some(d) => format!("takes {amount} energy from {which}, else {d} damage"),
                None => format!("takes {amount} energy from {which}"),
            }
        }
        EffectKind::EmptyReactor => match e.reactor {
            Some(ReactorChoice::All) if e.damage_lost => {
                "empties every reactor; each zone takes the energy lost as damage".into()
            }
            Some(ReactorChoice::All) => "empties every reactor".into(),
            _ => "empties own-zone reactor".into(),
        },
        EffectKind::RemoveRocket => "destroys a rocket".into(),
        EffectKind::Spread => format!("spreads toward {}", e.toward.map_or("?", Toward::as_str)),
        EffectKind::DisableStoredRobots => format!(
            "disables the stored battle bots of {}",
            e.station.map_or("?", StationId::as_str)
        ),
        EffectKind::DestroyFuel => format!("destroys {amount} fuel capsule"),
        EffectKind::GrowUp => "grows up".into(),
        EffectKind::DoubleDamage => match e.zones {
            Some(EffectZones::All) => "damage to every zone doubled".into(),
            _ => "damage to the red zone doubled".into(),
        },
        EffectKind::FillShieldLeak => {
            "fills own shield from the reactor; the rest leaks as damage".into()
        }
    };
    match (e.if_damaged, e.unless_lost) {
        (Some(true), _) => text.insert_str(0, "if damaged: "),
        (Some(false), _) => text.insert_str(0, "if undamaged: "),
        (None, Some(n)) => text.push_str(&format!(" (unless it lost {n}+)")),
        _ => {}
    }
    text
}

fn who(e: &Effect) -> &'static str {
    match e.who {
        Some(Who::Zone) => "in its zone",
        Some(Who::Ship) => "on the ship",
        Some(Who::Station) => "in its station(s)",
        Some(Who::WithRobots) => "carrying battle bots",
        Some(Who::Stations) => "in the named stations",
        Some(Who::ShipExcept) => "on the ship except the named stations",
        Some(Who::StationWithoutRobots) => "without battle bots in its station",
        None => "?",
    }
}

pub fn effects(list: &[Effect]) -> String {
    if list.is_empty() {
        return "-".into();
    }
    list.iter().map(describe).collect::<Vec<_>>().join("; ")
}

/// The appendix entry of Space Alert rulebook that explains a standing rule.
pub fn appendix_entry(special: Special) -> &'static str {
    match special {
        Special::Stealth | Special::RocketFizzles => "7.1 · Caza furtivo, Caza fantasma",
        Special::Cryoshield => "7.1 · Caza con crioscudo, Fragata con crioscudo",
        Special::DoubleDamageTiles => "7.1 · Destructor",
        Special::PulseStripsShields => "7.1 · Nube de energía, Maelstrom",
        Special::HeavyLasersIgnore => "7.1 · Explorador",
        Special::OneDamagePerTurn => "7.1 · Enjambre",
        Special::RocketImmune => "card fact (the rulebook's appendix is silent)",
        Special::LeviathanBlast => "7.1 · Leviatán de Abastecimiento",
        Special::UntargetableAtRange3 => "7.1 · Satélite psiónico, Satélite de pulsos",
        Special::Behemoth => "7.1 · Behemot",
        Special::RocketMagnet => "7.1 · Juggernaut",
        Special::NemesisBacklash => "7.1 · Némesis",
        Special::Warheads => "7.2 · Ojivas inestables",
        Special::Slime => "7.2 · Lodo reptante",
        Special::OverheatKnockout => "7.2 · Reactor sobrecalentado",
        Special::Alien => "7.2 · Alien",
        Special::Fissure => "7.2 · Fisura",
        Special::BothStationsBonus => "7.2 · Revueita robótica",
        Special::AllStationsBonus => "7.2 · Sobrecarga de energía",
        Special::Seeker => "7.2 · Rastreador",
        Special::Contamination => "7.2 · Contaminación",
        Special::ThreePlayers => "7.2 · Dispositivo nuclear",
    }
}

pub fn threat(t: &Threat) -> Vec<Fact> {
    let mut rows = vec![
        fact("English name", t.name_en.clone()),
        fact(
            "Spanish name",
            if t.name_es_printed {
                format!("{} (printed in the Space Alert rulebook)", t.name)
            } else {
                format!("{} (arbiter's translation)", t.name)
            },
        ),
        fact("Card", t.card.clone()),
        fact(
            "Type",
            format!(
                "{} · {} · {}",
                t.kind.as_str(),
                t.severity.as_str(),
                t.color.as_str()
            ),
        ),
    ];
    if let Some(shield) = t.shield {
        rows.push(fact("Shield", shield.to_string()));
    }
    rows.push(fact("Hit points", t.hit_points.to_string()));
    rows.push(fact("Speed", t.speed.to_string()));
    rows.push(fact(
        "Points",
        format!(
            "{} survived · {} destroyed",
            t.points_survived, t.points_destroyed
        ),
    ));
    if let Some(kind) = t.internal_kind {
        rows.push(fact("Internal", kind.as_str()));
    }
    if !t.stations.is_empty() {
        rows.push(fact(
            "Stations",
            t.stations
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        ));
    }
    if let Some(fix) = t.fix_with {
        rows.push(fact("Damaged by", fix.as_str()));
    }
    if t.fires_back {
        rows.push(fact("Fires back", "yes (disables non-heroic battle bots)"));
    }
    rows.push(fact("X", effects(&t.x)));
    rows.push(fact("Y", effects(&t.y)));
    rows.push(fact("Z", effects(&t.z)));
    if !t.special.is_empty() {
        rows.push(fact(
            "Special",
            t.special
                .iter()
                .map(|s| format!("{} ({})", s.as_str(), appendix_entry(*s)))
                .collect::<Vec<_>>()
                .join("\n"),
        ));
    }
    if let Some(n) = t.burst_per_space {
        rows.push(fact("Burst", format!("{n} damage per X/Y space passed")));
    }
    if let Some(note) = &t.rulebook_differs {
        rows.push(fact("Rulebook differs", note.clone()));
    }
    rows
}

pub fn trajectory(t: &Trajectory) -> Vec<Fact> {
    let bands = t
        .range
        .iter()
        .enumerate()
        .map(|(i, b)| match b.as_slice() {
            [lo, hi] => format!("{}: {lo}-{hi}", i + 1),
            _ => format!("{}: none", i + 1),
        })
        .collect::<Vec<_>>()
        .join(" · ");
    vec![
        fact("Length", t.length.to_string()),
        fact("X space", t.x.to_string()),
        fact(
            "Y spaces",
            if t.y.is_empty() {
                "none".into()
            } else {
                t.y.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
            },
        ),
        fact("Z space", t.z.to_string()),
        fact("Range bands", bands),
    ]
}

pub fn ship(
    s: &Ship,
    zones: &[&ZoneFacts],
    stations: &[&StationFacts],
    weapons: &[&Weapon],
) -> Vec<Fact> {
    let mut rows = vec![
        fact("Seed section", s.citation.clone()),
        fact("Crew", format!("{}-{}", s.crew_min, s.crew_max)),
        fact("Start station", s.start_station.as_str()),
    ];
    for z in zones {
        rows.push(fact(
            &format!("Zone {}", z.id.as_str()),
            format!(
                "reactor {}/{} · shield {}/{}",
                z.reactor_start, z.reactor_capacity, z.shield_start, z.shield_capacity
            ),
        ));
    }
    for st in stations {
        rows.push(fact(
            &format!("Station {}", st.id.as_str()),
            format!(
                "A {} · B {} · C {}",
                st.a.as_str(),
                st.b.as_str(),
                st.c.as_str()
            ),
        ));
    }
    for w in weapons {
        rows.push(fact(
            &format!("Weapon {}", w.id),
            format!("range {} · strength {}", w.range, w.strength),
        ));
    }
    rows.push(fact(
        "Interceptors",
        format!(
            "range {} · strength {} alone, {} each",
            s.interceptor_range, s.interceptor_strength_single, s.interceptor_strength_each
        ),
    ));
    rows.push(fact(
        "Rockets",
        format!(
            "{} · range {} · strength {}",
            s.rockets, s.rocket_range, s.rocket_strength
        ),
    ));
    rows.push(fact("Fuel capsules", s.fuel_capsules.to_string()));
    rows.push(fact(
        "Computer maintenance",
        format!(
            "{} markers · checked after turns {}",
            s.computer_markers,
            s.computer_checks
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ));
    rows.push(fact(
        "Visual confirmation",
        format!(
            "{} markers · points by players: {}",
            s.visual_confirmation_markers,
            s.visual_confirmation_points
                .first()
                .map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join("/"))
                .unwrap_or_default()
        ),
    ));
    rows.push(fact(
        "Damage tiles",
        format!("{} a zone", s.damage_tiles_per_zone),
    ));
    rows
}
