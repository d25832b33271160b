//! Where the dice come from: the scenario's `dice` in order, then `--seed` (a fixed,
//! documented generator, so a seed always gives the same rolls).

use crate::report::{Code, FileId, Finding};
use std::ops::Range;

pub struct Dice {
    given: Vec<u8>,
    next: usize,
    seed: Option<u64>,
    file: FileId,
    span: Range<usize>,
}

impl Dice {
    pub fn new(given: Vec<u8>, seed: Option<u64>, file: FileId, span: Range<usize>) -> Self {
        Dice {
            given,
            next: 0,
            seed,
            file,
            span,
        }
    }

    /// From the first die again, with `seed` for the rest.
    pub fn restart(&mut self, seed: Option<u64>) {
        self.next = 0;
        self.seed = seed;
    }

    /// One d6.
    pub fn roll(&mut self, why: &str) -> Result<u8, Finding> {
        if let Some(&value) = self.given.get(self.next) {
            self.next += 1;
            return Ok(value);
        }
        match &mut self.seed {
            Some(state) => Ok(d6(state)),
            None => Err(Finding::error(
                Code::ScenarioMissingField,
                format!(
                    "the rules roll a die ({why}), and the scenario's {} dice are used up",
                    self.given.len()
                ),
            )
            .at(self.file, self.span.clone())
            .label("no die left here")
            .help("add results to `dice = [...]`, or pass `--seed N` to roll the rest")),
        }
    }

    /// Whether `--seed` rolls what the file does not list.
    pub fn seeded(&self) -> bool {
        self.seed.is_some()
    }

    /// The dice used so far from the file.
    pub fn used(&self) -> usize {
        self.next
    }
}

/// splitmix64, reduced to a d6 without bias.
fn d6(state: &mut u64) -> u8 {
    loop {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // 2^64 - (2^64 mod 6) values map evenly onto 1..=6.
        if z < u64::MAX - (u64::MAX % 6) {
            return (z % 6) as u8 + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_dice_first_then_the_seed_then_a_finding() {
        let mut dice = Dice::new(vec![6, 1], None, FileId(0), 0..0);
        assert_eq!(dice.roll("x").ok(), Some(6));
        assert_eq!(dice.roll("x").ok(), Some(1));
        assert!(dice.roll("x").is_err());
        let mut a = Dice::new(vec![], Some(7), FileId(0), 0..0);
        let mut b = Dice::new(vec![], Some(7), FileId(0), 0..0);
        let rolls: Vec<u8> = (0..50).map(|_| a.roll("x").unwrap()).collect();
        assert!(rolls.iter().all(|r| (1..=6).contains(r)));
        assert_eq!(
            rolls,
            (0..50).map(|_| b.roll("x").unwrap()).collect::<Vec<_>>()
        );
        assert!((1..=6).all(|face| rolls.contains(&face)), "{rolls:?}");
    }
}
