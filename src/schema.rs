//! JSON Schemas of the data files, so editors can validate TOML as people type.
//! `data/schema/*.json` holds these; a test fails when they are stale. Also the schemas
//! of the commands' JSON output (`data/schema/output/`), tested against what they print.

use crate::cards::{armada, errata, formats, rules, xwing};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SchemaKind {
    ArmadaCards,
    XwingCards,
    Errata,
    Format,
    Rules,
    Scenario,
}

impl SchemaKind {
    pub const ALL: &'static [SchemaKind] = &[
        SchemaKind::ArmadaCards,
        SchemaKind::XwingCards,
        SchemaKind::Errata,
        SchemaKind::Format,
        SchemaKind::Rules,
        SchemaKind::Scenario,
    ];

    /// File name under data/schema/.
    pub fn file_name(self) -> &'static str {
        match self {
            SchemaKind::ArmadaCards => "armada-cards.json",
            SchemaKind::XwingCards => "xwing-cards.json",
            SchemaKind::Errata => "errata.json",
            SchemaKind::Format => "format.json",
            SchemaKind::Rules => "rules.json",
            SchemaKind::Scenario => "scenario.json",
        }
    }

    pub fn schema(self) -> schemars::Schema {
        match self {
            SchemaKind::ArmadaCards => schemars::schema_for!(armada::CardFile),
            SchemaKind::XwingCards => schemars::schema_for!(xwing::CardFile),
            SchemaKind::Errata => schemars::schema_for!(errata::ErrataFile),
            SchemaKind::Format => schemars::schema_for!(formats::Format),
            SchemaKind::Rules => schemars::schema_for!(rules::RulesFile),
            SchemaKind::Scenario => crate::adjudicate::scenario_schema(),
        }
    }

    /// The schema as committed: pretty JSON with a trailing newline.
    pub fn render(self) -> String {
        let mut text = serde_json::to_string_pretty(&self.schema()).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// A command whose `--output json` document has a published schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputSchema {
    Validate,
    Resolve,
    Rule,
    CardsCheck,
}

impl OutputSchema {
    pub const ALL: &'static [OutputSchema] = &[
        OutputSchema::Validate,
        OutputSchema::Resolve,
        OutputSchema::Rule,
        OutputSchema::CardsCheck,
    ];

    /// Written by hand rather than derived: several documents are assembled as JSON
    /// values, and a schema a person wrote says what each key means.
    pub fn text(self) -> &'static str {
        match self {
            OutputSchema::Validate => include_str!("../data/schema/output/validate.json"),
            OutputSchema::Resolve => include_str!("../data/schema/output/resolve.json"),
            OutputSchema::Rule => include_str!("../data/schema/output/rule.json"),
            OutputSchema::CardsCheck => include_str!("../data/schema/output/cards-check.json"),
        }
    }
}
