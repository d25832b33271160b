//! The seven X-Wing factions and the ways squad formats write them: XWS ids
//! (`rebelalliance`), YASB's names in links (`Rebel%20Alliance`), and what people type.

use crate::text::{closest, squashes_to};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Faction {
    RebelAlliance,
    GalacticEmpire,
    ScumAndVillainy,
    Resistance,
    FirstOrder,
    GalacticRepublic,
    SeparatistAlliance,
}

impl Faction {
    pub const ALL: [Faction; 7] = [
        Faction::RebelAlliance,
        Faction::GalacticEmpire,
        Faction::ScumAndVillainy,
        Faction::Resistance,
        Faction::FirstOrder,
        Faction::GalacticRepublic,
        Faction::SeparatistAlliance,
    ];

    /// The id XWS writes (the `faction` enum of the xws-spec schema).
    pub fn xws(self) -> &'static str {
        match self {
            Faction::RebelAlliance => "rebelalliance",
            Faction::GalacticEmpire => "galacticempire",
            Faction::ScumAndVillainy => "scumandvillainy",
            Faction::Resistance => "resistance",
            Faction::FirstOrder => "firstorder",
            Faction::GalacticRepublic => "galacticrepublic",
            Faction::SeparatistAlliance => "separatistalliance",
        }
    }

    /// The printed name, which is also what YASB puts in its links' `f=`.
    pub fn name(self) -> &'static str {
        match self {
            Faction::RebelAlliance => "Rebel Alliance",
            Faction::GalacticEmpire => "Galactic Empire",
            Faction::ScumAndVillainy => "Scum and Villainy",
            Faction::Resistance => "Resistance",
            Faction::FirstOrder => "First Order",
            Faction::GalacticRepublic => "Galactic Republic",
            Faction::SeparatistAlliance => "Separatist Alliance",
        }
    }

    /// Short names players use.
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Faction::RebelAlliance => &["rebel", "rebels"],
            Faction::GalacticEmpire => &["empire", "imperial", "imperials"],
            Faction::ScumAndVillainy => &["scum"],
            Faction::Resistance => &[],
            Faction::FirstOrder => &[],
            Faction::GalacticRepublic => &["republic"],
            Faction::SeparatistAlliance => &["separatist", "separatists"],
        }
    }

    /// The faction a format or a person wrote, ignoring case, spaces and punctuation.
    pub fn from_written(text: &str) -> Option<Faction> {
        // Read for every squad: XWS writes the id itself (ids are squashed names, and no
        // alias is another faction's id), else compared without a squashed copy.
        if let Some(exact) = Faction::ALL.into_iter().find(|f| f.xws() == text) {
            return Some(exact);
        }
        if squashes_to(text, "") {
            return None;
        }
        Faction::ALL.into_iter().find(|f| {
            squashes_to(text, f.xws()) || f.aliases().iter().any(|a| squashes_to(text, a))
        })
    }

    /// Up to two factions near an unknown spelling, for `did you mean`.
    pub fn suggestions(text: &str) -> Vec<&'static str> {
        let names = Faction::ALL.iter().map(|f| f.name());
        closest(text, names, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::squash;

    #[test]
    fn reads_ids_names_and_aliases() {
        assert_eq!(
            Faction::from_written("Rebel Alliance"),
            Some(Faction::RebelAlliance)
        );
        assert_eq!(
            Faction::from_written("scumandvillainy"),
            Some(Faction::ScumAndVillainy)
        );
        assert_eq!(Faction::from_written("Scum & Villainy"), None);
        assert_eq!(
            Faction::from_written("first-order"),
            Some(Faction::FirstOrder)
        );
        assert_eq!(
            Faction::from_written("Imperial"),
            Some(Faction::GalacticEmpire)
        );
        assert_eq!(Faction::from_written(""), None);
        assert_eq!(Faction::from_written("All"), None);
    }

    #[test]
    fn suggests_near_misses() {
        assert_eq!(Faction::suggestions("Rebel Aliance"), ["Rebel Alliance"]);
    }

    #[test]
    fn an_id_read_exactly_is_the_faction_the_loose_match_finds() {
        for faction in Faction::ALL {
            for alias in faction.aliases() {
                assert!(Faction::ALL.iter().all(|f| f.xws() != *alias), "{alias}");
            }
            assert_eq!(Faction::from_written(faction.xws()), Some(faction));
            assert_eq!(
                Faction::from_written(&faction.xws().to_uppercase()),
                Some(faction)
            );
        }
    }

    #[test]
    fn xws_ids_are_squashed_names() {
        for faction in Faction::ALL {
            assert_eq!(squash(faction.name()), faction.xws());
        }
    }
}
