//! The words of a Space Alert mission file: action cards (with heroic versions and Spanish
//! aliases), zones and stations.

use crate::cards::spacealert::{StationId, Tile, ZoneId};

/// What one slot of a crew member's action board holds (§2, §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// No card: the crew member does nothing that turn.
    None,
    /// Move through the door toward the red side.
    Red,
    /// Move through the door toward the blue side.
    Blue,
    /// Change deck with the gravolift.
    Lift,
    A,
    B,
    C,
    /// Battle bots: attack an intruder (or interceptors keep attacking).
    Robots,
    HeroicA,
    HeroicB,
    HeroicRobots,
    /// Heroic movement: straight to the station the card shows.
    HeroicMove(StationId),
}

impl Action {
    /// The word arbiter writes for the action.
    pub fn word(self) -> &'static str {
        match self {
            Action::None => "-",
            Action::Red => "red",
            Action::Blue => "blue",
            Action::Lift => "lift",
            Action::A => "A",
            Action::B => "B",
            Action::C => "C",
            Action::Robots => "robots",
            Action::HeroicA => "heroic A",
            Action::HeroicB => "heroic B",
            Action::HeroicRobots => "heroic robots",
            Action::HeroicMove(s) => match s {
                StationId::UpperRed => "heroic upper-red",
                StationId::UpperWhite => "heroic upper-white",
                StationId::UpperBlue => "heroic upper-blue",
                StationId::LowerRed => "heroic lower-red",
                StationId::LowerWhite => "heroic lower-white",
                StationId::LowerBlue => "heroic lower-blue",
            },
        }
    }

    pub fn is_heroic(self) -> bool {
        matches!(
            self,
            Action::HeroicA | Action::HeroicB | Action::HeroicRobots | Action::HeroicMove(_)
        )
    }
}

/// The words accepted for actions, for help texts.
pub const ACTION_WORDS: &str = "`-` (no card), `red`/`rojo`, `blue`/`azul`, `lift`/`ascensor`, `A`, `B`, `C`, `robots`, and heroic versions `heroic A`, `heroic B`, `heroic robots`, `heroic <station>` (also `A!`, `A heroica`)";

/// Read one action word (case and accents do not matter).
pub fn action(word: &str) -> Option<Action> {
    let lower = crate::text::normalize(word);
    let trimmed = word.trim();
    if trimmed == "-" || trimmed.is_empty() {
        return Some(Action::None);
    }
    let (heroic, base) = heroic_parts(trimmed, &lower);
    let base = base.trim();
    let plain = match base {
        "none" | "nada" | "ninguna" => Some(Action::None),
        "red" | "rojo" | "roja" => Some(Action::Red),
        "blue" | "azul" => Some(Action::Blue),
        "lift" | "ascensor" | "gravitoelevador" | "elevador" | "gravolift" => Some(Action::Lift),
        "a" => Some(Action::A),
        "b" => Some(Action::B),
        "c" => Some(Action::C),
        "robots" | "robot" | "bots" | "battlebots" | "battle bots" | "robots de combate" => {
            Some(Action::Robots)
        }
        _ => None,
    };
    match (heroic, plain) {
        (false, Some(a)) => Some(a),
        (true, Some(Action::A)) => Some(Action::HeroicA),
        (true, Some(Action::B)) => Some(Action::HeroicB),
        (true, Some(Action::Robots)) => Some(Action::HeroicRobots),
        (true, _) => station(base).map(Action::HeroicMove),
        (false, None) => None,
    }
}

/// Split off a heroic marker: `heroic X`, `heroico X`, `X heroica`, `X!`.
fn heroic_parts<'a>(raw: &str, lower: &'a str) -> (bool, &'a str) {
    if raw.ends_with('!') {
        // normalize() drops punctuation, so the lower form is already without the `!`.
        return (true, lower);
    }
    for prefix in ["heroic ", "heroico ", "heroica "] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            return (true, rest);
        }
    }
    for suffix in [" heroic", " heroico", " heroica"] {
        if let Some(rest) = lower.strip_suffix(suffix) {
            return (true, rest);
        }
    }
    (false, lower)
}

/// A station, in English or Spanish: `upper-red`, `superior roja`, `lower blue`, …
pub fn station(word: &str) -> Option<StationId> {
    let lower = crate::text::normalize(word);
    let mut deck = None;
    let mut zone = None;
    for part in lower.split(' ') {
        match part {
            "upper" | "superior" | "arriba" => deck = Some(true),
            "lower" | "inferior" | "abajo" => deck = Some(false),
            other => zone = zone.or(self::zone(other)),
        }
    }
    use crate::cards::spacealert::Deck;
    Some(StationId::at(
        zone?,
        if deck? { Deck::Upper } else { Deck::Lower },
    ))
}

/// A zone: `red`/`rojo`/`roja`, `white`/`blanco`/`blanca`, `blue`/`azul`.
pub fn zone(word: &str) -> Option<ZoneId> {
    match crate::text::normalize(word).as_str() {
        "red" | "rojo" | "roja" => Some(ZoneId::Red),
        "white" | "blanco" | "blanca" => Some(ZoneId::White),
        "blue" | "azul" => Some(ZoneId::Blue),
        _ => None,
    }
}

/// Where a threat of the mission is placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    External(ZoneId),
    Internal,
}

pub fn placement(word: &str) -> Option<Placement> {
    match crate::text::normalize(word).as_str() {
        "internal" | "interna" | "interno" => Some(Placement::Internal),
        other => zone(other).map(Placement::External),
    }
}

/// A damage tile, by its data word or a Spanish alias.
pub fn tile(word: &str) -> Option<Tile> {
    let lower = crate::text::normalize(word).replace(' ', "-");
    Tile::ALL
        .iter()
        .copied()
        .find(|t| t.as_str() == lower)
        .or(match lower.as_str() {
            "estructura" | "estructural" => Some(Tile::Structure),
            "laser-pesado" | "canon-pesado" => Some(Tile::HeavyLaser),
            "laser-ligero" | "canon-ligero" => Some(Tile::LightLaser),
            "pulsos" | "canon-de-pulsos" => Some(Tile::PulseCannon),
            "escudo" => Some(Tile::Shield),
            "reactor" => Some(Tile::Reactor),
            "ascensor" | "gravitoelevador" => Some(Tile::Lift),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_in_english_and_spanish() {
        assert_eq!(action("-"), Some(Action::None));
        assert_eq!(action("rojo"), Some(Action::Red));
        assert_eq!(action("Azul"), Some(Action::Blue));
        assert_eq!(action("ascensor"), Some(Action::Lift));
        assert_eq!(action("a"), Some(Action::A));
        assert_eq!(action("heroic A"), Some(Action::HeroicA));
        assert_eq!(action("B!"), Some(Action::HeroicB));
        assert_eq!(action("robots heroico"), Some(Action::HeroicRobots));
        assert_eq!(
            action("heroic lower-blue"),
            Some(Action::HeroicMove(StationId::LowerBlue))
        );
        assert_eq!(
            action("heroica superior roja"),
            Some(Action::HeroicMove(StationId::UpperRed))
        );
        assert_eq!(action("D"), None);
        assert_eq!(action("heroic lift"), None);
    }

    #[test]
    fn placements_and_tiles() {
        assert_eq!(placement("Roja"), Some(Placement::External(ZoneId::Red)));
        assert_eq!(placement("interna"), Some(Placement::Internal));
        assert_eq!(placement("green"), None);
        assert_eq!(tile("escudo"), Some(Tile::Shield));
        assert_eq!(tile("heavy-laser"), Some(Tile::HeavyLaser));
    }
}
