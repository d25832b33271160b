//! `arbiter explain`: what a diagnostic code means, like `rustc --explain`.

use super::{print_json, print_stderr, print_stdout, stderr_line};
use crate::cli::{ExplainArgs, Outcome, ReportFormat};
use crate::report::explain::{Explanation, explanations};
use crate::report::{Code, Finding, HumanStyle, JsonFinding, SourceFiles, new_table, render_human};
use crate::text::{closest, suggestion_help};
use serde_json::json;

/// Most codes offered after a miss.
const SUGGESTIONS: usize = 3;

pub fn run(args: ExplainArgs) -> Outcome {
    let all = match explanations() {
        Ok(all) => all,
        Err(message) => {
            stderr_line(&format!(
                "error: the built-in explanations do not read: {message}"
            ));
            return Outcome::Failed;
        }
    };
    let Some(query) = args.code.as_deref().filter(|_| !args.list) else {
        list(&all, args.output);
        return Outcome::Clean;
    };
    let wanted = query.trim().to_lowercase();
    match all.iter().find(|e| e.code == wanted) {
        Some(entry) => {
            match args.output {
                ReportFormat::Human => print_stdout(&human(entry)),
                ReportFormat::Json => print_json(entry),
            }
            Outcome::Clean
        }
        None => unknown(query, &all, args.output),
    }
}

fn list(all: &[Explanation], output: ReportFormat) {
    match output {
        ReportFormat::Human => {
            let mut table = new_table(vec!["code", "meaning"]);
            for e in all {
                table.add_row(vec![e.code.as_str(), e.meaning.as_str()]);
            }
            print_stdout(&format!(
                "{table}\n{} codes; `arbiter explain CODE` tells more about one.\n",
                all.len()
            ));
        }
        ReportFormat::Json => {
            let codes: Vec<_> = all
                .iter()
                .map(|e| json!({"code": e.code, "meaning": e.meaning}))
                .collect();
            print_json(&json!({ "codes": codes }));
        }
    }
}

/// Sections as `rustc --explain` prints them: plain text, a blank line between parts.
fn human(e: &Explanation) -> String {
    let indent = |text: &str| {
        text.trim_end()
            .lines()
            .map(|l| format!("    {l}").trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "{code}: {meaning}\n\nRule\n{rule}\n\nSource: {document}, section “{section}”\n\nExample\n{example}\n",
        code = e.code,
        meaning = e.meaning,
        rule = indent(&e.rule),
        document = e.source.document,
        section = e.source.section,
        example = indent(&e.example),
    )
}

/// A code that is none of ours: a located finding on the query, nearest codes as help.
fn unknown(query: &str, all: &[Explanation], output: ReportFormat) -> Outcome {
    let suggestions = closest(query, all.iter().map(|e| e.code.as_str()), SUGGESTIONS);
    let help = suggestion_help(&suggestions, "`arbiter explain --list` lists every code");
    let mut files = SourceFiles::default();
    let file = files.add("code", query.to_string());
    let finding = Finding::error(
        Code::ExplainUnknownCode,
        format!("`{query}` is no diagnostic code"),
    )
    .at(file, 0..query.len())
    .label("unknown code")
    .help(help);
    match output {
        ReportFormat::Human => {
            print_stderr(&render_human(&files, &finding, HumanStyle::for_stderr()))
        }
        ReportFormat::Json => {
            let body = json!({
                "code": null,
                "did_you_mean": suggestions,
                "diagnostics": [JsonFinding::new(&files, &finding)],
            });
            print_json(&body);
        }
    }
    Outcome::Failed
}
