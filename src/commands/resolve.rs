use super::{load_game_data, print_stderr, print_stdout};
use crate::adjudicate::{ResolveOptions, resolve};
use crate::cards::DataKind;
use crate::cli::{Outcome, ReportFormat, ResolveArgs};
use crate::parse::scenario::{self, MAX_SCENARIO_BYTES};
use crate::report::{
    Code, Finding, HumanStyle, JsonFinding, SourceFiles, render_human as render_finding,
};

/// Width of the trace table when stdout is not a terminal (pipes, files, tests).
const TABLE_WIDTH: u16 = 120;

pub fn run(overlays: &[std::path::PathBuf], args: ResolveArgs) -> Outcome {
    let name = args.scenario.display().to_string();
    let mut files = SourceFiles::default();
    let text = match read_limited(&args.scenario, &mut files) {
        Ok(text) => text,
        Err(finding) => {
            report(&files, &[finding], args.output);
            return Outcome::Failed;
        }
    };
    let options = ResolveOptions {
        max_steps: args.max_steps,
        seed: args.seed,
    };
    let file = files.add(&name, text);
    let scenario = match scenario::read(file, files.text(file), options.max_steps) {
        Ok(scenario) => scenario,
        Err(findings) => {
            report(&files, &findings, args.output);
            return Outcome::Failed;
        }
    };
    // Only the scenario's game's cards, with every overlay: a scenario names the cards of
    // its own game.
    let without = [DataKind::Errata, DataKind::Formats, DataKind::Rules];
    let db = match load_game_data(overlays, &without, &[scenario.envelope.game]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    match resolve(&db, &scenario, &options) {
        Ok(adjudication) => {
            match args.output {
                ReportFormat::Human => print_stdout(&adjudication.render_human(TABLE_WIDTH)),
                ReportFormat::Json => print_stdout(
                    &serde_json::to_string_pretty(&adjudication.render_json()).unwrap_or_default(),
                ),
            }
            Outcome::Clean
        }
        Err(findings) => {
            report(&files, &findings, args.output);
            Outcome::Failed
        }
    }
}

fn report(files: &SourceFiles, findings: &[Finding], output: ReportFormat) {
    match output {
        ReportFormat::Human => {
            let style = HumanStyle::for_stderr();
            for finding in findings {
                print_stderr(&render_finding(files, finding, style));
            }
        }
        ReportFormat::Json => {
            let diagnostics: Vec<JsonFinding> = findings
                .iter()
                .map(|f| JsonFinding::new(files, f))
                .collect();
            let body = serde_json::json!({ "steps": [], "diagnostics": diagnostics });
            print_stdout(&serde_json::to_string_pretty(&body).unwrap_or_default());
        }
    }
}

/// Read at most [`MAX_SCENARIO_BYTES`] (+1 to notice a larger file) as UTF-8, a lone CR
/// read as a line end.
fn read_limited(path: &std::path::Path, files: &mut SourceFiles) -> Result<String, Finding> {
    let name = crate::input::display_name(path);
    let bytes = crate::input::read_bounded(path, MAX_SCENARIO_BYTES).map_err(|unread| {
        unread
            .finding(&name, files, Code::ScenarioTooLarge, Code::ScenarioIo)
            .help("check the path exists, is readable, and is a UTF-8 TOML scenario")
    })?;
    String::from_utf8(bytes)
        .map(crate::input::lone_cr_as_lf_text)
        .map_err(|e| not_utf8(&name, e, files))
}

/// The first byte that is not UTF-8, quoted with what comes before it.
fn not_utf8(name: &str, error: std::string::FromUtf8Error, files: &mut SourceFiles) -> Finding {
    let valid = error.utf8_error().valid_up_to();
    let bytes = error.into_bytes();
    let head = bytes.get(..bytes.len().min(valid + 64)).unwrap_or_default();
    // The bad byte shows as U+FFFD: the span covers that character.
    let shown = String::from_utf8_lossy(head).into_owned();
    let width = shown
        .get(valid..)
        .and_then(|rest| rest.chars().next())
        .map_or(0, char::len_utf8);
    let file = files.add(name, shown);
    Finding::error(
        Code::ScenarioEncoding,
        format!("{name} is not UTF-8 text (first bad byte at {valid})"),
    )
    .at(file, valid..valid + width)
    .label("the first byte that is not UTF-8")
    .help("scenarios are TOML, which is UTF-8: re-save the file as UTF-8")
}
