//! `validate --output html`, `resolve --output html` and `resolve --output svg`: the pages
//! as snapshots, what makes them self-contained, hostile names shown and not run, and each
//! page loaded in headless Chromium (the DOM after the script ran, and a screenshot that is
//! not blank). Without Chromium the browser tests skip (see `support::browser`).

use crate::support::browser::{Browser, browser, look_at};
use crate::support::{self, arbiter, json, relative, scratch, stderr, stdout};
use std::path::{Path, PathBuf};

/// One example per game and kind of drawing.
const SPACE_ALERT: &str = "examples/spacealert/rockets-destroyer.toml";
const TALON_ROUND: &str = "examples/talon/round-patton-sideslip-and-turn.toml";
const TALON_FIRE: &str = "examples/talon/fire-patton-at-vision.toml";
const XWING_QUEUE: &str = "examples/xwing/queue-example-2-chopper-kyle-teroch.toml";
const ARMADA: &str = "examples/armada/first-player-resolves-first.toml";

/// Run arbiter, expect exit 0, write its standard output to `dir/name`.
fn page(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let output = arbiter(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    let path = dir.join(name);
    std::fs::write(&path, &output.stdout).expect("the page is written");
    path
}

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

/// The `<html …>` start tag of a dumped DOM.
fn root_tag(dom: &str) -> &str {
    let start = dom.find("<html").expect("an <html> element");
    let end = dom[start..].find('>').expect("the tag ends") + start;
    &dom[start..=end]
}

/// The script ran to its end and recorded no error.
fn assert_ran(dom: &str, what: &str) {
    let root = root_tag(dom);
    assert!(
        root.contains("data-ready=\"true\""),
        "{what}: the script did not finish: {root}"
    );
    assert!(
        !root.contains("data-errors"),
        "{what}: script errors: {root}"
    );
}

/// The screenshot shows a page, not a blank: many colours and a fair share of ink.
fn assert_drawn(browser: &Browser, path: &Path) {
    let picture = look_at(&browser.screenshot(path));
    assert_eq!((picture.width, picture.height), (1280, 900));
    assert!(
        picture.colours >= 24 && picture.inked > 0.02,
        "{}: {} colours, {:.1}% inked",
        path.display(),
        picture.colours,
        picture.inked * 100.0
    );
}

#[test]
fn resolve_pages_as_html() {
    insta::glob!(
        "../../examples",
        "{armada/first-player-resolves-first,xwing/queue-example-1-jake-farrell,talon/fire-patton-at-vision}.toml",
        |path| {
            let output = arbiter(&["resolve", "--output", "html", &relative(path)]);
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            insta::assert_snapshot!(stdout(&output));
        }
    );
}

#[test]
fn resolve_pictures_as_svg() {
    insta::glob!(
        "../../examples",
        "{spacealert/rockets-destroyer,talon/round-patton-sideslip-and-turn,talon/round-missile-closes-and-detonates}.toml",
        |path| {
            let output = arbiter(&["resolve", "--output", "svg", "--step", "3", &relative(path)]);
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            insta::assert_snapshot!(stdout(&output));
        }
    );
}

/// A ship forced out of the battle in impulse A is drawn where it started and nowhere after:
/// the engine keeps its last hex, the pictures must not (Talon rulebook 7.5.2).
#[test]
fn a_retreated_ship_leaves_the_pictures() {
    let scenario = "examples/talon/round-both-maps-forced-retreat.toml";
    let output = arbiter(&["resolve", "--output", "html", scenario]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = stdout(&output);
    assert!(
        page.contains("Lone is forced to retreat"),
        "the example retreats"
    );
    assert_eq!(
        count(&page, "Lone (Talon FF), Talon · 1003"),
        1,
        "the start"
    );
    assert_eq!(count(&page, "Lone (Talon FF), Talon · not on the map"), 6);
    let last = arbiter(&["resolve", "--output", "svg", scenario]);
    assert_eq!(last.status.code(), Some(0), "{}", stderr(&last));
    let svg = stdout(&last);
    assert!(
        svg.contains("class=\"mid small b\">Alpha"),
        "ships are labelled"
    );
    assert!(
        !svg.contains("class=\"mid small b\">Lone"),
        "drawn after it left"
    );
}

#[test]
fn validate_page_as_html() {
    let output = arbiter(&["validate", "--output", "html", "examples/lists"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output));
}

/// Nothing a page needs comes from elsewhere: no fetched scripts, styles, fonts or images.
#[test]
fn pages_are_self_contained() {
    let pages = [
        arbiter(&["resolve", "--output", "html", SPACE_ALERT]),
        arbiter(&["resolve", "--output", "html", TALON_ROUND]),
        arbiter(&["resolve", "--output", "html", XWING_QUEUE]),
        arbiter(&["validate", "--output", "html", "examples/lists"]),
    ];
    for output in &pages {
        let html = stdout(output);
        for reference in [
            " src=",
            "href=\"http",
            "href=\"//",
            "url(",
            "@import",
            "@font-face",
            "<link",
            "<iframe",
            "<img",
        ] {
            assert!(!html.contains(reference), "a page holds {reference:?}");
        }
        // The SVG namespace is a name, never fetched; no other address appears.
        let addresses = count(&html, "http://") + count(&html, "https://");
        assert_eq!(
            addresses,
            count(&html, "xmlns=\"http://www.w3.org/2000/svg\"")
        );
        assert!(html.contains("@media print"), "printable");
        assert_eq!(
            count(&html, "<svg"),
            count(&html, "<title id="),
            "each drawing titled"
        );
        assert_eq!(
            count(&html, "<svg"),
            count(&html, "<desc id="),
            "each drawing described"
        );
    }
}

#[test]
fn every_step_of_a_resolution_is_on_the_page_in_order_with_its_rule() {
    for scenario in [SPACE_ALERT, TALON_ROUND, XWING_QUEUE, ARMADA] {
        let steps = json(&arbiter(&["resolve", "--output", "json", scenario]))["steps"]
            .as_array()
            .expect("steps")
            .clone();
        let html = stdout(&arbiter(&["resolve", "--output", "html", scenario]));
        let mut at = 0;
        for step in &steps {
            let n = step["n"].as_u64().expect("n");
            let item = format!("<li value=\"{n}\"");
            let found = html[at..]
                .find(&item)
                .unwrap_or_else(|| panic!("{scenario}: step {n} missing or out of order"));
            at += found;
            let rest = &html[at..];
            let item_end = rest.find("</li>").expect("the item ends");
            let rule_line = &rest[..item_end];
            assert!(
                rule_line.contains("<p class=\"rule\">")
                    && !rule_line.contains("<p class=\"rule\"></p>"),
                "{scenario}: step {n} shows no rule: {rule_line}"
            );
        }
    }
}

#[test]
fn a_step_outside_the_trace_or_without_a_picture_format_is_refused() {
    let output = arbiter(&["resolve", "--output", "svg", "--step", "99", ARMADA]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--step 99"), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let output = arbiter(&["resolve", "--output", "json", "--step", "2", ARMADA]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--output svg"),
        "{}",
        stderr(&output)
    );
    let output = arbiter(&["resolve", "--output", "html", "--step", "99", ARMADA]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_standalone_svg_is_the_picture_asked_for() {
    let svg = stdout(&arbiter(&[
        "resolve",
        "--output",
        "svg",
        "--step",
        "2",
        TALON_ROUND,
    ]));
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="));
    assert!(svg.contains("Impulse B"), "the second picture is impulse B");
    assert!(
        svg.contains("<style>"),
        "a file of its own carries its styles"
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    let last = stdout(&arbiter(&["resolve", "--output", "svg", TALON_ROUND]));
    assert!(
        last.contains("Energy phase"),
        "without --step: the last picture"
    );
}

#[test]
fn the_talon_map_draws_terrain_and_missiles_as_the_engine_moves_them() {
    let svg = |file: &str, step: &str| {
        stdout(&arbiter(&[
            "resolve", "--output", "svg", "--step", step, file,
        ]))
    };
    // Asteroids between the firer and its target, in the picture before the shot.
    let asteroids = svg("examples/talon/fire-through-asteroids.toml", "1");
    assert_eq!(count(&asteroids, "class=\"terrain asteroid\""), 2);
    let black_hole = svg("examples/talon/round-black-hole-pulls.toml", "1");
    assert_eq!(count(&black_hole, "class=\"terrain blackhole\""), 1);
    // The missile flies 0905 -> 0805 in impulse A and has detonated by impulse F.
    let missile = "examples/talon/round-missile-closes-and-detonates.toml";
    let impulse_a = svg(missile, "1");
    assert_eq!(count(&impulse_a, "class=\"missile\""), 1);
    assert!(impulse_a.contains("missile M1 in 0805"), "{impulse_a}");
    let energy = svg(missile, "7");
    assert_eq!(
        count(&energy, "class=\"missile\""),
        0,
        "a missile that hit is gone"
    );
}

/// A scenario whose every name is markup that would mark the page if it ran.
const HOSTILE_SCENARIO: &str = r#"game = "armada"
kind = "armada/timing"
title = "</title><script>document.documentElement.setAttribute('data-pwned','title')</script>"
question = "\"><img src=x onerror=\"document.documentElement.setAttribute('data-pwned','question')\">"
event = ["after attack"]

[[player]]
id = "empire"
# Names are at most 64 bytes (docs/limits.md): payloads that fit.
name = "<svg onload=\"document.documentElement.dataset.pwned=1\">"
order = ["gunnery"]

[[player]]
id = "rebels"
name = "Rebel & <b>player</b>"
order = ["engineers"]

[[effect]]
id = "gunnery"
owner = "empire"
card = "</text><script>document.documentElement.dataset.pwned=1</script>"
card_type = "upgrade"
timing = "after attack"
does = "<style>*{display:none}</style>"

[[effect]]
id = "engineers"
owner = "rebels"
card = "Engineers\u0007\u001b[31m"
card_type = "upgrade"
timing = "after attack"
does = "repairs"
"#;

const MARKER: &str = "data-pwned";

fn hostile_files(dir: &Path) -> (PathBuf, PathBuf) {
    let scenario = dir.join("hostile.toml");
    std::fs::write(&scenario, HOSTILE_SCENARIO).expect("written");
    let lists = dir.join("lists");
    std::fs::create_dir(&lists).expect("a folder");
    let xws = std::fs::read_to_string(
        support::root().join("tests/fixtures/xwing/xws/blade-runners.json"),
    )
    .expect("an XWS fixture");
    let mut squad: serde_json::Value = serde_json::from_str(&xws).expect("JSON");
    squad["name"] = "</td></tr></table><script>document.documentElement.setAttribute('data-pwned','list')</script>".into();
    std::fs::write(
        lists.join(
            "<img src=x onerror=document.documentElement.setAttribute('data-pwned','file')>.json",
        ),
        serde_json::to_string(&squad).expect("JSON"),
    )
    .expect("written");
    (scenario, lists)
}

#[test]
fn hostile_names_are_escaped() {
    let dir = scratch();
    let (scenario, lists) = hostile_files(dir.path());
    let resolved = arbiter(&[
        "resolve",
        "--output",
        "html",
        &scenario.display().to_string(),
    ]);
    assert_eq!(resolved.status.code(), Some(0), "{}", stderr(&resolved));
    let validated = arbiter(&["validate", "--output", "html", &lists.display().to_string()]);
    let svg = arbiter(&[
        "resolve",
        "--output",
        "svg",
        "--step",
        "1",
        &scenario.display().to_string(),
    ]);
    for output in [&resolved, &validated, &svg] {
        let text = stdout(output);
        // The marker only ever appears escaped, inside text or an attribute value.
        for raw in [
            "<script>document",
            "<img src=x",
            "<svg onload",
            "<style>*",
            "<b>player",
        ] {
            assert!(!text.contains(raw), "{raw:?} unescaped");
        }
        assert!(
            text.contains("&lt;script&gt;") || text.contains("&lt;img"),
            "shown as text"
        );
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "control characters shown as codes"
        );
    }
    assert!(stdout(&validated).contains("data-verdict="));
}

#[test]
fn hostile_names_do_not_run_in_a_browser() {
    let Some(browser) = browser() else { return };
    let dir = scratch();
    let (scenario, lists) = hostile_files(dir.path());
    let resolved = page(
        dir.path(),
        "resolved.html",
        &[
            "resolve",
            "--output",
            "html",
            &scenario.display().to_string(),
        ],
    );
    let output = arbiter(&["validate", "--output", "html", &lists.display().to_string()]);
    let validated = dir.path().join("validated.html");
    std::fs::write(&validated, &output.stdout).expect("written");
    for path in [&resolved, &validated] {
        let dom = browser.dom(path);
        assert_ran(&dom, &path.display().to_string());
        assert!(
            !root_tag(&dom).contains(MARKER),
            "injected markup ran: {}",
            root_tag(&dom)
        );
    }
}

#[test]
fn resolve_pages_run_in_a_browser() {
    let Some(browser) = browser() else { return };
    let dir = scratch();
    for (scenario, attribute, expected) in [
        (SPACE_ALERT, "data-turn=\"", Frames::Turns),
        (TALON_ROUND, "data-impulse=\"", Frames::Exactly(6)),
        (XWING_QUEUE, "data-step=\"", Frames::Steps),
        (ARMADA, "data-step=\"", Frames::Steps),
    ] {
        let json = json(&arbiter(&["resolve", "--output", "json", scenario]));
        let expected = match expected {
            Frames::Turns => json["turns"].as_array().expect("turns").len(),
            Frames::Steps => json["steps"].as_array().expect("steps").len(),
            Frames::Exactly(n) => n,
        };
        let name = Path::new(scenario)
            .file_stem()
            .expect("a name")
            .to_string_lossy();
        let path = page(
            dir.path(),
            &format!("{name}.html"),
            &["resolve", "--output", "html", scenario],
        );
        let dom = browser.dom(&path);
        assert_ran(&dom, scenario);
        assert_eq!(
            count(&dom, attribute),
            expected,
            "{scenario}: one {attribute} per frame"
        );
        assert_eq!(
            count(&dom, "class=\"frame current\""),
            1,
            "{scenario}: one picture shown"
        );
        assert!(
            dom.contains("<nav id=\"nav\" class=\"controls\" aria-label"),
            "{scenario}: the controls are shown"
        );
        assert!(
            dom.contains("id=\"where\" aria-live=\"polite\">Picture 1 of "),
            "{scenario}"
        );
        assert_drawn(&browser, &path);
    }
}

enum Frames {
    Turns,
    Steps,
    Exactly(usize),
}

#[test]
fn a_resolve_page_opens_on_the_step_asked() {
    let Some(browser) = browser() else { return };
    let dir = scratch();
    let path = page(
        dir.path(),
        "talon.html",
        &["resolve", "--output", "html", "--step", "3", TALON_ROUND],
    );
    let dom = browser.dom(&path);
    assert_ran(&dom, TALON_ROUND);
    let current = dom
        .find("class=\"frame current\"")
        .expect("a current picture");
    let start = dom[..current].rfind("<section").expect("its section");
    let section = &dom[start..current + dom[current..].find('>').expect("the tag ends")];
    assert!(section.contains("data-impulse=\"C\""), "{section}");
    assert!(dom.contains("Picture 3 of 7: Impulse C"));
}

#[test]
fn a_standalone_svg_draws_in_a_browser() {
    let Some(browser) = browser() else { return };
    let dir = scratch();
    for scenario in [SPACE_ALERT, TALON_FIRE] {
        let name = Path::new(scenario)
            .file_stem()
            .expect("a name")
            .to_string_lossy();
        let path = page(
            dir.path(),
            &format!("{name}.svg"),
            &["resolve", "--output", "svg", "--step", "2", scenario],
        );
        assert_drawn(&browser, &path);
    }
}

#[test]
fn the_validate_page_runs_in_a_browser() {
    let Some(browser) = browser() else { return };
    let dir = scratch();
    let lists = dir.path().join("lists");
    std::fs::create_dir(&lists).expect("a folder");
    for entry in std::fs::read_dir(support::root().join("examples/lists")).expect("examples") {
        let path = entry.expect("an entry").path();
        std::fs::copy(&path, lists.join(path.file_name().expect("a name"))).expect("copied");
    }
    std::fs::copy(
        support::root().join("tests/fixtures/talon/over-the-limit.txt"),
        lists.join("over-the-limit.txt"),
    )
    .expect("copied");
    let folder = lists.display().to_string();
    let summary = json(&arbiter(&["validate", "--output", "json", &folder]))["summary"].clone();
    let output = arbiter(&["validate", "--output", "html", &folder]);
    assert_eq!(output.status.code(), Some(1), "an invalid list: exit 1");
    let path = dir.path().join("lists.html");
    std::fs::write(&path, &output.stdout).expect("written");
    let dom = browser.dom(&path);
    assert_ran(&dom, "validate");
    let total = summary["lists"].as_u64().expect("lists") as usize;
    // Lists that could not be read are marked invalid too.
    let invalid = (summary["invalid"].as_u64().expect("invalid")
        + summary["unreadable"].as_u64().expect("unreadable")) as usize;
    assert!(invalid >= 1, "{summary}");
    assert_eq!(count(&dom, "data-verdict=\""), total);
    assert_eq!(count(&dom, "data-verdict=\"invalid\""), invalid);
    assert!(
        dom.contains(&format!(
            "<span id=\"shown\" aria-live=\"polite\">{total} lists shown</span>"
        )),
        "the script counted the lists"
    );
    assert!(
        dom.contains("<div id=\"controls\" class=\"controls\">"),
        "the controls are shown"
    );
    assert_drawn(&browser, &path);
    assert_sorted_and_filtered(&browser, &path, invalid, total);
}

/// `#sort=-points&invalid`: the lists by points, most first, the invalid ones only shown.
fn assert_sorted_and_filtered(browser: &Browser, path: &Path, invalid: usize, total: usize) {
    let dom = browser.dom_at(path, "#sort=-points&invalid");
    assert_ran(&dom, "validate, sorted");
    let points: Vec<i64> = dom
        .split("<tbody data-verdict=")
        .skip(1)
        .filter_map(|body| {
            let at = body.find("data-points=\"")? + "data-points=\"".len();
            body[at..body[at..].find('"')? + at].parse().ok()
        })
        .collect();
    assert!(points.len() > 2, "{points:?}");
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "most points first: {points:?}"
    );
    assert!(
        dom.contains("<table id=\"lists\" class=\"only-invalid\">"),
        "filtered"
    );
    assert!(dom.contains(&format!("{invalid} of {total} lists shown (invalid only)")));
    assert!(dom.contains("aria-sort=\"descending\""));
}

/// Without script every picture shows, in order, and the controls (which need it) do not:
/// frames are hidden only under the `js` class the script sets.
#[test]
fn without_script_every_picture_shows_in_order() {
    let html = stdout(&arbiter(&["resolve", "--output", "html", SPACE_ALERT]));
    assert!(html.contains(".js .frame{display:none}"));
    assert!(
        !html.contains("class=\"js"),
        "the js class comes from the script only"
    );
    assert!(html.contains("<nav id=\"nav\" class=\"controls\" hidden"));
    let sections: Vec<&str> = html.split("<section class=\"frame\"").skip(1).collect();
    assert!(sections.len() >= 12, "a picture per turn");
    for (i, section) in sections.iter().enumerate() {
        let tag = &section[..section.find('>').expect("the tag ends")];
        assert!(
            tag.contains(&format!("id=\"frame-{}\"", i + 1)),
            "in order: {tag}"
        );
        assert!(!tag.contains("hidden"), "{tag}");
    }
}
