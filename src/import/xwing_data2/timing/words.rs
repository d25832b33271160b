//! Card words and icons as the scenario vocabulary names them.

/// An action icon's action word (`barrel-roll`, `rotate`); `None` for other icons.
pub fn action(icon: &str) -> Option<&'static str> {
    Some(match icon {
        "barrel-roll" => "barrel-roll",
        "boost" => "boost",
        "calculate" => "calculate",
        "cloak" => "cloak",
        "coordinate" => "coordinate",
        "evade" => "evade",
        "focus" => "focus",
        "jam" => "jam",
        "lock" => "lock",
        "reinforce" => "reinforce",
        "reload" => "reload",
        "rotate-arc" | "rotate" => "rotate",
        "slam" => "slam",
        _ => return None,
    })
}

/// A token named in words (`focus`, `stress`, …).
pub fn token(word: &str) -> Option<&'static str> {
    Some(match word {
        "calculate" => "calculate",
        "cloak" => "cloak",
        "deplete" => "deplete",
        "disarm" => "disarm",
        "evade" => "evade",
        "focus" => "focus",
        "ion" => "ion",
        "jam" => "jam",
        "reinforce" => "reinforce",
        "strain" => "strain",
        "stress" => "stress",
        "tractor" => "tractor",
        _ => return None,
    })
}

pub fn colour(word: &str) -> Option<&'static str> {
    Some(match word {
        "red" => "red",
        "white" => "white",
        "blue" => "blue",
        "purple" => "purple",
        _ => return None,
    })
}

pub fn phase(word: &str) -> Option<&'static str> {
    Some(match word {
        "planning" => "planning",
        "system" => "system",
        "activation" => "activation",
        "engagement" => "engagement",
        "end" => "end",
        _ => return None,
    })
}
