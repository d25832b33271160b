//! The words of one card ability outside a scenario's `[[ability]]` table: a card's timing
//! facts (checked by `cards check`) and the abilities a scenario fills in from them. Each
//! string comes with the span a problem is reported at.

use super::words::{Cost, Grammar, Pred, Req, Stmt, Timing, Who};
use crate::parse::scenario::words::split;
use crate::report::{Code, Finding};
use std::ops::Range;

/// One string of an ability and where it is written.
pub type Located<'a> = (&'a str, Range<usize>);

/// An ability's strings: `timing`, `requires`, `cost` and `effect`.
pub struct AbilityWords<'a> {
    pub timing: Located<'a>,
    pub requires: Vec<Located<'a>>,
    pub cost: Vec<Located<'a>>,
    pub effect: Vec<Located<'a>>,
}

/// An ability's strings, parsed.
#[derive(Debug, Clone)]
pub struct ParsedAbility {
    pub timing: Timing,
    pub requires: Vec<Req>,
    pub costs: Vec<Cost>,
    pub effects: Vec<Stmt>,
}

/// Parse every string of an ability with `grammar`; `source` is the text the spans point
/// into (a word of a string written exactly there gets its own span). `Err` holds every
/// problem.
pub fn parse_ability(
    grammar: &Grammar<'_>,
    source: &str,
    words: &AbilityWords<'_>,
) -> Result<ParsedAbility, Vec<Finding>> {
    let mut findings = Vec::new();
    let split_at = |(text, span): &Located<'_>| split(source, text, span.clone());
    let timing = grammar
        .timing(&split_at(&words.timing), words.timing.1.clone())
        .map_err(|f| findings.push(f))
        .ok();
    let all = |list: &[Located<'_>], findings: &mut Vec<Finding>, what: What| {
        let mut out = Vec::new();
        for located in list {
            let (w, span) = (split_at(located), located.1.clone());
            let parsed = match what {
                What::Requirement => grammar.requirement(&w, span).map(Parsed::Req),
                What::Cost => grammar.cost(&w, span).map(Parsed::Cost),
                What::Effect => grammar.statement(&w, span, false).map(Parsed::Stmt),
            };
            match parsed {
                Ok(p) => out.push(p),
                Err(f) => findings.push(f),
            }
        }
        out
    };
    let requires = all(&words.requires, &mut findings, What::Requirement);
    let costs = all(&words.cost, &mut findings, What::Cost);
    let effects = all(&words.effect, &mut findings, What::Effect);
    let requires: Vec<Req> = requires.into_iter().filter_map(Parsed::req).collect();
    let effects: Vec<Stmt> = effects.into_iter().filter_map(Parsed::stmt).collect();
    if uses_chosen_without_choosing(&requires, &effects) {
        let span = words
            .effect
            .first()
            .map_or(words.timing.1.clone(), |e| e.1.clone());
        findings.push(
            Finding::error(
                Code::ScenarioContradiction,
                "the ability refers to `chosen` but never chooses a ship",
            )
            .at(grammar.file, span)
            .label("`chosen` is never set")
            .help("add an effect such as `choose friendly range 0-1` before using `chosen`"),
        );
    }
    match timing {
        Some(timing) if findings.is_empty() => Ok(ParsedAbility {
            timing,
            requires,
            costs: costs.into_iter().filter_map(Parsed::cost).collect(),
            effects,
        }),
        _ => Err(findings),
    }
}

enum What {
    Requirement,
    Cost,
    Effect,
}

enum Parsed {
    Req(Req),
    Cost(Cost),
    Stmt(Stmt),
}

impl Parsed {
    fn req(self) -> Option<Req> {
        match self {
            Parsed::Req(r) => Some(r),
            _ => None,
        }
    }
    fn cost(self) -> Option<Cost> {
        match self {
            Parsed::Cost(c) => Some(c),
            _ => None,
        }
    }
    fn stmt(self) -> Option<Stmt> {
        match self {
            Parsed::Stmt(s) => Some(s),
            _ => None,
        }
    }
}

/// An ability that refers to `chosen` must choose a ship first.
pub fn uses_chosen_without_choosing(requires: &[Req], effects: &[Stmt]) -> bool {
    let chooses = effects.iter().any(|e| matches!(e, Stmt::Choose { .. }));
    let uses_chosen = effects.iter().any(|e| mentions(e, Who::Chosen))
        || requires.iter().any(|r| {
            r.who == Who::Chosen
                || matches!(
                    r.pred,
                    Pred::InArcOf(Who::Chosen) | Pred::InBullseyeOf(Who::Chosen)
                )
        });
    uses_chosen && !chooses
}

/// Whether a statement is about `who`.
pub fn mentions(stmt: &Stmt, who: Who) -> bool {
    use Stmt::*;
    match stmt {
        Perform { who: w, .. }
        | Gain { who: w, .. }
        | Remove { who: w, .. }
        | Suffer { who: w, .. }
        | LoseShield { who: w, .. }
        | RecoverShield { who: w, .. }
        | Execute { who: w, .. }
        | Step { who: w, .. } => *w == who,
        Transfer { who: w, to, .. } => *w == who || *to == who,
        Attack { who: w, target, .. }
        | AtRange {
            who: w,
            other: target,
            ..
        }
        | LeaveArc { who: w, of: target } => *w == who || *target == who,
        Choose { .. } | Phase { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::FileId;

    fn parse(timing: &str, effect: &[&str]) -> Result<ParsedAbility, Vec<Finding>> {
        let ships = |_: &str| None;
        let grammar = Grammar {
            file: FileId(0),
            ships: &ships,
        };
        let words = AbilityWords {
            timing: (timing, 0..0),
            requires: Vec::new(),
            cost: Vec::new(),
            effect: effect.iter().map(|e| (*e, 0..0)).collect(),
        };
        parse_ability(&grammar, "", &words)
    }

    #[test]
    fn card_abilities_parse_in_the_scenario_grammar() {
        let parsed = parse(
            "after self perform boost|barrel-roll",
            &["choose friendly range 0-1", "chosen perform focus"],
        )
        .unwrap();
        assert_eq!(parsed.effects.len(), 2);
        assert!(parse("after self perfrom boost", &[]).is_err());
        let errors = parse("start engagement", &["chosen gain jam"]).unwrap_err();
        assert_eq!(errors[0].code, Code::ScenarioContradiction);
    }
}
