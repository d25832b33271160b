//! XWS JSON (xws-spec 2.0.0) and what builders write in its place: `"upgrades": []`,
//! hyphenated slot keys (`force-power`), XWS 1.x's pilot `name` instead of `id`, numbers
//! in quotes, and extras such as `ruleset`, `format` and `multisection`.

use super::faction::Faction;
use super::json::{self, Json, JsonValue, Member};
use super::slot::{is_known_slot, slot_key, slot_suggestions};
use super::span::Spanned;
use super::squad::{
    CardRef, FactionRef, GameMode, ParsedPilot, ParsedSquad, ParsedUpgrade, SlotRef, SourceFormat,
};
use crate::report::{Code, FileId, Finding};
use crate::text::closest;
use std::ops::Range;

const SQUAD_KEYS: &[&str] = &[
    "faction",
    "pilots",
    "name",
    "description",
    "points",
    "version",
    "ruleset",
    "format",
    "obstacles",
    "vendor",
];

const PILOT_KEYS: &[&str] = &[
    "id",
    "name",
    "ship",
    "points",
    "upgrades",
    "vendor",
    // YASB writes the sections of huge ships; nothing to check in them.
    "multisection",
];

/// Read an XWS squad. `Err` when the text is not JSON or not a JSON object; problems
/// inside the object are findings of the returned squad.
pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    let json = json::parse(text).map_err(|e| {
        vec![
            Finding::error(Code::XwingParseJson, e.message)
                .at(file, e.span)
                .label(e.label)
                .help(e.help),
        ]
    })?;
    let JsonValue::Object(members) = &json.value else {
        let start = json.span.start;
        return Err(vec![
            Finding::error(
                Code::XwingParseXws,
                format!("an XWS squad is a JSON object; this is {}", json.kind()),
            )
            .at(file, start..start + 1)
            .label("not an object")
            .help("an XWS file holds one object: {\"faction\": …, \"pilots\": […], …}"),
        ]);
    };
    let mut reader = Reader {
        file,
        squad: ParsedSquad::new(SourceFormat::Xws),
    };
    reader.squad(members, json.span.clone());
    Ok(reader.squad)
}

struct Reader {
    file: FileId,
    squad: ParsedSquad,
}

impl Reader {
    fn error(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: String,
        label: &str,
        help: String,
    ) {
        self.squad.findings.push(
            Finding::error(code, message)
                .at(self.file, span)
                .label(label)
                .help(help),
        );
    }

    fn warn(&mut self, code: Code, span: Range<usize>, message: String, label: &str, help: String) {
        self.squad.findings.push(
            Finding::warning(code, message)
                .at(self.file, span)
                .label(label)
                .help(help),
        );
    }

    /// The members to read: a key given twice counts once, the later value winning as in
    /// JavaScript, with a warning on the earlier one (all warnings first, then the members).
    fn latest<'m, 'a>(
        &mut self,
        members: &'m [Member<'a>],
    ) -> impl Iterator<Item = &'m Member<'a>> + use<'m, 'a> {
        let overridden =
            |i: usize, member: &Member<'_>| members.iter().skip(i + 1).any(|m| m.key == member.key);
        for (i, member) in members.iter().enumerate() {
            if overridden(i, member) {
                self.warn(
                    Code::XwingParseXws,
                    member.key_span.clone(),
                    format!("`{}` is given twice; the later value is used", member.key),
                    "overridden further down",
                    format!("remove one of the two `{}`", member.key),
                );
            }
        }
        members
            .iter()
            .enumerate()
            .filter(move |(i, member)| !overridden(*i, member))
            .map(|(_, member)| member)
    }

    fn unknown_key(&mut self, member: &Member<'_>, known: &[&'static str], what: &str) {
        let suggestion = closest(&member.key, known.iter().copied(), 1);
        let help = match suggestion.first() {
            Some(s) => format!(
                "did you mean `{s}`? XWS {what} keys are {}",
                known.join(", ")
            ),
            None => format!(
                "XWS {what} keys are {}; this one is ignored",
                known.join(", ")
            ),
        };
        self.warn(
            Code::XwingParseXws,
            member.key_span.clone(),
            format!("unknown {what} key `{}`", member.key),
            "ignored",
            help,
        );
    }

    fn squad(&mut self, members: &[Member<'_>], span: Range<usize>) {
        let mut saw_faction = false;
        let mut saw_pilots = false;
        for member in self.latest(members) {
            let value = &member.value;
            match member.key.as_ref() {
                "faction" => {
                    saw_faction = true;
                    self.faction(value);
                }
                "pilots" => {
                    saw_pilots = true;
                    self.pilots(value);
                }
                // Builders write "" for an unnamed squad and an empty description.
                "name" => {
                    self.squad.name = self
                        .string(value, "the squad name")
                        .filter(|n| !n.value.trim().is_empty());
                }
                "description" => {
                    self.squad.description = self
                        .string(value, "the description")
                        .filter(|d| !d.value.trim().is_empty());
                }
                "points" => self.squad.points = self.integer(value, "the squad's points"),
                "version" => self.squad.version = self.text(value, "`version`"),
                "ruleset" => self.squad.ruleset = self.string(value, "`ruleset`"),
                "format" => {
                    self.squad.game_format = self.string(value, "`format`");
                    self.squad.game_mode = self
                        .squad
                        .game_format
                        .as_ref()
                        .and_then(|f| GameMode::from_name(&f.value));
                }
                "obstacles" => self.obstacles(value),
                "vendor" => self.vendor(value),
                _ => self.unknown_key(member, SQUAD_KEYS, "squad"),
            }
        }
        let open = span.start..span.start + 1;
        if !saw_faction {
            self.error(
                Code::XwingParseXws,
                open.clone(),
                "the squad has no `faction`".into(),
                "this object has no \"faction\"",
                "add \"faction\": \"rebelalliance\" (or another XWS faction id)".into(),
            );
        }
        if !saw_pilots {
            self.error(
                Code::XwingParseXws,
                open,
                "the squad has no `pilots`".into(),
                "this object has no \"pilots\"",
                "add \"pilots\": [{\"id\": \"…\", \"upgrades\": {…}}, …]".into(),
            );
        }
    }

    fn faction(&mut self, value: &Json<'_>) {
        let Some(written) = self.string(value, "the faction") else {
            return;
        };
        let faction = Faction::from_written(&written.value);
        if faction.is_none() {
            let suggestions = Faction::suggestions(&written.value);
            let help = match suggestions.first() {
                Some(name) => format!(
                    "did you mean `{}`?",
                    Faction::ALL
                        .iter()
                        .find(|f| f.name() == *name)
                        .map_or("", |f| f.xws())
                ),
                None => format!(
                    "XWS factions are {}",
                    Faction::ALL.map(Faction::xws).join(", ")
                ),
            };
            self.error(
                Code::XwingParseFaction,
                written.span.clone(),
                format!("`{}` is not an X-Wing faction", written.value),
                "unknown faction",
                help,
            );
        }
        self.squad.faction = Some(FactionRef { written, faction });
    }

    fn pilots(&mut self, value: &Json<'_>) {
        let JsonValue::Array(items) = &value.value else {
            self.error(
                Code::XwingParseXws,
                value.span.clone(),
                format!("`pilots` should be a list; this is {}", value.kind()),
                "not a list",
                "write \"pilots\": [{\"id\": \"…\"}, …]".into(),
            );
            return;
        };
        self.squad.pilots.reserve(items.len());
        for item in items {
            match &item.value {
                JsonValue::Object(members) => {
                    if let Some(pilot) = self.pilot(members, item.span.clone()) {
                        self.squad.pilots.push(pilot);
                    }
                }
                _ => self.error(
                    Code::XwingParseXws,
                    item.span.clone(),
                    format!("a pilot should be an object; this is {}", item.kind()),
                    "not a pilot object",
                    "write each pilot as {\"id\": \"…\", \"upgrades\": {…}}".into(),
                ),
            }
        }
    }

    fn pilot(&mut self, members: &[Member<'_>], span: Range<usize>) -> Option<ParsedPilot> {
        let mut id = None;
        let mut name = None;
        let mut ship = None;
        let mut total = None;
        let mut upgrades = Vec::new();
        for member in self.latest(members) {
            let value = &member.value;
            match member.key.as_ref() {
                "id" => id = self.string(value, "the pilot id"),
                "name" => name = self.string(value, "the pilot name"),
                "ship" => ship = self.string(value, "the ship"),
                "points" => total = self.integer(value, "the pilot's points"),
                "upgrades" => upgrades = self.upgrades(value),
                "vendor" | "multisection" => {}
                _ => self.unknown_key(member, PILOT_KEYS, "pilot"),
            }
        }
        let card = match (id, name) {
            (Some(id), Some(name)) => {
                if id.value != name.value {
                    self.warn(
                        Code::XwingParseXws,
                        name.span,
                        format!(
                            "pilot `name` `{}` differs from `id` `{}`",
                            name.value, id.value
                        ),
                        "ignored",
                        "XWS 2.0 identifies pilots by `id`; `name` is a leftover of XWS 1.x".into(),
                    );
                }
                id
            }
            (Some(id), None) => id,
            (None, Some(name)) => {
                self.warn(
                    Code::XwingParseXws,
                    name.span.clone(),
                    "the pilot has `name` but no `id`; `name` is read as the id".into(),
                    "read as the pilot id",
                    "XWS 1.x called the pilot id `name`; XWS 2.0 calls it `id`".into(),
                );
                name
            }
            (None, None) => {
                self.error(
                    Code::XwingParseXws,
                    span.start..span.start + 1,
                    "a pilot without `id`".into(),
                    "this pilot has no \"id\"",
                    "add the pilot's XWS id: {\"id\": \"lukeskywalker\", …}".into(),
                );
                return None;
            }
        };
        let mut pilot = ParsedPilot::new(CardRef::Xws(card), span);
        pilot.ship = ship;
        pilot.total_points = total;
        pilot.upgrades = upgrades;
        Some(pilot)
    }

    fn upgrades(&mut self, value: &Json<'_>) -> Vec<ParsedUpgrade> {
        let mut out = Vec::new();
        match &value.value {
            JsonValue::Object(members) => {
                out.reserve(members.len());
                for member in self.latest(members) {
                    let slot = self.slot(member);
                    self.slot_cards(&member.value, Some(slot), &mut out);
                }
            }
            // Several builders write an empty list where XWS wants `{}`.
            JsonValue::Array(items) if items.is_empty() => {}
            JsonValue::Null => {}
            JsonValue::Array(_) => {
                self.warn(
                    Code::XwingParseXws,
                    value.span.clone(),
                    "`upgrades` is a list of ids without slots".into(),
                    "read without slots",
                    "XWS files upgrades by slot: \"upgrades\": {\"torpedo\": [\"protontorpedoes\"]}"
                        .into(),
                );
                self.slot_cards(value, None, &mut out);
            }
            _ => self.error(
                Code::XwingParseXws,
                value.span.clone(),
                format!("`upgrades` should be an object; this is {}", value.kind()),
                "not an object",
                "write \"upgrades\": {\"slot\": [\"id\", …], …}".into(),
            ),
        }
        out
    }

    fn slot(&mut self, member: &Member<'_>) -> SlotRef {
        let key = slot_key(&member.key);
        if !is_known_slot(&key) {
            let help = match slot_suggestions(&key).first() {
                Some(s) => format!("did you mean `{s}`?"),
                None => "XWS slot keys are the slot names in lower case without spaces (\"forcepower\", \"tacticalrelay\")".into(),
            };
            self.warn(
                Code::XwingParseSlot,
                member.key_span.clone(),
                format!("`{}` is not an X-Wing upgrade slot", member.key),
                "unknown slot",
                help,
            );
        }
        SlotRef {
            written: Spanned::new(member.key.to_string(), member.key_span.clone()),
            key,
        }
    }

    fn slot_cards(
        &mut self,
        value: &Json<'_>,
        slot: Option<SlotRef>,
        out: &mut Vec<ParsedUpgrade>,
    ) {
        let items: &[Json<'_>] = match &value.value {
            JsonValue::Array(items) => items,
            JsonValue::String(_) => {
                self.warn(
                    Code::XwingParseXws,
                    value.span.clone(),
                    "a slot's upgrades should be a list; read as a list of one".into(),
                    "not in a list",
                    "write [\"id\"]".into(),
                );
                std::slice::from_ref(value)
            }
            _ => {
                self.error(
                    Code::XwingParseXws,
                    value.span.clone(),
                    format!(
                        "a slot's upgrades should be a list of ids; this is {}",
                        value.kind()
                    ),
                    "not a list of ids",
                    "write \"slot\": [\"id\", …]".into(),
                );
                return;
            }
        };
        let mut slot = slot;
        let last = items.len().saturating_sub(1);
        for (i, item) in items.iter().enumerate() {
            if let Some(id) = self.string(item, "an upgrade id") {
                // Most slots hold one card: the last one takes the slot, the others a copy.
                let slot = if i == last { slot.take() } else { slot.clone() };
                out.push(ParsedUpgrade {
                    slot,
                    card: Some(CardRef::Xws(id)),
                    points: None,
                    span: item.span.clone(),
                });
            }
        }
    }

    fn obstacles(&mut self, value: &Json<'_>) {
        let JsonValue::Array(items) = &value.value else {
            if !matches!(value.value, JsonValue::Null) {
                self.error(
                    Code::XwingParseXws,
                    value.span.clone(),
                    format!("`obstacles` should be a list; this is {}", value.kind()),
                    "not a list",
                    "write \"obstacles\": [\"core-asteroid-1\", …]".into(),
                );
            }
            return;
        };
        for item in items {
            // Builders write "" for an obstacle not chosen yet.
            if let Some(name) = self
                .string(item, "an obstacle")
                .filter(|n| !n.value.is_empty())
            {
                self.squad.obstacles.push(name);
            }
        }
    }

    /// `vendor: {"yasb": {"builder": …, "link": …}}`: the builder and its link to the squad;
    /// `vendor.arbiter.ruleset`: the points revision of an arbiter export.
    fn vendor(&mut self, value: &Json<'_>) {
        let JsonValue::Object(vendors) = &value.value else {
            return;
        };
        for vendor in vendors {
            let JsonValue::Object(fields) = &vendor.value.value else {
                continue;
            };
            let builder = fields
                .iter()
                .find(|f| f.key == "builder")
                .and_then(|f| {
                    f.value
                        .as_str()
                        .map(|s| Spanned::new(s.to_string(), f.value.span.clone()))
                })
                .unwrap_or_else(|| Spanned::new(vendor.key.to_string(), vendor.key_span.clone()));
            self.squad.builder.get_or_insert(builder);
            // arbiter's own exports keep the points revision here, the schema having no
            // top-level place for it; a top-level `ruleset` wins.
            if vendor.key == "arbiter"
                && let Some(ruleset) = fields.iter().find(|f| f.key == "ruleset")
                && let Some(text) = ruleset.value.as_str().filter(|s| !s.is_empty())
            {
                self.squad
                    .ruleset
                    .get_or_insert(Spanned::new(text.to_string(), ruleset.value.span.clone()));
            }
            if let Some(link) = fields.iter().find(|f| f.key == "link")
                && let Some(text) = link.value.as_str().filter(|s| !s.is_empty())
            {
                self.squad
                    .link
                    .get_or_insert(Spanned::new(text.to_string(), link.value.span.clone()));
            }
        }
    }

    /// A string value; `null` reads as absent, anything else is an error.
    fn string(&mut self, value: &Json<'_>, what: &str) -> Option<Spanned<String>> {
        match &value.value {
            JsonValue::String(s) => Some(Spanned::new(s.to_string(), value.span.clone())),
            JsonValue::Null => None,
            _ => {
                self.error(
                    Code::XwingParseXws,
                    value.span.clone(),
                    format!("{what} should be a string; this is {}", value.kind()),
                    "not a string",
                    "put the text in double quotes".into(),
                );
                None
            }
        }
    }

    /// Text that some builders write as a number (`"version": 2`).
    fn text(&mut self, value: &Json<'_>, what: &str) -> Option<Spanned<String>> {
        match value.value {
            JsonValue::Number(n) => {
                let text = n
                    .integer
                    .map_or_else(|| n.float.to_string(), |i| i.to_string());
                Some(Spanned::new(text, value.span.clone()))
            }
            _ => self.string(value, what),
        }
    }

    /// A whole number; also `"20"` and `20.0`, with a warning.
    fn integer(&mut self, value: &Json<'_>, what: &str) -> Option<Spanned<i64>> {
        match &value.value {
            JsonValue::Number(n) => {
                if let Some(i) = n.integer {
                    return Some(Spanned::new(i, value.span.clone()));
                }
                if n.float.fract() == 0.0 && n.float.abs() < 1e15 {
                    let i = n.float as i64;
                    self.warn(
                        Code::XwingParseXws,
                        value.span.clone(),
                        format!("{what} is written as a decimal; read as {i}"),
                        "read as a whole number",
                        format!("write {i}"),
                    );
                    return Some(Spanned::new(i, value.span.clone()));
                }
                self.error(
                    Code::XwingParseXws,
                    value.span.clone(),
                    format!("{what} should be a whole number"),
                    "not a whole number",
                    "X-Wing points are whole numbers".into(),
                );
                None
            }
            JsonValue::String(s) => match s.trim().parse::<i64>() {
                Ok(i) => {
                    self.warn(
                        Code::XwingParseXws,
                        value.span.clone(),
                        format!("{what} is a number in quotes; read as {i}"),
                        "read as a number",
                        format!("write {i} without quotes"),
                    );
                    Some(Spanned::new(i, value.span.clone()))
                }
                Err(_) => {
                    self.error(
                        Code::XwingParseXws,
                        value.span.clone(),
                        format!("{what} should be a number; this is the string {s:?}"),
                        "not a number",
                        "write the points as a number".into(),
                    );
                    None
                }
            },
            JsonValue::Null => None,
            _ => {
                self.error(
                    Code::XwingParseXws,
                    value.span.clone(),
                    format!("{what} should be a number; this is {}", value.kind()),
                    "not a number",
                    "write the points as a number".into(),
                );
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> ParsedSquad {
        parse(FileId(0), text).unwrap()
    }

    #[test]
    fn reads_ids_slots_and_spans() {
        let text = r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","ship":"t65xwing","points":8,
            "upgrades":{"force-power":["heightenedperception"],"astromech":["r2d2"]}}],"name":"Red","version":"2.0.0"}"#;
        let squad = read(text);
        assert!(squad.findings.is_empty(), "{:?}", squad.findings);
        let pilot = &squad.pilots[0];
        assert_eq!(&text[pilot.card.span()], "\"lukeskywalker\"");
        assert_eq!(pilot.total_points.as_ref().unwrap().value, 8);
        let slots: Vec<_> = pilot
            .upgrades
            .iter()
            .map(|u| u.slot.as_ref().unwrap().key.as_str())
            .collect();
        assert_eq!(slots, ["forcepower", "astromech"]);
        assert_eq!(
            &text[pilot.upgrades[0]
                .slot
                .as_ref()
                .unwrap()
                .written
                .span
                .clone()],
            "\"force-power\""
        );
    }

    #[test]
    fn tolerates_builder_variants() {
        let squad = read(
            r#"{"faction":"galacticempire","pilots":[{"name":"darthvader","upgrades":[]},{"id":"a","points":"5"}],"points":20.0}"#,
        );
        assert_eq!(squad.pilots.len(), 2);
        assert_eq!(squad.pilots[0].card.text(), "darthvader");
        assert!(squad.pilots[0].upgrades.is_empty());
        assert_eq!(squad.points.as_ref().unwrap().value, 20);
        assert!(!squad.has_errors());
        assert_eq!(squad.findings.len(), 3);
    }

    #[test]
    fn located_errors_for_wrong_shapes() {
        let text = r#"{"faction":"rebelz","pilots":[{"ship":"x"}, 3, {"id":"b","upgrades":{"crew":"jynerso","tourret":[1]}}]}"#;
        let squad = read(text);
        let codes: Vec<_> = squad.findings.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(
            codes,
            [
                "xwing::parse::faction",
                "xwing::parse::xws",
                "xwing::parse::xws",
                "xwing::parse::xws",
                "xwing::parse::slot",
                "xwing::parse::xws",
            ]
        );
        assert_eq!(squad.pilots.len(), 1);
        assert_eq!(squad.pilots[0].upgrades.len(), 1);
    }

    #[test]
    fn not_an_object_is_unreadable() {
        let err = parse(FileId(0), "[1]").unwrap_err();
        assert_eq!(err[0].code, Code::XwingParseXws);
        let err = parse(FileId(0), "{").unwrap_err();
        assert_eq!(err[0].code, Code::XwingParseJson);
    }
}
