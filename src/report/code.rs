use serde::Serialize;
use std::fmt;

/// Every diagnostic code arbiter can emit. The string form (`cards::duplicate_id`) is part of
/// the documented JSON output and must not change once released.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// A path given on the command line could not be read at all.
    Io,
    /// The file is not UTF-8 text.
    Encoding,
    /// The file is larger than any data file arbiter accepts.
    TooLarge,
    /// A file that is not one of the data kinds arbiter knows.
    UnknownFileKind,
    /// TOML that does not parse.
    Syntax,
    /// A key the data model does not have.
    UnknownField,
    /// A key the data model requires is absent.
    MissingField,
    /// A value of the wrong type or outside its allowed words.
    InvalidValue,
    /// Two records share one id.
    DuplicateId,
    /// A reference to a record that does not exist.
    DanglingReference,
    /// A value the game cannot have (negative points, initiative 9).
    ImpossibleValue,
    /// A name or id that matches no card.
    NotFound,
    /// A name that matches several cards equally well, none of them exactly.
    AmbiguousName,
    /// A term that matches no entry of the rules glossary.
    RuleNotFound,
    /// A scenario that is not valid TOML.
    ScenarioSyntax,
    /// A scenario key the format does not have.
    ScenarioUnknownField,
    /// A scenario lacks a required key or table.
    ScenarioMissingField,
    /// A scenario value of the wrong type or outside its allowed words.
    ScenarioInvalidValue,
    /// A scenario names a ship it does not define.
    ScenarioUnknownShip,
    /// A scenario names a player, team, ability or effect it does not define.
    ScenarioUnknownReference,
    /// A timing that names no event (or no event of this scenario).
    ScenarioBadTiming,
    /// An effect, requirement or cost that does not parse.
    ScenarioBadStatement,
    /// Scenario facts that cannot all be true.
    ScenarioContradiction,
    /// A choice the scenario gives that the rules do not allow at that point.
    ScenarioIllegalChoice,
    /// Triggers that do not settle within the step cap.
    ScenarioLoop,
    /// A scenario file larger than arbiter accepts.
    ScenarioTooLarge,
    /// An Armada fleet-list line that is no line of the detected builder's format.
    ArmadaParse,
    /// An Armada fleet-list file with nothing in it.
    ArmadaParseEmpty,
    /// A fleet-list input that is binary data, not text.
    ArmadaParseBinary,
    /// A fleet-list input that is not valid UTF-8.
    ArmadaParseEncoding,
    /// A fleet-list input far larger than any fleet list.
    ArmadaParseTooLarge,
    /// A fleet-list line far longer than any fleet-list line.
    ArmadaParseLineTooLong,
    /// Text that is no fleet list of any Armada builder this tool reads.
    ArmadaParseUnknownFormat,
    /// A card line whose cost in parentheses is missing or unreadable.
    ArmadaParsePoints,
    /// An upgrade or subtotal line with no ship above it.
    ArmadaParseOrphan,
    /// A header line (name, faction, commander…) given a second time.
    ArmadaParseDuplicate,
    /// So many lines were not understood that the rest are summarised.
    ArmadaParseTooManyErrors,
    /// A line where the builder wrote its own error instead of a card
    /// (`• match not found for 388`).
    ArmadaParseBuilderMessage,
    /// A fleet of no faction, or a card of another faction than the fleet's.
    ArmadaFaction,
    /// A fleet without exactly one commander.
    ArmadaCommander,
    /// Objectives missing, doubled or of the wrong category for the format.
    ArmadaObjectives,
    /// A fleet over the format's points limit.
    ArmadaPoints,
    /// Squadrons over the format's share of the points limit.
    ArmadaSquadronCap,
    /// A unique name used more than once in a fleet.
    ArmadaUnique,
    /// A ship with more than one Modification upgrade.
    ArmadaModification,
    /// A title or hull-specific upgrade on another ship type.
    ArmadaTitle,
    /// An upgrade with no free matching slot on its ship.
    ArmadaSlot,
    /// An upgrade its ship may not equip (size, traits, flagship only, excluded icons).
    ArmadaRestriction,
    /// An upgrade that needs an icon another upgrade of its ship removes.
    ArmadaDisabledIcon,
    /// More flotillas than the format allows.
    ArmadaFlotillaCap,
    /// A name in a fleet list that matches no Armada card.
    ArmadaUnknownCard,
    /// A cost the list states that differs from the card data (a warning).
    ArmadaStatedPoints,
    /// Which points revision an Armada list is judged under, when it is not the current
    /// one (a note), or a `--points` name no revision has.
    ArmadaPointsRevision,
    /// A card from a content source the format does not allow.
    ArmadaLegalSource,
    /// Two fleets of one team in different factions (Sector Fleets team play).
    ArmadaTeamFaction,
    /// A unique name in more than one fleet of a team (Sector Fleets team play).
    ArmadaTeamUnique,
    /// A list file that could not be read (missing, a folder without lists, no permission).
    ListIo,
    /// A list input larger than any list (a wrong file, a device, an endless stream).
    ListTooLarge,
    /// An input that is no fleet or squad list of any game arbiter validates.
    ListParseUnknownGame,
    /// An input of another game than the one asked for with `--game`.
    ListParseWrongGame,
    /// An input that is no X-Wing squad format arbiter reads, or holds no squad.
    XwingParse,
    /// A squad file that is not text: bytes that are not UTF-8, or binary data.
    XwingParseEncoding,
    /// A squad file larger than any squad can be.
    XwingParseTooLarge,
    /// JSON that does not parse, or that nests or grows past arbiter's limits.
    XwingParseJson,
    /// JSON that parses but is not shaped like an XWS squad.
    XwingParseXws,
    /// A squad-builder link whose parts cannot be decoded.
    XwingParseLink,
    /// A line of a text export that cannot be read.
    XwingParseText,
    /// A faction name or id that names no X-Wing faction.
    XwingParseFaction,
    /// An upgrade slot name that XWS does not know.
    XwingParseSlot,
    /// So many problems in a squad that the rest are summarised.
    XwingParseTooManyErrors,
    /// A pilot of another faction than the squad's.
    XwingFaction,
    /// A squad over its points limit, or a card the revision gives no price.
    XwingPoints,
    /// Fewer or more ships than the format allows.
    XwingShipCount,
    /// A ship whose upgrades cost more than its loadout value.
    XwingLoadout,
    /// An upgrade with no free matching slot on its ship.
    XwingSlot,
    /// Two copies of one upgrade on one ship.
    XwingDuplicateUpgrade,
    /// More copies of a limited (•) card than its limit.
    XwingLimited,
    /// An upgrade on a ship its restrictions exclude.
    XwingRestriction,
    /// A ship of a type that must carry a Standardized upgrade and does not.
    XwingStandardized,
    /// An upgrade added to a standard-loadout pilot.
    XwingStandardLoadout,
    /// More restricted-list cards than the format allows.
    XwingRestrictedCap,
    /// A card not legal in the format under the revision used.
    XwingBanned,
    /// Obstacles named, but not exactly the required number of different ones.
    XwingObstacles,
    /// An id, number or name that matches no card.
    XwingUnknownCard,
    /// An id read as another app's alias of a card's id.
    XwingIdAlias,
    /// A points revision that names no revision of the card data.
    XwingRevision,
    /// A cost the input states that differs from the revision's.
    XwingStatedPoints,
    /// A card of a squad to export that the card data does not identify.
    ExportUnknownCard,
    /// A card the export target has no way to write (a YASB link needs numbers the
    /// card data lacks).
    ExportNotExpressible,
    /// Something the export target leaves out or cannot tell apart; written anyway.
    ExportLossy,
    /// The exported squad could not be written to the output file.
    ExportWrite,
    /// A code `arbiter explain` was asked about that is no diagnostic code.
    ExplainUnknownCode,
    // Space Alert missions (`spacealert/mission`): one block, kept together.
    /// A threat name that matches no Space Alert threat (or more than one).
    SpacealertUnknownThreat,
    /// An action word that is no Space Alert action.
    SpacealertUnknownAction,
    /// A turn outside the turns the rules allow.
    SpacealertTurnOutOfRange,
    /// A trajectory that is not one of T1 to T7.
    SpacealertUnknownTrajectory,
    /// A threat placed in a zone it cannot enter (external in `internal`, or the reverse).
    SpacealertWrongZone,
    /// A crew size or an android the rules of section 5 do not allow.
    SpacealertCrew,
    /// A `damage_tiles` order that is not the zone's six tiles.
    SpacealertDamageTiles,
    /// The built-in Space Alert data lacks a table the engine needs.
    SpacealertData,
    /// A Talon fleet-list line that is no `Side:`, `Points:` or class line.
    TalonParse,
    /// A Talon fleet with no side, or a class of the other side.
    TalonSide,
    /// A Talon fleet over its points limit.
    TalonPoints,
    /// A class a Talon fleet list names that no Talon class is called.
    TalonUnknownClass,
}

impl Code {
    pub const ALL: &'static [Code] = &[
        Code::Io,
        Code::Encoding,
        Code::TooLarge,
        Code::UnknownFileKind,
        Code::Syntax,
        Code::UnknownField,
        Code::MissingField,
        Code::InvalidValue,
        Code::DuplicateId,
        Code::DanglingReference,
        Code::ImpossibleValue,
        Code::NotFound,
        Code::AmbiguousName,
        Code::RuleNotFound,
        Code::ScenarioSyntax,
        Code::ScenarioUnknownField,
        Code::ScenarioMissingField,
        Code::ScenarioInvalidValue,
        Code::ScenarioUnknownShip,
        Code::ScenarioUnknownReference,
        Code::ScenarioBadTiming,
        Code::ScenarioBadStatement,
        Code::ScenarioContradiction,
        Code::ScenarioIllegalChoice,
        Code::ScenarioLoop,
        Code::ScenarioTooLarge,
        Code::ArmadaParse,
        Code::ArmadaParseEmpty,
        Code::ArmadaParseBinary,
        Code::ArmadaParseEncoding,
        Code::ArmadaParseTooLarge,
        Code::ArmadaParseLineTooLong,
        Code::ArmadaParseUnknownFormat,
        Code::ArmadaParsePoints,
        Code::ArmadaParseOrphan,
        Code::ArmadaParseDuplicate,
        Code::ArmadaParseTooManyErrors,
        Code::ArmadaParseBuilderMessage,
        Code::ArmadaFaction,
        Code::ArmadaCommander,
        Code::ArmadaObjectives,
        Code::ArmadaPoints,
        Code::ArmadaSquadronCap,
        Code::ArmadaUnique,
        Code::ArmadaModification,
        Code::ArmadaTitle,
        Code::ArmadaSlot,
        Code::ArmadaRestriction,
        Code::ArmadaDisabledIcon,
        Code::ArmadaFlotillaCap,
        Code::ArmadaUnknownCard,
        Code::ArmadaStatedPoints,
        Code::ArmadaPointsRevision,
        Code::ArmadaLegalSource,
        Code::ArmadaTeamFaction,
        Code::ArmadaTeamUnique,
        Code::ListIo,
        Code::ListTooLarge,
        Code::ListParseUnknownGame,
        Code::ListParseWrongGame,
        Code::XwingParse,
        Code::XwingParseEncoding,
        Code::XwingParseTooLarge,
        Code::XwingParseJson,
        Code::XwingParseXws,
        Code::XwingParseLink,
        Code::XwingParseText,
        Code::XwingParseFaction,
        Code::XwingParseSlot,
        Code::XwingParseTooManyErrors,
        Code::XwingFaction,
        Code::XwingPoints,
        Code::XwingShipCount,
        Code::XwingLoadout,
        Code::XwingSlot,
        Code::XwingDuplicateUpgrade,
        Code::XwingLimited,
        Code::XwingRestriction,
        Code::XwingStandardized,
        Code::XwingStandardLoadout,
        Code::XwingRestrictedCap,
        Code::XwingBanned,
        Code::XwingObstacles,
        Code::XwingUnknownCard,
        Code::XwingIdAlias,
        Code::XwingRevision,
        Code::XwingStatedPoints,
        Code::ExportUnknownCard,
        Code::ExportNotExpressible,
        Code::ExportLossy,
        Code::ExportWrite,
        Code::ExplainUnknownCode,
        Code::SpacealertUnknownThreat,
        Code::SpacealertUnknownAction,
        Code::SpacealertTurnOutOfRange,
        Code::SpacealertUnknownTrajectory,
        Code::SpacealertWrongZone,
        Code::SpacealertCrew,
        Code::SpacealertDamageTiles,
        Code::SpacealertData,
        Code::TalonParse,
        Code::TalonSide,
        Code::TalonPoints,
        Code::TalonUnknownClass,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::Io => "cards::io",
            Code::Encoding => "cards::encoding",
            Code::TooLarge => "cards::too_large",
            Code::UnknownFileKind => "cards::unknown_file_kind",
            Code::Syntax => "cards::syntax",
            Code::UnknownField => "cards::unknown_field",
            Code::MissingField => "cards::missing_field",
            Code::InvalidValue => "cards::invalid_value",
            Code::DuplicateId => "cards::duplicate_id",
            Code::DanglingReference => "cards::dangling_reference",
            Code::ImpossibleValue => "cards::impossible_value",
            Code::NotFound => "cards::not_found",
            Code::AmbiguousName => "cards::ambiguous_name",
            Code::RuleNotFound => "rules::not_found",
            Code::ScenarioSyntax => "scenario::syntax",
            Code::ScenarioUnknownField => "scenario::unknown_field",
            Code::ScenarioMissingField => "scenario::missing_field",
            Code::ScenarioInvalidValue => "scenario::invalid_value",
            Code::ScenarioUnknownShip => "scenario::unknown_ship",
            Code::ScenarioUnknownReference => "scenario::unknown_reference",
            Code::ScenarioBadTiming => "scenario::bad_timing",
            Code::ScenarioBadStatement => "scenario::bad_statement",
            Code::ScenarioContradiction => "scenario::contradiction",
            Code::ScenarioIllegalChoice => "scenario::illegal_choice",
            Code::ScenarioLoop => "scenario::loop",
            Code::ScenarioTooLarge => "scenario::too_large",
            Code::ArmadaParse => "armada::parse",
            Code::ArmadaParseEmpty => "armada::parse::empty",
            Code::ArmadaParseBinary => "armada::parse::binary",
            Code::ArmadaParseEncoding => "armada::parse::encoding",
            Code::ArmadaParseTooLarge => "armada::parse::too_large",
            Code::ArmadaParseLineTooLong => "armada::parse::line_too_long",
            Code::ArmadaParseUnknownFormat => "armada::parse::unknown_format",
            Code::ArmadaParsePoints => "armada::parse::points",
            Code::ArmadaParseOrphan => "armada::parse::orphan",
            Code::ArmadaParseDuplicate => "armada::parse::duplicate",
            Code::ArmadaParseTooManyErrors => "armada::parse::too_many_errors",
            Code::ArmadaParseBuilderMessage => "armada::parse::builder_message",
            Code::ArmadaFaction => "armada::faction",
            Code::ArmadaCommander => "armada::commander",
            Code::ArmadaObjectives => "armada::objectives",
            Code::ArmadaPoints => "armada::points",
            Code::ArmadaSquadronCap => "armada::squadron_cap",
            Code::ArmadaUnique => "armada::unique",
            Code::ArmadaModification => "armada::modification",
            Code::ArmadaTitle => "armada::title",
            Code::ArmadaSlot => "armada::slot",
            Code::ArmadaRestriction => "armada::restriction",
            Code::ArmadaDisabledIcon => "armada::disabled_icon",
            Code::ArmadaFlotillaCap => "armada::flotilla_cap",
            Code::ArmadaUnknownCard => "armada::unknown_card",
            Code::ArmadaStatedPoints => "armada::stated_points",
            Code::ArmadaPointsRevision => "armada::points_revision",
            Code::ArmadaLegalSource => "armada::legal_source",
            Code::ArmadaTeamFaction => "armada::team_faction",
            Code::ArmadaTeamUnique => "armada::team_unique",
            Code::ListIo => "list::io",
            Code::ListTooLarge => "list::too_large",
            Code::ListParseUnknownGame => "list::parse::unknown_game",
            Code::ListParseWrongGame => "list::parse::wrong_game",
            Code::XwingParse => "xwing::parse",
            Code::XwingParseEncoding => "xwing::parse::encoding",
            Code::XwingParseTooLarge => "xwing::parse::too_large",
            Code::XwingParseJson => "xwing::parse::json",
            Code::XwingParseXws => "xwing::parse::xws",
            Code::XwingParseLink => "xwing::parse::link",
            Code::XwingParseText => "xwing::parse::text",
            Code::XwingParseFaction => "xwing::parse::faction",
            Code::XwingParseSlot => "xwing::parse::slot",
            Code::XwingParseTooManyErrors => "xwing::parse::too_many_errors",
            Code::XwingFaction => "xwing::faction",
            Code::XwingPoints => "xwing::points",
            Code::XwingShipCount => "xwing::ship_count",
            Code::XwingLoadout => "xwing::loadout",
            Code::XwingSlot => "xwing::slot",
            Code::XwingDuplicateUpgrade => "xwing::duplicate_upgrade",
            Code::XwingLimited => "xwing::limited",
            Code::XwingRestriction => "xwing::restriction",
            Code::XwingStandardized => "xwing::standardized",
            Code::XwingStandardLoadout => "xwing::standard_loadout",
            Code::XwingRestrictedCap => "xwing::restricted_cap",
            Code::XwingBanned => "xwing::banned",
            Code::XwingObstacles => "xwing::obstacles",
            Code::XwingUnknownCard => "xwing::unknown_card",
            Code::XwingIdAlias => "xwing::id_alias",
            Code::XwingRevision => "xwing::revision",
            Code::XwingStatedPoints => "xwing::stated_points",
            Code::TalonParse => "talon::parse",
            Code::TalonSide => "talon::side",
            Code::TalonPoints => "talon::points",
            Code::TalonUnknownClass => "talon::unknown_class",
            Code::ExportUnknownCard => "export::unknown_card",
            Code::ExportNotExpressible => "export::not_expressible",
            Code::ExportLossy => "export::lossy",
            Code::ExportWrite => "export::write",
            Code::ExplainUnknownCode => "explain::unknown_code",
            Code::SpacealertUnknownThreat => "spacealert::unknown_threat",
            Code::SpacealertUnknownAction => "spacealert::unknown_action",
            Code::SpacealertTurnOutOfRange => "spacealert::turn_out_of_range",
            Code::SpacealertUnknownTrajectory => "spacealert::unknown_trajectory",
            Code::SpacealertWrongZone => "spacealert::wrong_zone",
            Code::SpacealertCrew => "spacealert::crew",
            Code::SpacealertDamageTiles => "spacealert::damage_tiles",
            Code::SpacealertData => "spacealert::data",
        }
    }

    /// A problem that leaves a list unread as a whole (not one bad line in it): the
    /// command could not do its job for that input, so it exits with 2.
    pub fn stops_reading(self) -> bool {
        matches!(
            self,
            Code::ListIo
                | Code::ListTooLarge
                | Code::ListParseUnknownGame
                | Code::ListParseWrongGame
                | Code::ArmadaParseEmpty
                | Code::ArmadaParseBinary
                | Code::ArmadaParseEncoding
                | Code::ArmadaParseTooLarge
                | Code::ArmadaParseLineTooLong
                | Code::ArmadaParseUnknownFormat
                | Code::ArmadaParseTooManyErrors
                | Code::XwingParseEncoding
                | Code::XwingParseTooLarge
                | Code::XwingParseJson
                | Code::XwingParseTooManyErrors
        )
    }

    /// A problem in reading the text (every such code contains `::parse`).
    pub fn is_parse(self) -> bool {
        self.as_str().contains("::parse")
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_namespaced() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(code.as_str().contains("::"), "{code} has no namespace");
            assert!(seen.insert(code.as_str()), "{code} is listed twice");
        }
    }

    #[test]
    fn armada_reading_codes_say_parse() {
        for code in Code::ALL {
            let name = format!("{code:?}");
            if name.starts_with("ArmadaParse") {
                assert!(code.as_str().starts_with("armada::parse"), "{code}");
            }
        }
    }

    #[test]
    fn xwing_parse_codes_say_parse() {
        // Validation codes (`xwing::points`, …) share the namespace; only the reading
        // codes must say `parse`.
        for code in Code::ALL {
            let name = format!("{code:?}");
            if name.starts_with("XwingParse") {
                assert!(code.as_str().starts_with("xwing::parse"), "{code}");
            }
        }
    }
}
