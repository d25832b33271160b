//! `validate --output html`: one page, written a list at a time like the other output
//! forms (the start, one `<tbody>` per list, the summary last), so a run of 10,000 lists
//! never holds more than a few lists' text. Each list's `<tbody>` carries
//! `data-verdict="valid|invalid"` (the contract tests and scripts rely on) and the keys the
//! table sorts by. The summary is written last and shown first (CSS `order`), so it needs no
//! script; the script sorts by any column and filters to the invalid lists. A link opens
//! the page sorted and filtered with `#sort=points` (`#sort=-points` descending),
//! `#invalid`, or both joined by `&`.

use super::escape::{attribute, escape, push_escaped};
use super::page::{foot, head};
use super::source::snippet;
use crate::report::list::{ListReport, Summary};
use crate::report::{Finding, Severity, SourceFiles};

const CSS: &str = r#".page>header{order:-2}#summary{order:-1}
.counts{display:flex;flex-wrap:wrap;gap:.5rem;margin:0;padding:0;list-style:none}
.counts li{border:1px solid var(--line);border-radius:6px;padding:.3rem .7rem;min-width:7rem}
.counts b{display:block;font-size:1.3rem}
#lists{table-layout:fixed}
#lists th:nth-child(1){width:30%}#lists th:nth-child(4){width:8%}#lists th:nth-child(5){width:11%}#lists th:nth-child(6){width:9%}
#lists th button{border:0;background:none;padding:0;font-weight:bold}
#lists th[aria-sort=ascending] button::after{content:" ▲"}#lists th[aria-sort=descending] button::after{content:" ▼"}
#lists td{overflow-wrap:anywhere}
#lists tbody:nth-of-type(even) tr.row{background:#fafafa}
#lists.only-invalid tbody[data-verdict=valid]{display:none}
tr.more td{border-bottom:2px solid var(--line);padding-top:0}
tr.row td{border-bottom:0}
details>summary{cursor:pointer;color:var(--blue)}
.diags{list-style:none;margin:.3rem 0;padding:0}
.diag{border-left:5px solid var(--line);padding:.15rem .6rem;margin:.45rem 0}
.diag.error{border-color:var(--vermillion)}.diag.warning{border-color:var(--orange);border-left-style:double;border-left-width:6px}.diag.note{border-color:var(--blue);border-left-style:dashed}
.diag p{margin:.1rem 0}
.sev{font-weight:bold}.error .sev{color:#a03c00}.warning .sev{color:#7a5200}.note .sev{color:var(--blue)}
pre.src{background:var(--tint);padding:.3rem .5rem;margin:.2rem 0;overflow-x:auto;white-space:pre}
pre.src .ln{color:var(--muted)}
mark{background:#fbe6a6;color:inherit;text-decoration:underline wavy var(--vermillion);text-underline-offset:3px}
.help::before{content:"help: ";font-weight:bold}.rule::before{content:"rule: ";font-weight:bold}.label::before{content:"↳ "}
@media print{#lists tbody{break-inside:avoid}details::details-content{content-visibility:visible;display:block}}
"#;

const SCRIPT: &str = r#"var table=document.getElementById('lists'),controls=document.getElementById('controls');
var only=document.getElementById('only-invalid'),shown=document.getElementById('shown');
var bodies=Array.prototype.slice.call(table.tBodies);
var total=bodies.length,invalid=table.querySelectorAll('tbody[data-verdict=invalid]').length;
function count(){shown.textContent=only.checked?invalid+' of '+total+' lists shown (invalid only)':total+' lists shown';}
only.addEventListener('change',function(){table.classList.toggle('only-invalid',only.checked);count();});
var collator=new Intl.Collator(undefined,{numeric:true,sensitivity:'base'});
var headers=Array.prototype.slice.call(table.tHead.querySelectorAll('th[data-key]'));
function sortBy(th){
var key='data-'+th.getAttribute('data-key'),numeric=th.hasAttribute('data-numeric');
var dir=th.getAttribute('aria-sort')==='ascending'?-1:1;
headers.forEach(function(h){h.removeAttribute('aria-sort');});
th.setAttribute('aria-sort',dir===1?'ascending':'descending');
var keyed=bodies.map(function(b,i){var v=b.getAttribute(key)||'';return {b:b,i:i,v:numeric?(v===''?NaN:parseFloat(v)):v};});
keyed.sort(function(x,y){var c;if(numeric){var xn=isNaN(x.v),yn=isNaN(y.v);c=xn||yn?(xn?1:0)-(yn?1:0):(x.v-y.v)*dir;}else{c=collator.compare(x.v,y.v)*dir;}return c||x.i-y.i;});
var fragment=document.createDocumentFragment();
keyed.forEach(function(k){fragment.appendChild(k.b);});
table.appendChild(fragment);
bodies=keyed.map(function(k){return k.b;});
}
headers.forEach(function(th){th.querySelector('button').addEventListener('click',function(){sortBy(th);});});
window.addEventListener('beforeprint',function(){Array.prototype.forEach.call(document.querySelectorAll('#lists details'),function(d){d.open=true;});});
controls.hidden=false;
location.hash.replace(/^#/,'').split('&').forEach(function(part){
if(part==='invalid'){only.checked=true;table.classList.add('only-invalid');}
var sort=/^sort=(-?)([a-z-]+)$/.exec(part),th=sort&&table.tHead.querySelector('th[data-key="'+sort[2]+'"]');
if(th){if(sort[1]){th.setAttribute('aria-sort','ascending');}sortBy(th);}});
count();"#;

/// The page up to the first list: heading, the controls (shown by the script), the
/// table's head.
pub fn start() -> String {
    let mut out = head("arbiter validate", CSS);
    out.push_str("<div class=\"page\">\n<header><h1>arbiter validate</h1><p class=\"muted no-print\">Every list checked, in the order read. <a href=\"#summary\">Totals</a> · <a href=\"#lists\">Lists</a></p></header>\n");
    out.push_str("<div id=\"controls\" class=\"controls\" hidden><label><input type=\"checkbox\" id=\"only-invalid\"> invalid lists only</label><span id=\"shown\" aria-live=\"polite\"></span><span class=\"muted\">Sort by a column: click its heading.</span></div>\n");
    out.push_str("<table id=\"lists\">\n<caption class=\"muted\">Lists: file, game, faction, points, verdict; each list's diagnostics under it.</caption>\n<thead><tr>");
    for (key, label, numeric) in [
        ("file", "File", false),
        ("game", "Game", false),
        ("faction", "Faction", false),
        ("points", "Points", true),
        ("state", "Verdict", false),
        ("error-count", "Diagnostics", true),
    ] {
        let numeric = if numeric { " data-numeric" } else { "" };
        out.push_str(&format!(
            "<th scope=\"col\" data-key=\"{key}\"{numeric}><button type=\"button\">{label}</button></th>"
        ));
    }
    out.push_str("</tr></thead>\n");
    out
}

/// One list: its row, and under it its details (the heading, notes, and every shown
/// diagnostic with its source lines).
pub fn report(report: &ListReport) -> String {
    let mut out = String::with_capacity(1024);
    let state = state(report);
    let verdict = if state == "valid" { "valid" } else { "invalid" };
    let points = report
        .points
        .total
        .map(|p| p.to_string())
        .unwrap_or_default();
    out.push_str(&format!(
        "<tbody data-verdict=\"{verdict}\" data-state=\"{state}\" data-file=\"{}\" data-game=\"{}\" data-faction=\"{}\" data-points=\"{points}\" data-error-count=\"{}\">\n<tr class=\"row\">",
        attribute(&report.file),
        report.game.unwrap_or(""),
        attribute(report.faction.as_deref().unwrap_or("")),
        report.errors(),
    ));
    push_row_cells(&mut out, report, state);
    out.push_str("</tr>\n");
    push_details(&mut out, report);
    out.push_str("</tbody>\n");
    out
}

/// `valid`, `invalid` or `unreadable`.
fn state(report: &ListReport) -> &'static str {
    if !report.readable {
        "unreadable"
    } else if report.valid {
        "valid"
    } else {
        "invalid"
    }
}

fn push_row_cells(out: &mut String, report: &ListReport, state: &str) {
    out.push_str("<td><code>");
    push_escaped(out, &report.file);
    out.push_str("</code>");
    if let Some(name) = &report.name {
        out.push_str("<br><span class=\"muted\">“");
        push_escaped(out, name);
        out.push_str("”</span>");
    }
    out.push_str("</td><td>");
    out.push_str(match report.game {
        Some("armada") => "Armada",
        Some("xwing") => "X-Wing",
        Some("talon") => "Talon",
        Some(other) => other,
        None => "—",
    });
    let what: Vec<&str> = report
        .source_format
        .into_iter()
        .chain(report.format.as_deref())
        .collect();
    if !what.is_empty() {
        out.push_str("<br><span class=\"muted\">");
        push_escaped(out, &what.join(" · "));
        out.push_str("</span>");
    }
    out.push_str("</td><td>");
    push_escaped(out, report.faction.as_deref().unwrap_or("—"));
    out.push_str("</td><td>");
    match (report.points.total, report.points.limit) {
        (Some(total), Some(limit)) => out.push_str(&format!("{total}/{limit}")),
        (Some(total), None) => out.push_str(&total.to_string()),
        _ => out.push('—'),
    }
    let (class, mark) = if state == "valid" {
        ("ok", "mark-ok")
    } else {
        ("bad", "mark-bad")
    };
    out.push_str(&format!(
        "</td><td class=\"{class}\"><span class=\"{mark}\">{}</span></td><td>{}</td>",
        if state == "unreadable" {
            "could not be read"
        } else {
            state
        },
        counts(report.errors(), report.warnings())
    ));
}

fn counts(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {}",
        plural(errors, "error"),
        plural(warnings, "warning")
    )
}

/// The details row; none for a list with nothing to say beyond its row.
fn push_details(out: &mut String, report: &ListReport) {
    if report.findings.is_empty() && report.notes.is_empty() {
        return;
    }
    let shown = report.findings.len();
    let total = report.diagnostics.len();
    let open = if report.valid { "" } else { " open" };
    out.push_str(&format!(
        "<tr class=\"more\"><td colspan=\"6\"><details{open}><summary>{}</summary>\n<p>",
        if total == 0 {
            "notes".to_string()
        } else {
            format!("{total} diagnostic{}", if total == 1 { "" } else { "s" })
        }
    ));
    push_escaped(out, &report.heading());
    out.push_str("</p>\n");
    for note in &report.notes {
        out.push_str("<p class=\"muted\">note: ");
        push_escaped(out, note);
        out.push_str("</p>\n");
    }
    if shown > 0 {
        out.push_str("<ul class=\"diags\">\n");
        for finding in &report.findings {
            push_finding(out, &report.files, finding);
        }
        out.push_str("</ul>\n");
    }
    if total > shown {
        out.push_str(&format!(
            "<p class=\"muted\">{} more of the same codes are in the JSON output.</p>\n",
            total - shown
        ));
    }
    out.push_str("</details></td></tr>\n");
}

fn push_finding(out: &mut String, files: &SourceFiles, finding: &Finding) {
    let (class, mark) = match finding.severity {
        Severity::Error => ("error", "✘ error"),
        Severity::Warning => ("warning", "⚠ warning"),
        Severity::Note => ("note", "ℹ note"),
    };
    out.push_str(&format!(
        "<li class=\"diag {class}\"><p><span class=\"sev\">{mark}</span> <code>{}</code> ",
        finding.code
    ));
    push_escaped(out, &finding.message);
    out.push_str("</p>");
    if let Some(location) = &finding.location {
        let span = files.clamp(location.file, location.span.clone());
        let (line, column) = files.line_column(location.file, span.start);
        out.push_str("<p class=\"muted\">");
        push_escaped(out, files.name(location.file));
        out.push_str(&format!(":{line}:{column}</p>"));
        out.push_str(&snippet(files, location));
    }
    for (class, text) in [
        ("label", finding.label.as_deref()),
        ("help", finding.help.as_deref()),
    ] {
        if let Some(text) = text {
            out.push_str(&format!("<p class=\"{class}\">{}</p>", escape(text)));
        }
    }
    if let Some(rule) = &finding.rule {
        out.push_str(&format!("<p class=\"rule\">{}</p>", escape(&rule.line())));
    }
    out.push_str("</li>\n");
}

/// The end of the table, the totals, and the script.
pub fn end(summary: &Summary) -> String {
    let mut out = String::from(
        "</table>\n<section id=\"summary\" aria-labelledby=\"summary-h\"><h2 id=\"summary-h\">Totals</h2>\n<ul class=\"counts\">",
    );
    for (label, count, class) in [
        ("lists", summary.lists, ""),
        ("valid", summary.valid, " class=\"ok mark-ok\""),
        ("invalid", summary.invalid, " class=\"bad mark-bad\""),
        (
            "could not be read",
            summary.unreadable,
            " class=\"bad mark-bad\"",
        ),
        ("errors", summary.errors, ""),
        ("warnings", summary.warnings, ""),
    ] {
        out.push_str(&format!(
            "<li data-count=\"{}\"><b>{count}</b><span{class}>{label}</span></li>",
            label.replace(' ', "-")
        ));
    }
    out.push_str("</ul>\n");
    if !summary.codes.is_empty() {
        let mut codes: Vec<(&&str, &usize)> = summary.codes.iter().collect();
        codes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        out.push_str(&format!(
            "<details class=\"codes\"><summary>Diagnostics per code ({} code{})</summary>",
            codes.len(),
            if codes.len() == 1 { "" } else { "s" }
        ));
        out.push_str("<table class=\"codes\"><caption class=\"muted\">Most frequent first</caption><thead><tr><th scope=\"col\">code</th><th scope=\"col\">diagnostics</th></tr></thead><tbody class=\"codes\">");
        for (code, count) in codes {
            out.push_str(&format!(
                "<tr><td><code>{code}</code></td><td>{count}</td></tr>"
            ));
        }
        out.push_str("</tbody></table></details>\n");
    }
    out.push_str("</section>\n</div>\n");
    out.push_str(&foot(SCRIPT));
    out
}
