//! The README is a new user's first page: short, install first, and examples whose output
//! is what arbiter prints today (the issue "Day one" found one showing a stale verdict).

use crate::support::{command, root, run, stderr, stdout};

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// Each `$ arbiter …` line of a ```console block with the lines after it, up to the next
/// command or the end of the block.
fn console_examples(text: &str) -> Vec<(String, String)> {
    let mut examples: Vec<(String, String)> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command.to_string(), String::new()));
        } else if let Some((_, output)) = examples.last_mut() {
            output.push_str(line);
            output.push('\n');
        }
    }
    examples
}

#[test]
fn the_readme_is_short_and_starts_with_install() {
    let text = readme();
    assert!(
        text.lines().count() <= 300,
        "{} lines",
        text.lines().count()
    );
    // The brief: the first commands a newcomer sees run the main job and the tests.
    let first_block = text.split("```sh\n").nth(1).expect("a sh block");
    assert!(
        first_block.starts_with("cargo run --release -- validate examples/lists\ncargo test\n"),
        "{first_block}"
    );
    let install = text.find("## Install").expect("an Install section");
    assert!(install < text.find("## Five examples").expect("the examples"));
    assert!(text.contains("cargo install --locked --path ."));
    assert!(text.contains("cargo install --locked --git"));
    for link in text.split("](").skip(1) {
        let target = link.split(')').next().unwrap();
        if !target.starts_with("http") {
            assert!(
                root().join(target).exists(),
                "README links to missing {target}"
            );
        }
    }
}

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let examples = console_examples(&readme());
    assert_eq!(examples.len(), 5, "{examples:#?}");
    for (line, expected) in &examples {
        let mut words = line.split_whitespace();
        assert_eq!(words.next(), Some("arbiter"), "{line}");
        // What a terminal shows: the report, then what went to stderr.
        let output = run(command()
            .args(words)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100"));
        let shown = stdout(&output) + &stderr(&output);
        assert_eq!(
            shown.trim_end(),
            expected.trim_end(),
            "README example `{line}` is stale"
        );
    }
}
