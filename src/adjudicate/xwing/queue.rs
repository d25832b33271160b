//! The X-Wing ability queue, event by event.
//!
//! An event happens (a game effect resolves at once: a red action's stress, a jam token
//! taking a green token); the abilities it triggers enter the queue in player order and, for
//! one player, in the order that player chose; at the end of the queue for a scenario event,
//! at the front for an event caused while an ability resolves. Requirements are checked on
//! entry and on resolution, costs are paid on resolution all together, optional abilities are
//! decided on resolution, and destroyed ships leave only once the queue is empty.

use super::rules::{self, TokenColour};
use crate::adjudicate::{CapReached, Cite, QUEUE_SHOWN, Recorder, Step, list, loop_finding};
use crate::parse::scenario::words::{
    Action, Colour, Cost, Count, EventKind, Moment, Pred, Side, Stmt, Subject, Token, TokenSel, Who,
};
use crate::parse::scenario::{AbilityDef, Part, Scenario};
use crate::report::{Code, Finding};
use std::collections::{HashMap, VecDeque};

const TOKEN_KINDS: usize = Token::ALL.len();
/// Replacement effects can call each other; deeper than this is a loop.
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone)]
struct ShipState {
    tokens: [u32; TOKEN_KINDS],
    force: u32,
    shields: u32,
    damage: u32,
    destroyed: bool,
    removed: bool,
    actions: Vec<Action>,
}

impl ShipState {
    fn count(&self, token: Token) -> u32 {
        self.tokens[token as usize]
    }
    fn add(&mut self, token: Token, n: u32) {
        self.tokens[token as usize] += n;
    }
    fn take(&mut self, token: Token, n: u32) -> u32 {
        let taken = self.tokens[token as usize].min(n);
        self.tokens[token as usize] -= taken;
        taken
    }
    fn stressed(&self) -> bool {
        self.count(Token::Stress) > 0
    }
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    ability: usize,
    instance: u32,
    trigger: Option<usize>,
}

/// What happened, for matching timings.
#[derive(Debug, Clone)]
struct Happened {
    kind: EventKind,
    moment: Moment,
    actor: Option<usize>,
    action: Option<Action>,
    colour: Option<Colour>,
    token: Option<Token>,
    speed: Option<u8>,
}

impl Happened {
    fn after(kind: EventKind, actor: usize) -> Self {
        Happened {
            kind,
            moment: Moment::After,
            actor: Some(actor),
            action: None,
            colour: None,
            token: None,
            speed: None,
        }
    }
}

/// The ship context of an ability while it resolves.
#[derive(Debug, Clone, Copy)]
struct Ctx {
    ability: Option<usize>,
    ship: usize,
    chosen: Option<usize>,
    trigger: Option<usize>,
    resolution: usize,
}

enum Stop {
    Cap,
    Finding(Finding),
}

impl From<CapReached> for Stop {
    fn from(_: CapReached) -> Self {
        Stop::Cap
    }
}

type Triggered = Vec<(usize, Option<usize>)>;

struct Engine<'a> {
    sc: &'a Scenario,
    ships: Vec<ShipState>,
    charges: Vec<u32>,
    added: Vec<u32>,
    resolutions: Vec<usize>,
    queue: VecDeque<Entry>,
    rec: Recorder,
    by_event: HashMap<EventKind, Vec<usize>>,
    pending: Vec<Triggered>,
    depth: usize,
    /// Range bands and firing arcs; effects that move ships change them.
    ranges: Vec<HashMap<usize, u8>>,
    arcs: Vec<Vec<usize>>,
}

pub fn run(sc: &Scenario) -> Result<(Vec<Step>, Vec<String>), Vec<Finding>> {
    let mut by_event: HashMap<EventKind, Vec<usize>> = HashMap::new();
    for (i, a) in sc.abilities.iter().enumerate() {
        if let Some(kind) = a.timing.event {
            by_event.entry(kind).or_default().push(i);
        }
    }
    let mut engine = Engine {
        sc,
        ships: sc
            .ships
            .iter()
            .map(|s| {
                let mut tokens = [0; TOKEN_KINDS];
                for t in Token::ALL {
                    tokens[*t as usize] = s.tokens.count(*t);
                }
                ShipState {
                    tokens,
                    force: s.force,
                    shields: s.shields,
                    damage: s.damage,
                    destroyed: false,
                    removed: false,
                    actions: Vec::new(),
                }
            })
            .collect(),
        charges: sc.abilities.iter().map(|a| a.charges).collect(),
        added: vec![0; sc.abilities.len()],
        resolutions: vec![0; sc.abilities.len()],
        queue: VecDeque::new(),
        rec: Recorder::new(sc.max_steps),
        by_event,
        pending: Vec::new(),
        depth: 0,
        ranges: sc.ships.iter().map(|s| s.range.clone()).collect(),
        arcs: sc.ships.iter().map(|s| s.arc.clone()).collect(),
    };
    match engine.run_all() {
        Ok(()) => {
            let state = engine.final_state();
            Ok((engine.rec.steps, state))
        }
        Err(Stop::Finding(f)) => Err(vec![f]),
        Err(Stop::Cap) => {
            let culprit = engine
                .added
                .iter()
                .enumerate()
                .max_by_key(|(i, n)| (**n, std::cmp::Reverse(*i)))
                .map(|(i, n)| {
                    let a = &sc.abilities[i];
                    (a.id.clone(), *n as usize, a.timing_span.clone())
                });
            Err(vec![loop_finding(sc.file, sc.max_steps, culprit)])
        }
    }
}

impl Engine<'_> {
    fn run_all(&mut self) -> Result<(), Stop> {
        self.note_unqueued()?;
        for (stmt, _) in &self.sc.events {
            let top = Ctx {
                ability: None,
                ship: usize::MAX,
                chosen: None,
                trigger: None,
                resolution: 0,
            };
            if let Some(before) = self.before_of(stmt) {
                let triggered = self.matching(&before);
                self.enqueue(
                    vec![triggered],
                    false,
                    &format!("before {}", self.describe(stmt)),
                )?;
                self.drain()?;
            }
            self.exec(stmt, top)?;
            let groups = std::mem::take(&mut self.pending);
            self.enqueue(
                groups,
                false,
                &format!("triggered by: {}", self.describe(stmt)),
            )?;
            self.drain()?;
        }
        Ok(())
    }

    /// Constant abilities, dice modifications and replacements never use the queue; say so once.
    fn note_unqueued(&mut self) -> Result<(), Stop> {
        for a in &self.sc.abilities {
            let (why, rule) = match a.timing.moment {
                Moment::Constant => (
                    "a constant ability: always in effect, it never enters the queue",
                    rules::QUEUE_FAQ,
                ),
                Moment::DiceMod => (
                    "a dice modification: it is applied in the attack's modify-dice step, outside the queue",
                    rules::DICE_MOD,
                ),
                _ => continue,
            };
            self.rec
                .push(self.label_of(a, 1), self.snapshot(), why, rule, false)?;
        }
        Ok(())
    }

    fn ship_name(&self, ship: usize) -> &str {
        &self.sc.ships[ship].name
    }

    fn player_name(&self, ship: usize) -> &str {
        &self.sc.players[self.sc.ships[ship].owner].name
    }

    fn label_of(&self, a: &AbilityDef, instance: u32) -> String {
        let ship = self.ship_name(a.ship);
        let mut label = if a.card == ship || a.part == Part::Pilot {
            format!("{} (pilot ability)", a.card)
        } else {
            format!("{} ({ship})", a.card)
        };
        if instance > 1 {
            label.push_str(&format!(" #{instance}"));
        }
        label
    }

    fn label(&self, e: &Entry) -> String {
        self.label_of(&self.sc.abilities[e.ability], e.instance)
    }

    fn snapshot(&self) -> (Vec<String>, usize) {
        (
            self.queue
                .iter()
                .take(QUEUE_SHOWN)
                .map(|e| self.label(e))
                .collect(),
            self.queue.len(),
        )
    }

    fn step(
        &mut self,
        event: impl Into<String>,
        outcome: impl Into<String>,
        rule: Cite,
        choice: bool,
    ) -> Result<(), Stop> {
        let snapshot = self.snapshot();
        self.rec.push(event, snapshot, outcome, rule, choice)?;
        Ok(())
    }

    fn describe(&self, stmt: &Stmt) -> String {
        let who = |w: &Who| match w {
            Who::Ship(i) => self.ship_name(*i).to_string(),
            Who::Own => "the ship".to_string(),
            Who::Chosen => "the chosen ship".to_string(),
            Who::Trigger => "the triggering ship".to_string(),
        };
        match stmt {
            Stmt::Perform {
                who: w,
                actions,
                colour,
                ..
            } => format!(
                "{} performs a {} {} action",
                who(w),
                colour.as_str(),
                actions
                    .iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Stmt::Gain { who: w, token, n } => format!(
                "{} gains {n} {} token{}",
                who(w),
                token.as_str(),
                plural(*n)
            ),
            Stmt::Remove { who: w, .. } => format!("{} removes tokens", who(w)),
            Stmt::Transfer { who: w, token, .. } => {
                format!("{} transfers a {} token", who(w), token.as_str())
            }
            Stmt::Suffer { who: w, n } => format!("{} suffers {n} damage", who(w)),
            Stmt::LoseShield { who: w, .. } => format!("{} loses shields", who(w)),
            Stmt::RecoverShield { who: w, .. } => format!("{} recovers shields", who(w)),
            Stmt::Execute {
                who: w,
                speed,
                bearing,
                colour,
                fully,
            } => format!(
                "{} {}executes a {} {speed} {bearing}",
                who(w),
                if *fully { "fully " } else { "" },
                colour.as_str()
            ),
            Stmt::Attack { who: w, target } => format!("{} attacks {}", who(w), who(target)),
            Stmt::Choose { .. } => "a choice".to_string(),
            Stmt::Phase { moment, phase } => {
                format!("{} of the {} phase", moment_word(*moment), phase.as_str())
            }
            Stmt::AtRange {
                who: w,
                other,
                band,
            } => format!("{} at range {band} of {}", who(w), who(other)),
            Stmt::LeaveArc { who: w, of } => format!("{} leaves {}'s arc", who(w), who(of)),
        }
    }

    fn before_of(&self, stmt: &Stmt) -> Option<Happened> {
        let has_before = self
            .sc
            .abilities
            .iter()
            .any(|a| a.timing.moment == Moment::Before);
        if !has_before {
            return None;
        }
        let mut h = match stmt {
            Stmt::Perform {
                who: Who::Ship(s),
                actions,
                colour,
                ..
            } => Happened {
                action: actions.first().copied(),
                colour: Some(*colour),
                ..Happened::after(EventKind::Perform, *s)
            },
            Stmt::Execute {
                who: Who::Ship(s),
                speed,
                colour,
                ..
            } => Happened {
                colour: Some(*colour),
                speed: Some(*speed),
                ..Happened::after(EventKind::Execute, *s)
            },
            Stmt::Gain {
                who: Who::Ship(s),
                token,
                ..
            } => Happened {
                token: Some(*token),
                ..Happened::after(EventKind::Gain, *s)
            },
            _ => return None,
        };
        h.moment = Moment::Before;
        Some(h)
    }

    /// Abilities whose timing matches what happened.
    fn matching(&self, h: &Happened) -> Triggered {
        let Some(candidates) = self.by_event.get(&h.kind) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for &i in candidates {
            let a = &self.sc.abilities[i];
            let t = &a.timing;
            if t.moment != h.moment || self.ships[a.ship].removed {
                continue;
            }
            if let Some(actor) = h.actor {
                let same_owner = self.sc.ships[actor].owner == self.sc.ships[a.ship].owner;
                let subject_ok = match t.subject {
                    Subject::Own => actor == a.ship,
                    Subject::Friendly => same_owner,
                    Subject::Enemy => !same_owner,
                    Subject::Any => true,
                };
                if !subject_ok {
                    continue;
                }
            }
            if !t.actions.is_empty() && !h.action.is_some_and(|x| t.actions.contains(&x)) {
                continue;
            }
            if !t.colours.is_empty() && !h.colour.is_some_and(|c| t.colours.contains(&c)) {
                continue;
            }
            if !t.tokens.is_empty() && !h.token.is_some_and(|x| t.tokens.contains(&x)) {
                continue;
            }
            if let Some((lo, hi)) = t.speeds
                && !h.speed.is_some_and(|s| (lo..=hi).contains(&s))
            {
                continue;
            }
            out.push((i, h.actor));
        }
        out
    }

    fn happen(&mut self, h: Happened) {
        let triggered = self.matching(&h);
        if !triggered.is_empty() {
            self.pending.push(triggered);
        }
    }

    /// Order triggered abilities (player order, then each player's chosen order), check
    /// requirements and costs, and put them at the end or the front of the queue.
    fn enqueue(&mut self, groups: Vec<Triggered>, front: bool, cause: &str) -> Result<(), Stop> {
        let mut entries = Vec::new();
        let mut parts = Vec::new();
        let mut choice = false;
        for group in groups {
            for player in 0..self.sc.players.len() {
                let mut mine: Vec<(usize, Option<usize>)> = group
                    .iter()
                    .copied()
                    .filter(|(a, _)| self.sc.ships[self.sc.abilities[*a].ship].owner == player)
                    .collect();
                if mine.is_empty() {
                    continue;
                }
                let order = &self.sc.players[player].order;
                let position = |a: usize| order.iter().position(|&o| o == a).unwrap_or(usize::MAX);
                let unordered =
                    mine.len() > 1 && mine.iter().any(|(a, _)| position(*a) == usize::MAX);
                mine.sort_by_key(|(a, _)| (position(*a), *a));
                let mut names = Vec::new();
                for (a, trigger) in mine {
                    let def = &self.sc.abilities[a];
                    let ctx = Ctx {
                        ability: Some(a),
                        ship: def.ship,
                        chosen: None,
                        trigger,
                        resolution: 0,
                    };
                    let label = self.label_of(def, self.added[a] + 1);
                    if let Some(reason) = self.unmet(def, &ctx, false) {
                        self.step(format!("{label} would enter the queue"), format!("Not added: {reason}. A requirement that is not met when the ability applies keeps it out of the queue."), rules::QUEUE, false)?;
                        continue;
                    }
                    if let Some(reason) = self.cannot_pay(def, a) {
                        self.step(
                            format!("{label} would enter the queue"),
                            format!("Not added: its cost cannot be paid now ({reason})."),
                            rules::QUEUE_FAQ,
                            false,
                        )?;
                        continue;
                    }
                    self.added[a] += 1;
                    names.push(label);
                    entries.push(Entry {
                        ability: a,
                        instance: self.added[a],
                        trigger,
                    });
                }
                if names.is_empty() {
                    continue;
                }
                let how = if names.len() == 1 {
                    String::new()
                } else if unordered {
                    choice = true;
                    " (order not given: scenario order used)".to_string()
                } else {
                    format!(" (in the order {} chose)", self.sc.players[player].name)
                };
                parts.push(format!(
                    "{}: {}{how}",
                    self.sc.players[player].name,
                    list(&names)
                ));
            }
        }
        if entries.is_empty() {
            return Ok(());
        }
        if front {
            for e in entries.iter().rev() {
                self.queue.push_front(*e);
            }
        } else {
            self.queue.extend(entries.iter().copied());
        }
        let place = if front {
            "Enter at the front of the queue, ahead of what was waiting"
        } else {
            "Enter the queue at the end"
        };
        let players = if parts.len() > 1 {
            ", in player order"
        } else {
            ""
        };
        self.step(
            cause.to_string(),
            format!("{place}{players}: {}.", parts.join("; then ")),
            rules::QUEUE,
            choice,
        )
    }

    fn drain(&mut self) -> Result<(), Stop> {
        while let Some(entry) = self.queue.pop_front() {
            self.resolve(entry)?;
            let groups = std::mem::take(&mut self.pending);
            if !groups.is_empty() {
                let label = self.label(&entry);
                self.enqueue(groups, true, &format!("triggered while {label} resolved"))?;
            }
        }
        for ship in 0..self.ships.len() {
            if self.ships[ship].destroyed && !self.ships[ship].removed {
                self.ships[ship].removed = true;
                self.step(
                    format!("{} is removed", self.ship_name(ship)),
                    "The queue is empty, so the destroyed ship now leaves the play area.",
                    rules::QUEUE,
                    false,
                )?;
            }
        }
        Ok(())
    }

    fn resolve(&mut self, e: Entry) -> Result<(), Stop> {
        let sc = self.sc;
        let a = &sc.abilities[e.ability];
        let label = self.label(&e);
        let event = format!("{label} resolves");
        let mut ctx = Ctx {
            ability: Some(e.ability),
            ship: a.ship,
            chosen: None,
            trigger: e.trigger,
            resolution: 0,
        };
        if let Some(reason) = self.unmet(a, &ctx, false) {
            return self.step(event, format!("Removed without resolving: {reason}. Requirements are checked again on resolution."), rules::QUEUE_FAQ, false);
        }
        if let Some((reason, rule)) = self.futile(a) {
            return self.step(event, format!("No effect: {reason}."), rule, false);
        }
        let k = self.resolutions[e.ability];
        self.resolutions[e.ability] += 1;
        ctx.resolution = k;
        let mut said = Vec::new();
        let mut choice = false;
        if a.optional {
            match a.use_.get(k) {
                Some(false) => return self.step(event, format!("{} declines to use it (optional abilities are decided on resolution); it leaves the queue and nothing is paid.", self.player_name(a.ship)), rules::QUEUE_FAQ, false),
                Some(true) => said.push(format!("{} uses it", self.player_name(a.ship))),
                None => {
                    choice = true;
                    said.push(format!("{} uses it (choice not given: first legal option)", self.player_name(a.ship)));
                }
            }
        }
        if let Some(&Stmt::Choose {
            side,
            range,
            in_arc,
            bullseye,
            other,
        }) = a.effects.iter().find(|s| matches!(s, Stmt::Choose { .. }))
        {
            let candidates = self.candidates(a.ship, side, range, in_arc, bullseye, other);
            let names: Vec<String> = candidates
                .iter()
                .map(|&c| self.ship_name(c).to_string())
                .collect();
            match a.choose.get(k) {
                Some((Some(ship), span)) => {
                    if !candidates.contains(ship) {
                        return Err(Stop::Finding(
                            Finding::error(
                                Code::ScenarioIllegalChoice,
                                format!(
                                    "`{}` cannot be chosen when {label} resolves",
                                    sc.ships[*ship].id
                                ),
                            )
                            .at(sc.file, span.clone())
                            .label("not a legal choice here")
                            .help(if names.is_empty() {
                                "no ship can be chosen at this point; use `none`".to_string()
                            } else {
                                format!("the legal choices are {} (or `none`)", names.join(", "))
                            }),
                        ));
                    }
                    ctx.chosen = Some(*ship);
                    said.push(format!("chooses {}", self.ship_name(*ship)));
                }
                Some((None, _)) => {
                    said.push("chooses no ship".to_string());
                    return self.step(event, format!("{}: no ship chosen, so its costs are not paid and it leaves the queue.", capital(&said.join(", "))), rules::QUEUE_FAQ, choice);
                }
                None => match candidates.first() {
                    Some(&first) => {
                        choice = true;
                        ctx.chosen = Some(first);
                        said.push(format!(
                            "chooses {} (choice not given: first legal option of {})",
                            self.ship_name(first),
                            list(&names)
                        ));
                    }
                    None => {
                        return self.step(event, "No ship can be chosen, so its costs are not paid and it leaves the queue.", rules::QUEUE_FAQ, choice);
                    }
                },
            }
        }
        if let Some(reason) = self.unmet(a, &ctx, true) {
            said.push(format!("but {reason}"));
            return self.step(event, format!("{}: the requirement is not met, so it leaves the queue without effect and unpaid.", capital(&said.join(", "))), rules::QUEUE_FAQ, choice);
        }
        if let Some(reason) = self.cannot_pay(a, e.ability) {
            said.push(format!("cannot pay ({reason})"));
            return self.step(
                event,
                format!(
                    "{}: it leaves the queue unpaid; costs are paid all together or not at all.",
                    capital(&said.join(", "))
                ),
                rules::QUEUE_FAQ,
                choice,
            );
        }
        let paid = self.pay(e.ability);
        if !paid.is_empty() {
            said.push(format!("pays: {}", list(&paid)));
        }
        let outcome = if said.is_empty() {
            "It resolves.".to_string()
        } else {
            format!("{}.", capital(&said.join(", ")))
        };
        let rule = if a.costs.is_empty() && !a.optional {
            rules::QUEUE
        } else {
            rules::QUEUE_FAQ
        };
        self.step(event, outcome, rule, choice)?;
        for stmt in &a.effects {
            if matches!(stmt, Stmt::Choose { .. }) {
                continue;
            }
            self.exec(stmt, ctx)?;
        }
        Ok(())
    }

    /// An ability whose only effects are actions of its own ship does nothing when that ship
    /// can perform none of them.
    fn futile(&self, a: &AbilityDef) -> Option<(String, Cite)> {
        let performs: Vec<(&Vec<Action>, bool)> = a
            .effects
            .iter()
            .filter_map(|s| match s {
                Stmt::Perform {
                    who: Who::Own,
                    actions,
                    even_stressed,
                    ..
                } => Some((actions, *even_stressed)),
                _ => None,
            })
            .collect();
        if performs.is_empty() || performs.len() != a.effects.len() {
            return None;
        }
        let ship = &self.ships[a.ship];
        if ship.stressed() && performs.iter().all(|(_, even)| !even) {
            return Some((
                format!(
                    "{} is stressed and can perform no action",
                    self.ship_name(a.ship)
                ),
                rules::STRESS,
            ));
        }
        if performs
            .iter()
            .all(|(actions, _)| actions.iter().all(|x| ship.actions.contains(x)))
        {
            let done: Vec<String> = performs
                .iter()
                .flat_map(|(acts, _)| acts.iter().map(|x| x.as_str().to_string()))
                .collect();
            return Some((
                format!(
                    "{} has already performed {} this round",
                    self.ship_name(a.ship),
                    list(&done)
                ),
                rules::ACTIONS,
            ));
        }
        None
    }

    fn who(&self, who: Who, ctx: &Ctx) -> Result<usize, Stop> {
        match who {
            Who::Own => Ok(ctx.ship),
            Who::Ship(i) => Ok(i),
            Who::Chosen => ctx.chosen.ok_or_else(|| {
                self.contradiction(ctx, "refers to `chosen` before a ship was chosen")
            }),
            Who::Trigger => ctx.trigger.ok_or_else(|| {
                self.contradiction(
                    ctx,
                    "refers to `trigger`, but its event has no triggering ship",
                )
            }),
        }
    }

    fn contradiction(&self, ctx: &Ctx, what: &str) -> Stop {
        let (id, span) = ctx.ability.map_or((String::new(), 0..0), |a| {
            (
                self.sc.abilities[a].id.clone(),
                self.sc.abilities[a].timing_span.clone(),
            )
        });
        Stop::Finding(
            Finding::error(
                Code::ScenarioContradiction,
                format!("ability `{id}` {what}"),
            )
            .at(self.sc.file, span)
            .label("this timing")
            .help("use `self`, or give the ability a timing whose event has a ship (not a phase)"),
        )
    }

    fn range(&self, a: usize, b: usize) -> Option<u8> {
        if a == b {
            Some(0)
        } else {
            self.ranges[a].get(&b).copied()
        }
    }

    fn candidates(
        &self,
        ship: usize,
        side: Side,
        range: (u8, u8),
        in_arc: bool,
        bullseye: bool,
        other: bool,
    ) -> Vec<usize> {
        let owner = self.sc.ships[ship].owner;
        (0..self.ships.len())
            .filter(|&j| !self.ships[j].removed)
            .filter(|&j| match side {
                Side::Friendly => self.sc.ships[j].owner == owner,
                Side::Enemy => self.sc.ships[j].owner != owner,
                Side::Any => true,
            })
            .filter(|&j| {
                self.range(ship, j)
                    .is_some_and(|r| (range.0..=range.1).contains(&r))
            })
            .filter(|&j| !in_arc || self.arcs[ship].contains(&j))
            .filter(|&j| !bullseye || self.sc.ships[ship].bullseye.contains(&j))
            .filter(|&j| !other || j != ship)
            .collect()
    }

    /// The first unmet requirement, among those that do (`chosen_phase`) or do not mention
    /// the chosen ship.
    fn unmet(&self, a: &AbilityDef, ctx: &Ctx, chosen_phase: bool) -> Option<String> {
        for req in &a.requires {
            let about_chosen = req.who == Who::Chosen
                || matches!(
                    req.pred,
                    Pred::InArcOf(Who::Chosen) | Pred::InBullseyeOf(Who::Chosen)
                );
            if about_chosen != chosen_phase {
                continue;
            }
            let resolve = |w: Who| match w {
                Who::Own => Some(ctx.ship),
                Who::Ship(i) => Some(i),
                Who::Chosen => ctx.chosen,
                Who::Trigger => ctx.trigger,
            };
            let Some(ship) = resolve(req.who) else {
                return Some("the ship it refers to is not known at this point".to_string());
            };
            let s = &self.ships[ship];
            let name = self.ship_name(ship);
            let failure = match &req.pred {
                Pred::Stressed => (!s.stressed()).then(|| format!("{name} is not stressed")),
                Pred::NotStressed => s.stressed().then(|| format!("{name} is stressed")),
                Pred::Has(t, n) => (s.count(*t) < *n).then(|| {
                    format!(
                        "{name} has {} {} token{} (needs {n})",
                        s.count(*t),
                        t.as_str(),
                        plural(s.count(*t))
                    )
                }),
                Pred::Lacks(t) => {
                    (s.count(*t) > 0).then(|| format!("{name} has a {} token", t.as_str()))
                }
                Pred::Shielded => (s.shields == 0).then(|| format!("{name} has no active shield")),
                Pred::Range(lo, hi) => match self.range(ctx.ship, ship) {
                    Some(r) if (*lo..=*hi).contains(&r) => None,
                    Some(r) => Some(format!(
                        "{name} is at range {r}, not {}",
                        range_text(*lo, *hi)
                    )),
                    None => Some(format!(
                        "no range is given between {} and {name}",
                        self.ship_name(ctx.ship)
                    )),
                },
                Pred::InArcOf(w) | Pred::InBullseyeOf(w) => {
                    let bull = matches!(req.pred, Pred::InBullseyeOf(_));
                    match resolve(*w) {
                        Some(owner) => {
                            let arc = if bull {
                                &self.sc.ships[owner].bullseye
                            } else {
                                &self.arcs[owner]
                            };
                            (!arc.contains(&ship)).then(|| {
                                format!(
                                    "{name} is not in {}'s {}",
                                    self.ship_name(owner),
                                    if bull { "bullseye arc" } else { "firing arc" }
                                )
                            })
                        }
                        None => {
                            Some("the ship it refers to is not known at this point".to_string())
                        }
                    }
                }
            };
            if failure.is_some() {
                return failure;
            }
        }
        None
    }

    fn cannot_pay(&self, a: &AbilityDef, ability: usize) -> Option<String> {
        let s = &self.ships[a.ship];
        let name = self.ship_name(a.ship);
        for cost in &a.costs {
            let missing = match *cost {
                Cost::Force(n) => {
                    (s.force < n).then(|| format!("{name} has {} Force, needs {n}", s.force))
                }
                Cost::Charge(n) => (self.charges[ability] < n).then(|| {
                    format!(
                        "{} has {} active charge{}, needs {n}",
                        a.card,
                        self.charges[ability],
                        plural(self.charges[ability])
                    )
                }),
                Cost::Shield(n) => (s.shields < n).then(|| {
                    format!(
                        "{name} has {} active shield{}, needs {n}",
                        s.shields,
                        plural(s.shields)
                    )
                }),
                Cost::Spend(t, n) => (s.count(t) < n).then(|| {
                    format!(
                        "{name} has {} {} token{}, needs {n}",
                        s.count(t),
                        t.as_str(),
                        plural(s.count(t))
                    )
                }),
                Cost::Gain(..) => None,
            };
            if missing.is_some() {
                return missing;
            }
        }
        None
    }

    fn pay(&mut self, ability: usize) -> Vec<String> {
        let a = &self.sc.abilities[ability];
        let mut paid = Vec::new();
        for cost in &a.costs {
            let s = &mut self.ships[a.ship];
            match *cost {
                Cost::Force(n) => {
                    s.force -= n;
                    paid.push(format!("{n} Force"));
                }
                Cost::Charge(n) => {
                    self.charges[ability] -= n;
                    paid.push(format!("{n} charge{} of {}", plural(n), a.card));
                }
                Cost::Shield(n) => {
                    s.shields -= n;
                    paid.push(format!("{n} shield{}", plural(n)));
                }
                Cost::Spend(t, n) => {
                    s.take(t, n);
                    paid.push(format!("{n} {} token{}", t.as_str(), plural(n)));
                }
                Cost::Gain(t, n) => {
                    s.add(t, n);
                    paid.push(format!("gains {n} {} token{}", t.as_str(), plural(n)));
                }
            }
        }
        paid
    }

    fn exec(&mut self, stmt: &Stmt, ctx: Ctx) -> Result<(), Stop> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Stop::Cap);
        }
        let result = self.exec_inner(stmt, ctx);
        self.depth -= 1;
        result
    }

    fn exec_inner(&mut self, stmt: &Stmt, ctx: Ctx) -> Result<(), Stop> {
        match stmt {
            Stmt::Perform {
                who,
                actions,
                colour,
                even_stressed,
            } => {
                let ship = self.who(*who, &ctx)?;
                self.perform(ship, actions, *colour, *even_stressed, &ctx)
            }
            Stmt::Gain { who, token, n } => {
                let ship = self.who(*who, &ctx)?;
                self.gain(ship, *token, *n)
            }
            Stmt::Remove { who, token, n } => {
                let ship = self.who(*who, &ctx)?;
                let name = self.ship_name(ship).to_string();
                let kinds: Vec<Token> = match token {
                    TokenSel::One(t) => vec![*t],
                    TokenSel::Green => Token::ALL
                        .iter()
                        .copied()
                        .filter(|t| rules::colour(*t) == TokenColour::Green)
                        .collect(),
                };
                let mut left = match n {
                    Count::N(n) => *n,
                    Count::All => u32::MAX,
                };
                let mut removed = Vec::new();
                for t in kinds {
                    let taken = self.ships[ship].take(t, left);
                    left -= taken.min(left);
                    if taken > 0 {
                        removed.push(format!("{taken} {}", t.as_str()));
                        self.happen(Happened {
                            token: Some(t),
                            ..Happened::after(EventKind::Remove, ship)
                        });
                    }
                }
                let what = match token {
                    TokenSel::Green => "green".to_string(),
                    TokenSel::One(t) => t.as_str().to_string(),
                };
                let outcome = if removed.is_empty() {
                    format!("{name} has no {what} token to remove: nothing happens.")
                } else {
                    format!("{name} removes {}.", list(&removed))
                };
                self.step(
                    format!("{name} removes {what} tokens"),
                    outcome,
                    rules::TOKENS,
                    false,
                )
            }
            Stmt::Transfer { who, token, n, to } => {
                let from = self.who(*who, &ctx)?;
                let target = self.who(*to, &ctx)?;
                let (a, b) = (
                    self.ship_name(from).to_string(),
                    self.ship_name(target).to_string(),
                );
                if self.ships[from].count(*token) < *n {
                    return self.step(
                        format!("{a} transfers {} to {b}", token.as_str()),
                        format!(
                            "{a} does not have {n} {} token{}, so the transfer cannot happen.",
                            token.as_str(),
                            plural(*n)
                        ),
                        rules::TOKENS,
                        false,
                    );
                }
                self.ships[from].take(*token, *n);
                self.ships[target].add(*token, *n);
                self.step(
                    format!("{a} transfers {} to {b}", token.as_str()),
                    format!(
                        "{a} gives {n} {} token{} to {b}.",
                        token.as_str(),
                        plural(*n)
                    ),
                    rules::TOKENS,
                    false,
                )?;
                self.happen(Happened {
                    token: Some(*token),
                    ..Happened::after(EventKind::Gain, target)
                });
                Ok(())
            }
            Stmt::Suffer { who, n } => {
                let ship = self.who(*who, &ctx)?;
                self.suffer(ship, *n)
            }
            Stmt::LoseShield { who, n } => {
                let ship = self.who(*who, &ctx)?;
                let lost = self.ships[ship].shields.min(*n);
                self.ships[ship].shields -= lost;
                let name = self.ship_name(ship).to_string();
                self.step(
                    format!("{name} loses shields"),
                    format!(
                        "{name} loses {lost} shield{} (this is not suffering damage).",
                        plural(lost)
                    ),
                    rules::SHIELDS,
                    false,
                )
            }
            Stmt::RecoverShield { who, n } => {
                let ship = self.who(*who, &ctx)?;
                self.ships[ship].shields += n;
                let name = self.ship_name(ship).to_string();
                self.step(
                    format!("{name} recovers shields"),
                    format!("{name} recovers {n} shield{}.", plural(*n)),
                    rules::SHIELDS,
                    false,
                )
            }
            Stmt::Execute {
                who,
                speed,
                bearing,
                colour,
                fully,
            } => {
                let ship = self.who(*who, &ctx)?;
                let name = self.ship_name(ship).to_string();
                let how = if *fully { "fully executes" } else { "executes" };
                self.step(
                    format!("{name} {how} a maneuver"),
                    format!(
                        "{name} {how} a {} {speed} {bearing} maneuver.",
                        colour.as_str()
                    ),
                    rules::MANEUVER,
                    false,
                )?;
                match colour {
                    Colour::Red => {
                        self.ships[ship].add(Token::Stress, 1);
                        self.step(format!("{name}: red maneuver"), format!("Game effect first: {name} gains 1 stress for the red maneuver, before any ability of this timing."), rules::STRESS, false)?;
                    }
                    Colour::Blue if self.ships[ship].stressed() => {
                        self.ships[ship].take(Token::Stress, 1);
                        self.step(
                            format!("{name}: blue maneuver"),
                            format!(
                                "Game effect first: {name} removes 1 stress for the blue maneuver."
                            ),
                            rules::STRESS,
                            false,
                        )?;
                    }
                    _ => {}
                }
                // Executing and fully executing are one moment: one group, so player order holds across both.
                let mut group = self.matching(&Happened {
                    colour: Some(*colour),
                    speed: Some(*speed),
                    ..Happened::after(EventKind::Execute, ship)
                });
                if *fully {
                    group.extend(self.matching(&Happened {
                        colour: Some(*colour),
                        speed: Some(*speed),
                        ..Happened::after(EventKind::FullyExecute, ship)
                    }));
                }
                if !group.is_empty() {
                    self.pending.push(group);
                }
                Ok(())
            }
            Stmt::Attack { who, target } => {
                let ship = self.who(*who, &ctx)?;
                let target = self.who(*target, &ctx)?;
                let (a, b) = (
                    self.ship_name(ship).to_string(),
                    self.ship_name(target).to_string(),
                );
                self.step(
                    format!("{a} attacks {b}"),
                    format!("{a} performs a bonus attack against {b}."),
                    rules::ATTACK_BONUS,
                    false,
                )
            }
            Stmt::Choose { .. } => Ok(()),
            Stmt::AtRange { who, other, band } => {
                let (a, b) = (self.who(*who, &ctx)?, self.who(*other, &ctx)?);
                self.ranges[a].insert(b, *band);
                self.ranges[b].insert(a, *band);
                let (na, nb) = (self.ship_name(a).to_string(), self.ship_name(b).to_string());
                self.step(
                    format!("{na} has moved"),
                    format!(
                        "After moving, {na} is at range {band} of {nb} (as the scenario states)."
                    ),
                    rules::ACTIONS,
                    false,
                )
            }
            Stmt::LeaveArc { who, of } => {
                let (a, b) = (self.who(*who, &ctx)?, self.who(*of, &ctx)?);
                self.arcs[b].retain(|&x| x != a);
                let (na, nb) = (self.ship_name(a).to_string(), self.ship_name(b).to_string());
                self.step(
                    format!("{na} has moved"),
                    format!(
                        "After moving, {na} is outside {nb}'s firing arc (as the scenario states)."
                    ),
                    rules::ACTIONS,
                    false,
                )
            }
            Stmt::Phase { moment, phase } => {
                let rule = match phase.as_str() {
                    "planning" => rules::PLANNING,
                    "system" => rules::SYSTEM,
                    "activation" => rules::ACTIVATION,
                    "engagement" => rules::ENGAGEMENT,
                    _ => rules::END,
                };
                self.step(
                    format!(
                        "{} of the {} phase",
                        capital(moment_word(*moment)),
                        phase.as_str()
                    ),
                    "Abilities with this timing apply now.",
                    rule,
                    false,
                )?;
                self.happen(Happened {
                    kind: EventKind::Phase(*phase),
                    moment: *moment,
                    actor: None,
                    action: None,
                    colour: None,
                    token: None,
                    speed: None,
                });
                Ok(())
            }
        }
    }

    fn perform(
        &mut self,
        ship: usize,
        actions: &[Action],
        colour: Colour,
        even_stressed: bool,
        ctx: &Ctx,
    ) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let mut choice = false;
        let action = if actions.len() == 1 {
            actions[0]
        } else {
            let given = ctx
                .ability
                .and_then(|a| self.sc.abilities[a].pick.get(ctx.resolution).cloned());
            match given {
                Some((x, span)) => {
                    if !actions.contains(&x) {
                        return Err(Stop::Finding(
                            Finding::error(
                                Code::ScenarioIllegalChoice,
                                format!(
                                    "`{}` is not one of the actions this effect offers",
                                    x.as_str()
                                ),
                            )
                            .at(self.sc.file, span)
                            .label("not offered here")
                            .help(format!(
                                "pick one of {}",
                                actions
                                    .iter()
                                    .map(|a| format!("`{}`", a.as_str()))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                        ));
                    }
                    x
                }
                None => {
                    choice = true;
                    actions
                        .iter()
                        .copied()
                        .find(|x| !self.ships[ship].actions.contains(x))
                        .unwrap_or(actions[0])
                }
            }
        };
        let event = format!("{name} performs {}", action.as_str());
        let picked = if choice {
            " (choice not given: first legal option)"
        } else {
            ""
        };
        if self.ships[ship].removed {
            return self.step(
                event,
                format!("{name} has left the play area."),
                rules::DESTRUCTION,
                choice,
            );
        }
        if self.ships[ship].stressed() && !even_stressed {
            return self.step(
                event,
                format!(
                    "{name} is stressed, so it cannot perform the {} action{picked}.",
                    action.as_str()
                ),
                rules::STRESS,
                choice,
            );
        }
        if self.ships[ship].actions.contains(&action) {
            return self.step(event, format!("{name} has already performed the {} action this round and cannot perform it again{picked}.", action.as_str()), rules::ACTIONS, choice);
        }
        if colour == Colour::Purple {
            if self.ships[ship].force == 0 {
                return self.step(
                    event,
                    format!("{name} has no Force to pay for a purple action."),
                    rules::ACTIONS,
                    choice,
                );
            }
            self.ships[ship].force -= 1;
        }
        self.ships[ship].actions.push(action);
        let token = rules::action_token(action);
        if let Some(t) = token {
            self.ships[ship].add(t, 1);
        }
        let mut outcome = format!(
            "{name} performs a {} {} action{picked}",
            colour.as_str(),
            action.as_str()
        );
        if colour == Colour::Purple {
            outcome.push_str(", spending 1 Force to attempt it");
        }
        if even_stressed && self.ships[ship].stressed() {
            outcome.push_str(" although stressed, as the effect allows");
        }
        if let Some(t) = token {
            outcome.push_str(&format!(" and gains 1 {} token", t.as_str()));
        }
        outcome.push('.');
        self.step(event, outcome, rules::ACTIONS, choice)?;
        if colour == Colour::Red {
            self.ships[ship].add(Token::Stress, 1);
            self.step(format!("{name}: red action"), format!("Game effect first: {name} gains 1 stress for the red action, before any ability this action triggers."), rules::QUEUE, false)?;
        }
        let mut groups = Vec::new();
        let triggered = self.matching(&Happened {
            action: Some(action),
            colour: Some(colour),
            ..Happened::after(EventKind::Perform, ship)
        });
        groups.extend(triggered);
        if let Some(t) = token {
            groups.extend(self.matching(&Happened {
                token: Some(t),
                ..Happened::after(EventKind::Gain, ship)
            }));
        }
        if !groups.is_empty() {
            self.pending.push(groups);
        }
        Ok(())
    }

    fn gain(&mut self, ship: usize, token: Token, n: u32) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let mut received = 0;
        for i in 0..n {
            if !self.replace(ship, token, i + 1, n)? {
                received += 1;
            }
        }
        if received == 0 {
            return Ok(());
        }
        self.ships[ship].add(token, received);
        self.step(
            format!("{name} gains {}", token.as_str()),
            format!(
                "{name} gains {received} {} token{}.",
                token.as_str(),
                plural(received)
            ),
            rules::TOKENS,
            false,
        )?;
        if token == Token::Jam {
            for _ in 0..received {
                let greens: Vec<Token> = Token::ALL
                    .iter()
                    .copied()
                    .filter(|t| {
                        rules::colour(*t) == TokenColour::Green && self.ships[ship].count(*t) > 0
                    })
                    .collect();
                match greens.first() {
                    Some(&green) => {
                        self.ships[ship].take(green, 1);
                        self.ships[ship].take(Token::Jam, 1);
                        let choice = greens.len() > 1;
                        let note = if choice {
                            " (which green token was not given: first one taken)"
                        } else {
                            ""
                        };
                        self.step(format!("{name} is jammed"), format!("Game effect of the jam token: {name} removes 1 {} token{note}, and the jam token is removed with it.", green.as_str()), rules::JAM, choice)?;
                    }
                    None => {
                        self.step(
                            format!("{name} is jammed"),
                            format!("{name} has no green token to lose, so it stays jammed."),
                            rules::JAM,
                            false,
                        )?;
                        break;
                    }
                }
            }
        }
        self.happen(Happened {
            token: Some(token),
            ..Happened::after(EventKind::Gain, ship)
        });
        Ok(())
    }

    /// Replacement effects ("would gain … instead") apply at once, outside the queue.
    fn replace(&mut self, ship: usize, token: Token, nth: u32, of: u32) -> Result<bool, Stop> {
        let Some(candidates) = self.by_event.get(&EventKind::Gain).cloned() else {
            return Ok(false);
        };
        let sc = self.sc;
        for r in candidates {
            let a = &sc.abilities[r];
            if a.timing.moment != Moment::Would || self.ships[a.ship].removed {
                continue;
            }
            let same_owner = sc.ships[ship].owner == sc.ships[a.ship].owner;
            let subject_ok = match a.timing.subject {
                Subject::Own => ship == a.ship,
                Subject::Friendly => same_owner,
                Subject::Enemy => !same_owner,
                Subject::Any => true,
            };
            if !subject_ok || !(a.timing.tokens.is_empty() || a.timing.tokens.contains(&token)) {
                continue;
            }
            let label = self.label_of(a, 1);
            let which = if of > 1 {
                format!("{} token {nth} of {of}", token.as_str())
            } else {
                format!("the {} token", token.as_str())
            };
            let event = format!("{label} on {which}");
            let mut ctx = Ctx {
                ability: Some(r),
                ship: a.ship,
                chosen: None,
                trigger: Some(ship),
                resolution: 0,
            };
            if let Some(reason) = self.unmet(a, &ctx, false) {
                self.step(
                    event,
                    format!("Cannot replace {which}: {reason}."),
                    rules::EXAMPLE_2,
                    false,
                )?;
                continue;
            }
            if let Some(reason) = self.cannot_pay(a, r) {
                self.step(
                    event,
                    format!("Cannot replace {which}: {reason}."),
                    rules::EXAMPLE_2,
                    false,
                )?;
                continue;
            }
            let k = self.resolutions[r];
            self.resolutions[r] += 1;
            ctx.resolution = k;
            let mut choice = false;
            let mut said = Vec::new();
            if a.optional {
                match a.use_.get(k) {
                    Some(false) => {
                        self.step(
                            event,
                            format!("{} does not use it for {which}.", self.player_name(a.ship)),
                            rules::EXAMPLE_2,
                            false,
                        )?;
                        continue;
                    }
                    Some(true) => said.push(format!("{} uses it", self.player_name(a.ship))),
                    None => {
                        choice = true;
                        said.push(format!(
                            "{} uses it (choice not given: first legal option)",
                            self.player_name(a.ship)
                        ));
                    }
                }
            }
            if let Some(&Stmt::Choose {
                side,
                range,
                in_arc,
                bullseye,
                other,
            }) = a.effects.iter().find(|s| matches!(s, Stmt::Choose { .. }))
            {
                let options = self.candidates(a.ship, side, range, in_arc, bullseye, other);
                match a.choose.get(k) {
                    Some((Some(c), span)) if !options.contains(c) => {
                        let names: Vec<String> = options
                            .iter()
                            .map(|&o| self.ship_name(o).to_string())
                            .collect();
                        return Err(Stop::Finding(
                            Finding::error(
                                Code::ScenarioIllegalChoice,
                                format!("`{}` cannot be chosen for {label}", sc.ships[*c].id),
                            )
                            .at(sc.file, span.clone())
                            .label("not a legal choice here")
                            .help(format!(
                                "the legal choices are {} (or `none`)",
                                list(&names)
                            )),
                        ));
                    }
                    Some((Some(c), _)) => {
                        ctx.chosen = Some(*c);
                        said.push(format!("chooses {}", self.ship_name(*c)));
                    }
                    Some((None, _)) => {
                        self.step(
                            event,
                            format!(
                                "{} chooses no ship, so {which} is not replaced.",
                                self.player_name(a.ship)
                            ),
                            rules::EXAMPLE_2,
                            false,
                        )?;
                        continue;
                    }
                    None => match options.first() {
                        Some(&c) => {
                            choice = true;
                            ctx.chosen = Some(c);
                            said.push(format!(
                                "chooses {} (choice not given: first legal option)",
                                self.ship_name(c)
                            ));
                        }
                        None => {
                            self.step(
                                event,
                                format!("No ship can be chosen, so {which} is not replaced."),
                                rules::EXAMPLE_2,
                                false,
                            )?;
                            continue;
                        }
                    },
                }
            }
            if let Some(reason) = self.unmet(a, &ctx, true) {
                self.step(
                    event,
                    format!("Cannot replace {which}: {reason}."),
                    rules::EXAMPLE_2,
                    choice,
                )?;
                continue;
            }
            let paid = self.pay(r);
            if !paid.is_empty() {
                said.push(format!("pays: {}", list(&paid)));
            }
            self.step(event, format!("A replacement effect applies at once, outside the queue: {}; {} does not gain {which}.", said.join(", "), self.ship_name(ship)), rules::EXAMPLE_2, choice)?;
            for stmt in &a.effects {
                if !matches!(stmt, Stmt::Choose { .. }) {
                    self.exec(stmt, ctx)?;
                }
            }
            return Ok(true);
        }
        Ok(false)
    }

    fn suffer(&mut self, ship: usize, n: u32) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let shielded = self.ships[ship].shields.min(n);
        self.ships[ship].shields -= shielded;
        let cards = n - shielded;
        self.ships[ship].damage += cards;
        let mut outcome = format!("{name} suffers {n} damage: ");
        outcome.push_str(&match (shielded, cards) {
            (0, c) => format!("no active shield, so {c} damage card{}.", plural(c)),
            (s, 0) => format!("{s} shield{} lost.", plural(s)),
            (s, c) => format!(
                "{s} shield{} lost, then {c} damage card{}.",
                plural(s),
                plural(c)
            ),
        });
        self.step(
            format!("{name} suffers damage"),
            outcome,
            rules::DAMAGE,
            false,
        )?;
        if let Some(hull) = self.sc.ships[ship].hull
            && self.ships[ship].damage >= hull
            && !self.ships[ship].destroyed
        {
            self.ships[ship].destroyed = true;
            let rule = if self.queue.is_empty() {
                rules::DESTRUCTION
            } else {
                rules::QUEUE
            };
            self.step(format!("{name} is destroyed"), format!("{name} has as many damage cards as its hull ({hull}): destroyed. It stays in play, abilities active, until the queue is empty."), rule, false)?;
            self.happen(Happened::after(EventKind::Destroyed, ship));
        }
        Ok(())
    }

    fn final_state(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (i, s) in self.ships.iter().enumerate() {
            let def = &self.sc.ships[i];
            let mut parts: Vec<String> = Token::ALL
                .iter()
                .filter(|t| s.count(**t) > 0)
                .map(|t| format!("{} {}", t.as_str(), s.count(*t)))
                .collect();
            if parts.is_empty() {
                parts.push("no tokens".to_string());
            }
            if def.force > 0 || s.force > 0 {
                parts.push(format!("Force {}", s.force));
            }
            if def.shields > 0 || s.shields > 0 {
                parts.push(format!("shields {}", s.shields));
            }
            if def.hull.is_some() || s.damage > 0 {
                parts.push(format!("damage {}", s.damage));
            }
            if !s.actions.is_empty() {
                parts.push(format!(
                    "actions this round: {}",
                    s.actions
                        .iter()
                        .map(|a| a.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if s.removed {
                parts.push("destroyed and removed".to_string());
            }
            lines.push(format!("{}: {}", def.name, parts.join(", ")));
        }
        for (i, a) in self.sc.abilities.iter().enumerate() {
            if a.charges > 0 || self.charges[i] > 0 {
                lines.push(format!(
                    "{} ({}): {} charge{} left",
                    a.card,
                    self.ship_name(a.ship),
                    self.charges[i],
                    plural(self.charges[i])
                ));
            }
        }
        lines
    }
}

pub(crate) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn range_text(lo: u8, hi: u8) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}-{hi}")
    }
}

fn moment_word(m: Moment) -> &'static str {
    match m {
        Moment::Start => "start",
        Moment::End => "end",
        Moment::During => "during",
        Moment::Before => "before",
        _ => "after",
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::adjudicate::{Step, resolve_text};

    const HEAD: &str = "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"t\"\n";

    /// Players `a` (first) and `b`, ships `x` (a) and `y` (b) at range 1, then `rest`.
    fn run(events: &str, rest: &str) -> Vec<Step> {
        let text = format!(
            "{HEAD}event = [{events}]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\nrange = {{ y = 1 }}\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n{rest}"
        );
        let (_, result) = resolve_text("t.toml", &text, None);
        result.unwrap_or_else(|f| panic!("{f:#?}")).steps
    }

    fn ability(id: &str, ship: &str, timing: &str, extra: &str) -> String {
        format!(
            "\n[[ability]]\nid = \"{id}\"\nship = \"{ship}\"\ncard = \"{id}\"\ntiming = \"{timing}\"\n{extra}\n"
        )
    }

    fn outcomes(steps: &[Step]) -> Vec<String> {
        steps.iter().map(|s| s.outcome.clone()).collect()
    }

    #[test]
    fn both_players_abilities_enter_in_player_order() {
        let rest = ability("late", "y", "start engagement", "effect = [\"gain focus\"]")
            + &ability(
                "early",
                "x",
                "start engagement",
                "effect = [\"gain focus\"]",
            );
        let steps = run("\"start engagement\"", &rest);
        assert_eq!(steps[1].queue, vec!["early (x)", "late (y)"]);
        assert!(steps[1].outcome.contains("in player order"));
    }

    #[test]
    fn a_players_own_order_is_used_and_a_missing_one_is_a_choice_point() {
        let rest = ability("one", "x", "start engagement", "effect = [\"gain focus\"]")
            + &ability("two", "x", "start engagement", "effect = [\"gain evade\"]");
        let steps = run("\"start engagement\"", &rest);
        assert_eq!(steps[1].queue, vec!["one (x)", "two (x)"]);
        assert!(steps[1].choice_point);
        let ordered = rest.replacen("[[player]]\nid = \"a\"", "", 0);
        let text = format!(
            "{HEAD}event = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\norder = [\"two\", \"one\"]\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n{ordered}"
        );
        let steps = resolve_text("t.toml", &text, None).1.unwrap().steps;
        assert_eq!(steps[1].queue, vec!["two (x)", "one (x)"]);
        assert!(!steps[1].choice_point);
    }

    #[test]
    fn triggers_during_resolution_go_to_the_front() {
        let rest = ability(
            "first",
            "x",
            "start engagement",
            "effect = [\"perform focus\"]",
        ) + &ability(
            "second",
            "x",
            "start engagement",
            "effect = [\"gain evade\"]",
        ) + &ability(
            "reaction",
            "x",
            "after self perform focus",
            "effect = [\"gain calculate\"]",
        );
        let text = rest.clone();
        let steps = run("\"start engagement\"", &text);
        let enter_front = steps
            .iter()
            .find(|s| s.outcome.starts_with("Enter at the front"))
            .unwrap();
        assert_eq!(enter_front.queue, vec!["reaction (x)", "second (x)"]);
    }

    #[test]
    fn requirements_are_checked_on_entry_and_on_resolution() {
        // `needs-focus` requires a focus token: none at first, so it never enters.
        let rest = ability(
            "needs-focus",
            "x",
            "start engagement",
            "requires = [\"has focus\"]\neffect = [\"gain evade\"]",
        ) + &ability(
            "has-it",
            "y",
            "start engagement",
            "requires = [\"has focus\"]\neffect = [\"gain evade\"]",
        ) + &ability(
            "strip",
            "x",
            "start engagement",
            "effect = [\"choose enemy range 1\", \"chosen remove focus\"]\nchoose = [\"y\"]",
        );
        let text = rest.replace("[[ship]]\nid = \"y\"\nowner = \"b\"\n", "");
        let steps = run(
            "\"start engagement\"",
            &format!("tokens = {{ focus = 1 }}\n{text}"),
        );
        let all = outcomes(&steps).join("\n");
        assert!(all.contains("Not added: x has 0 focus tokens"), "{all}");
        assert!(
            all.contains("Removed without resolving: y has 0 focus tokens"),
            "{all}"
        );
    }

    #[test]
    fn costs_are_paid_on_resolution_all_or_nothing() {
        let rest = ability(
            "spend-a",
            "x",
            "start engagement",
            "cost = [\"spend focus\"]\neffect = [\"gain evade\"]",
        ) + &ability(
            "spend-b",
            "x",
            "start engagement",
            "cost = [\"spend focus\", \"spend charge\"]\ncharges = 1\neffect = [\"gain calculate\"]",
        );
        let text = format!(
            "{HEAD}event = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\norder = [\"spend-a\", \"spend-b\"]\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\ntokens = {{ focus = 1 }}\n{rest}"
        );
        let (_, result) = resolve_text("t.toml", &text, None);
        let trace = result.unwrap();
        let all = outcomes(&trace.steps).join("\n");
        assert!(all.contains("Pays: 1 focus token"), "{all}");
        assert!(all.contains("Cannot pay (x has 0 focus tokens"), "{all}");
        // The charge of spend-b was not paid: all or nothing.
        assert!(
            trace
                .final_state
                .iter()
                .any(|l| l.contains("spend-b") && l.contains("1 charge left")),
            "{:?}",
            trace.final_state
        );
    }

    #[test]
    fn optional_abilities_are_decided_on_resolution() {
        let rest = ability(
            "maybe",
            "x",
            "start engagement",
            "optional = true\ncost = [\"spend focus\"]\neffect = [\"gain evade\"]\nuse = [false]",
        );
        let steps = run(
            "\"start engagement\"",
            &format!(
                "tokens = {{ focus = 1 }}\n{}",
                rest.replace("ship = \"x\"", "ship = \"y\"")
            ),
        );
        assert_eq!(steps[1].queue, vec!["maybe (y)"], "it enters automatically");
        assert!(
            steps[2].outcome.contains("declines"),
            "{}",
            steps[2].outcome
        );
    }

    #[test]
    fn stressed_ships_perform_no_action_and_each_action_once_per_round() {
        let rest = ability(
            "again",
            "x",
            "after self perform focus",
            "effect = [\"perform focus\"]",
        );
        let steps = run("\"x perform focus\"", &rest);
        assert!(
            outcomes(&steps)
                .iter()
                .any(|o| o.contains("has already performed focus")),
            "{:?}",
            outcomes(&steps)
        );
        let rest = ability(
            "boost",
            "x",
            "after self perform focus",
            "effect = [\"perform boost\"]",
        );
        let steps = run("\"x perform focus red\"", &rest);
        let all = outcomes(&steps).join("\n");
        assert!(all.contains("gains 1 stress for the red action"), "{all}");
        assert!(
            all.contains("is stressed and can perform no action"),
            "{all}"
        );
    }

    #[test]
    fn a_destroyed_ship_leaves_only_when_the_queue_is_empty() {
        let rest = ability(
            "hit",
            "x",
            "start engagement",
            "effect = [\"choose enemy range 1\", \"chosen suffer 1\"]\nchoose = [\"y\"]",
        ) + &ability("mine", "y", "start engagement", "effect = [\"gain evade\"]");
        let steps = run("\"start engagement\"", &format!("hull = 1\n{rest}"));
        let removed = steps
            .iter()
            .position(|s| s.event == "y is removed")
            .unwrap();
        let own = steps
            .iter()
            .position(|s| s.event == "mine (y) resolves")
            .unwrap();
        assert!(own < removed);
        assert_eq!(removed, steps.len() - 1);
    }

    #[test]
    fn constants_and_dice_modifications_are_not_queued() {
        let rest = ability("always", "x", "constant", "")
            + &ability("dice", "x", "while modify-attack", "");
        let steps = run("\"start engagement\"", &rest);
        assert!(steps.iter().all(|s| s.queue.is_empty()));
        assert!(steps[0].outcome.contains("never enters the queue"));
        assert!(steps[1].outcome.contains("outside the queue"));
    }

    #[test]
    fn loops_stop_at_the_cap_with_a_diagnostic() {
        let rest = ability(
            "ping",
            "x",
            "after self gain focus",
            "effect = [\"gain focus\"]",
        );
        let text = format!(
            "{HEAD}max_steps = 50\nevent = [\"x gain focus\"]\n\n[[player]]\nid = \"a\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n{rest}"
        );
        let findings = resolve_text("t.toml", &text, None).1.unwrap_err();
        assert_eq!(findings[0].code.as_str(), "scenario::loop");
        assert!(
            findings[0].message.contains("`ping`"),
            "{}",
            findings[0].message
        );
    }
}
