use super::print_stdout;
use crate::cards::{LoadOptions, load};
use crate::cli::{CheckArgs, Outcome};
use crate::report::{
    HumanStyle, OutputFormat, SHOWN_PER_CODE_AND_FILE, Severity, cap_repeats, render_findings,
};
use std::path::PathBuf;

pub fn run(data: &[PathBuf], args: CheckArgs) -> Outcome {
    let mut overlays = data.to_vec();
    overlays.extend(args.paths.iter().cloned());
    let (db, unreadable) = load(&LoadOptions {
        spans: true,
        embedded: !args.standalone,
        overlays,
        without: Vec::new(),
    });
    super::print_skipped(&db);
    let findings = if unreadable.is_empty() {
        crate::check::run(&db)
    } else {
        unreadable.clone()
    };
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    // People read the first few of a repeated mistake; JSON keeps every one for tools.
    let shown = || {
        cap_repeats(&findings, SHOWN_PER_CODE_AND_FILE, |file| {
            db.files.name(file).to_string()
        })
    };
    match args.output {
        OutputFormat::Human => {
            let style = HumanStyle::for_stderr();
            let rendered = render_findings(&db.files, &shown(), OutputFormat::Human, style);
            eprint!("{rendered}");
            let files = db.loaded.len();
            let records =
                db.entries().count() + db.errata.len() + db.formats.len() + db.rules.len();
            eprintln!(
                "checked {files} file{} ({records} records): {errors} error{}, {warnings} warning{}",
                plural(files),
                plural(errors),
                plural(warnings)
            );
            if !crate::check::references_checked(&db) {
                eprintln!(
                    "note: references between records are checked once every file loads; fix the files above first"
                );
            }
        }
        OutputFormat::Json => {
            let diagnostics: Vec<_> = findings
                .iter()
                .map(|f| crate::report::JsonFinding::new(&db.files, f))
                .collect();
            let body = serde_json::json!({
                "files_checked": db.loaded.len(),
                "errors": errors,
                "warnings": warnings,
                "diagnostics": diagnostics,
            });
            print_stdout(&serde_json::to_string_pretty(&body).unwrap_or_default());
        }
        OutputFormat::Github => {
            print_stdout(&render_findings(
                &db.files,
                &shown(),
                OutputFormat::Github,
                HumanStyle::plain(100),
            ));
        }
    }
    if !unreadable.is_empty() {
        Outcome::Failed
    } else if errors > 0 {
        Outcome::Findings
    } else {
        Outcome::Clean
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
