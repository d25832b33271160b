//! Text from inputs (list and file names, messages that quote a list) as HTML and XML
//! text: markup characters become entities, so a list named `<script>` is shown, not run;
//! control characters, which neither HTML nor XML may hold, are shown as `\u{…}`.

/// `text` as HTML/XML character data.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    push_escaped(&mut out, text);
    out
}

/// `text` as the value of a double-quoted attribute (the same escaping: quotes included).
pub fn attribute(text: &str) -> String {
    escape(text)
}

/// Append `text` escaped to `out`.
pub fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            c if shown_as_code(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
}

/// Characters XML 1.0 does not allow (and HTML reports as errors): C0 and C1 controls,
/// DEL, carriage return (a page shows it as a line break anyway), U+FFFE and U+FFFF.
fn shown_as_code(c: char) -> bool {
    c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_shown_not_run() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
    }

    #[test]
    fn control_characters_are_shown_as_codes() {
        assert_eq!(
            escape("a\u{1b}[31mb\u{0}\r\n"),
            "a\\u{1b}[31mb\\u{0}\\u{d}\n"
        );
        assert_eq!(escape("\u{85}\u{ffff}ñ"), "\\u{85}\\u{ffff}ñ");
    }
}
