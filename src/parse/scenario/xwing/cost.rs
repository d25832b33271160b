//! The costs of an X-Wing ability, paid on resolution: `spend <what> [n]`, `gain <token> [n]`.

use super::words::{Cost, Grammar, Token};
use crate::parse::scenario::words::Word;
use crate::report::{Code, Finding};
use std::ops::Range;

impl Grammar<'_> {
    /// `spend force`, `spend charge 2`, `spend shield`, `spend focus`, `gain stress`.
    pub fn cost(&self, words: &[Word], whole: Range<usize>) -> Result<Cost, Finding> {
        let help = "costs: `spend force [n]`, `spend charge [n]`, `spend shield [n]`, `spend <token> [n]`, `gain <token> [n]`";
        let Some(first) = words.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the cost is empty")
                    .at(self.file, whole)
                    .label("no words")
                    .help(help),
            );
        };
        let what = words.get(1).ok_or_else(|| {
            Finding::error(
                Code::ScenarioBadStatement,
                format!("`{}` needs what to pay", first.text),
            )
            .at(self.file, self.end_of(words, &whole))
            .label("missing here")
            .help(help)
        })?;
        let n = match words.get(2) {
            None => 1,
            Some(w) => w.text.parse().map_err(|_| {
                self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("`{}` is not a number", w.text),
                    "expected a number",
                    help.into(),
                )
            })?,
        };
        if let Some(w) = words.get(3) {
            return Err(self.err(
                Code::ScenarioBadStatement,
                w,
                format!("unexpected `{}`", w.text),
                "not expected here",
                help.into(),
            ));
        }
        let token = || {
            Token::parse(&what.text).ok_or_else(|| {
                self.err(
                    Code::ScenarioBadStatement,
                    what,
                    format!("`{}` cannot be paid", what.text),
                    "unknown cost",
                    help.into(),
                )
            })
        };
        match first.text.as_str() {
            "spend" => Ok(match what.text.as_str() {
                "force" => Cost::Force(n),
                "charge" => Cost::Charge(n),
                "shield" => Cost::Shield(n),
                _ => Cost::Spend(token()?, n),
            }),
            "gain" => Ok(Cost::Gain(token()?, n)),
            other => Err(self.err(
                Code::ScenarioBadStatement,
                first,
                format!("`{other}` is not a way to pay"),
                "expected `spend` or `gain`",
                help.into(),
            )),
        }
    }
}
