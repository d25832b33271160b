//! Which points revision a squad is validated against. The list's own evidence counts for
//! more than the format's default, because a list built for XWA points checked against AMG
//! points fails for reasons its author never saw; the caller's explicit choice counts most.

use crate::cards::formats::Format;
use crate::cards::xwing::{Revision, XwingCards};
use crate::parse::xwing::{ParsedSquad, RulesetHint};
use crate::report::{Code, Finding};
use crate::text::squash;
use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;

/// The card data's points revisions looked up by name and by what an XWS `version` squashes
/// to, built once per validator: scanning them (and their ids' text) cost about a fifth of
/// validating a squad.
#[derive(Debug)]
pub struct Revisions<'a> {
    cards: &'a XwingCards,
    /// Ids, then aliases, of every revision: what [`XwingCards::revision`] finds.
    by_name: HashMap<&'a str, &'a Revision>,
    /// Each revision's squashed code folder (`50p20`), id suffix and code; the first
    /// revision in load order that has a key keeps it.
    by_version: HashMap<String, &'a Revision>,
}

impl<'a> Revisions<'a> {
    pub fn new(cards: &'a XwingCards) -> Self {
        let revisions = || cards.revisions.iter().map(|r| &r.value);
        let mut by_name = HashMap::default();
        for revision in revisions() {
            by_name.entry(revision.id.as_str()).or_insert(revision);
        }
        for revision in revisions() {
            for alias in &revision.aliases {
                by_name.entry(alias.as_str()).or_insert(revision);
            }
        }
        let mut by_version = HashMap::default();
        for revision in revisions() {
            let folder = revision.code.rsplit('/').next().unwrap_or(&revision.code);
            let suffix = revision.id.as_str().split_once('-').map_or("", |(_, s)| s);
            for key in [folder, suffix, revision.code.as_str()] {
                by_version.entry(squash(key)).or_insert(revision);
            }
        }
        Revisions {
            cards,
            by_name,
            by_version,
        }
    }

    /// A revision by id or alias.
    pub fn named(&self, name: &str) -> Option<&'a Revision> {
        self.by_name.get(name).copied()
    }
}

/// What decided the revision, so a report can say why it used it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RevisionSource {
    /// `--points` on the command line.
    Caller,
    /// The list's XWS `version` names a points document (`50P-1.1`).
    ListVersion,
    /// The list's XWS `ruleset` (a revision id, or see `ParsedSquad::ruleset_hint`), link
    /// version or builder.
    ListRuleset,
    /// The format's `points_revision`.
    FormatDefault,
}

impl RevisionSource {
    /// Why the revision was used, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            RevisionSource::Caller => "chosen with --points",
            RevisionSource::ListVersion => "named by the list's version",
            RevisionSource::ListRuleset => "from the list's ruleset or builder",
            RevisionSource::FormatDefault => "the format's default",
        }
    }
}

/// The revision chosen and why.
#[derive(Debug, Clone, Copy)]
pub struct Chosen<'a> {
    pub revision: &'a Revision,
    pub source: RevisionSource,
}

/// Choose the revision. `Err` only when the caller or the format names a revision the card
/// data does not have: that is a mistake of the command line or data, not of the list.
pub fn choose<'a>(
    revisions: &Revisions<'a>,
    format: &Format,
    requested: Option<&str>,
    squad: &ParsedSquad,
) -> Result<Chosen<'a>, Finding> {
    if let Some(name) = requested {
        return named(revisions, name).map(|revision| Chosen {
            revision,
            source: RevisionSource::Caller,
        });
    }
    if let Some(revision) = from_version(revisions, squad) {
        return Ok(Chosen {
            revision,
            source: RevisionSource::ListVersion,
        });
    }
    // A ruleset that is a revision's id or alias (arbiter's exports write the id) names it.
    if let Some(revision) = squad
        .ruleset
        .as_ref()
        .and_then(|r| revisions.named(r.value.trim()))
    {
        return Ok(Chosen {
            revision,
            source: RevisionSource::ListRuleset,
        });
    }
    // Legacy points are not in the card data; such lists fall back to the format default.
    let hinted = match squad.ruleset_hint() {
        Some(RulesetHint::Amg) => revisions.named("amg"),
        Some(RulesetHint::Xwa) => revisions.named("xwa"),
        Some(RulesetHint::Legacy) | None => None,
    };
    if let Some(revision) = hinted {
        return Ok(Chosen {
            revision,
            source: RevisionSource::ListRuleset,
        });
    }
    let default = format.points_revision.as_deref().unwrap_or("amg");
    named(revisions, default).map(|revision| Chosen {
        revision,
        source: RevisionSource::FormatDefault,
    })
}

fn named<'a>(revisions: &Revisions<'a>, name: &str) -> Result<&'a Revision, Finding> {
    revisions.named(name).ok_or_else(|| {
        let known = revisions.cards.points_revisions();
        Finding::error(
            Code::XwingRevision,
            format!("no points revision is called `{name}`"),
        )
        .help(format!("use one of: {}", known.join(", ")))
    })
}

/// Builders write the points document in XWS `version` (`50P-1.1`, `XWA/50P20`): a version
/// whose squashed form is a revision's code folder or id suffix names that revision.
fn from_version<'a>(revisions: &Revisions<'a>, squad: &ParsedSquad) -> Option<&'a Revision> {
    if squad.format == crate::parse::xwing::SourceFormat::YasbLink {
        // A link's version is its serialisation version, not a points document.
        return None;
    }
    let written = squash(&squad.version.as_ref()?.value);
    if written.is_empty() {
        return None;
    }
    revisions.by_version.get(&written).copied()
}

/// The points limit under `revision`: the format's, unless the revision is on another
/// scale than the format's own revision (a 50-point XWA list in a 20-point format), when
/// the revision's scale is the standard squad size.
pub fn points_limit(revisions: &Revisions<'_>, format: &Format, revision: &Revision) -> u32 {
    let default_scale = format
        .points_revision
        .as_deref()
        .and_then(|name| revisions.named(name))
        .map(|r| r.scale);
    match default_scale {
        Some(scale) if scale != revision.scale => u32::try_from(revision.scale).unwrap_or(0),
        _ => format.points_limit,
    }
}
