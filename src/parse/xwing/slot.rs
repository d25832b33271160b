//! Upgrade slot names as XWS keys: formats write `force-power` (YASB, Launch Bay Next),
//! `Force Power` or `forcepower`; all become the key `forcepower`, letters and digits
//! only, the form the xws-spec schema's slot-key pattern `^[0-9a-z]+$` describes.

use crate::text::closest;

/// Every slot key of X-Wing 2.0–2.5 as XWS writes it.
pub const SLOT_KEYS: &[&str] = &[
    "astromech",
    "cannon",
    "cargo",
    "command",
    "configuration",
    "crew",
    "device",
    "forcepower",
    "gunner",
    "hardpoint",
    "hyperdrive",
    "illicit",
    "missile",
    "modification",
    "sensor",
    "tacticalrelay",
    "talent",
    "team",
    "tech",
    "title",
    "torpedo",
    "turret",
];

/// The XWS key of a slot name: lower-case letters and digits only; YASB's `Force`
/// slot is `forcepower`.
pub fn slot_key(written: &str) -> String {
    // A slot key per upgrade of every squad read: most are written as keys already, and
    // the bytes of a non-ASCII character are never ASCII letters or digits.
    let key = if written.bytes().all(|b| b.is_ascii_alphanumeric()) {
        written.to_ascii_lowercase()
    } else {
        written
            .bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect()
    };
    match key.as_str() {
        "force" => "forcepower".to_string(),
        _ => key,
    }
}

pub fn is_known_slot(key: &str) -> bool {
    SLOT_KEYS.contains(&key)
}

/// Known slots near an unknown key, for `did you mean`.
pub fn slot_suggestions(key: &str) -> Vec<&'static str> {
    closest(key, SLOT_KEYS.iter().copied(), 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_ignore_case_and_punctuation() {
        assert_eq!(slot_key("force-power"), "forcepower");
        assert_eq!(slot_key("Force Power"), "forcepower");
        assert_eq!(slot_key("Force"), "forcepower");
        assert_eq!(slot_key("Tactical-Relay"), "tacticalrelay");
        assert!(is_known_slot(&slot_key("Modification")));
        assert!(!is_known_slot("elite"));
    }

    #[test]
    fn suggests_near_slots() {
        assert_eq!(slot_suggestions("torpedos"), ["torpedo"]);
    }
}
