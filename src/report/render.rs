use super::color::{Stream, use_color};
use super::snippet::Snippet;
use super::visible::visible;
use super::{Citation, Finding, Severity, SourceFiles, SourceText};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use serde::Serialize;
use std::fmt;

/// How a command prints what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Tables and miette reports for people.
    Human,
    /// One JSON document on stdout, shape documented in README.
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    Github,
}

/// Options of the human renderer; tests fix width and turn colour off.
#[derive(Debug, Clone, Copy)]
pub struct HumanStyle {
    pub color: bool,
    pub width: usize,
}

impl HumanStyle {
    /// For diagnostics on stderr, coloured as `--color` and the terminal decide.
    pub fn for_stderr() -> Self {
        HumanStyle {
            color: use_color(Stream::Stderr),
            width: super::output_width(Stream::Stderr, 100),
        }
    }

    /// For reports on stdout, coloured as `--color` and the terminal decide.
    pub fn for_stdout() -> Self {
        HumanStyle {
            color: use_color(Stream::Stdout),
            width: super::output_width(Stream::Stdout, 100),
        }
    }

    pub fn plain(width: usize) -> Self {
        HumanStyle {
            color: false,
            width,
        }
    }
}

/// Render one finding as a miette report.
pub fn render_human(files: &SourceFiles, finding: &Finding, style: HumanStyle) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let report = MietteFinding::new(files, finding);
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("{}: {}\n", finding.code, finding.message);
    }
    out
}

/// Print findings in the chosen format. Human output goes to the returned string too, so
/// commands decide between stdout and stderr.
pub fn render_findings(
    files: &SourceFiles,
    findings: &[Finding],
    format: OutputFormat,
    style: HumanStyle,
) -> String {
    match format {
        OutputFormat::Human => findings
            .iter()
            .map(|f| render_human(files, f, style))
            .collect::<Vec<_>>()
            .join("\n"),
        OutputFormat::Json => {
            let list: Vec<JsonFinding> = findings
                .iter()
                .map(|f| JsonFinding::new(files, f))
                .collect();
            serde_json::to_string_pretty(&list).unwrap_or_default()
        }
        OutputFormat::Github => findings.iter().map(|f| github_line(files, f)).collect(),
    }
}

/// The documented JSON shape of one finding.
#[derive(Debug, Clone, Serialize)]
pub struct JsonFinding {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub span: Option<JsonSpan>,
    /// Where the rule is written; absent for findings that apply no written rule (a line
    /// that cannot be read, an unknown card).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Citation>,
}

#[derive(Debug, Clone, Serialize)]
pub struct JsonSpan {
    pub offset: usize,
    pub length: usize,
}

impl JsonFinding {
    pub fn new(files: &SourceFiles, finding: &Finding) -> Self {
        let (file, line, column, span) = match &finding.location {
            Some(loc) => {
                let span = files.clamp(loc.file, loc.span.clone());
                let (line, column) = files.line_column(loc.file, span.start);
                (
                    Some(files.name(loc.file).to_string()),
                    Some(line),
                    Some(column),
                    Some(JsonSpan {
                        offset: span.start,
                        length: span.len(),
                    }),
                )
            }
            None => (None, None, None, None),
        };
        JsonFinding {
            code: finding.code.as_str(),
            severity: finding.severity,
            message: finding.message.clone(),
            help: finding.help.clone(),
            file,
            line,
            column,
            span,
            rule: finding.rule.as_deref().cloned(),
        }
    }
}

fn github_line(files: &SourceFiles, finding: &Finding) -> String {
    let command = match finding.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut properties = vec![format!("title={}", escape_property(finding.code.as_str()))];
    if let Some(loc) = &finding.location {
        let span = files.clamp(loc.file, loc.span.clone());
        let (line, column) = files.line_column(loc.file, span.start);
        properties.insert(0, format!("col={column}"));
        properties.insert(0, format!("line={line}"));
        properties.insert(
            0,
            format!("file={}", escape_property(&visible(files.name(loc.file)))),
        );
    }
    let finding = shown_finding(finding);
    let mut message = finding.message.clone();
    if let Some(help) = &finding.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    if let Some(rule) = &finding.rule {
        message.push_str("\nrule: ");
        message.push_str(&rule.line());
    }
    format!(
        "::{command} {}::{}\n",
        properties.join(","),
        escape_data(&message)
    )
}

// GitHub's workflow-command escaping: data escapes %, CR, LF; properties also : and ,.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Adapter giving a [`Finding`] the shape miette renders.
struct MietteFinding {
    finding: Finding,
    source: Option<Quoted>,
}

/// What a finding quotes: the input itself, or the cut-down lines around a finding on a
/// line or span too long to show (see [`Snippet`]).
enum Quoted {
    Whole(NamedSource<SourceText>),
    Cut(Snippet),
}

impl MietteFinding {
    /// Everything quoted from input (message, label, help, file name, source text) with its
    /// control characters shown.
    fn new(files: &SourceFiles, finding: &Finding) -> Self {
        let mut finding = shown_finding(finding);
        let source = finding.location.as_mut().map(|loc| {
            loc.span = files.clamp(loc.file, loc.span.clone());
            let name = visible(files.name(loc.file)).into_owned();
            let shown = files.shown(loc.file);
            let text = match &shown {
                Some(shown) => {
                    loc.span = shown.shown_offset(loc.span.start)..shown.shown_offset(loc.span.end);
                    SourceText::from(shown.text.clone())
                }
                None => files.text(loc.file).clone(),
            };
            let line_of = |offset: usize| {
                let offset = shown.as_ref().map_or(offset, |s| s.input_offset(offset));
                files.line_column(loc.file, offset).0 - 1
            };
            match Snippet::cut(&name, &text, loc.span.clone(), line_of) {
                Some((snippet, span)) => {
                    loc.span = span;
                    Quoted::Cut(snippet)
                }
                None => Quoted::Whole(NamedSource::new(name, text)),
            }
        });
        MietteFinding { finding, source }
    }
}

/// `finding` with control characters in its texts shown.
fn shown_finding(finding: &Finding) -> Finding {
    let shown = |text: &String| visible(text).into_owned();
    Finding {
        message: shown(&finding.message),
        label: finding.label.as_ref().map(shown),
        help: finding.help.as_ref().map(shown),
        ..finding.clone()
    }
}

impl fmt::Debug for MietteFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.finding.fmt(f)
    }
}

impl fmt::Display for MietteFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.finding.message)
    }
}

impl std::error::Error for MietteFinding {}

impl Diagnostic for MietteFinding {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.finding.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    /// The help line, then where the rule is written.
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let rule = self
            .finding
            .rule
            .as_ref()
            .map(|r| format!("rule: {}", r.line()));
        let text = match (&self.finding.help, rule) {
            (Some(help), Some(rule)) => format!("{help}\n{rule}"),
            (Some(help), None) => help.clone(),
            (None, Some(rule)) => rule,
            (None, None) => return None,
        };
        Some(Box::new(text))
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| match s {
            Quoted::Whole(whole) => whole as &dyn miette::SourceCode,
            Quoted::Cut(snippet) => snippet as &dyn miette::SourceCode,
        })
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let loc = self.finding.location.as_ref()?;
        let label = LabeledSpan::new_with_span(self.finding.label.clone(), loc.span.clone());
        Some(Box::new(std::iter::once(label)))
    }
}
