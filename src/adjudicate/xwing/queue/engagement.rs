//! Simultaneous fire (REGLA DE ATAQUES SIMULTÁNEOS; DESTRUCCIÓN DE NAVES): a ship destroyed
//! during the Engagement phase leaves the play area only once every ship with the initiative
//! of the ship engaging at that moment has engaged. In any other phase it leaves as soon as
//! the queue is empty.
//!
//! The scenario's events say which ship engages: a top-level `x attack y` is `x` engaging,
//! in the Engagement phase unless an earlier event started another phase. The initiative step
//! ends when a ship of another initiative engages, at any phase event, and after the last event.

use super::*;

impl Engine<'_> {
    /// Before a scenario event: a phase event or a ship of another initiative engaging ends
    /// the initiative step, and the ships destroyed in it leave.
    pub(super) fn before_scenario_event(&mut self, stmt: &Stmt) -> Result<(), Stop> {
        match stmt {
            Stmt::Phase { moment, phase } => {
                self.end_initiative_step()?;
                self.engaging.phase = Some((*moment, *phase));
            }
            Stmt::Attack {
                who: Who::Ship(attacker),
                ..
            } if self.engaging.in_engagement_phase() => {
                let initiative = self.sc.ships[*attacker].initiative;
                if self.engaging.initiative != Some(initiative) {
                    self.end_initiative_step()?;
                    self.engaging.initiative = Some(initiative);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether destroyed ships wait for the initiative step instead of the queue.
    pub(super) fn removal_waits_for_initiative(&self) -> bool {
        self.engaging.initiative.is_some() && self.engaging.in_engagement_phase()
    }

    /// What the "is destroyed" step says about when the ship leaves, and the rule.
    pub(super) fn when_removed(&self) -> (String, Cite) {
        match self.engaging.initiative {
            Some(initiative) if self.engaging.in_engagement_phase() => (
                format!(
                    "It stays in play, abilities active, until every ship {} has engaged (simultaneous fire).",
                    initiative_words(initiative)
                ),
                rules::SIMULTANEOUS,
            ),
            _ => (
                "It stays in play, abilities active, until the queue is empty.".into(),
                if self.queue.is_empty() {
                    rules::DESTRUCTION
                } else {
                    rules::QUEUE
                },
            ),
        }
    }

    /// A destroyed ship that has not left yet engages at its own initiative: say why.
    pub(super) fn engages_though_destroyed(&mut self, attacker: usize) -> Result<(), Stop> {
        if !self.ships[attacker].destroyed || !self.removal_waits_for_initiative() {
            return Ok(());
        }
        let name = self.ship_name(attacker).to_string();
        self.step(
            format!("{name} engages"),
            format!("{name} is destroyed but engages: ships of the same initiative attack simultaneously, so it leaves only after its initiative step."),
            rules::SIMULTANEOUS,
            false,
        )
    }

    /// Every ship of the engaging initiative has engaged: the ships destroyed meanwhile leave.
    pub(super) fn end_initiative_step(&mut self) -> Result<(), Stop> {
        let Some(initiative) = self.engaging.initiative.take() else {
            return Ok(());
        };
        let why = format!(
            "Every ship {} has engaged, so the destroyed ship now leaves the play area.",
            initiative_words(initiative)
        );
        self.remove_destroyed(&why, rules::SIMULTANEOUS)
    }
}

fn initiative_words(initiative: Option<u8>) -> String {
    match initiative {
        Some(i) => format!("of initiative {i}"),
        None => "of the engaging ship's initiative (the scenario gives none)".into(),
    }
}
