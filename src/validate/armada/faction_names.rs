//! The fleet's faction from the words builders use for it.

use crate::cards::armada::Faction;
use crate::text::normalize;

/// The faction a `Faction:` line names (`Imperial`, `Empire`, `Rebel Alliance`, `CIS` …).
pub fn faction_named(text: &str) -> Option<Faction> {
    let key = normalize(text);
    let key = key.strip_prefix("the ").unwrap_or(&key);
    match key {
        "imperial" | "empire" | "galactic empire" | "imperials" => Some(Faction::Empire),
        "rebel" | "rebels" | "rebel alliance" | "alliance" => Some(Faction::Rebel),
        "republic" | "galactic republic" | "gar" => Some(Faction::Republic),
        "separatist"
        | "separatists"
        | "separatist alliance"
        | "cis"
        | "confederacy of independent systems" => Some(Faction::Separatist),
        "scum" | "scum and villainy" => Some(Faction::Scum),
        "new republic" => Some(Faction::NewRepublic),
        "colonial" | "colonials" | "colonial fleet" => Some(Faction::Colonial),
        "cylon" | "cylons" => Some(Faction::Cylon),
        "unsc" => Some(Faction::Unsc),
        "covenant" => Some(Faction::Covenant),
        _ => None,
    }
}

/// How the faction reads in messages.
pub fn faction_title(faction: Faction) -> &'static str {
    match faction {
        Faction::Empire => "Galactic Empire",
        Faction::Rebel => "Rebel Alliance",
        Faction::Republic => "Galactic Republic",
        Faction::Separatist => "Separatist Alliance",
        Faction::Scum => "Scum and Villainy",
        Faction::NewRepublic => "New Republic",
        Faction::Colonial => "Colonial Fleet",
        Faction::Cylon => "Cylons",
        Faction::Unsc => "UNSC",
        Faction::Covenant => "Covenant",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builders_words_for_factions() {
        assert_eq!(faction_named("Imperial"), Some(Faction::Empire));
        assert_eq!(faction_named("Empire"), Some(Faction::Empire));
        assert_eq!(faction_named("Rebel Alliance"), Some(Faction::Rebel));
        assert_eq!(
            faction_named("Separatist Alliance"),
            Some(Faction::Separatist)
        );
        assert_eq!(faction_named("Mandalorians"), None);
    }
}
