//! §3.3: damage to external threats. Targets are fixed first for every weapon (lasers: the
//! nearest threat of their zone; pulse cannon: all in its range; rocket: the nearest in
//! range 2; interceptors: all at range 1), then strengths are summed per threat, shields
//! subtracted, and destroyed threats removed. The appendix's special threats (7.1) change
//! who may be targeted and what happens after.

use super::engine::{Engine, Token, note};
use super::hull::Source;
use super::rules;
use super::state::*;
use crate::cards::spacealert::{ActionA, FixWith, Special, StationId, ZoneId};

impl Engine<'_> {
    /// Whether weapons may target external threat `i` at all.
    fn targetable(&self, i: usize) -> bool {
        let t = &self.threats[i];
        let spec = &self.p.threats[i];
        t.active()
            && spec.external()
            && t.visible
            && !(spec.has(Special::UntargetableAtRange3) && spec.track.band(t.pos) == 3)
    }

    /// The nearest target on one zone's track (lowest token on a tie).
    fn nearest_in(&self, zone: ZoneId, skip_scout: bool) -> Option<usize> {
        (0..self.threats.len())
            .filter(|&i| self.p.threats[i].zone == Some(zone) && self.targetable(i))
            .filter(|&i| !(skip_scout && self.p.threats[i].has(Special::HeavyLasersIgnore)))
            .min_by_key(|&i| (self.threats[i].pos, i))
    }

    fn shield_of(&self, i: usize) -> i8 {
        let t = &self.threats[i];
        let spec = &self.p.threats[i];
        if spec.has(Special::PulseStripsShields) && t.pulse_hit {
            return 0;
        }
        let base = t.shield_set.unwrap_or(spec.card.shield.unwrap_or(0)) + t.shield_add;
        base + i8::from(self.shield_bonus_from.is_some())
    }

    pub fn damage_step(&mut self, last: bool) {
        for t in self.threats.iter_mut() {
            t.incoming = 0;
            t.targeted = false;
            t.pulse_hit = false;
            t.rocket_hit = false;
            t.hit_this_turn = false;
        }
        let mut fired_any = false;
        // Lasers and the pulse cannon.
        for st in StationId::ALL {
            if self.fired[st.index()] != 0 {
                fired_any = true;
                self.fire_weapon(*st);
            }
        }
        // The rocket on the second space.
        if self.rocket_space[1] {
            self.rocket_space[1] = false;
            fired_any = true;
            self.fire_rocket(last);
        }
        // Interceptors (not in turn 13: the pilot is already back).
        // A knocked-out pilot (Behemoth) stays out but attacks no more.
        if let Some(pilot) = self.pilot
            && !last
            && !self.crew[pilot].out
        {
            fired_any = true;
            self.interceptors(pilot);
        }
        if !fired_any {
            return;
        }
        self.apply_damage();
        self.fired = [0; 6];
    }

    /// The weapon of a station that fired: its strength (less its damage, plus a heroic
    /// action's bonus) at the targets of a laser or of the pulse cannon.
    fn fire_weapon(&mut self, st: StationId) {
        let p = self.p;
        let s = st.index();
        let heroic = if self.fired[s] == 2 {
            p.ship.heroic_bonus
        } else {
            0
        };
        let strength = p.ship.strength[s].saturating_sub(self.strength_loss[s]) + heroic;
        match p.ship.a[s] {
            ActionA::HeavyLaser | ActionA::LightLaser => self.fire_laser(st, strength),
            ActionA::PulseCannon => self.fire_pulse_cannon(s, strength),
        }
    }

    /// A laser hits the nearest target on its zone's track; heavy lasers pass over the
    /// Scout (appendix 7.1, Explorador).
    fn fire_laser(&mut self, st: StationId, strength: u8) {
        let p = self.p;
        let s = st.index();
        let heavy = p.ship.a[s] == ActionA::HeavyLaser;
        let scout_skipped = heavy
            && self
                .nearest_in(st.zone(), false)
                .is_some_and(|i| p.threats[i].has(Special::HeavyLasersIgnore));
        match self.nearest_in(st.zone(), heavy) {
            Some(i) => {
                self.threats[i].incoming += strength;
                self.threats[i].targeted = true;
                let rule = if scout_skipped {
                    rules::SCOUT
                } else {
                    rules::DAMAGE
                };
                note!(
                    self,
                    rule,
                    format!("{} {}", st.zone().as_str(), p.ship.a[s].as_str()),
                    "strength {strength} at T+{} {}{}",
                    p.threats[i].turn,
                    p.threats[i].card.name,
                    if scout_skipped {
                        " (heavy lasers ignore the Scout)"
                    } else {
                        ""
                    }
                );
            }
            None => note!(
                self,
                rules::DAMAGE,
                format!("{} {}", st.zone().as_str(), p.ship.a[s].as_str()),
                "no valid target on its track: no damage"
            ),
        }
    }

    /// The pulse cannon hits every target within its range, in every zone.
    fn fire_pulse_cannon(&mut self, s: usize, strength: u8) {
        let p = self.p;
        let range = p.ship.range[s].saturating_sub(self.pulse_range_loss);
        let mut hit = 0;
        for i in 0..self.threats.len() {
            if self.targetable(i) && p.threats[i].track.band(self.threats[i].pos) <= range {
                self.threats[i].incoming += strength;
                self.threats[i].targeted = true;
                self.threats[i].pulse_hit = true;
                hit += 1;
                if p.threats[i].has(Special::PulseStripsShields) {
                    note!(
                        self,
                        rules::ENERGY_CLOUD,
                        p.threats[i].card.name,
                        "in the pulse cannon's range: its shield is 0 this turn"
                    );
                }
            }
        }
        note!(
            self,
            rules::DAMAGE,
            "pulse cannon",
            "strength {strength} at every threat in range {range}: {hit} hit"
        );
    }

    /// The rocket on the second space of its trajectory hits the nearest target within its
    /// range; the Juggernaut draws it, some threats are immune or make it fizzle.
    fn fire_rocket(&mut self, last: bool) {
        let p = self.p;
        let rule = if last { rules::ROCKETS } else { rules::DAMAGE };
        let juggernaut = (0..self.threats.len())
            .find(|&i| self.threats[i].active() && p.threats[i].has(Special::RocketMagnet));
        let target = juggernaut.or_else(|| {
            (0..self.threats.len())
                .filter(|&i| self.targetable(i) && !p.threats[i].has(Special::RocketImmune))
                .filter(|&i| p.threats[i].track.band(self.threats[i].pos) <= p.ship.rocket_range)
                .min_by_key(|&i| (self.threats[i].pos, i))
        });
        match target {
            Some(i) if p.threats[i].has(Special::RocketFizzles) => {
                self.threats[i].targeted = true;
                note!(
                    self,
                    rules::STEALTH,
                    "rocket",
                    "targets {} and blows up without effect",
                    p.threats[i].card.name
                );
            }
            Some(i) => {
                self.threats[i].incoming += p.ship.rocket_strength;
                self.threats[i].targeted = true;
                self.threats[i].rocket_hit = true;
                let why = if juggernaut.is_some() {
                    rules::JUGGERNAUT
                } else {
                    rule
                };
                note!(
                    self,
                    why,
                    "rocket",
                    "strength {} at T+{} {}",
                    p.ship.rocket_strength,
                    p.threats[i].turn,
                    p.threats[i].card.name
                );
            }
            None => note!(
                self,
                rule,
                "rocket",
                "no valid target within range {}: back to the reserve",
                p.ship.rocket_range
            ),
        }
    }

    fn interceptors(&mut self, pilot: usize) {
        let p = self.p;
        let heroic = if self.pilot_heroic {
            p.ship.heroic_bonus
        } else {
            0
        };
        self.pilot_heroic = false;
        let fissure = (0..self.threats.len()).find(|&i| {
            self.threats[i].active() && p.threats[i].card.fix_with == Some(FixWith::Interceptors)
        });
        if let Some(f) = fissure {
            self.threats[f].damage += 1;
            note!(
                self,
                rules::FISSURE,
                "interceptors",
                "attack {} (1 damage, {}/{}) and ignore the external threats",
                p.threats[f].card.name,
                self.threats[f].damage,
                self.threats[f].hp
            );
            if self.threats[f].damage >= self.threats[f].hp {
                self.internal_destroyed(f, None);
            }
            return;
        }
        let in_range = |eng: &Self, i: usize| {
            eng.targetable(i)
                && p.threats[i].track.band(eng.threats[i].pos) <= p.ship.interceptor_range
        };
        let count = (0..self.threats.len())
            .filter(|&i| in_range(self, i))
            .count();
        let first = (0..self.threats.len()).find(|&i| in_range(self, i));
        match (count, first) {
            (0, _) | (_, None) => note!(
                self,
                rules::DAMAGE,
                "interceptors",
                "no threat at range 1: no damage"
            ),
            (1, Some(one)) if p.threats[one].has(Special::Behemoth) => {
                let s = p.ship.interceptor_behemoth + heroic;
                self.threats[one].incoming += s;
                self.threats[one].targeted = true;
                note!(
                    self,
                    rules::BEHEMOTH,
                    "interceptors",
                    "alone against the Behemoth: strength {s}; the pilot is knocked out with the battle bots"
                );
                self.knock_out(pilot);
            }
            (1, Some(one)) => {
                let s = p.ship.interceptor_single + heroic;
                self.threats[one].incoming += s;
                self.threats[one].targeted = true;
                note!(
                    self,
                    rules::DAMAGE,
                    "interceptors",
                    "one threat at range 1: strength {s} at T+{} {}",
                    p.threats[one].turn,
                    p.threats[one].card.name
                );
            }
            (several, Some(_)) => {
                let s = p.ship.interceptor_each + heroic;
                for i in 0..self.threats.len() {
                    if in_range(self, i) {
                        self.threats[i].incoming += s;
                        self.threats[i].targeted = true;
                    }
                }
                note!(
                    self,
                    rules::DAMAGE,
                    "interceptors",
                    "{several} threats at range 1: strength {s} at each"
                );
            }
        }
    }

    fn apply_damage(&mut self) {
        let p = self.p;
        let mut leviathan = false;
        for i in 0..self.threats.len() {
            if !self.threats[i].targeted || !self.threats[i].active() {
                continue;
            }
            let spec = &p.threats[i];
            let name = Token(spec.turn, &spec.card.name);
            if spec.has(Special::Cryoshield) && !self.threats[i].cryo_lost {
                self.threats[i].cryo_lost = true;
                note!(
                    self,
                    rules::CRYOSHIELD,
                    name,
                    "first time targeted: the cryoshield absorbs everything and is lost"
                );
                continue;
            }
            let shield = self.shield_of(i);
            let incoming = i16::from(self.threats[i].incoming);
            let mut dealt = (incoming - i16::from(shield)).max(0) as u8;
            if dealt > 0 && spec.has(Special::OneDamagePerTurn) {
                dealt = 1;
                note!(self, rules::SWARM, &name, "loses 1 at most per turn");
            }
            if spec.card.shield.unwrap_or(0) < 0 && incoming > 0 {
                note!(
                    self,
                    rules::JELLYFISH,
                    &name,
                    "negative shield: {} added to the attack",
                    -shield
                );
            }
            self.threats[i].damage = self.threats[i].damage.saturating_add(dealt);
            if dealt > 0 {
                self.threats[i].hit_this_turn = true;
            }
            let (dmg, hp) = (self.threats[i].damage, self.threats[i].hp);
            note!(
                self,
                rules::DAMAGE,
                &name,
                "strength {incoming} − shield {shield} = {dealt} damage ({dmg}/{hp})"
            );
            if self.threats[i].rocket_hit && spec.has(Special::RocketMagnet) {
                self.threats[i].shield_add += 1;
                note!(
                    self,
                    rules::JUGGERNAUT,
                    &name,
                    "+1 shield after the rocket hit"
                );
            }
            if dmg >= hp {
                self.external_destroyed(i);
                if spec.has(Special::LeviathanBlast) {
                    leviathan = true;
                }
            }
        }
        if leviathan {
            note!(
                self,
                rules::LEVIATHAN,
                "Leviatán de Abastecimiento",
                "destroyed: every external threat takes 1 damage whatever its shield"
            );
            for i in 0..self.threats.len() {
                if self.threats[i].active() && p.threats[i].external() {
                    self.threats[i].damage += 1;
                    self.threats[i].hit_this_turn = true;
                    if self.threats[i].damage >= self.threats[i].hp {
                        self.external_destroyed(i);
                    }
                }
            }
        }
        // Nemesis strikes back, then asteroids burst, lowest token first.
        for i in 0..self.threats.len() {
            let spec = &p.threats[i];
            if spec.has(Special::NemesisBacklash)
                && self.threats[i].hit_this_turn
                && self.threats[i].active()
            {
                note!(
                    self,
                    rules::NEMESIS,
                    spec.card.name,
                    "damaged this turn: attacks every zone"
                );
                for z in ZONES {
                    self.hit_zone(
                        z,
                        1,
                        Source::External {
                            threat: i,
                            ignore_shields: false,
                        },
                    );
                    if self.lost.is_some() {
                        return;
                    }
                }
            }
        }
        for i in 0..self.threats.len() {
            let spec = &p.threats[i];
            let t = self.threats[i];
            if let (Some(per), Some(zone)) = (spec.card.burst_per_space, spec.zone)
                && t.status == Status::Destroyed
                && t.destroyed_turn == self.turn
                && t.passed > 0
            {
                let amount = per * t.passed;
                note!(
                    self,
                    rules::ASTEROIDS,
                    spec.card.name,
                    "destroyed after passing {} X/Y space(s): attacks with {amount}",
                    t.passed
                );
                self.hit_zone(
                    zone,
                    amount,
                    Source::External {
                        threat: i,
                        ignore_shields: false,
                    },
                );
                if self.lost.is_some() {
                    return;
                }
            }
        }
    }

    fn external_destroyed(&mut self, i: usize) {
        self.threats[i].status = Status::Destroyed;
        self.threats[i].destroyed_turn = self.turn;
        if self.attack_bonus_from == Some(i) {
            self.attack_bonus_from = None;
        }
        if self.shield_bonus_from == Some(i) {
            self.shield_bonus_from = None;
        }
        let spec = &self.p.threats[i];
        note!(
            self,
            rules::DAMAGE,
            format!("T+{} {}", spec.turn, spec.card.name),
            "destroyed: the captain keeps the card"
        );
    }
}
