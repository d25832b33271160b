//! The Armada fleet-list readers on the fixtures in tests/fixtures/armada/: a snapshot of
//! what is read from every file (the structure, then the diagnostics as people see them),
//! the expected builder and cleanliness per folder, and the bad inputs that must be located
//! diagnostics in bounded time, never a panic.

use crate::support::{relative, root};
use arbiter::parse::armada::{
    MAX_INPUT_BYTES, ParsedFleet, SourceFormat, detect, parse, parse_bytes,
};
use arbiter::report::{FileId, HumanStyle, SourceFiles, render_human};
use std::time::{Duration, Instant};

/// Read one input as the CLI will: bytes in, the kept text registered for rendering.
fn read(name: &str, bytes: &[u8]) -> (SourceFiles, ParsedFleet) {
    let mut files = SourceFiles::default();
    let (text, fleet) = parse_bytes(FileId(0), bytes);
    let id = files.add(name, text);
    assert_eq!(id, FileId(0));
    (files, fleet)
}

/// What a snapshot shows: the builder, the structure, the diagnostics rendered.
fn describe(files: &SourceFiles, fleet: &ParsedFleet) -> String {
    let mut shown = fleet.clone();
    shown.findings.clear();
    let mut out = format!(
        "format: {}\n{shown:#?}\n",
        fleet.source_format.map_or("none", |f| f.as_str())
    );
    if fleet.findings.is_empty() {
        out.push_str("diagnostics: none\n");
    }
    for finding in &fleet.findings {
        out.push('\n');
        out.push_str(&render_human(files, finding, HumanStyle::plain(100)));
    }
    out
}

/// Every diagnostic of a list is a located reading problem with a label and a help line.
fn assert_located(files: &SourceFiles, fleet: &ParsedFleet, name: &str) {
    let text = files.text(FileId(0));
    for finding in &fleet.findings {
        assert!(
            finding.code.as_str().contains("::parse"),
            "{name}: {}",
            finding.code
        );
        let location = finding
            .location
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: unlocated"));
        assert!(location.span.end <= text.len(), "{name}: span past the end");
        assert!(
            text.is_char_boundary(location.span.start) && text.is_char_boundary(location.span.end),
            "{name}: span off a character boundary"
        );
        assert!(
            finding.label.is_some(),
            "{name}: {} has no label",
            finding.code
        );
        assert!(
            finding.help.is_some(),
            "{name}: {} has no help",
            finding.code
        );
    }
}

/// Lists for the fleet-building rules (tests/integration/armada_rules.rs), in subfolders by format.
/// Folders of whole-list fixtures for validation (`tests/integration/armada_rules.rs`,
/// `tests/integration/validate_cli.rs`), not reader fixtures.
const VALIDATION_FIXTURES: [&str; 2] = ["validate", "teams"];

fn expected_format(folder: &str, file: &str) -> Option<SourceFormat> {
    let key = if folder == "variations" { file } else { folder };
    SourceFormat::ALL
        .iter()
        .copied()
        .filter(|f| key.starts_with(f.as_str()))
        .max_by_key(|f| f.as_str().len())
}

#[test]
fn every_fixture_reads_as_expected() {
    insta::glob!("../fixtures", "armada/*/*", |path| {
        let name = relative(path);
        let folder = path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_string();
        if VALIDATION_FIXTURES.contains(&folder.as_str()) {
            return;
        }
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(path).unwrap();
        let (files, fleet) = read(&name, &bytes);
        assert_located(&files, &fleet, &name);
        if folder == "bad" {
            assert!(
                !fleet.findings.is_empty(),
                "{name}: a bad input must give a diagnostic"
            );
        } else {
            let expected = expected_format(&folder, &file);
            assert!(
                expected.is_some(),
                "{name}: name the folder or file after a builder"
            );
            assert_eq!(fleet.source_format, expected, "{name}: detected builder");
            assert!(fleet.is_clean(), "{name}: {}", describe(&files, &fleet));
            assert!(!fleet.ships.is_empty(), "{name}: no ships read");
        }
        insta::assert_snapshot!(describe(&files, &fleet));
    });
}

#[test]
fn every_builder_has_an_export_fixture() {
    let fixtures = root().join("tests/fixtures/armada");
    for format in SourceFormat::ALL {
        let dir = fixtures.join(format.as_str());
        let count = std::fs::read_dir(&dir).map_or(0, |d| d.count());
        assert!(count > 0, "no fixture in {}", dir.display());
    }
}

/// The same fleet exported by five builders reads as the same cards and points.
#[test]
fn the_same_fleet_from_five_builders() {
    let fixtures = root().join("tests/fixtures/armada");
    for folder in [
        "kingston",
        "warlords",
        "flagship",
        "fleet-builder-app",
        "fleets-designer",
    ] {
        let path = fixtures.join(folder).join("dumpster-fire-mk-18.txt");
        let (_, fleet) = read(folder, &std::fs::read(&path).unwrap());
        let mut ship_points: Vec<u32> = fleet
            .ships
            .iter()
            .map(|s| s.stated_points.as_ref().unwrap().value)
            .collect();
        ship_points.sort();
        assert_eq!(ship_points, [44, 57, 60, 96], "{folder}");
        let upgrades: usize = fleet.ships.iter().map(|s| s.upgrades.len()).sum();
        assert_eq!(upgrades, 8, "{folder}");
        let squadrons: u32 = fleet.squadrons.iter().map(|s| s.count).sum();
        assert_eq!(squadrons, 6, "{folder}");
        let squadron_points: u32 = fleet
            .squadrons
            .iter()
            .map(|s| {
                let points = s.stated_points.as_ref().unwrap().value;
                if s.points_are_group_total {
                    points
                } else {
                    points * s.count
                }
            })
            .sum();
        assert_eq!(squadron_points, 84, "{folder}");
        assert_eq!(fleet.objectives.len(), 3, "{folder}");
        assert_eq!(
            fleet.name.as_ref().unwrap().text,
            "Dumpster Fire Mk 18",
            "{folder}"
        );
        if folder != "fleets-designer" {
            assert_eq!(
                fleet.commander.as_ref().unwrap().name.text,
                "Garm Bel Iblis",
                "{folder}"
            );
        }
    }
}

/// Spans point at the text they stand for.
#[test]
fn spans_cover_their_text() {
    let fixtures = root().join("tests/fixtures/armada");
    for folder in [
        "kingston",
        "warlords",
        "flagship",
        "fleet-builder-app",
        "fleets-designer",
        "star-forge",
    ] {
        for entry in std::fs::read_dir(fixtures.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let fleet = parse(FileId(0), &text);
            let name = path.display();
            for ship in &fleet.ships {
                assert_eq!(text[ship.name.span.clone()], ship.name.text, "{name}");
                let points = ship.stated_points.as_ref().unwrap();
                assert_eq!(
                    text[points.span.clone()],
                    points.value.to_string(),
                    "{name}"
                );
                for upgrade in &ship.upgrades {
                    assert_eq!(text[upgrade.name.span.clone()], upgrade.name.text, "{name}");
                    assert!(
                        text[upgrade.span.clone()].contains(&upgrade.name.text),
                        "{name}"
                    );
                }
            }
            for squadron in &fleet.squadrons {
                assert_eq!(
                    text[squadron.name.span.clone()],
                    squadron.name.text,
                    "{name}"
                );
                if let Some(span) = &squadron.count_span {
                    assert_eq!(text[span.clone()], squadron.count.to_string(), "{name}");
                }
            }
            for objective in &fleet.objectives {
                let written = text[objective.name.span.clone()]
                    .split_whitespace()
                    .collect::<Vec<_>>();
                assert_eq!(written.join(" "), objective.name.text, "{name}");
            }
        }
    }
}

fn codes(fleet: &ParsedFleet) -> Vec<&'static str> {
    fleet.findings.iter().map(|f| f.code.as_str()).collect()
}

#[test]
fn a_ten_megabyte_list_is_refused_quickly() {
    let line = "• Engine Techs (8)\n";
    let mut text = String::from("Name: Big\nFaction: Rebel\nCommander:\nCR90 Corvette A (44)\n");
    while text.len() < 10 * 1024 * 1024 {
        text.push_str(line);
    }
    let start = Instant::now();
    let (files, fleet) = read("big.txt", text.as_bytes());
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_eq!(codes(&fleet), ["armada::parse::too_large"]);
    assert_located(&files, &fleet, "big.txt");
    let shown = render_human(&files, &fleet.findings[0], HumanStyle::plain(100));
    assert!(shown.contains("Name: Big"), "{shown}");
}

#[test]
fn a_list_just_under_the_limit_is_read_in_bounded_time() {
    let mut text = String::from("Name: Long\nFaction: Rebel\nCommander:\nCR90 Corvette A (44)\n");
    while text.len() < MAX_INPUT_BYTES - 100 {
        text.push_str("• Engine Techs (8)\n");
    }
    let start = Instant::now();
    let fleet = parse(FileId(0), &text);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert!(fleet.is_clean());
    assert!(
        fleet.ships[0].upgrades.len() > 45_000,
        "{}",
        fleet.ships[0].upgrades.len()
    );
}

#[test]
fn a_hundred_thousand_character_line_is_one_diagnostic() {
    let long = "x".repeat(100_000);
    let text = format!(
        "Name: Long Line\nFaction: Rebel\nCommander: Garm Bel Iblis\nAssault:\nDefense:\nNavigation:\n\
         CR90 Corvette A (44)\n• {long} (2)\n= 46 Points\nSquadrons:\n= 0 Points\nTotal Points: 46\n"
    );
    let start = Instant::now();
    let (files, fleet) = read("long.txt", text.as_bytes());
    assert!(start.elapsed() < Duration::from_secs(1));
    assert_eq!(codes(&fleet), ["armada::parse::line_too_long"]);
    assert_located(&files, &fleet, "long.txt");
    assert_eq!(fleet.ships.len(), 1);
    assert_eq!(fleet.points.total.as_ref().unwrap().value, 46);
    let message = &fleet.findings[0].message;
    assert!(
        message.starts_with("line 8 is 100008 bytes long"),
        "{message}"
    );
}

#[test]
fn a_whole_file_on_one_line() {
    let text = "(".repeat(200_000);
    let fleet = parse(FileId(0), &text);
    assert_eq!(codes(&fleet), ["armada::parse::unknown_format"]);
}

#[test]
fn many_bad_lines_are_summarised() {
    let mut text =
        String::from("Name: Noise\nFaction: Rebel\nCommander:\nAssault:\nDefense:\nNavigation:\n");
    for i in 0..500 {
        text.push_str(&format!("noise line {i}\n"));
    }
    let (files, fleet) = read("noise.txt", text.as_bytes());
    assert_eq!(fleet.findings.len(), 51);
    let last = fleet.findings.last().unwrap();
    assert_eq!(last.code.as_str(), "armada::parse::too_many_errors");
    assert!(
        last.message.starts_with("450 more problems"),
        "{}",
        last.message
    );
    assert_located(&files, &fleet, "noise.txt");
}

/// Cutting any fixture anywhere, or dropping a byte, never panics and keeps every span on
/// the text's character boundaries.
#[test]
fn mangled_fixtures_never_panic() {
    let fixtures = root().join("tests/fixtures/armada");
    let mut inputs = 0;
    for folder in std::fs::read_dir(&fixtures).unwrap() {
        let folder = folder.unwrap().path();
        if !folder.is_dir() || VALIDATION_FIXTURES.iter().any(|f| folder.ends_with(f)) {
            continue;
        }
        for file in std::fs::read_dir(&folder).unwrap() {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            for cut in (0..bytes.len()).step_by(7) {
                for mangled in [
                    bytes[..cut].to_vec(),
                    [&bytes[..cut], &bytes[cut + 1..]].concat(),
                ] {
                    let (files, fleet) = read("mangled", &mangled);
                    assert_located(&files, &fleet, "mangled");
                    inputs += 1;
                }
            }
        }
    }
    assert!(inputs > 1000);
}

#[test]
fn detection_of_each_builder() {
    let fixtures = root().join("tests/fixtures/armada");
    for format in SourceFormat::ALL {
        for entry in std::fs::read_dir(fixtures.join(format.as_str())).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            assert_eq!(detect(&text), Some(*format));
        }
    }
}

/// Random inputs made of the bytes the grammar cares about (and some it must survive):
/// never a panic, every span on a character boundary of the kept text.
#[test]
fn random_inputs_never_panic() {
    const PIECES: &[&[u8]] = &[
        b"(",
        b")",
        b":",
        "•".as_bytes(),
        b"1",
        b"23",
        b" ",
        b"\t",
        b"\r",
        b"\n",
        b"\r\n",
        b"x",
        b"=",
        b"-",
        b"+",
        b"[",
        b"]",
        b"{",
        b"}",
        b"!",
        b"/",
        b"Name:",
        b"Faction:",
        b"Commander:",
        b"Squadrons:",
        b"Total Points:",
        b"points",
        b"Assault:",
        b"[flagship]",
        b"Objectives:",
        b"= 4 Points",
        b"= 4 points",
        b"total ship cost",
        b"\xff",
        b"\xe2\x80",
        b"\x00",
        b"\x1b",
        "é".as_bytes(),
        "\u{feff}".as_bytes(),
        b"Author:",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let folders = root().join("tests/fixtures/armada");
    let mut fixtures = Vec::new();
    for folder in [
        "kingston",
        "star-forge",
        "warlords",
        "flagship",
        "fleet-builder-app",
        "fleets-designer",
    ] {
        for entry in std::fs::read_dir(folders.join(folder)).unwrap() {
            fixtures.push(std::fs::read(entry.unwrap().path()).unwrap());
        }
    }
    let mut read_as_a_list = 0;
    for round in 0..3000 {
        // Half the inputs are pieces alone, half a real export with pieces inserted.
        let mut bytes = if round % 2 == 0 {
            Vec::new()
        } else {
            fixtures[(next() % fixtures.len() as u64) as usize].clone()
        };
        for _ in 0..(next() % 40) {
            let piece = PIECES[(next() % PIECES.len() as u64) as usize];
            let at = (next() % (bytes.len() as u64 + 1)) as usize;
            bytes.splice(at..at, piece.iter().copied());
        }
        let (files, fleet) = read("random", &bytes);
        assert_located(&files, &fleet, &format!("{bytes:?}"));
        if fleet.source_format.is_some() {
            read_as_a_list += 1;
        }
    }
    assert!(read_as_a_list > 500, "{read_as_a_list}");
}
