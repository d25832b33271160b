//! The examples every subcommand's `--help` and man page end with, and the exit status
//! the man pages describe. Kept apart from the argument definitions so `cli.rs` stays
//! about what the arguments are.

/// One example: what it does, then the command line.
pub type Example = (&'static str, &'static str);

/// Examples by subcommand path (`"cards check"`); every subcommand has some (tested).
pub const EXAMPLES: &[(&str, &[Example])] = &[
    (
        "",
        &[
            ("Check every list in a folder", "arbiter validate lists/"),
            ("Look a rules term up", "arbiter rule initiative"),
            ("The man page of one command", "arbiter man validate"),
        ],
    ),
    (
        "validate",
        &[
            (
                "Check every list in a folder, one line per list",
                "arbiter validate lists/",
            ),
            (
                "One list with its points table",
                "arbiter validate fleet.txt --details",
            ),
            (
                "A list pasted on standard input",
                "pbpaste | arbiter validate -",
            ),
            (
                "A squad builder's link, read as the list it encodes",
                "arbiter validate 'https://yasb.app/?f=…'",
            ),
            (
                "Only the lists that fail; nothing when all pass",
                "arbiter validate lists/ --quiet",
            ),
            (
                "Sector Fleets team play, two teams of two",
                "arbiter validate --format sector-800 --team a.txt b.txt --team c.txt d.txt",
            ),
            (
                "Annotations for a GitHub workflow",
                "arbiter validate lists/ --output github",
            ),
        ],
    ),
    (
        "resolve",
        &[
            (
                "Trace a timing question step by step",
                "arbiter resolve examples/xwing/round-order.toml",
            ),
            (
                "The trace as JSON",
                "arbiter resolve scenario.toml --output json",
            ),
            (
                "A Space Alert mission with reproducible dice",
                "arbiter resolve mission.toml --seed 7",
            ),
        ],
    ),
    (
        "rule",
        &[
            (
                "Look a term up, in Spanish or English",
                "arbiter rule iniciativa",
            ),
            (
                "Only one game's glossary",
                "arbiter rule obstacle --game xwing",
            ),
            ("Every entry of a game", "arbiter rule --list --game talon"),
        ],
    ),
    (
        "cards",
        &[
            (
                "Check your data files over the built-in data",
                "arbiter cards check data/",
            ),
            ("Show a card", "arbiter cards show \"Garm Bel Iblis\""),
        ],
    ),
    (
        "cards check",
        &[
            ("Check a data folder", "arbiter cards check data/"),
            (
                "Only the errors; nothing when the data passes",
                "arbiter cards check data/ --quiet",
            ),
            (
                "One file from standard input, over the built-in data",
                "cat errata.toml | arbiter cards check -",
            ),
            (
                "Only the files given, without the built-in data",
                "arbiter cards check --standalone my-data/",
            ),
            (
                "Annotations for a GitHub workflow",
                "arbiter cards check data/ --output github",
            ),
        ],
    ),
    (
        "cards coverage",
        &[
            (
                "How many X-Wing abilities of the standard format have timing facts",
                "arbiter cards coverage",
            ),
            (
                "The same for another format, as JSON",
                "arbiter cards coverage --format extended --output json",
            ),
        ],
    ),
    (
        "cards show",
        &[
            ("A card by name, nickname or id", "arbiter cards show vsd2"),
            (
                "Only one game's cards",
                "arbiter cards show \"Luke Skywalker\" --game xwing",
            ),
        ],
    ),
    (
        "cards search",
        &[
            ("Every card whose name matches", "arbiter cards search tie"),
            (
                "The first five, as JSON",
                "arbiter cards search wing --limit 5 --output json",
            ),
        ],
    ),
    (
        "cards import",
        &[
            (
                "Armada cards from isb-cards",
                "arbiter cards import isb isb-cards/ --out data/cards/armada",
            ),
            (
                "X-Wing cards from xwing-data2",
                "arbiter cards import xwing-data2 xwing-data2/ --out data/cards/xwing",
            ),
        ],
    ),
    (
        "cards import isb",
        &[(
            "Armada cards with FFG's printed costs",
            "arbiter cards import isb isb-cards/ --armada-data armada-data/ --out data/cards/armada",
        )],
    ),
    (
        "cards import xwing-data2",
        &[(
            "X-Wing cards with the points revisions",
            "arbiter cards import xwing-data2 xwing-data2/ --points xwing-points/ --out data/cards/xwing",
        )],
    ),
    (
        "schema",
        &[
            (
                "The schema of errata files, for an editor",
                "arbiter schema errata > errata.schema.json",
            ),
            (
                "The schema of validate's JSON output",
                "arbiter schema output validate",
            ),
        ],
    ),
    (
        "schema output",
        &[
            (
                "The schema of validate's JSON output",
                "arbiter schema output validate",
            ),
            (
                "The schema of cards check's JSON output",
                "arbiter schema output cards-check",
            ),
        ],
    ),
    (
        "score",
        &[(
            "Tournament points for a 120-point win",
            "arbiter score armada --format sector-800 --margin 120",
        )],
    ),
    (
        "score armada",
        &[
            (
                "Tournament points for a 120-point win",
                "arbiter score armada --format sector-800 --margin 120",
            ),
            (
                "From the two scores",
                "arbiter score armada --format sector-800 --scores 640 410",
            ),
        ],
    ),
    (
        "export",
        &[
            ("A squad as XWS", "arbiter export squad.txt --to xws"),
            (
                "A YASB link from a pasted squad",
                "pbpaste | arbiter export - --to yasb",
            ),
        ],
    ),
    (
        "explain",
        &[
            (
                "What a diagnostic code means",
                "arbiter explain armada::squadron_cap",
            ),
            ("Every code", "arbiter explain --list"),
        ],
    ),
    (
        "completions",
        &[(
            "Completions for bash",
            "arbiter completions bash > ~/.local/share/bash-completion/completions/arbiter",
        )],
    ),
    (
        "man",
        &[
            (
                "Install the main page",
                "arbiter man > ~/.local/share/man/man1/arbiter.1",
            ),
            ("The page of one subcommand", "arbiter man cards check"),
        ],
    ),
];

/// What the exit code says, the same for every command.
pub const EXIT_STATUS: &[(u8, &str)] = &[
    (0, "All good: nothing to report."),
    (
        1,
        "Findings: a list breaks a rule, a data file fails its check, a card or rules term is not found.",
    ),
    (
        2,
        "Could not run: bad arguments, a path or list that cannot be read, a malformed scenario.",
    ),
];

/// The examples of a subcommand path (`""` for arbiter itself).
pub fn examples_of(path: &str) -> &'static [Example] {
    EXAMPLES
        .iter()
        .find(|(p, _)| *p == path)
        .map_or(&[], |(_, examples)| examples)
}

/// The examples as `--help` prints them, after the options.
pub fn examples_text(examples: &[Example]) -> String {
    let mut text = String::from("Examples:\n");
    for (what, line) in examples {
        text.push_str(&format!("  # {what}\n  {line}\n"));
    }
    text
}

/// `command` with each subcommand's examples after its help, all the way down.
pub fn with_examples(command: clap::Command) -> clap::Command {
    attach(command, "")
}

fn attach(command: clap::Command, path: &str) -> clap::Command {
    let examples = examples_of(path);
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    let mut command = if examples.is_empty() {
        command
    } else {
        command.after_help(examples_text(examples))
    };
    for name in names {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path} {name}")
        };
        command = command.mut_subcommand(&name, |sub| attach(sub, &sub_path));
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_run_arbiter_and_say_what_they_do() {
        for (path, examples) in EXAMPLES {
            assert!(!examples.is_empty(), "`{path}` has no example");
            for (what, line) in *examples {
                assert!(!what.is_empty() && !what.ends_with('.'), "{path}: {what}");
                assert!(line.contains("arbiter "), "{path}: {line}");
            }
        }
    }

    #[test]
    fn an_unknown_path_has_no_examples() {
        assert!(examples_of("no such").is_empty());
        assert!(!examples_of("cards check").is_empty());
    }
}
