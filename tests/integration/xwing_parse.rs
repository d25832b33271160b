//! Every file under tests/fixtures/xwing/ read as a squad; what was read (each value with
//! the input bytes its span covers) and the rendered diagnostics are snapshots. Also: the
//! same squad in every format reads to the same squad, and inputs past the size limit.

use crate::support::{relative, root};
use arbiter::parse::xwing::{self, CardRef, ParsedSquad, Spanned};
use arbiter::report::{FileId, Finding, HumanStyle, SourceFiles, render_human};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;
use std::path::Path;

/// The input bytes of a span, shortened for the snapshot.
fn quote(text: &str, span: &Range<usize>) -> String {
    let slice = text
        .get(span.clone())
        .unwrap_or("<span off character boundaries>");
    let shown: String = slice.chars().take(60).collect();
    let more = if slice.chars().count() > 60 {
        "…"
    } else {
        ""
    };
    format!("{:?}{more} @{}..{}", shown, span.start, span.end)
}

fn spanned<T: std::fmt::Display>(text: &str, value: &Spanned<T>) -> String {
    format!("{} ← {}", value.value, quote(text, &value.span))
}

fn card(text: &str, card: &CardRef) -> String {
    let kind = match card {
        CardRef::Xws(_) => "xws",
        CardRef::Yasb(_) => "yasb",
        CardRef::YasbQuickbuild(_) => "yasb quickbuild",
        CardRef::Name(_) => "name",
    };
    format!("{kind} {} ← {}", card.text(), quote(text, &card.span()))
}

fn findings(files: &SourceFiles, findings: &[Finding]) -> String {
    let mut out = String::new();
    for finding in findings {
        assert!(
            finding.help.is_some(),
            "every finding needs a help line: {finding:?}"
        );
        out.push_str(&render_human(files, finding, HumanStyle::plain(90)));
        out.push('\n');
    }
    out
}

/// A readable dump of a parsed squad.
fn describe(text: &str, squad: &ParsedSquad) -> String {
    let mut out = String::new();
    let o = &mut out;
    writeln!(o, "format: {}", squad.format.describe()).unwrap();
    if let Some(faction) = &squad.faction {
        let known = faction
            .faction
            .map_or("unknown".to_string(), |f| f.xws().to_string());
        writeln!(
            o,
            "faction: {known} ← {}",
            quote(text, &faction.written.span)
        )
        .unwrap();
    }
    let fields: [(&str, Option<String>); 9] = [
        ("name", squad.name.as_ref().map(|v| spanned(text, v))),
        (
            "description",
            squad.description.as_ref().map(|v| spanned(text, v)),
        ),
        ("points", squad.points.as_ref().map(|v| spanned(text, v))),
        (
            "points limit",
            squad.points_limit.as_ref().map(|v| spanned(text, v)),
        ),
        ("version", squad.version.as_ref().map(|v| spanned(text, v))),
        ("ruleset", squad.ruleset.as_ref().map(|v| spanned(text, v))),
        (
            "game format",
            squad.game_format.as_ref().map(|v| spanned(text, v)),
        ),
        ("builder", squad.builder.as_ref().map(|v| spanned(text, v))),
        ("link", squad.link.as_ref().map(|v| quote(text, &v.span))),
    ];
    for (label, value) in fields {
        if let Some(value) = value {
            writeln!(o, "{label}: {value}").unwrap();
        }
    }
    if let Some(mode) = squad.game_mode {
        writeln!(o, "game mode: {}", mode.name()).unwrap();
    }
    if let Some(hint) = squad.ruleset_hint() {
        writeln!(o, "ruleset hint: {}", hint.as_str()).unwrap();
    }
    writeln!(o, "pilots: {}", squad.pilots.len()).unwrap();
    for (i, pilot) in squad.pilots.iter().enumerate() {
        writeln!(
            o,
            "  {}. {}  [entry @{}..{}]",
            i + 1,
            card(text, &pilot.card),
            pilot.span.start,
            pilot.span.end
        )
        .unwrap();
        if let Some(ship) = &pilot.ship {
            writeln!(o, "     ship: {}", spanned(text, ship)).unwrap();
        }
        if let Some(points) = &pilot.points {
            writeln!(o, "     points: {}", spanned(text, points)).unwrap();
        }
        if let Some(points) = &pilot.total_points {
            writeln!(o, "     total points: {}", spanned(text, points)).unwrap();
        }
        if let Some(loadout) = &pilot.loadout {
            let limit = loadout
                .value
                .limit
                .map_or(String::new(), |l| format!("/{l}"));
            writeln!(
                o,
                "     loadout: {}{limit} ← {}",
                loadout.value.used,
                quote(text, &loadout.span)
            )
            .unwrap();
        }
        if let Some(wingmates) = &pilot.wingmates {
            writeln!(o, "     wingmates: {}", spanned(text, wingmates)).unwrap();
        }
        for upgrade in &pilot.upgrades {
            let slot = upgrade.slot.as_ref().map_or(String::new(), |s| {
                format!("[{} ← {}] ", s.key, quote(text, &s.written.span))
            });
            let what = upgrade.card.as_ref().map_or(
                format!("empty slot @{}..{}", upgrade.span.start, upgrade.span.end),
                |c| card(text, c),
            );
            let points = upgrade
                .points
                .as_ref()
                .map_or(String::new(), |p| format!(" (points {})", spanned(text, p)));
            writeln!(o, "     - {slot}{what}{points}").unwrap();
        }
    }
    if !squad.obstacles.is_empty() {
        writeln!(o, "obstacles:").unwrap();
        for obstacle in &squad.obstacles {
            writeln!(o, "  - {}", spanned(text, obstacle)).unwrap();
        }
    }
    out
}

fn read_fixture(path: &Path) -> String {
    let name = relative(path);
    let bytes = std::fs::read(path).unwrap();
    let mut files = SourceFiles::default();
    let detected = std::str::from_utf8(&bytes).ok().and_then(xwing::detect);
    match xwing::read(&mut files, &name, &bytes) {
        Ok(squad) => {
            assert_eq!(
                Some(squad.format),
                detected,
                "{name}: detect and parse disagree"
            );
            // One input per SourceFiles: it is file 0.
            let text = files.text(FileId(0)).clone();
            let mut out = describe(&text, &squad);
            if !squad.findings.is_empty() {
                out.push_str("\nfindings:\n");
                out.push_str(&findings(&files, &squad.findings));
            }
            out
        }
        Err(errors) => {
            assert!(
                errors.iter().any(Finding::is_error),
                "{name}: Err without an error"
            );
            format!("unreadable:\n{}", findings(&files, &errors))
        }
    }
}

#[test]
fn xwing_fixtures() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    insta::glob!("../fixtures", "xwing/**/*", |path| {
        if !path.is_file() || path.file_name().is_some_and(|n| n == "README.md") {
            return;
        }
        // Validation fixtures (tests/integration/xwing_rules.rs) are about rules, not reading.
        if path.components().any(|c| c.as_os_str() == "validate") {
            return;
        }
        insta::assert_snapshot!(read_fixture(path));
    });
}

/// A format-neutral view of a squad: each card as one key, so an XWS id, a YASB number
/// and a printed name of the same card compare equal.
#[derive(Debug, PartialEq)]
struct Shape {
    faction: Option<String>,
    pilots: Vec<(String, Vec<String>)>,
    obstacles: Vec<String>,
}

/// The cards of the fixture squad "Blade Runners" under their three names. Pilot numbers
/// are YASB's (xwing-points XWA 50P20 `yasb_id`); upgrade numbers are made up (see
/// tests/fixtures/xwing/README.md).
const BLADE_RUNNERS: &[(&str, &str, &str)] = &[
    ("73", "braylenstramm", "Braylen Stramm"),
    ("79", "garvendreis", "Garven Dreis"),
    ("462", "sharabey-rz1awing", "Shara Bey"),
    ("9001", "firecontrolsystem", "Fire-Control System"),
    ("9002", "predator", "Predator"),
    ("9003", "concussionmissiles", "Concussion Missiles"),
    ("9004", "r4astromech", "R4 Astromech"),
    ("9005", "jynerso", "Jyn Erso"),
    ("9006", "veterantailgunner", "Veteran Tail Gunner"),
    ("9007", "outmaneuver", "Outmaneuver"),
];

fn key(card: &CardRef) -> String {
    let text = card.text();
    BLADE_RUNNERS
        .iter()
        .find(|(yasb, xws, name)| text == *yasb || text == *xws || text == *name)
        .map_or_else(|| format!("unknown {text}"), |(_, xws, _)| xws.to_string())
}

fn shape(squad: &ParsedSquad) -> Shape {
    Shape {
        faction: squad
            .faction
            .as_ref()
            .and_then(|f| f.faction)
            .map(|f| f.xws().to_string()),
        pilots: squad
            .pilots
            .iter()
            .map(|p| {
                let mut upgrades: Vec<String> = p.equipped().map(|(_, c)| key(c)).collect();
                upgrades.sort();
                (key(&p.card), upgrades)
            })
            .collect(),
        obstacles: squad.obstacles.iter().map(|o| o.value.clone()).collect(),
    }
}

#[test]
fn the_same_squad_reads_the_same_in_every_format() {
    let dir = root().join("tests/fixtures/xwing");
    let files = [
        "xws/blade-runners.json",
        "yasb-link/blade-runners.txt",
        "yasb-text/blade-runners.txt",
        "reddit/blade-runners.md",
        "lbn/blade-runners.txt",
        "tts/blade-runners.txt",
    ];
    let mut shapes = BTreeMap::new();
    let mut formats = Vec::new();
    for file in files {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let mut sources = SourceFiles::default();
        let squad = xwing::read(&mut sources, file, &bytes).unwrap();
        assert!(squad.findings.is_empty(), "{file}: {:?}", squad.findings);
        formats.push(squad.format);
        shapes.insert(file, shape(&squad));
    }
    formats.dedup();
    assert_eq!(formats.len(), 6, "each fixture is another format");
    let xws = &shapes["xws/blade-runners.json"];
    assert_eq!(xws.pilots.len(), 3);
    assert!(xws.pilots.iter().all(|(p, _)| !p.starts_with("unknown")));
    for (file, shape) in &shapes {
        assert_eq!(shape.pilots, xws.pilots, "{file}");
        // Text exports other than TTS carry no obstacles; the rest must agree.
        if !shape.obstacles.is_empty() {
            assert_eq!(shape.obstacles, xws.obstacles, "{file}");
        }
        // Only XWS and links say the faction.
        if shape.faction.is_some() {
            assert_eq!(shape.faction, xws.faction, "{file}");
        }
    }
}

#[test]
fn stated_points_agree_across_text_exports() {
    let dir = root().join("tests/fixtures/xwing");
    for file in [
        "yasb-text/blade-runners.txt",
        "reddit/blade-runners.md",
        "lbn/blade-runners.txt",
    ] {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let squad = xwing::read(&mut SourceFiles::default(), file, &bytes).unwrap();
        assert_eq!(squad.points.as_ref().map(|p| p.value), Some(33), "{file}");
        let pilots: Vec<_> = squad
            .pilots
            .iter()
            .map(|p| p.points.as_ref().unwrap().value)
            .collect();
        assert_eq!(pilots, [12, 12, 9], "{file}");
    }
}

#[test]
fn inputs_past_the_size_limit_are_refused_before_reading() {
    let mut huge = String::from("{\"faction\": \"rebelalliance\", \"pilots\": [");
    while huge.len() <= xwing::MAX_INPUT_BYTES {
        huge.push_str("{\"id\": \"bluesquadronescort\"},");
    }
    huge.push_str("{}]}");
    let mut files = SourceFiles::default();
    let errors = xwing::read(&mut files, "huge.json", huge.as_bytes()).unwrap_err();
    insta::assert_snapshot!(findings(&files, &errors));
}

/// The example at the top of `arbiter::parse::xwing`'s documentation, run here because
/// doctests are off (`doctest = false` in Cargo.toml).
#[test]
fn the_module_documentation_example_reads_a_yasb_link() {
    use arbiter::parse::xwing::SourceFormat;

    let mut files = SourceFiles::default();
    let link = b"https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z462X130WW371&sn=Red&obs=";
    let squad = xwing::read(&mut files, "squad.txt", link).unwrap();
    assert_eq!(squad.format, SourceFormat::YasbLink);
    assert_eq!(squad.pilots[0].card.text(), "462");
}
