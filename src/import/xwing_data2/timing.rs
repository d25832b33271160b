//! Timing facts of every pilot ability, ship ability and upgrade side, derived from the card
//! texts of xwing-data2: each text is read by patterns ([`window::windows`]) into the windows
//! it applies in, in the words of the X-Wing scenarios of `arbiter resolve`. The texts are
//! read here and nowhere else, and nothing of them is kept: `timing.toml` holds the windows
//! only. What the patterns cannot read, a person writes in `timing-overrides.toml` (kept
//! across imports) with `checked = true`.

mod effect;
mod text;
mod trigger;
mod window;
mod words;

use super::convert::Result;
use super::points::read_json;
use super::source::Manifest;
use crate::cards::xwing::{AbilityPart, AbilityTiming, Untimed};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

pub use window::{Window, windows};

/// The hand-kept file of timing facts, carried over from the previous import.
pub const OVERRIDES: &str = "timing-overrides.toml";

/// What the derivation reads of a ship file: ids and ability texts only.
#[derive(Deserialize)]
struct ShipTexts {
    xws: String,
    pilots: Vec<PilotTexts>,
}

#[derive(Deserialize)]
struct PilotTexts {
    xws: String,
    #[serde(default)]
    ability: Option<String>,
    #[serde(default, rename = "shipAbility")]
    ship_ability: Option<NamedText>,
}

#[derive(Deserialize)]
struct NamedText {
    name: String,
    text: String,
}

#[derive(Deserialize)]
struct UpgradeTexts {
    xws: String,
    sides: Vec<SideTexts>,
}

#[derive(Deserialize)]
struct SideTexts {
    #[serde(default)]
    ability: Option<String>,
    #[serde(default, rename = "shipAbility")]
    ship_ability: Option<NamedText>,
}

/// What the derivation found: the windows of every ability, and the abilities it read none
/// from.
#[derive(Default)]
pub struct Derived {
    pub timings: Vec<AbilityTiming>,
    pub untimed: Vec<Untimed>,
}

/// The timing facts of every card of the manifest, pilots (by id), then ship abilities (by
/// ship and name), then upgrades (by id and side). `notes` say where the data disagreed.
pub fn derive(source: &Path, manifest: &Manifest, notes: &mut Vec<String>) -> Result<Derived> {
    let mut lossy = Vec::new();
    let mut pilots = BTreeMap::new();
    // Ship ability texts by ship and name, with how many pilots carry each text.
    let mut ship_texts: BTreeMap<(String, String), BTreeMap<String, usize>> = BTreeMap::new();
    for group in &manifest.pilots {
        for file in &group.ships {
            let ship: ShipTexts = read_json(&source.join(file), &mut lossy)?;
            for pilot in ship.pilots {
                if let Some(text) = &pilot.ability {
                    pilots.insert(pilot.xws.clone(), windows(text));
                }
                if let Some(named) = pilot.ship_ability {
                    *ship_texts
                        .entry((ship.xws.clone(), named.name))
                        .or_default()
                        .entry(named.text)
                        .or_default() += 1;
                }
            }
        }
    }
    let mut out = Derived::default();
    for (id, found) in pilots {
        push(&mut out, AbilityPart::Pilot, &id, None, 0, found);
    }
    for ((ship, name), texts) in ship_texts {
        if texts.len() > 1 {
            notes.push(format!(
                "ship ability `{name}` of `{ship}` has {} texts in xwing-data2; its timing facts follow the one most of its pilots carry",
                texts.len()
            ));
        }
        // The most common text; among equals, the first in order.
        let Some(text) = texts
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(t, _)| t)
        else {
            continue;
        };
        push(
            &mut out,
            AbilityPart::Ship,
            &ship,
            Some(&name),
            0,
            windows(text),
        );
    }
    for file in &manifest.upgrades {
        let upgrades: Vec<UpgradeTexts> = read_json(&source.join(file), &mut lossy)?;
        for upgrade in upgrades {
            for (side, texts) in upgrade.sides.iter().enumerate() {
                let mut found = Vec::new();
                let mut has_text = false;
                for text in texts
                    .ability
                    .iter()
                    .chain(texts.ship_ability.as_ref().map(|s| &s.text))
                {
                    has_text = true;
                    found.extend(windows(text));
                }
                if !has_text {
                    continue;
                }
                let side = u8::try_from(side).map_err(|_| "an upgrade with 256 sides")?;
                push(
                    &mut out,
                    AbilityPart::Upgrade,
                    &upgrade.xws,
                    None,
                    side,
                    found,
                );
            }
        }
    }
    if !lossy.is_empty() {
        return Err(format!("not UTF-8: {}", lossy.join(", ")));
    }
    Ok(out)
}

fn push(
    out: &mut Derived,
    part: AbilityPart,
    card: &str,
    ability: Option<&str>,
    side: u8,
    found: Vec<Window>,
) {
    if found.is_empty() {
        out.untimed.push(Untimed {
            part,
            card: card.to_string(),
            ability: ability.map(str::to_string),
            side,
        });
    }
    out.timings.extend(found.into_iter().map(|w| AbilityTiming {
        part,
        card: card.to_string(),
        ability: ability.map(str::to_string),
        side,
        timing: w.timing,
        optional: w.optional,
        requires: w.requires,
        cost: w.cost,
        effect: w.effect,
        complete: w.complete,
        checked: false,
    }));
}

/// The hand-kept files of the folder an import replaces, to be written again as they are.
pub fn hand_kept(out: &Path) -> Result<Vec<(String, String)>> {
    let path = out.join(OVERRIDES);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let bytes = crate::input::read_bounded(&path, crate::import::MAX_REFERENCE_FILE_BYTES)
        .map_err(|unread| crate::import::unread_message(&path, &unread))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8", path.display()))?;
    Ok(vec![(OVERRIDES.to_string(), text)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hand_kept_file_is_carried_over_when_there_is_one() {
        let dir = std::env::temp_dir().join(format!("arbiter-hand-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(hand_kept(&dir).unwrap().is_empty());
        std::fs::write(dir.join(OVERRIDES), "game = \"xwing\"\n").unwrap();
        assert_eq!(
            hand_kept(&dir).unwrap(),
            [(OVERRIDES.to_string(), "game = \"xwing\"\n".to_string())]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
