//! The fuzz targets in `cargo test`: the saved corpus (fuzz/corpus/TARGET/) replayed
//! once, the inputs of every bug the fuzzer found, and 2,000 mutated real inputs through
//! the validate path (issue 13). The long runs are `fuzz/run`'s (fuzz/README.md).

use crate::support::{built_in_db, root};
#[path = "../../fuzz/mutate.rs"]
mod mutate;
#[path = "../../fuzz/targets.rs"]
mod targets;

/// Run `bytes` through `target` with every pick that changes what it does (forced
/// formats, data paths, seeds), catching a panic so the failing input is named.
fn holds(checker: &arbiter::ListChecker<'_>, target: &str, bytes: &[u8], what: &str) {
    for pick in 0..targets::distinct_picks(target) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            targets::run(checker, target, bytes, pick)
        }));
        match outcome {
            Ok(Ok(_)) => {}
            Ok(Err(property)) => panic!("{target} on {what} (pick {pick}): {property}"),
            Err(_) => panic!("{target} on {what} (pick {pick}) panicked"),
        }
    }
}

#[test]
fn the_saved_corpus_keeps_every_property() {
    let context = targets::Context::new();
    let checker = context.checker();
    let mut replayed = 0;
    for target in targets::TARGETS {
        let walk = arbiter::input::walk(&root().join("fuzz/corpus").join(target), |_| true);
        for file in walk.files {
            let bytes = std::fs::read(&file).expect("a corpus file");
            holds(&checker, target, &bytes, &file.display().to_string());
            replayed += 1;
        }
    }
    assert!(replayed > 0, "fuzz/corpus holds no inputs");
}

/// The smallest forms of what the fuzzer found, each once broken.
#[test]
fn inputs_the_fuzzer_found_keep_every_property() {
    let context = targets::Context::new();
    let checker = context.checker();
    let mut cases: Vec<(&str, &str, Vec<u8>)> = vec![
        // The U+FFFD standing for a bad byte is three bytes: spans ended inside it.
        (
            "xwing",
            "a bad byte",
            b"{\"faction\": \"reb\xffel\"}".to_vec(),
        ),
        ("validate", "a bad byte", b"https://yasb\xff\xfe".to_vec()),
        ("xwing", "a NUL byte", b"Garven Dreis\0 (12)".to_vec()),
        (
            "cards",
            "a bad byte in a data file",
            b"game = \"xwing\"\n# \xe2\x82\n".to_vec(),
        ),
    ];
    // An over-long JSON string ending mid-character.
    let mut long_json = b"{\"name\":\"".to_vec();
    long_json.extend("é".repeat(6_000).as_bytes());
    long_json.extend(b"\"}");
    cases.push((
        "xwing",
        "an over-long string of two-byte characters",
        long_json,
    ));
    // Thousands of unreadable text-export lines: one diagnostic each, minutes to render.
    let mut lines = std::fs::read(root().join("examples/lists/xwing-yavin-link.txt"))
        .expect("the example squad");
    lines.splice(0..0, b"Garven Dreis (12)\n".iter().copied());
    lines.extend("no pilot here (x)\n".repeat(5_000).as_bytes());
    cases.push(("xwing", "5,000 unreadable lines", lines.clone()));
    cases.push(("validate", "5,000 unreadable lines", lines));
    // A scenario whose ship name is 60,000 tabs: every trace step repeated it.
    let scenario =
        std::fs::read_to_string(root().join("examples/xwing/queue-example-1-jake-farrell.toml"))
            .expect("the example scenario")
            .replacen("name = \"", &format!("name = \"{}", "\t".repeat(60_000)), 1);
    cases.push(("scenario", "a name of 60,000 tabs", scenario.into_bytes()));
    // A query of half a million letters split by NULs: echoed whole, escaped, above the
    // near match it found (93 MiB of heap in one search).
    let query = "a\0c\0a\0r\0d\0 ".repeat(50_000);
    cases.push((
        "rule",
        "a query of letters split by NULs",
        query.into_bytes(),
    ));
    for (target, what, bytes) in &cases {
        holds(&checker, target, bytes, what);
    }
}

#[test]
fn a_too_long_scenario_line_is_refused_on_that_line() {
    let text = format!("game = \"xwing\"\ntitle = \"{}\"\n", "x".repeat(5_000));
    let (_, result) = arbiter::adjudicate::resolve_text(
        built_in_db(),
        "s.toml",
        &text,
        &arbiter::adjudicate::ResolveOptions::default(),
    );
    let findings = result.err().expect("refused");
    assert_eq!(findings[0].code, arbiter::report::Code::ScenarioTooLarge);
    let span = findings[0].location.as_ref().expect("located").span.clone();
    assert_eq!(span.start, "game = \"xwing\"\n".len());
}

#[test]
fn an_xwing_text_export_stops_listing_problems_after_fifty() {
    let mut files = arbiter::report::SourceFiles::default();
    let text = format!("Garven Dreis (12)\n{}", "no pilot here (x)\n".repeat(500));
    let findings = match arbiter::parse::xwing::read(&mut files, "t", text.as_bytes()) {
        Ok(squad) => squad.findings,
        Err(findings) => findings,
    };
    assert!(
        findings.len() <= arbiter::parse::xwing::MAX_FINDINGS + 1,
        "{}",
        findings.len()
    );
    if findings.len() > arbiter::parse::xwing::MAX_FINDINGS {
        let last = findings.last().expect("a summary");
        assert_eq!(last.code, arbiter::report::Code::XwingParseTooManyErrors);
    }
}

/// Issue 13: 2,000 mutated real inputs (examples, fixtures and, when present, the shared
/// corpus: bytes flipped, long runs, repeated lines, truncation, odd Unicode) through
/// the whole validate path give no panic and keep every property. A hang would keep
/// the test from finishing.
#[test]
fn two_thousand_mutated_real_inputs_through_validate() {
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for dir in [
        "examples/lists",
        "tests/fixtures/armada/kingston",
        "tests/fixtures/xwing/xws",
        "tests/fixtures/xwing/yasb-link",
        "tests/fixtures/xwing/yasb-text",
        "../shared/corpus/armada/kingston",
    ] {
        let walk = arbiter::input::walk(&root().join(dir), |_| true);
        for file in walk.files.into_iter().take(40) {
            if let Ok(bytes) = std::fs::read(file) {
                seeds.push(bytes);
            }
        }
    }
    assert!(seeds.len() >= 10, "too few seeds: {}", seeds.len());
    let context = targets::Context::new();
    let checker = context.checker();
    let mut rng = fastrand::Rng::with_seed(13);
    for n in 0..2_000 {
        let seed = &seeds[rng.usize(0..seeds.len())];
        let other = &seeds[rng.usize(0..seeds.len())];
        let input = mutate::mutate(&mut rng, seed, other);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            targets::run(&checker, "validate", &input, n)
        }));
        match outcome {
            Ok(Ok(_)) => {}
            Ok(Err(property)) => panic!("mutant {n}: {property}"),
            Err(_) => panic!("mutant {n} panicked ({} bytes)", input.len()),
        }
    }
}

/// Found by fuzzing: a 1 MiB squad of blanks was refused with a span past its quoted start.
#[test]
fn an_over_large_blank_squad_is_refused_inside_its_quote() {
    let context = targets::Context::new();
    let checker = context.checker();
    let blanks = vec![b' '; arbiter::parse::xwing::MAX_INPUT_BYTES + 10];
    holds(&checker, "xwing", &blanks, "1 MiB of blanks");
}

/// Found by fuzzing: one pilot with 33,000 upgrade lines gave 100,000 diagnostics, a 40 MB
/// report and 84 MiB of heap. Pilots and upgrades past any real squad are not read.
#[test]
fn a_pilot_with_thousands_of_upgrades_is_read_up_to_a_limit() {
    let context = targets::Context::new();
    let checker = context.checker();
    let squad = format!(
        "Rebel aces\n\n(5) Wedge Antilles [T-65 X-wing]\n{}Points: 5\n",
        "(2) Predator\n".repeat(5_000)
    );
    let report = checker.check("aces.txt", squad.as_bytes());
    assert!(
        report.diagnostics.len() < 300,
        "{}",
        report.diagnostics.len()
    );
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.message.contains("only the first")),
        "the limit is said"
    );
    holds(
        &checker,
        "validate",
        squad.as_bytes(),
        "5,000 upgrade lines",
    );
}

/// The fuzzer's `cards` run aborted at its 2 GiB heap limit on a pilot whose id was a
/// quarter of a megabyte, followed by 4,234 copies of one points line: every copy gave a
/// finding quoting the id (2 GB resident in `cards check`). Findings keep at most a
/// kilobyte of each text now.
#[test]
fn findings_about_a_huge_id_do_not_each_hold_a_copy_of_it() {
    let mut data = String::from("game = \"xwing\"\n\n[[pilot]]\nid = \"colic");
    data.push_str(&"\u{1f680}".repeat(60_000));
    data.push_str(
        "\"\nname = \"Colicoid Interceptor\"\nship = \"droidtrifighter\"\nfaction = \"separatistalliance\"\ninitiative = 1\nlimited = 0\ncost = 3\nloadout = 4\nslots = [\"talent\", \"modification\", \"configuration\"]\nkeywords = [\"droid\"]\nlegal = [\"standard\", \"extended\", \"epic\"]\npoints = [\n",
    );
    for _ in 0..2_000 {
        data.push_str(
            "  { revisions = [\"amg-feb2024\", \"amg-sep2024\"], cost = 3, loadout = 4 },\n",
        );
    }
    data.push_str("]\n");
    let db = arbiter::cards::load_bytes("cards/xwing/pilots/fuzz.toml", data.into_bytes());
    let findings = arbiter::check::run(&db);
    assert!(
        findings.len() > 100,
        "the repeats are still reported: {}",
        findings.len()
    );
    let held: usize = findings
        .iter()
        .map(|f| {
            f.message.len()
                + f.label.as_ref().map_or(0, String::len)
                + f.help.as_ref().map_or(0, String::len)
        })
        .sum();
    assert!(held < 16 << 20, "{held} bytes of finding text");
}

/// The fuzzer's `cards` run passed its 64 MiB heap bound on a 1 MiB upgrades file: 3,792
/// copies of a line of nested inline tables (26,565 of them) took 70 MiB while TOML built
/// them, and 8 MiB of such lines would take half a gigabyte. A file with more tables than
/// any real one by far is refused before it is parsed, at the table past the limit.
#[test]
fn a_file_of_thousands_of_inline_tables_is_refused_before_parsing() {
    let line = "  { title = \"Corsair Refit\", type = \"configuration\", grants = [{ slot = \"cannon\", amount = 1 }, { slot = \"turret\", amount = 1 }, { slot = \"missile\", amount = 1 }, { stat = \"hull\", amount = 2 }] },\n";
    let mut data = String::from(
        "game = \"xwing\"\n\n[[upgrade]]\nid = \"corsairrefit\"\nname = \"Corsair Refit\"\nsides = [\n",
    );
    data.push_str(&line.repeat(4_200));
    data.push_str("]\n");
    let context = targets::Context::new();
    holds(
        &context.checker(),
        "cards",
        data.as_bytes(),
        "4,200 lines of inline tables",
    );
    let db = arbiter::cards::load_bytes("cards/xwing/upgrades.toml", data.clone().into_bytes());
    let codes: Vec<&str> = db.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(
        codes,
        ["cards::too_large"],
        "one finding, from the file alone"
    );
    let location = db.findings[0].location.as_ref().expect("located");
    let marked = &data[location.span.clone()];
    assert!(
        marked == "{" || marked == "[",
        "points at the table past the limit: {marked:?}"
    );
    assert!(
        location.span.start > data.len() / 2,
        "near the end of the file, where it is passed"
    );
    assert!(db.entries().next().is_none(), "nothing of it was parsed");
    // A tenth as many lines is an ordinary (if odd) file: parsed, not refused.
    let mut small = data[..data.find(line).unwrap_or(0)].to_string();
    small.push_str(&line.repeat(420));
    small.push_str("]\n");
    let db = arbiter::cards::load_bytes("cards/xwing/upgrades.toml", small.into_bytes());
    assert!(
        db.findings
            .iter()
            .all(|f| f.code.as_str() != "cards::too_large")
    );
}

/// The fuzzer's `cards` run 6003 aborted with a stack overflow at execution 6.6 M: in a
/// device whose inline table is left open by a broken string, 7,000 lines each opening one
/// more inline table took the TOML parser 7,000 frames deep (its own depth guard lost
/// count after error recovery). `resolve` aborted on the same file. Nesting is counted
/// before parsing now, and the first bracket too deep is the one finding.
#[test]
fn seven_thousand_unclosed_inline_tables_are_refused_before_parsing() {
    let line = "charg{\"faction\":es = { value = 2, recovers = 99999999999999-9999990 }\n";
    let data = format!(
        "game = \"xwing\"\n[[device]]\nid = \"x\"\nattack = {{ arc = \"front\", value = 2, min_range = 1, max_ranndos\"\n[[device]]\n{}",
        line.repeat(7_200)
    );
    let context = targets::Context::new();
    let checker = context.checker();
    holds(
        &checker,
        "cards",
        data.as_bytes(),
        "7,200 unclosed inline tables",
    );
    holds(
        &checker,
        "scenario",
        data.as_bytes(),
        "7,200 unclosed inline tables",
    );
    let db = arbiter::cards::load_bytes("cards/xwing/upgrades.toml", data.clone().into_bytes());
    let codes: Vec<&str> = db.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["cards::syntax"]);
    let finding = &db.findings[0];
    assert!(
        finding.message.contains("nest more than 32 deep"),
        "{}",
        finding.message
    );
    let span = finding.location.as_ref().expect("located").span.clone();
    assert_eq!(&data[span.start - 2..span.end], "= {");
    // The attack table is level 1 and each line's `charg{` one more: the 31st line's
    // `charg{` is level 32, its `{ value …}` would be the 33rd.
    assert_eq!(data[..span.start].matches('\n').count(), 5 + 30);
}
