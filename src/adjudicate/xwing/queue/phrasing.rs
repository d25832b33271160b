//! Small words of the queue's step texts.

use crate::parse::scenario::xwing::words::Moment;

pub fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub fn range_text(lo: u8, hi: u8) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}-{hi}")
    }
}

pub fn moment_word(m: Moment) -> &'static str {
    match m {
        Moment::Start => "start",
        Moment::End => "end",
        Moment::During => "during",
        Moment::Before => "before",
        _ => "after",
    }
}

pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
