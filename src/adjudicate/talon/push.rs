//! The Wave Motion Gun's push (Talon rulebook 15.1.2–15.1.3): a ruler from the firer's hex
//! centre through the target's, and the target moves one hex on along it, keeping its
//! facing, its turn radius marker moving with it. Where the ruler runs along an edge the
//! firer picks either hex. Whatever moving there brings (a collision, an asteroid, a nebula,
//! a planet) is resolved before the gun's damage.

use super::board::Fleet;
use super::ruler::{Next, beyond};
use super::{Steps, Stop, rules, step};
use crate::parse::scenario::talon::{Hex, ShotDef};
use crate::report::{Code, Finding};

impl Fleet<'_> {
    /// Push the target of `shot`, fired from `from`, one hex along the ruler.
    pub fn push_back(&mut self, steps: &mut Steps, shot: &ShotDef, from: Hex) -> Result<(), Stop> {
        let Some(target) = shot.target.ship() else {
            return Ok(());
        };
        let Some(at) = self.at[target].0 else {
            return Ok(());
        };
        let to = match beyond(from, at) {
            None => return Ok(()),
            Some(Next::One(hex)) => hex,
            Some(Next::Either(a, b)) => match &shot.push {
                Some((hex, _)) if *hex == a || *hex == b => {
                    step!(
                        steps,
                        rules::WAVE_MOTION_PUSH,
                        format!("{}: which hex", self.id(target)),
                        format!(
                            "The ruler runs along the edge between {} and {}; the firer picks {}.",
                            a.display(),
                            b.display(),
                            hex.display()
                        )
                    )?;
                    *hex
                }
                given => {
                    let span = given.as_ref().map_or(shot.span.clone(), |(_, s)| s.clone());
                    return Err(Finding::error(
                        Code::ScenarioMissingField,
                        format!(
                            "the push of `{}` runs along the edge between {} and {}: the firer picks one",
                            self.id(target),
                            a.display(),
                            b.display()
                        ),
                    )
                    .at(self.sc.file, span)
                    .label("the firer's choice")
                    .help(format!(
                        "where the ruler lies exactly on a hex edge the firing player may choose either hex (Talon rulebook 15.1.2): add `push = \"{}\"` or `push = \"{}\"` to the shot",
                        a.display(),
                        b.display()
                    ))
                    .into());
                }
            },
        };
        self.at[target].0 = Some(to);
        step!(
            steps,
            rules::WAVE_MOTION_PUSH,
            format!("{}: pushed back", self.id(target)),
            format!(
                "Before any damage, it is pushed one hex straight away from the firer along the ruler, {} → {}, keeping its facing; its turn radius marker moves with it and stays as far ahead.",
                at.display(),
                to.display()
            )
        )?;
        self.enter(steps, target, at, to)
    }
}
