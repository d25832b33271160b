//! The requirements ("if …") of an X-Wing ability: `[<who>] <condition> [<arguments>]`.

use super::words::{Grammar, Pred, Req, Token, Who, parse_range};
use crate::parse::scenario::words::Word;
use crate::report::{Code, Finding};
use std::ops::Range;

const PREDICATES: &str = "conditions: `stressed`, `not-stressed`, `tractored`, `shielded`, `not-shielded`, `other`, `has <token> [n]`, `lacks <token>`, `range <a>-<b>`, `in-arc`, `in-bullseye`, `in-arc-of <ship>`, `in-bullseye-of <ship>`, optionally after `self`, `chosen` or `trigger`";

impl Grammar<'_> {
    /// `not-stressed`, `has focus`, `trigger in-arc`, `trigger range 2`, `self in-arc-of chosen`.
    pub fn requirement(&self, words: &[Word], whole: Range<usize>) -> Result<Req, Finding> {
        let Some(first) = words.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the requirement is empty")
                    .at(self.file, whole)
                    .label("no words")
                    .help("write e.g. `not-stressed` or `has focus`"),
            );
        };
        let (who, rest) = match first.text.as_str() {
            "self" => (Who::Own, words.get(1..).unwrap_or_default()),
            "chosen" => (Who::Chosen, words.get(1..).unwrap_or_default()),
            "trigger" => (Who::Trigger, words.get(1..).unwrap_or_default()),
            _ => (Who::Own, words),
        };
        let end = self.end_of(words, &whole);
        let Some(pred_word) = rest.first() else {
            return Err(Finding::error(
                Code::ScenarioBadStatement,
                "the requirement has no condition",
            )
            .at(self.file, end)
            .label("a condition is missing here")
            .help(PREDICATES.to_string()));
        };
        let args = rest.get(1..).unwrap_or_default();
        let (pred, used) = self.predicate(pred_word, args, end)?;
        if let Some(w) = args.get(used) {
            return Err(self.err(
                Code::ScenarioBadStatement,
                w,
                format!("unexpected `{}`", w.text),
                "not expected here",
                PREDICATES.to_string(),
            ));
        }
        Ok(Req { who, pred })
    }

    /// The condition and how many of `args` it took.
    fn predicate(
        &self,
        pred_word: &Word,
        args: &[Word],
        end: Range<usize>,
    ) -> Result<(Pred, usize), Finding> {
        let arg = |i: usize, what: &str| {
            args.get(i).ok_or_else(|| {
                Finding::error(
                    Code::ScenarioBadStatement,
                    format!("`{}` needs {what}", pred_word.text),
                )
                .at(self.file, end.clone())
                .label(format!("{what} is missing here"))
                .help(PREDICATES.to_string())
            })
        };
        Ok(match pred_word.text.as_str() {
            "stressed" => (Pred::Stressed, 0),
            "not-stressed" => (Pred::NotStressed, 0),
            "tractored" => (Pred::Has(Token::Tractor, 1), 0),
            "shielded" => (Pred::Shielded, 0),
            "not-shielded" => (Pred::NotShielded, 0),
            "other" => (Pred::Other, 0),
            "has" | "lacks" => self.token_predicate(pred_word, arg(0, "a token")?, args.get(1))?,
            "range" => {
                let w = arg(0, "a range")?;
                let (a, b) = parse_range(&w.text).ok_or_else(|| {
                    self.err(
                        Code::ScenarioBadStatement,
                        w,
                        format!("`{}` is not a range", w.text),
                        "expected a range",
                        "write e.g. `0-2`".into(),
                    )
                })?;
                (Pred::Range(a, b), 1)
            }
            "in-arc" => (Pred::InArcOf(Who::Own), 0),
            "in-bullseye" => (Pred::InBullseyeOf(Who::Own), 0),
            "in-arc-of" => (Pred::InArcOf(self.ship_ref(arg(0, "a ship")?)?), 1),
            "in-bullseye-of" => (Pred::InBullseyeOf(self.ship_ref(arg(0, "a ship")?)?), 1),
            other => {
                return Err(self.err(
                    Code::ScenarioBadStatement,
                    pred_word,
                    format!("`{other}` is not a condition"),
                    "unknown condition",
                    PREDICATES.to_string(),
                ));
            }
        })
    }

    /// `has <token> [n]` or `lacks <token>`, and how many arguments it took.
    fn token_predicate(
        &self,
        pred_word: &Word,
        token_word: &Word,
        count: Option<&Word>,
    ) -> Result<(Pred, usize), Finding> {
        let t = Token::parse(&token_word.text).ok_or_else(|| {
            self.err(
                Code::ScenarioBadStatement,
                token_word,
                format!("`{}` is not a token", token_word.text),
                "unknown token",
                format!("tokens: {}", Token::list()),
            )
        })?;
        if pred_word.text == "lacks" {
            return Ok((Pred::Lacks(t), 1));
        }
        let Some(n) = count else {
            return Ok((Pred::Has(t, 1), 1));
        };
        let n = n.text.parse().map_err(|_| {
            self.err(
                Code::ScenarioBadStatement,
                n,
                format!("`{}` is not a number", n.text),
                "expected a number",
                "write e.g. `has focus 2`".into(),
            )
        })?;
        Ok((Pred::Has(t, n), 2))
    }

    /// The ship a requirement compares with: `self`, `chosen` or `trigger`.
    fn ship_ref(&self, w: &Word) -> Result<Who, Finding> {
        match w.text.as_str() {
            "self" => Ok(Who::Own),
            "chosen" => Ok(Who::Chosen),
            "trigger" => Ok(Who::Trigger),
            _ => Err(self.err(
                Code::ScenarioBadStatement,
                w,
                format!("`{}` is not `self`, `chosen` or `trigger`", w.text),
                "expected a ship reference",
                "requirements compare the ability's ship (`self`), the `chosen` ship and the `trigger` ship".into(),
            )),
        }
    }
}
