//! Every subcommand's `--help` ends with examples, every example is a command line arbiter
//! accepts, and `arbiter man COMMAND` prints a page with EXIT STATUS and EXAMPLES.

use crate::support::{arbiter, stderr, stdout};
use arbiter::help::EXAMPLES;

/// Every subcommand path under arbiter (`["cards", "check"]`), arbiter itself first.
fn subcommand_paths() -> Vec<Vec<String>> {
    fn walk(command: &clap::Command, path: Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut sub_path = path.clone();
            sub_path.push(sub.get_name().to_string());
            walk(sub, sub_path, out);
        }
    }
    let mut paths = Vec::new();
    walk(&arbiter::cli::command(), Vec::new(), &mut paths);
    paths
}

/// The words of an example's arbiter command: what follows a pipe, up to a redirection,
/// with double-quoted words kept whole.
fn words(line: &str) -> Vec<String> {
    let command = line.rsplit(" | ").next().unwrap();
    let command = command.split(" > ").next().unwrap();
    let mut words = Vec::new();
    for (i, part) in command.split('"').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(str::to_string));
        }
    }
    words
}

#[test]
fn every_subcommand_help_ends_with_examples() {
    let paths = subcommand_paths();
    assert!(paths.len() > 15, "{paths:?}");
    for path in paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let output = arbiter(&args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let help = stdout(&output);
        let examples = help.split("\nExamples:\n").nth(1);
        assert!(
            examples.is_some_and(|e| e.contains("  arbiter ")),
            "{args:?}:\n{help}"
        );
    }
}

#[test]
fn every_example_is_a_command_line_arbiter_accepts() {
    for (path, examples) in EXAMPLES {
        for (_, line) in *examples {
            let words = words(line);
            assert_eq!(words[0], "arbiter", "{line}");
            assert!(
                words[1..].starts_with(
                    &path
                        .split_whitespace()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                ),
                "the example of `{path}` runs another command: {line}"
            );
            if let Err(error) = arbiter::cli::parse(&words) {
                panic!("`{line}` does not parse:\n{error}");
            }
        }
    }
}

#[test]
fn every_subcommand_has_a_man_page_with_exit_status_and_examples() {
    for path in subcommand_paths() {
        let mut args = vec!["man"];
        args.extend(path.iter().map(String::as_str));
        let output = arbiter(&args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        let page = stdout(&output);
        let title = std::iter::once("arbiter")
            .chain(path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("-");
        assert!(
            page.contains(&format!(".TH {title} 1")),
            "{args:?}:\n{page}"
        );
        for section in [".SH SYNOPSIS", ".SH \"EXIT STATUS\"", ".SH EXAMPLES"] {
            assert!(page.contains(section), "{args:?} lacks {section}");
        }
        assert!(!page.contains(".SH EXTRA"), "{args:?}: examples twice");
    }
}

#[test]
fn a_man_page_of_no_such_command_is_a_usage_error() {
    let output = arbiter(&["man", "nosuch"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no subcommand `nosuch`"));
}
