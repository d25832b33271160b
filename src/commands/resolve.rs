use super::{load_game_data, print_json, print_stderr, print_stdout, stderr_line};
use crate::adjudicate::{ResolveOptions, resolve};
use crate::cards::DataKind;
use crate::cli::{Outcome, ResolveArgs, ResolveFormat};
use crate::parse::scenario::{self, MAX_SCENARIO_BYTES};
use crate::report::html::{resolve_page, standalone_svg};
use crate::report::{
    Code, Finding, HumanStyle, JsonFinding, SourceFiles, render_human as render_finding,
};

/// Width of the trace table when neither `COLUMNS` nor a terminal gives one (pipes,
/// files, tests).
const TABLE_WIDTH: usize = 120;

pub fn run(overlays: &[std::path::PathBuf], args: ResolveArgs) -> Outcome {
    if args.step.is_some() && !matches!(args.output, ResolveFormat::Html | ResolveFormat::Svg) {
        stderr_line("error: --step picks a picture: it goes with --output svg or --output html");
        return Outcome::Failed;
    }
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
        Ok(mut scenario) => {
            scenario.dir = args.scenario.parent().map(std::path::Path::to_path_buf);
            scenario
        }
        Err(findings) => {
            report(&files, &findings, args.output);
            return Outcome::Failed;
        }
    };
    // Only the scenario's game's cards, with every overlay: a scenario names the cards of
    // its own game. Formats stay: an X-Wing squad is read as its format has it.
    let without = [DataKind::Errata, DataKind::Rules];
    let db = match load_game_data(overlays, &without, &[scenario.envelope.game], &[]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    match resolve(&db, &scenario, &options) {
        Ok(adjudication) => {
            let step = args.step.map(|n| n as usize);
            match args.output {
                ResolveFormat::Human => {
                    let width =
                        crate::report::output_width(crate::report::Stream::Stdout, TABLE_WIDTH);
                    print_stdout(
                        &adjudication.render_human(u16::try_from(width).unwrap_or(u16::MAX)),
                    )
                }
                ResolveFormat::Json => print_json(&adjudication.render_json()),
                ResolveFormat::Html => {
                    let story = adjudication.picture();
                    if let Some(n) = step.filter(|n| *n > story.frames.len()) {
                        stderr_line(&format!(
                            "error: --step {n}: this trace has {} picture(s)",
                            story.frames.len()
                        ));
                        return Outcome::Failed;
                    }
                    print_stdout(&resolve_page(&story, step));
                }
                ResolveFormat::Svg => match standalone_svg(&adjudication.picture(), step) {
                    Ok(svg) => print_stdout(&svg),
                    Err(message) => {
                        stderr_line(&format!("error: {message}"));
                        return Outcome::Failed;
                    }
                },
            }
            Outcome::Clean
        }
        Err(findings) => {
            report(&files, &findings, args.output);
            Outcome::Failed
        }
    }
}

/// The findings of a scenario that did not resolve: JSON on stdout for `--output json`,
/// else reports on stderr (no page or picture is written).
fn report(files: &SourceFiles, findings: &[Finding], output: ResolveFormat) {
    match output {
        ResolveFormat::Human | ResolveFormat::Html | ResolveFormat::Svg => {
            let style = HumanStyle::for_stderr();
            for finding in findings {
                print_stderr(&render_finding(files, finding, style));
            }
        }
        ResolveFormat::Json => {
            let diagnostics: Vec<JsonFinding> = findings
                .iter()
                .map(|f| JsonFinding::new(files, f))
                .collect();
            print_json(&serde_json::json!({ "steps": [], "diagnostics": diagnostics }));
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
