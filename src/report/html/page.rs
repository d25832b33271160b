//! The shell every page shares: a document with its styles inline, a hook that records
//! script errors on `<html data-errors>`, and a closing script that marks the page
//! `data-ready="true"` once it has run (browser tests wait for both).
//!
//! Colours are the Okabe–Ito palette, which readers with any common colour-vision
//! deficiency tell apart; every colour also comes with a shape or a word.

use super::escape::escape;

/// Styles shared by every page: palette, type, tables, verdict marks, print rules.
pub const BASE_CSS: &str = r#":root{--orange:#E69F00;--sky:#56B4E9;--green:#009E73;--yellow:#F0E442;--blue:#0072B2;--vermillion:#D55E00;--purple:#CC79A7;--ink:#1a1a1a;--muted:#555;--line:#bbb;--paper:#fff;--tint:#f3f3f3;color-scheme:light}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
.page{max-width:1200px;margin:0 auto;padding:1rem 1.25rem 3rem;display:flex;flex-direction:column;gap:.75rem}
h1{font-size:1.5rem;margin:.25rem 0}h2{font-size:1.2rem;margin:.5rem 0}
code,pre,kbd{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.9em}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{background:var(--tint)}
.muted{color:var(--muted)}
.ok{color:#006b4f}.bad{color:#a03c00}
.mark-ok::before{content:"✔ "}.mark-bad::before{content:"✘ "}
button,input,select{font:inherit}
button{border:1px solid var(--muted);background:var(--paper);border-radius:4px;padding:.15rem .6rem;cursor:pointer}
button:disabled{opacity:.45;cursor:default}
:focus-visible{outline:3px solid var(--blue);outline-offset:2px}
.controls{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;padding:.5rem .75rem;background:var(--tint);border-radius:6px}
.controls[hidden]{display:none}
@media print{.controls,.no-print{display:none!important}body{font-size:11pt}.page{max-width:none;padding:0}*{print-color-adjust:exact;-webkit-print-color-adjust:exact}}
"#;

/// Runs before anything else: every uncaught script error lands in `data-errors`.
const ERROR_HOOK: &str = "window.onerror=function(m,s,l){var r=document.documentElement;r.setAttribute('data-errors',(r.getAttribute('data-errors')||'')+m+' (line '+l+')\\n');};";

/// The document up to and including `<body>`, with the page's own styles after the shared.
pub fn head(title: &str, css: &str) -> String {
    let mut out = String::with_capacity(BASE_CSS.len() + css.len() + 512);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"generator\" content=\"arbiter\">\n");
    out.push_str(&format!("<title>{}</title>\n", escape(title)));
    out.push_str("<script>");
    out.push_str(ERROR_HOOK);
    out.push_str("</script>\n<style>\n");
    out.push_str(BASE_CSS);
    out.push_str(css);
    out.push_str("</style>\n</head>\n<body>\n");
    out
}

/// The page's script, then the end of the document. The script runs inside a function;
/// `data-ready` is set once it has run, and `data-load-ms` says when (for measurements).
pub fn foot(script: &str) -> String {
    format!(
        "<script>\ntry{{(function(){{\n{script}\n}})();}}finally{{var r=document.documentElement;r.setAttribute('data-load-ms',String(Math.round(performance.now())));r.setAttribute('data-ready','true');}}\n</script>\n</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_is_escaped_and_the_error_hook_comes_first() {
        let page = head("<b>", "");
        assert!(page.contains("<title>&lt;b&gt;</title>"));
        let hook = page.find("window.onerror").unwrap_or(usize::MAX);
        assert!(hook < page.find("<style>").unwrap_or(0));
        assert!(foot("").contains("'data-ready','true'"));
    }
}
