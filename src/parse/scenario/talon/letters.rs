//! Impulse letters as a scenario writes them.

use crate::parse::scenario::check::Check;
use crate::report::Code;
use toml::Spanned;

/// The six impulses of a round (Talon rulebook 3.1).
pub const LETTERS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

/// `"A"` … `"F"` as 0 … 5; anything else is a finding.
pub fn impulse_letter(check: &mut Check<'_>, letter: &Spanned<String>) -> Option<usize> {
    let index = LETTERS
        .iter()
        .position(|l| l.eq_ignore_ascii_case(letter.get_ref().trim()));
    if index.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            letter.span(),
            format!("`{}` is no impulse", letter.get_ref()),
            "not A to F",
            "a round has six impulses, A to F (Talon rulebook 3.1)".into(),
        );
    }
    index
}
