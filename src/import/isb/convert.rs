//! One isb-cards JSON record → one arbiter record. Only facts are read: ability, setup and
//! special-rule text, artwork and image links are never looked at.
//!
//! The source spells the same thing several ways; this is where that is normalised:
//! - traits are lowercased (`MC` → `mc`, `Droid` → `droid`); empty strings dropped;
//! - a faction is a string or a list, `""` meaning every faction;
//! - keyword values are numbers or booleans (`snipe: false`, `assault: 0`);
//! - exhaust types `recur` / `nonrecur` / `non-recur` / `nonnrecur`, and command names
//!   `nav` / `navigate`, `confire` / `con-fire`;
//! - a ship's `weapons-team-offensive-retro` slot is the builders' shorthand for "has both
//!   icons" (it is listed next to both): it is dropped from the upgrade bar; an upgrade of
//!   that type (a boarding team) occupies the two slots;
//! - `disqual_upgrades` (→ `not_with_slots`) leaves out the icons `disable_upgrades`
//!   (→ `removes_slots`) also names: a card that removes an icon still fits a ship that
//!   has it.

use super::read::RawRecord;
use crate::cards::armada::*;
use serde_json::Value;

/// Problems that are not worth stopping for; reported by the import.
pub type Notes = Vec<String>;

/// A JSON object with the record's key, for messages.
#[derive(Clone, Copy)]
struct Obj<'a> {
    key: &'a str,
    value: &'a Value,
}

impl<'a> Obj<'a> {
    fn new(key: &'a str, value: &'a Value) -> Result<Self, String> {
        if value.is_object() {
            Ok(Obj { key, value })
        } else {
            Err(format!("`{key}` is not an object"))
        }
    }

    fn get(&self, field: &str) -> Result<&'a Value, String> {
        self.value
            .get(field)
            .ok_or_else(|| format!("`{}` has no `{field}`", self.key))
    }

    fn opt(&self, field: &str) -> Option<&'a Value> {
        self.value.get(field).filter(|v| !v.is_null())
    }

    fn sub(&self, field: &str) -> Result<Obj<'a>, String> {
        Obj::new(self.key, self.get(field)?)
    }

    fn wrong(&self, field: &str, expected: &str, value: &Value) -> String {
        format!("`{}`.{field}: expected {expected}, found {value}", self.key)
    }

    fn str(&self, field: &str) -> Result<&'a str, String> {
        let value = self.get(field)?;
        value
            .as_str()
            .ok_or_else(|| self.wrong(field, "a string", value))
    }

    fn int(&self, field: &str) -> Result<i64, String> {
        let value = self.get(field)?;
        value
            .as_i64()
            .ok_or_else(|| self.wrong(field, "an integer", value))
    }

    fn number<T: TryFrom<i64>>(&self, field: &str) -> Result<T, String> {
        let n = self.int(field)?;
        T::try_from(n).map_err(|_| format!("`{}`.{field}: {n} is out of range", self.key))
    }

    fn bool(&self, field: &str) -> Result<bool, String> {
        match self.get(field)? {
            Value::Bool(b) => Ok(*b),
            other => Err(self.wrong(field, "true or false", other)),
        }
    }

    /// A string or a list of strings; empty strings dropped.
    fn strings(&self, field: &str) -> Result<Vec<&'a str>, String> {
        match self.opt(field) {
            None => Ok(Vec::new()),
            Some(Value::String(s)) => Ok(if s.trim().is_empty() {
                Vec::new()
            } else {
                vec![s.trim()]
            }),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::trim)
                        .ok_or_else(|| self.wrong(field, "strings", v))
                })
                .filter(|s| !matches!(s, Ok("")))
                .collect(),
            Some(other) => Err(self.wrong(field, "a string or a list of strings", other)),
        }
    }

    /// `[red, blue, black]`.
    fn dice(&self, field: &str) -> Result<Dice, String> {
        let value = self.get(field)?;
        let items = value
            .as_array()
            .filter(|a| a.len() == 3)
            .ok_or_else(|| self.wrong(field, "3 dice counts", value))?;
        let mut dice = [0u8; 3];
        for (slot, item) in dice.iter_mut().zip(items) {
            *slot = item
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| self.wrong(field, "dice counts", value))?;
        }
        Ok(dice)
    }
}

/// The header every card carries: name, nicknames and content source.
pub struct Header {
    pub name: String,
    pub nicknames: Vec<String>,
    pub source: Source,
}

/// `None` for the builders' placeholder ships (`Dummy`), which are not cards.
fn header(card: Obj<'_>, name: &str) -> Result<Option<Header>, String> {
    let alias = card.str("alias")?;
    let source = match alias {
        "FFG" => Source::Ffg,
        "AMG" => Source::Amg,
        "Legacy" => Source::Legacy,
        "LegacyBeta" => Source::LegacyBeta,
        "OldLegacy" => Source::OldLegacy,
        "Nexus" => Source::Nexus,
        "Legends" => Source::Legends,
        "ARC" => Source::Arc,
        "Dummy" => return Ok(None),
        other => {
            return Err(format!(
                "`{}`: unknown content source (alias) `{other}`",
                card.key
            ));
        }
    };
    let name = name.trim().to_string();
    let mut nicknames: Vec<String> = Vec::new();
    for nickname in card.strings("nicknames")? {
        let same = |other: &str| crate::text::normalize(other) == crate::text::normalize(nickname);
        if !same(&name) && !nicknames.iter().any(|n| same(n)) {
            nicknames.push(nickname.to_string());
        }
    }
    Ok(Some(Header {
        name,
        nicknames,
        source,
    }))
}

fn faction(card: Obj<'_>, value: &str) -> Result<Faction, String> {
    Ok(match value {
        "empire" => Faction::Empire,
        "rebel" => Faction::Rebel,
        "republic" => Faction::Republic,
        "separatist" => Faction::Separatist,
        "scum" => Faction::Scum,
        "new-republic" => Faction::NewRepublic,
        "colonial" => Faction::Colonial,
        "cylon" => Faction::Cylon,
        "unsc" => Faction::Unsc,
        "covenant" => Faction::Covenant,
        other => return Err(format!("`{}`: unknown faction `{other}`", card.key)),
    })
}

fn size(card: Obj<'_>, value: &str) -> Result<Size, String> {
    Ok(match value {
        "small" => Size::Small,
        "medium" => Size::Medium,
        "large" => Size::Large,
        "huge" => Size::Huge,
        "280-huge" => Size::Huge280,
        other => return Err(format!("`{}`: unknown size `{other}`", card.key)),
    })
}

/// Slots named by an upgrade type; the boarding-team type names two.
fn slots(card: Obj<'_>, value: &str) -> Result<Vec<Slot>, String> {
    Ok(vec![match value {
        "commander" => Slot::Commander,
        "officer" => Slot::Officer,
        "weapons-team" => Slot::WeaponsTeam,
        "support-team" => Slot::SupportTeam,
        "offensive-retro" => Slot::OffensiveRetro,
        "defensive-retro" => Slot::DefensiveRetro,
        "experimental-retro" => Slot::ExperimentalRetro,
        "fleet-command" => Slot::FleetCommand,
        "fleet-support" => Slot::FleetSupport,
        "turbolaser" => Slot::Turbolaser,
        "ion-cannon" => Slot::IonCannon,
        "ordnance" => Slot::Ordnance,
        "super-weapon" => Slot::SuperWeapon,
        "title" => Slot::Title,
        "weapons-team-offensive-retro" => return Ok(vec![Slot::WeaponsTeam, Slot::OffensiveRetro]),
        other => return Err(format!("`{}`: unknown upgrade slot `{other}`", card.key)),
    }])
}

fn slot_list(card: Obj<'_>, field: &str) -> Result<Vec<Slot>, String> {
    let mut out = Vec::new();
    for name in card.strings(field)? {
        for slot in slots(card, name)? {
            if !out.contains(&slot) {
                out.push(slot);
            }
        }
    }
    Ok(out)
}

fn sizes(card: Obj<'_>, field: &str) -> Result<Vec<Size>, String> {
    card.strings(field)?
        .into_iter()
        .map(|s| size(card, s))
        .collect()
}

fn command(card: Obj<'_>, value: &str) -> Result<Command, String> {
    Ok(match value {
        "nav" | "navigate" => Command::Navigate,
        "squadron" | "squad" => Command::Squadron,
        "repair" => Command::Repair,
        "confire" | "con-fire" | "concentrate-fire" => Command::ConcentrateFire,
        "any" => Command::Any,
        other => return Err(format!("`{}`: unknown command `{other}`", card.key)),
    })
}

/// Lowercase trait slugs, in source order, without repeats.
fn traits(card: Obj<'_>, field: &str) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for name in card.strings(field)? {
        let slug = name.to_lowercase().replace(' ', "-");
        if !out.contains(&slug) {
            out.push(slug);
        }
    }
    Ok(out)
}

/// Unique classes, left out when they are just the card's own name.
fn unique_class(card: Obj<'_>, own_name: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = card
        .strings("unique-class")?
        .into_iter()
        .map(str::to_string)
        .collect();
    if names.len() == 1 && names[0] == own_name {
        Ok(Vec::new())
    } else {
        Ok(names)
    }
}

/// Defense tokens from `def_*` counts, in a fixed order.
fn defense_tokens(card: Obj<'_>) -> Result<Vec<DefenseToken>, String> {
    let tokens = card.sub("tokens")?;
    let mut out = Vec::new();
    for (field, token) in [
        ("def_scatter", DefenseToken::Scatter),
        ("def_evade", DefenseToken::Evade),
        ("def_brace", DefenseToken::Brace),
        ("def_redirect", DefenseToken::Redirect),
        ("def_contain", DefenseToken::Contain),
        ("def_salvo", DefenseToken::Salvo),
    ] {
        if tokens.opt(field).is_some() {
            let count: u8 = tokens.number(field)?;
            out.extend(std::iter::repeat_n(token, usize::from(count)));
        }
    }
    Ok(out)
}

/// `Some(dice)` unless every count is 0.
fn zone(dice: Dice) -> Option<Dice> {
    (dice != [0, 0, 0]).then_some(dice)
}

/// The hull facts of a chassis record. The id is the chassis' `chassis_name`: the name
/// titles bind to (`bound_shiptype`), shared by faction variants of one hull
/// (`gozanti-class-cis` is a `gozanti-class`).
pub fn ship_type(record: &RawRecord) -> Result<ShipType, String> {
    let chassis = Obj::new(&record.key, &record.value)?;
    let id = chassis.str("chassis_name")?.to_string();
    let speed_table = chassis.sub("speed")?;
    let mut speeds: Vec<(u32, Vec<u8>)> = Vec::new();
    if let Value::Object(map) = speed_table.value {
        for (speed, joints) in map {
            let speed: u32 = speed
                .parse()
                .map_err(|_| format!("`{}`.speed: `{speed}` is not a speed", record.key))?;
            let joints: Vec<u8> = joints
                .as_array()
                .ok_or_else(|| chassis.wrong("speed", "lists of yaw values", joints))?
                .iter()
                .map(|v| v.as_u64().and_then(|n| u8::try_from(n).ok()))
                .collect::<Option<_>>()
                .ok_or_else(|| chassis.wrong("speed", "yaw values", joints))?;
            speeds.push((speed, joints));
        }
    }
    speeds.sort_by_key(|(speed, _)| *speed);
    // Speeds the ship cannot use are empty lists at the end of the chart.
    while speeds.last().is_some_and(|(_, joints)| joints.is_empty()) {
        speeds.pop();
    }
    for (expected, (speed, _)) in (1..).zip(&speeds) {
        if *speed != expected {
            return Err(format!(
                "`{}`: the speed chart skips speed {expected}",
                record.key
            ));
        }
    }
    let shields = chassis.sub("shields")?;
    let aux = |field: &str| -> Result<Option<u8>, String> {
        Ok(match shields.opt(field) {
            Some(_) => Some(shields.number::<u8>(field)?).filter(|n| *n > 0),
            None => None,
        })
    };
    Ok(ShipType {
        name: type_name(&id),
        id,
        nicknames: Vec::new(),
        // Set from the ship cards of this type once they are all known.
        source: Source::Ffg,
        size: size(chassis, chassis.str("size")?)?,
        hull: chassis.number("hull")?,
        speed: speeds.into_iter().map(|(_, joints)| joints).collect(),
        shields: Shields {
            front: shields.number("front")?,
            left: shields.number("left")?,
            right: shields.number("right")?,
            rear: shields.number("rear")?,
            left_aux: aux("left_aux")?,
            right_aux: aux("right_aux")?,
        },
    })
}

/// A readable name for a ship type from its slug: `victory-star-destroyer` →
/// "Victory Star Destroyer", `gozanti-class` → "Gozanti-class", `mc80h-cruiser` →
/// "MC80H Cruiser"; content-pack suffixes (`-nexus`, `-old-legacy`, …) are dropped.
pub fn type_name(id: &str) -> String {
    const SUFFIXES: &[&str] = &[
        "-scum-nexus",
        "-republic-nexus",
        "-nexus",
        "-republic-legacy-beta",
        "-legacy-beta",
        "-old-legacy",
        "-new-republic-legends",
        "-legends",
    ];
    const UPPER: &[&str] = &[
        "sd", "gar", "cis", "ccs", "sdv", "ipv", "mc", "cr", "gr", "unsc", "i", "ii", "iii", "iv",
        "vi",
    ];
    let mut base = id;
    for suffix in SUFFIXES {
        if let Some(stripped) = base.strip_suffix(suffix) {
            base = stripped;
            break;
        }
    }
    let mut out = String::new();
    for word in base.split('-') {
        if word == "class" && !out.is_empty() {
            out.push_str("-class");
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        if word.chars().any(|c| c.is_ascii_digit()) || UPPER.contains(&word) {
            out.push_str(&word.to_uppercase());
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

/// A ship card (`model`) of a chassis record. `None` for builder placeholders.
pub fn ship(key: &str, model: &Value, ship_type: &str) -> Result<Option<Ship>, String> {
    let card = Obj::new(key, model)?;
    let Some(head) = header(card, card.str("name")?)? else {
        return Ok(None);
    };
    let values = card.sub("values")?;
    let armament = card.sub("armament")?;
    let battery = |field: &str| -> Result<Option<Dice>, String> {
        match armament.opt(field) {
            Some(_) => Ok(zone(armament.dice(field)?)),
            None => Ok(None),
        }
    };
    let mut upgrade_slots = Vec::new();
    for name in card.strings("upgrades")? {
        if name != "weapons-team-offensive-retro" {
            upgrade_slots.extend(slots(card, name)?);
        }
    }
    Ok(Some(Ship {
        id: key.to_string(),
        name: head.name,
        nicknames: head.nicknames,
        source: head.source,
        superseded_by: None,
        replaces: None,
        ship_type: ship_type.to_string(),
        faction: faction(card, card.str("faction")?)?,
        points: card.number("points")?,
        unique: card
            .opt("unique")
            .map(|_| card.bool("unique"))
            .transpose()?
            .unwrap_or(false),
        traits: traits(card, "traits")?,
        command: values.number("command")?,
        squadron: values.number("squadron")?,
        engineering: values.number("engineer")?,
        defense_tokens: defense_tokens(card)?,
        armament: Armament {
            front: battery("front")?,
            left: battery("left")?,
            right: battery("right")?,
            rear: battery("rear")?,
            left_aux: battery("left_aux")?,
            right_aux: battery("right_aux")?,
            special: battery("special")?,
            anti_squadron: battery("asa")?,
        },
        upgrade_slots,
    }))
}

pub fn squadron(record: &RawRecord, notes: &mut Notes) -> Result<Option<Squadron>, String> {
    let card = Obj::new(&record.key, &record.value)?;
    let Some(mut head) = header(card, card.str("name")?)? else {
        return Ok(None);
    };
    let ace_name = card
        .opt("ace-name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if let Some(ace) = ace_name {
        // The card is listed under the ace's name already.
        let ace = crate::text::normalize(ace);
        head.nicknames.retain(|n| crate::text::normalize(n) != ace);
    }
    let faction = match card.str("faction")? {
        // Campaign stations belong to no faction.
        "sandbox" => None,
        other => Some(faction(card, other)?),
    };
    let unique = card.bool("unique")?;
    let unique_limit = match card.opt("unique_limit") {
        Some(_) => Some(card.number::<u8>("unique_limit")?).filter(|n| *n != 1 || !unique),
        None => None,
    };
    let armament = card.sub("armament")?;
    Ok(Some(Squadron {
        id: record.key.clone(),
        unique_class: unique_class(card, ace_name.unwrap_or(&head.name))?,
        name: head.name,
        ace_name: ace_name.map(str::to_string),
        nicknames: head.nicknames,
        source: head.source,
        superseded_by: None,
        replaces: None,
        squadron_type: card.str("squadron_type")?.to_string(),
        faction,
        points: card.number("points")?,
        unique,
        ace: card
            .opt("ace")
            .map(|_| card.bool("ace"))
            .transpose()?
            .unwrap_or(false),
        unique_limit,
        irregular: card
            .opt("irregular")
            .map(|_| card.bool("irregular"))
            .transpose()?
            .unwrap_or(false),
        hull: card.number("hull")?,
        speed: card.number("speed")?,
        defense_tokens: defense_tokens(card)?,
        keywords: keywords(card.sub("abilities")?, notes)?,
        anti_squadron: armament.dice("anti-squadron")?,
        anti_ship: armament.dice("anti-ship")?,
    }))
}

fn keywords(abilities: Obj<'_>, notes: &mut Notes) -> Result<Keywords, String> {
    let valued = |field: &str, notes: &mut Notes| -> Result<Option<u8>, String> {
        match abilities.opt(field) {
            None | Some(Value::Bool(false)) => Ok(None),
            Some(Value::Bool(true)) => {
                notes.push(format!(
                    "`{}`: keyword `{field}` without a value; left out",
                    abilities.key
                ));
                Ok(None)
            }
            Some(_) => Ok(Some(abilities.number::<u8>(field)?).filter(|n| *n > 0)),
        }
    };
    let flag = |field: &str| -> Result<bool, String> {
        match abilities.opt(field) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(Value::Number(n)) if n.as_u64() == Some(0) => Ok(false),
            Some(Value::Number(n)) if n.as_u64() == Some(1) => Ok(true),
            Some(other) => Err(abilities.wrong(field, "true or false", other)),
        }
    };
    if let Value::Object(map) = abilities.value {
        const KNOWN: &[&str] = &[
            "adept",
            "ai-battery",
            "ai-antisquadron",
            "assault",
            "bomber",
            "cloak",
            "counter",
            "dodge",
            "escort",
            "grit",
            "heavy",
            "intel",
            "relay",
            "rogue",
            "scout",
            "screen",
            "snipe",
            "strategic",
            "swarm",
        ];
        if let Some(unknown) = map.keys().find(|k| !KNOWN.contains(&k.as_str())) {
            return Err(format!(
                "`{}`: unknown squadron keyword `{unknown}`",
                abilities.key
            ));
        }
    }
    Ok(Keywords {
        adept: valued("adept", notes)?,
        ai_battery: valued("ai-battery", notes)?,
        ai_anti_squadron: valued("ai-antisquadron", notes)?,
        assault: flag("assault")?,
        bomber: flag("bomber")?,
        cloak: flag("cloak")?,
        counter: valued("counter", notes)?,
        dodge: valued("dodge", notes)?,
        escort: flag("escort")?,
        grit: flag("grit")?,
        heavy: flag("heavy")?,
        intel: flag("intel")?,
        relay: valued("relay", notes)?,
        rogue: flag("rogue")?,
        scout: flag("scout")?,
        screen: flag("screen")?,
        snipe: valued("snipe", notes)?,
        strategic: flag("strategic")?,
        swarm: flag("swarm")?,
    })
}

pub fn upgrade(record: &RawRecord, notes: &mut Notes) -> Result<Option<Upgrade>, String> {
    let card = Obj::new(&record.key, &record.value)?;
    let Some(head) = header(card, card.str("name")?)? else {
        return Ok(None);
    };
    let factions = card
        .strings("faction")?
        .into_iter()
        .map(|f| faction(card, f))
        .collect::<Result<Vec<_>, _>>()?;
    let r = card.sub("restrictions")?;
    let removes_slots = slot_list(r, "disable_upgrades")?;
    // The builders read `disqual_upgrades` as "excludes upgrades of these icons on the same
    // ship". Where the card also removes those icons (A'Den: no ion cannon upgrades) that is
    // all it means, and `removes_slots` says it; elsewhere (Chimaera, Liberator) the card
    // itself is barred from a ship whose bar has the icon.
    let mut not_with_slots: Vec<Slot> = slot_list(r, "disqual_upgrades")?
        .into_iter()
        .filter(|slot| !removes_slots.contains(slot))
        .collect();
    let mut not_if = None;
    if let Some(condition) = r.opt("disqualify_if") {
        let condition = Obj::new(&record.key, condition)?;
        let sizes = sizes(condition, "size")?;
        let slots = slot_list(condition, "has_upgrade_type")?;
        if sizes.is_empty() {
            // The same as `disqual_upgrades`, which some cards also list.
            for slot in slots {
                if !not_with_slots.contains(&slot) {
                    not_with_slots.push(slot);
                }
            }
        } else {
            not_if = Some(Condition { sizes, slots });
        }
    }
    let restrictions = Restrictions {
        sizes: sizes(r, "size")?,
        traits: traits(r, "traits")?,
        flagship: r
            .opt("flagship")
            .map(|_| r.bool("flagship"))
            .transpose()?
            .unwrap_or(false),
        not_with_slots,
        not_if,
    };
    let start = card.sub("start_command")?;
    let starts_with = match start.str("type")? {
        "" => {
            if start
                .opt("start_amount")
                .and_then(Value::as_i64)
                .unwrap_or(0)
                != 0
            {
                notes.push(format!(
                    "`{}`: starting commands without a type; left out",
                    record.key
                ));
            }
            None
        }
        kind => Some(StartingCommands {
            kind: match kind {
                "token" => CommandKind::Token,
                "dial" => CommandKind::Dial,
                other => {
                    return Err(format!(
                        "`{}`: unknown start_command type `{other}`",
                        record.key
                    ));
                }
            },
            commands: start
                .strings("start_icon")?
                .into_iter()
                .map(|c| command(card, c))
                .collect::<Result<_, _>>()?,
            count: start.number("start_amount")?,
        }),
    };
    let exhaust_record = card.sub("exhaust")?;
    let exhaust = match exhaust_record.str("type")? {
        "" => None,
        "recur" => Some(Exhaust::Recurring),
        "nonrecur" | "non-recur" | "nonnrecur" => Some(Exhaust::NonRecurring),
        other => return Err(format!("`{}`: unknown exhaust type `{other}`", record.key)),
    };
    let ready_tokens: Vec<Command> = exhaust_record
        .strings("ready_token")?
        .into_iter()
        .map(|c| command(card, c))
        .collect::<Result<_, _>>()?;
    let ready_count = exhaust_record
        .opt("ready_amount")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let ready_cost =
        if exhaust == Some(Exhaust::NonRecurring) && !ready_tokens.is_empty() && ready_count > 0 {
            Some(ReadyCost {
                tokens: ready_tokens,
                count: u8::try_from(ready_count)
                    .map_err(|_| format!("`{}`: ready_amount out of range", record.key))?,
            })
        } else {
            None
        };
    let ship_type = Some(card.str("bound_shiptype")?.trim())
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    Ok(Some(Upgrade {
        id: record.key.clone(),
        unique_class: unique_class(card, &head.name)?,
        name: head.name,
        nicknames: head.nicknames,
        source: head.source,
        superseded_by: None,
        replaces: None,
        slots: slots(card, card.str("type")?)?,
        factions,
        points: card.number("points")?,
        unique: card.bool("unique")?,
        modification: card
            .opt("modification")
            .map(|_| card.bool("modification"))
            .transpose()?
            .unwrap_or(false),
        ship_type,
        restrictions,
        adds_slots: card_slots_allowing_repeats(r, "enable_upgrades")?,
        removes_slots,
        removes_one_slot: slot_list(r, "grey_upgrades")?,
        adds_traits: traits(r, "enable_traits")?,
        starts_with,
        exhaust,
        ready_cost,
    }))
}

/// Added icons may repeat (two `officer` icons).
fn card_slots_allowing_repeats(card: Obj<'_>, field: &str) -> Result<Vec<Slot>, String> {
    let mut out = Vec::new();
    for name in card.strings(field)? {
        out.extend(slots(card, name)?);
    }
    Ok(out)
}

pub fn objective(record: &RawRecord) -> Result<Option<Objective>, String> {
    let card = Obj::new(&record.key, &record.value)?;
    let Some(head) = header(card, card.str("name")?)? else {
        return Ok(None);
    };
    let category = match card.str("type")? {
        "assault" => ObjectiveCategory::Assault,
        "defense" => ObjectiveCategory::Defense,
        "navigation" => ObjectiveCategory::Navigation,
        "campaign" => ObjectiveCategory::Campaign,
        other => {
            return Err(format!(
                "`{}`: unknown objective type `{other}`",
                record.key
            ));
        }
    };
    let obstacles = card
        .strings("obstacles")?
        .into_iter()
        .map(|o| {
            Ok(match o {
                "asteroid_1" => Obstacle::Asteroid1,
                "asteroid_2" => Obstacle::Asteroid2,
                "asteroid_3" => Obstacle::Asteroid3,
                "debris_1" => Obstacle::Debris1,
                "debris_2" => Obstacle::Debris2,
                "dust-field_1" => Obstacle::DustField1,
                "dust-field_2" => Obstacle::DustField2,
                "station" => Obstacle::Station,
                "gravity_rift" => Obstacle::GravityRift,
                other => return Err(format!("`{}`: unknown obstacle `{other}`", record.key)),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let victory_token_points: u16 = card.number("victory_tokens_points")?;
    let objective_tokens = match card.number::<u8>("objective_tokens_count")? {
        0 => None,
        count => Some(ObjectiveTokens {
            count,
            per_ship: card.str("objective_tokens_type")? == "per ship",
        }),
    };
    let command_tokens = match card.number::<u8>("command_tokens_count")? {
        0 => None,
        count => Some(CommandTokens {
            command: command(card, card.str("command_tokens_type")?)?,
            count,
            per_ship: card.str("command_tokens_value")? == "per ship",
        }),
    };
    Ok(Some(Objective {
        id: record.key.clone(),
        name: head.name,
        nicknames: head.nicknames,
        source: head.source,
        superseded_by: None,
        replaces: None,
        category,
        obstacles,
        victory_tokens: card.bool("victory_tokens")? || victory_token_points > 0,
        victory_token_points: Some(victory_token_points).filter(|p| *p > 0),
        objective_tokens,
        command_tokens,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::isb::read::Kind;
    use serde_json::json;

    fn raw(kind: Kind, key: &str, value: Value) -> RawRecord {
        RawRecord {
            kind,
            key: key.to_string(),
            value,
            file: "test".to_string(),
        }
    }

    #[test]
    fn type_names_read_well() {
        assert_eq!(
            type_name("victory-star-destroyer"),
            "Victory Star Destroyer"
        );
        assert_eq!(type_name("gozanti-class"), "Gozanti-class");
        assert_eq!(type_name("mc80h-cruiser"), "MC80H Cruiser");
        assert_eq!(type_name("interdictor-sd-old-legacy"), "Interdictor SD");
        assert_eq!(type_name("keldabe-cruiser-scum-nexus"), "Keldabe Cruiser");
        assert_eq!(
            type_name("action-vi-transport-scum-nexus"),
            "Action VI Transport"
        );
    }

    #[test]
    fn speed_charts_lose_unused_speeds_and_aux_shields_only_when_present() {
        let chassis = json!({
            "chassis_name": "hull-x", "size": "280-huge", "hull": 9,
            "speed": {"1": [1], "2": [0, 1], "3": [], "4": []},
            "shields": {"front": 5, "rear": 2, "left": 4, "right": 4, "left_aux": 3, "right_aux": 0},
        });
        let t = ship_type(&raw(Kind::Chassis, "hull-x-nexus", chassis)).unwrap();
        assert_eq!(t.id, "hull-x");
        assert_eq!(t.size, Size::Huge280);
        assert_eq!(t.speed, vec![vec![1], vec![0, 1]]);
        assert_eq!(t.shields.left_aux, Some(3));
        assert_eq!(t.shields.right_aux, None);
    }

    #[test]
    fn boarding_teams_take_two_slots_and_restrictions_map() {
        let card = json!({
            "alias": "FFG", "name": "Boarders", "nicknames": ["Boarders", "B"], "type": "weapons-team-offensive-retro",
            "faction": "new-republic", "points": 5, "unique": true, "unique-class": ["Boarders"], "modification": false,
            "bound_shiptype": "", "ability": "never read",
            "restrictions": {"traits": ["MC", ""], "size": [""], "disqual_upgrades": ["fleet-command"], "disable_upgrades": [""],
                "flagship": false, "enable_upgrades": ["officer", "officer"],
                "disqualify_if": {"has_upgrade_type": ["fleet-command", "title"]}},
            "start_command": {"type": "token", "start_icon": ["con-fire"], "start_amount": 2},
            "exhaust": {"type": "nonnrecur", "ready_token": ["nav"], "ready_amount": 1},
        });
        let mut notes = Notes::new();
        let u = upgrade(&raw(Kind::Upgrade, "boarders", card), &mut notes)
            .unwrap()
            .unwrap();
        assert_eq!(u.slots, vec![Slot::WeaponsTeam, Slot::OffensiveRetro]);
        assert_eq!(u.factions, vec![Faction::NewRepublic]);
        assert_eq!(u.nicknames, vec!["B".to_string()]);
        assert!(
            u.unique_class.is_empty(),
            "a class equal to the name is implied"
        );
        assert_eq!(u.restrictions.traits, vec!["mc".to_string()]);
        assert!(u.restrictions.sizes.is_empty());
        assert_eq!(
            u.restrictions.not_with_slots,
            vec![Slot::FleetCommand, Slot::Title]
        );
        assert_eq!(u.adds_slots, vec![Slot::Officer, Slot::Officer]);
        assert_eq!(
            u.starts_with.unwrap().commands,
            vec![Command::ConcentrateFire]
        );
        assert_eq!(u.exhaust, Some(Exhaust::NonRecurring));
        assert_eq!(u.ready_cost.unwrap().tokens, vec![Command::Navigate]);
        assert!(notes.is_empty());
    }

    #[test]
    fn an_icon_the_card_both_disqualifies_and_disables_does_not_bar_the_card() {
        let card = json!({
            "alias": "Nexus", "name": "Aden", "type": "title", "faction": "scum", "points": 2,
            "unique": true, "unique-class": ["Aden"], "bound_shiptype": "crusader",
            "restrictions": {"traits": [""], "size": [""], "flagship": false,
                "disqual_upgrades": ["ion-cannon", "fleet-command"], "disable_upgrades": ["ion-cannon"]},
            "start_command": {"type": ""}, "exhaust": {"type": ""},
        });
        let mut notes = Notes::new();
        let u = upgrade(&raw(Kind::Upgrade, "aden", card), &mut notes)
            .unwrap()
            .unwrap();
        assert_eq!(u.removes_slots, vec![Slot::IonCannon]);
        assert_eq!(u.restrictions.not_with_slots, vec![Slot::FleetCommand]);
    }

    #[test]
    fn keywords_accept_the_sources_spellings() {
        let abilities = json!({"adept": 0, "ai-battery": 0, "ai-antisquadron": 0, "assault": 0, "bomber": true, "cloak": false,
            "counter": 2, "dodge": false, "escort": false, "grit": false, "heavy": false, "intel": 1, "relay": true,
            "rogue": false, "scout": false, "screen": false, "snipe": false, "strategic": false, "swarm": true});
        let mut notes = Notes::new();
        let k = keywords(Obj::new("sq", &abilities).unwrap(), &mut notes).unwrap();
        assert_eq!(k.list(), vec!["Bomber", "Counter 2", "Intel", "Swarm"]);
        assert_eq!(notes.len(), 1, "relay without a value is reported");
    }

    #[test]
    fn dummy_ships_are_not_cards() {
        let model = json!({"alias": "Dummy", "name": "Dummy Commander"});
        assert!(
            ship("dummy-ship-commander", &model, "dummy-ship")
                .unwrap()
                .is_none()
        );
    }
}
