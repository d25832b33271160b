//! The structured effects of a threat's X, Y and Z actions (card data), one function per
//! effect kind, with the appendix's special threats (7.1, 7.2) where they differ.

use super::engine::{Engine, note};
use super::hull::Source;
use super::rules;
use super::state::*;
use crate::cards::spacealert::facts::describe;
use crate::cards::spacealert::{
    Deck, Effect, EffectKind, EffectZones, ReactorChoice, Special, StationId, Toward, Who, ZoneId,
};

impl<'p> Engine<'p> {
    /// One effect of threat `i`'s action, unless its condition skips it.
    pub(super) fn effect(&mut self, i: usize, e: &Effect) {
        if self.effect_skipped(i, e) {
            return;
        }
        let amount = e.amount.unwrap_or(0);
        let t = &mut self.threats[i];
        // The kinds that only change the threat's own numbers are done here; the others
        // have their own function.
        match e.effect {
            EffectKind::Nothing => {}
            EffectKind::Damage if e.zones == Some(EffectZones::Stations) => {
                self.damage_at_stations(i, e);
            }
            EffectKind::Damage => self.damage_zones(i, e),
            EffectKind::DamageHealth => self.damage_health(i, e),
            EffectKind::DamagePlayers => self.damage_players(i),
            EffectKind::DamageReactorEnergy => self.damage_reactor_energy(i),
            EffectKind::Reveal => self.reveal(i),
            EffectKind::EmptyShields => self.empty_shields(i, e),
            EffectKind::DrainShields => {
                for z in ZONES {
                    self.shields[z.index()] = self.shields[z.index()].saturating_sub(amount);
                }
            }
            EffectKind::Heal => t.damage = t.damage.saturating_sub(amount),
            EffectKind::HealHalf => t.damage -= t.damage / 2,
            EffectKind::Speed => t.speed = t.speed.saturating_add(amount),
            EffectKind::ShieldSet => t.shield_set = Some(amount as i8),
            EffectKind::ShieldAdd => t.shield_add += amount as i8,
            EffectKind::AttackBonus => self.attack_bonus(i),
            EffectKind::AdvanceOthers => self.advance_others(i, amount),
            EffectKind::ShieldBonus => self.shield_bonus(i),
            EffectKind::SelfDamage => self.self_damage(i, amount),
            EffectKind::DestroyShip => self.destroy_ship(i),
            EffectKind::Delay => self.delay_crew(i, e),
            EffectKind::KnockOut => self.knock_out_crew(i, e),
            EffectKind::Move => self.move_threat(i, e),
            EffectKind::Seek => self.seek(i),
            EffectKind::DrainReactor => self.drain_reactor(i, e),
            EffectKind::EmptyReactor => self.empty_reactor(i, e),
            EffectKind::RemoveRocket => self.remove_rocket(),
            EffectKind::Spread => self.spread(i, e),
            EffectKind::DisableStoredRobots => self.disable_stored_robots(i, e),
            EffectKind::DestroyFuel => self.fuel = self.fuel.saturating_sub(amount),
            EffectKind::GrowUp => self.grow_up(i),
            EffectKind::DoubleDamage => self.double_damage(i, e),
            EffectKind::FillShieldLeak => self.fill_shield_leak(i),
        }
    }

    /// An effect that applies only if the threat is (not) damaged, or unless it has lost
    /// enough hit points.
    fn effect_skipped(&mut self, i: usize, e: &Effect) -> bool {
        let t = self.threats[i];
        if let Some(want) = e.if_damaged
            && (t.damage > 0) != want
        {
            return true;
        }
        if let Some(lost) = e.unless_lost
            && t.damage >= lost
        {
            note!(
                self,
                rules::THREATS,
                self.p.threats[i].card.name,
                "has lost {}: skips `{}`",
                t.damage,
                describe(e)
            );
            return true;
        }
        false
    }

    /// The threat's card name, for the trace.
    fn threat_name(&self, i: usize) -> &'p str {
        self.p.threats[i].card.name.as_str()
    }

    /// The zone a threat's "own zone" means.
    fn own_zone(&self, i: usize) -> ZoneId {
        let spec = &self.p.threats[i];
        match spec.zone {
            Some(z) => z,
            None => (0..6)
                .find(|s| self.threats[i].tokens & (1 << s) != 0)
                .and_then(|s| StationId::ALL.get(s).copied())
                .or(spec.card.stations.first().copied())
                .map_or(ZoneId::White, StationId::zone),
        }
    }

    fn station_of(&self, i: usize) -> Option<StationId> {
        (0..6)
            .find(|s| self.threats[i].tokens & (1 << s) != 0)
            .and_then(|s| StationId::ALL.get(s).copied())
    }

    fn damage(&mut self, i: usize, zone: ZoneId, amount: u8, ignore_shields: bool) {
        let source = if self.p.threats[i].external() {
            Source::External {
                threat: i,
                ignore_shields,
            }
        } else {
            Source::Internal
        };
        self.hit_zone(zone, amount, source);
    }

    fn zones(&self, i: usize, which: EffectZones) -> ([ZoneId; 3], usize) {
        let own = self.own_zone(i);
        let mut out = [ZoneId::Red; 3];
        let mut n = 0;
        for z in ZONES {
            let take = match which {
                EffectZones::Own => z == own,
                EffectZones::All => true,
                EffectZones::Others => z != own,
                EffectZones::Red => z == ZoneId::Red,
                EffectZones::Blue => z == ZoneId::Blue,
                EffectZones::Stations => StationId::ALL
                    .iter()
                    .any(|s| self.threats[i].at(*s) && s.zone() == z),
            };
            if take {
                out[n] = z;
                n += 1;
            }
        }
        (out, n)
    }

    /// Appendix 7.2 (Contaminación): the actions apply at each station holding a token, so
    /// two contaminated stations of one zone deal that zone's damage twice.
    /// Appendix 7.2 (Lodo reptante): the original and each offspring deal the Z damage to
    /// the zone they are in.
    fn damage_at_stations(&mut self, i: usize, e: &Effect) {
        let amount = e.amount.unwrap_or(0);
        if self.log.on && self.p.threats[i].has(Special::Slime) {
            let at: Vec<&str> = StationId::ALL
                .iter()
                .filter(|s| self.threats[i].at(**s))
                .map(|s| s.as_str())
                .collect();
            note!(
                self,
                rules::SLIME,
                self.threat_name(i),
                "each of its tokens deals {amount} to its own zone: {}",
                at.join(", ")
            );
        }
        for &s in StationId::ALL {
            if self.threats[i].at(s) {
                self.damage(i, s.zone(), amount, e.ignore_shields);
                if self.lost.is_some() {
                    return;
                }
            }
        }
    }

    fn damage_zones(&mut self, i: usize, e: &Effect) {
        let amount = e.amount.unwrap_or(0);
        let (zones, n) = self.zones(i, e.zones.unwrap_or(EffectZones::Own));
        for z in &zones[..n] {
            self.damage(i, *z, amount, e.ignore_shields);
            if self.lost.is_some() {
                return;
            }
        }
    }

    /// Damage equal to the hit points the threat has left (times a multiplier).
    fn damage_health(&mut self, i: usize, e: &Effect) {
        let t = self.threats[i];
        let left = t.hp.saturating_sub(t.damage);
        let base = if self.p.threats[i].has(Special::Warheads) {
            // Appendix 7.2: (rockets left − damage) × 3.
            self.rockets.saturating_sub(t.damage)
        } else {
            left
        };
        let amount = base.saturating_mul(e.multiplier.unwrap_or(1));
        let (zones, n) = self.zones(i, e.zones.unwrap_or(EffectZones::Own));
        for z in &zones[..n] {
            self.damage(i, *z, amount, false);
        }
    }

    /// One damage to the threat's zone for each player at its station.
    fn damage_players(&mut self, i: usize) {
        let st = self.station_of(i);
        let players = (0..self.ncrew)
            .filter(|&w| !self.crew[w].in_space && Some(self.crew[w].station) == st)
            .count() as u8;
        let z = self.own_zone(i);
        if players > 0 {
            self.damage(i, z, players, false);
        }
    }

    /// Damage equal to the energy in the zone's reactor.
    fn damage_reactor_energy(&mut self, i: usize) {
        let z = self.own_zone(i);
        let energy = self.reactors[z.index()];
        if energy > 0 {
            self.damage(i, z, energy, false);
        }
    }

    fn reveal(&mut self, i: usize) {
        self.threats[i].visible = true;
        note!(
            self,
            rules::STEALTH,
            self.threat_name(i),
            "did its X: weapons may target it from now on"
        );
    }

    /// The shields of the zones lose their energy; with `damage_lost`, it hits the zone.
    fn empty_shields(&mut self, i: usize, e: &Effect) {
        let (zones, n) = self.zones(i, e.zones.unwrap_or(EffectZones::Own));
        for z in &zones[..n] {
            let lost = std::mem::take(&mut self.shields[z.index()]);
            if e.damage_lost && lost > 0 {
                self.damage(i, *z, lost, true);
            }
        }
    }

    fn attack_bonus(&mut self, i: usize) {
        self.attack_bonus_from = Some(i);
        note!(
            self,
            rules::SCOUT,
            self.threat_name(i),
            "every other external threat attacks with +1 until it is destroyed"
        );
    }

    /// Appendix 7.1 (Explorador): every other external threat moves, in token order.
    fn advance_others(&mut self, i: usize, amount: u8) {
        note!(
            self,
            rules::SCOUT,
            self.threat_name(i),
            "every other external threat moves {amount} space, in token order"
        );
        for j in 0..self.threats.len() {
            if j != i && self.threats[j].active() && self.p.threats[j].external() {
                self.advance(j, amount);
                if self.lost.is_some() {
                    return;
                }
            }
        }
    }

    fn shield_bonus(&mut self, i: usize) {
        self.shield_bonus_from = Some(i);
        note!(
            self,
            rules::MARAUDER,
            self.threat_name(i),
            "every external threat, itself included, gets +1 shield until it is destroyed"
        );
    }

    /// Appendix 7.1 (Némesis): it damages itself, whatever its shield, and may die of it.
    fn self_damage(&mut self, i: usize, amount: u8) {
        let name = self.threat_name(i);
        let hp = self.threats[i].hp;
        self.threats[i].damage = self.threats[i].damage.saturating_add(amount);
        note!(
            self,
            rules::NEMESIS,
            name,
            "takes {amount} itself, whatever its shield ({}/{})",
            self.threats[i].damage,
            hp
        );
        if self.threats[i].damage >= hp {
            self.threats[i].status = Status::Destroyed;
            self.threats[i].destroyed_turn = self.turn;
            note!(
                self,
                rules::NEMESIS,
                name,
                "destroyed by its own attack: it still counts as destroyed"
            );
        }
    }

    fn destroy_ship(&mut self, i: usize) {
        let name = self.threat_name(i);
        note!(
            self,
            rules::THREATS,
            name,
            "destroys the ship: the mission is lost whatever the damage"
        );
        self.lose(format!("{name} destroyed the ship"));
    }

    /// The crew it reaches (its zone, its station or the whole ship) act one turn later.
    fn delay_crew(&mut self, i: usize, e: &Effect) {
        let next = self.turn + 1;
        let zone = self.own_zone(i);
        let rule = if self.p.threats[i].has(Special::Contamination) {
            rules::CONTAMINATION
        } else {
            rules::THREATS
        };
        for w in 0..self.ncrew {
            let c = self.crew[w];
            if c.in_space || c.out {
                continue;
            }
            let hit = match e.who {
                Some(Who::Zone) => c.station.zone() == zone,
                Some(Who::Station) => self.threats[i].at(c.station),
                _ => true,
            };
            if hit {
                self.delay(w, next);
                note!(
                    self,
                    rule,
                    self.p.names[w].clone(),
                    "delayed: the action of turn {next} moves one turn later"
                );
            }
        }
    }

    /// The crew it reaches are knocked out.
    fn knock_out_crew(&mut self, i: usize, e: &Effect) {
        let st = self.station_of(i);
        let name = self.threat_name(i);
        for w in 0..self.ncrew {
            let c = self.crew[w];
            if c.in_space || c.out {
                continue;
            }
            let hit = match e.who {
                Some(Who::Ship) => true,
                Some(Who::Station) => self.threats[i].at(c.station),
                Some(Who::WithRobots) => c.robots != Robots::None,
                Some(Who::Stations) => e.stations.contains(&c.station),
                Some(Who::ShipExcept) => !e.stations.contains(&c.station),
                Some(Who::StationWithoutRobots) => {
                    Some(c.station) == st && c.robots == Robots::None
                }
                Some(Who::Zone) => c.station.zone() == self.own_zone(i),
                None => false,
            };
            if hit {
                self.knock_out(w);
                note!(
                    self,
                    rules::THREATS,
                    self.p.names[w].clone(),
                    "knocked out by {name}: no more actions, battle bots disabled"
                );
            }
        }
    }

    /// An internal threat moves one station (through a door or the lift).
    fn move_threat(&mut self, i: usize, e: &Effect) {
        if let Some(from) = self.station_of(i) {
            let to = step(from, e.toward.unwrap_or(Toward::Deck));
            self.threats[i].tokens = 1 << to.index();
            note!(
                self,
                rules::THREATS,
                self.threat_name(i),
                "moves {} → {}",
                from.as_str(),
                to.as_str()
            );
        }
    }

    /// Appendix 7.2 (Rastreador): to the adjacent station with the most players; a tie stays.
    fn seek(&mut self, i: usize) {
        let Some(at) = self.station_of(i) else { return };
        let count = |s: StationId, eng: &Engine<'_>| {
            (0..eng.ncrew)
                .filter(|&w| !eng.crew[w].in_space && eng.crew[w].station == s)
                .count()
        };
        let options = [
            step(at, Toward::Red),
            step(at, Toward::Blue),
            step(at, Toward::Deck),
        ];
        let mut best: Option<(StationId, usize)> = None;
        let mut tie = false;
        for s in options {
            if s == at {
                continue;
            }
            let n = count(s, self);
            match best {
                Some((_, b)) if n == b => tie = true,
                Some((_, b)) if n < b => {}
                _ => {
                    best = Some((s, n));
                    tie = false;
                }
            }
        }
        let name = self.threat_name(i);
        match best {
            Some((s, _)) if !tie => {
                self.threats[i].tokens = 1 << s.index();
                note!(
                    self,
                    rules::SEEKER,
                    name,
                    "moves {} → {}, the adjacent station with the most crew",
                    at.as_str(),
                    s.as_str()
                );
            }
            _ => note!(
                self,
                rules::SEEKER,
                name,
                "adjacent stations tie: it stays at {}",
                at.as_str()
            ),
        }
    }

    /// Reactors (its zone's, the white one or all) lose energy; an empty one may take
    /// damage instead.
    fn drain_reactor(&mut self, i: usize, e: &Effect) {
        let amount = e.amount.unwrap_or(0);
        let targets: &[ZoneId] = match e.reactor {
            Some(ReactorChoice::All) => &ZONES,
            Some(ReactorChoice::White) => &[ZoneId::White],
            _ => &[],
        };
        let own = [self.own_zone(i)];
        let targets = if targets.is_empty() {
            &own[..]
        } else {
            targets
        };
        for z in targets {
            let r = &mut self.reactors[z.index()];
            if *r == 0 {
                if let Some(d) = e.else_damage {
                    self.damage(i, *z, d, true);
                }
            } else {
                *r = r.saturating_sub(amount);
            }
        }
    }

    /// Reactors (its zone's or all) lose all their energy; with `damage_lost`, it hits the
    /// zone.
    fn empty_reactor(&mut self, i: usize, e: &Effect) {
        let all = e.reactor == Some(ReactorChoice::All);
        let own = self.own_zone(i);
        for z in ZONES {
            if all || z == own {
                let lost = std::mem::take(&mut self.reactors[z.index()]);
                if e.damage_lost && lost > 0 {
                    self.damage(i, z, lost, true);
                    if self.lost.is_some() {
                        return;
                    }
                }
            }
        }
    }

    /// Appendix 7.2 (Lodo reptante): a rocket fewer, so every threat whose hit points are the
    /// rockets (warheads) loses one.
    fn remove_rocket(&mut self) {
        if self.rockets == 0 {
            return;
        }
        self.rockets -= 1;
        let p = self.p;
        for j in 0..self.threats.len() {
            if self.threats[j].active() && p.threats[j].has(Special::Warheads) {
                self.threats[j].hp = self.threats[j].hp.saturating_sub(1);
                note!(
                    self,
                    rules::SLIME,
                    p.threats[j].card.name,
                    "a rocket fewer: 1 hit point fewer"
                );
                if self.threats[j].damage >= self.threats[j].hp {
                    self.internal_destroyed(j, None);
                }
            }
        }
    }

    /// Appendix 7.2 (Lodo reptante): the original and every offspring spread to the next
    /// station toward that side, unless that station already holds one of its tokens; a
    /// token placed by this action does not spread in it too.
    fn spread(&mut self, i: usize, e: &Effect) {
        let toward = e.toward.unwrap_or(Toward::Red);
        let spreading: Vec<StationId> = StationId::ALL
            .iter()
            .copied()
            .filter(|s| self.threats[i].at(*s))
            .collect();
        for from in spreading {
            let to = step(from, toward);
            if to == from || self.threats[i].at(to) {
                continue;
            }
            self.threats[i].tokens |= 1 << to.index();
            note!(
                self,
                rules::SLIME,
                self.threat_name(i),
                "spreads from {}: an offspring appears at {}",
                from.as_str(),
                to.as_str()
            );
        }
    }

    fn disable_stored_robots(&mut self, i: usize, e: &Effect) {
        if let Some(st) = e.station
            && self.stored[st.index()] == Stored::Present
        {
            self.stored[st.index()] = Stored::DisabledPresent;
            note!(
                self,
                rules::SLIME,
                self.threat_name(i),
                "the battle bots stored at {} are disabled",
                st.as_str()
            );
        }
    }

    fn grow_up(&mut self, i: usize) {
        self.threats[i].grown = true;
        note!(
            self,
            rules::ALIEN,
            self.threat_name(i),
            "grown up: from now on it disables the battle bots that attack it"
        );
    }

    /// Appendix 7.2 (Fisura): damage tiles count double (the red zone or the whole ship)
    /// until it is repaired.
    fn double_damage(&mut self, i: usize, e: &Effect) {
        match e.zones {
            Some(EffectZones::All) => self.double = [true; 3],
            _ => self.double[ZoneId::Red.index()] = true,
        }
        note!(
            self,
            rules::FISSURE,
            self.threat_name(i),
            "damage tiles doubled ({}) until it is repaired",
            if e.zones == Some(EffectZones::All) {
                "whole ship"
            } else {
                "red zone"
            }
        );
    }

    /// The reactor's energy fills the shield up to its capacity; what is left leaks and
    /// hits the zone.
    fn fill_shield_leak(&mut self, i: usize) {
        let z = self.own_zone(i).index();
        let moved = self.shield_cap[z]
            .saturating_sub(self.shields[z])
            .min(self.reactors[z]);
        self.shields[z] += moved;
        self.reactors[z] -= moved;
        let leak = std::mem::take(&mut self.reactors[z]);
        if leak > 0 {
            self.damage(i, self.own_zone(i), leak, true);
        }
    }
}

/// The station one move away: through the door toward a side, or the other deck.
fn step(from: StationId, toward: Toward) -> StationId {
    let zone = from.zone();
    match toward {
        Toward::Deck => StationId::at(
            zone,
            match from.deck() {
                Deck::Upper => Deck::Lower,
                Deck::Lower => Deck::Upper,
            },
        ),
        Toward::Red => StationId::at(
            match zone {
                ZoneId::Blue => ZoneId::White,
                _ => ZoneId::Red,
            },
            from.deck(),
        ),
        Toward::Blue => StationId::at(
            match zone {
                ZoneId::Red => ZoneId::White,
                _ => ZoneId::Blue,
            },
            from.deck(),
        ),
    }
}
