//! X-Wing timing facts: `cards coverage` counts them, `cards show` shows them, and the
//! import keeps the hand-kept overrides.

use crate::support::{arbiter, json, scratch, shared, stdout};

#[test]
fn coverage_counts_the_standard_formats_abilities_and_lists_the_uncovered() {
    let output = arbiter(&["cards", "coverage", "--output", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let figures = &json(&output)["xwing"];
    let abilities = figures["abilities"].as_u64().unwrap();
    let with_timing = figures["with_timing"].as_u64().unwrap();
    assert!(abilities > 700, "{figures}");
    assert!(
        with_timing as f64 / abilities as f64 >= 0.85,
        "{with_timing} of {abilities}"
    );
    let uncovered = figures["uncovered"].as_array().unwrap();
    assert_eq!(uncovered.len() as u64, abilities - with_timing);
    assert!(figures["checked"].as_u64().unwrap() > 0);
    // The text form names each uncovered card.
    let text = stdout(&arbiter(&["cards", "coverage"]));
    assert!(
        text.contains(&format!("{with_timing} of {abilities}")),
        "{text}"
    );
    for card in uncovered {
        assert!(
            text.contains(card["card"].as_str().unwrap()),
            "{card} not listed"
        );
    }
}

#[test]
fn coverage_of_an_unknown_format_exits_2() {
    let output = arbiter(&["cards", "coverage", "--format", "nope"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn cards_show_gives_each_window_and_who_checked_it() {
    let text = stdout(&arbiter(&["cards", "show", "jakefarrell"]));
    assert!(text.contains("Timing (pilot)"), "{text}");
    assert!(
        text.contains("after self perform barrel-roll|boost"),
        "{text}"
    );
    assert!(
        text.contains("Timing (ship ability Vectored Thrusters)"),
        "{text}"
    );
    assert!(text.contains("checked by hand"), "{text}");
    let text = stdout(&arbiter(&["cards", "show", "fennrau"]));
    assert!(text.contains("derived"), "{text}");
}

#[test]
fn the_import_keeps_the_hand_kept_overrides() {
    let Some(reference) = shared("reference") else {
        return;
    };
    let dir = scratch();
    let out = dir.path().join("xwing");
    std::fs::create_dir_all(&out).unwrap();
    let overrides = "game = \"xwing\"\n\n[[timing]]\npart = \"pilot\"\ncard = \"jakefarrell\"\ntiming = \"start engagement\"\nchecked = true\n";
    std::fs::write(out.join("timing-overrides.toml"), overrides).unwrap();
    std::fs::write(out.join("stale.toml"), "old").unwrap();
    // A folder an earlier import wrote: the only kind an import replaces without --force.
    std::fs::write(out.join(".arbiter-import"), "").unwrap();
    // The whole import, points included: an import that fails `cards check` (formats
    // naming points revisions it lacks) is not swapped in.
    let path = |name: &str| reference.join(name).to_str().unwrap().to_string();
    let output = arbiter(&[
        "cards",
        "import",
        "xwing-data2",
        &path("xwing-data2"),
        "--points",
        &path("xwing-points"),
        "--yasb",
        &path("yasb"),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(out.join("timing-overrides.toml")).unwrap(),
        overrides
    );
    assert!(!out.join("stale.toml").exists(), "the rest is replaced");
    let timing = std::fs::read_to_string(out.join("timing.toml")).unwrap();
    assert!(
        timing.contains("at commit "),
        "the source commit is recorded"
    );
    assert!(timing.contains("[[untimed]]"));
}
