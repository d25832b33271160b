//! §3.1 appearance and §3.4 threat actions: tokens move by their speed, lowest token first,
//! doing X, Y and Z as they reach those spaces; the structured effects of the card data are
//! applied here, with the appendix's special threats (7.1, 7.2).

use super::engine::{Engine, note};
use super::hull::Source;
use super::rules;
use super::state::*;
use crate::cards::spacealert::facts::describe;
use crate::cards::spacealert::{
    Deck, Effect, EffectKind, EffectZones, ReactorChoice, Special, StationId, Toward, Who, ZoneId,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    X,
    Y,
    Z,
}

impl Engine<'_> {
    /// §3.1: threats announced for this turn appear on the first space of their track.
    pub fn appear(&mut self) {
        let p = self.p;
        for i in 0..p.threats.len() {
            let spec = &p.threats[i];
            if spec.turn != self.turn || self.threats[i].status != Status::Pending {
                continue;
            }
            if spec.unconfirmed && self.ncrew < MAX_CREW {
                self.threats[i].status = Status::Absent;
                note!(
                    self,
                    rules::MESSAGES,
                    format!("#{} {}", spec.token, spec.card.name),
                    "an unconfirmed report: with fewer than five crew members it does not come"
                );
                continue;
            }
            let t = &mut self.threats[i];
            t.status = Status::Active;
            t.pos = spec.track.length;
            t.hp = spec.card.hit_points;
            t.speed = spec.card.speed;
            t.visible = !spec.has(Special::Stealth);
            for st in &spec.card.stations {
                t.tokens |= 1 << st.index();
            }
            if spec.has(Special::Slime) {
                t.home = spec.card.stations.first().copied();
            }
            let place = match spec.zone {
                Some(z) => format!("the {} track", z.as_str()),
                None => format!(
                    "the internal track, at {}",
                    spec.card
                        .stations
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
            };
            note!(
                self,
                rules::APPEARANCE,
                format!("#{} {}", spec.token, spec.card.name),
                "appears on space {} of {place}",
                spec.track.length
            );
            if spec.has(Special::Warheads) {
                self.threats[i].hp = self.rockets;
                note!(
                    self,
                    rules::WARHEADS,
                    spec.card.name,
                    "hit points = rockets still on the ship: {}",
                    self.rockets
                );
                if self.rockets == 0 {
                    self.internal_destroyed(i, None);
                }
            }
        }
    }

    /// §3.4: every token in order; then (in the caller) the rocket moves.
    pub fn threat_actions(&mut self) {
        for i in 0..self.threats.len() {
            if !self.threats[i].active() {
                continue;
            }
            let speed = self.threats[i].speed;
            self.advance(i, speed);
            if self.lost.is_some() {
                return;
            }
        }
    }

    fn advance(&mut self, i: usize, spaces: u8) {
        let p = self.p;
        let spec = &p.threats[i];
        let from = self.threats[i].pos;
        for _ in 0..spaces {
            if !self.threats[i].active() {
                return;
            }
            let left = self.threats[i].pos;
            if left == spec.track.x || spec.track.is_y(left) {
                self.threats[i].passed += 1;
            }
            let pos = left.saturating_sub(1).max(1);
            self.threats[i].pos = pos;
            let slot = if pos == 1 {
                Some(Slot::Z)
            } else if pos == spec.track.x {
                Some(Slot::X)
            } else if spec.track.is_y(pos) {
                Some(Slot::Y)
            } else {
                None
            };
            if let Some(slot) = slot {
                self.perform(i, slot);
                if self.lost.is_some() {
                    return;
                }
            }
            if pos == 1 {
                break;
            }
        }
        if self.threats[i].active() && self.log.on && self.threats[i].pos != from {
            note!(
                self,
                rules::THREATS,
                format!("#{} {}", spec.token, spec.card.name),
                "moves {} → {}",
                from,
                self.threats[i].pos
            );
        }
    }

    fn perform(&mut self, i: usize, slot: Slot) {
        let p = self.p;
        let spec = &p.threats[i];
        let effects = match slot {
            Slot::X => &spec.card.x,
            Slot::Y => &spec.card.y,
            Slot::Z => &spec.card.z,
        };
        let letter = match slot {
            Slot::X => "X",
            Slot::Y => "Y",
            Slot::Z => "Z",
        };
        note!(
            self,
            rules::THREATS,
            format!("#{} {}: {letter}", spec.token, spec.card.name),
            "{}",
            crate::cards::spacealert::facts::effects(effects)
        );
        for e in effects {
            self.effect(i, e);
            if self.lost.is_some() {
                return;
            }
        }
        if slot == Slot::Z {
            self.after_z(i);
        }
    }

    fn after_z(&mut self, i: usize) {
        let spec = &self.p.threats[i];
        let t = &mut self.threats[i];
        t.z_done = true;
        t.status = Status::Survived;
        if spec.external() {
            // Scout and Marauder bonuses stay to the end once they reach Z (appendix 7.1).
        } else if !spec.malfunction()
            && !spec.has(Special::Slime)
            && !spec.has(Special::Contamination)
        {
            t.tokens = 0;
        }
        if spec.has(Special::Fissure) {
            // It leaves play: the doubling ends with it.
            self.double = [false; 3];
        }
        note!(
            self,
            rules::THREATS,
            format!("#{} {}", spec.token, spec.card.name),
            "reached the end of its track: survived (the communications officer keeps the card){}",
            if spec.malfunction() {
                "; its systems stay broken"
            } else {
                ""
            }
        );
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

    fn effect(&mut self, i: usize, e: &Effect) {
        let t = self.threats[i];
        if let Some(want) = e.if_damaged
            && (t.damage > 0) != want
        {
            return;
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
            return;
        }
        let p = self.p;
        let spec = &p.threats[i];
        let amount = e.amount.unwrap_or(0);
        let name = spec.card.name.as_str();
        match e.effect {
            EffectKind::Nothing => {}
            EffectKind::Damage if e.zones == Some(EffectZones::Stations) => {
                // Appendix 7.2 (Contaminación): the actions apply at each station holding a
                // token, so two contaminated stations of one zone deal that zone's damage twice.
                for &s in StationId::ALL {
                    if self.threats[i].at(s) {
                        self.damage(i, s.zone(), amount, e.ignore_shields);
                        if self.lost.is_some() {
                            return;
                        }
                    }
                }
            }
            EffectKind::Damage => {
                let (zones, n) = self.zones(i, e.zones.unwrap_or(EffectZones::Own));
                for z in &zones[..n] {
                    self.damage(i, *z, amount, e.ignore_shields);
                    if self.lost.is_some() {
                        return;
                    }
                }
            }
            EffectKind::DamageHealth => {
                let left = t.hp.saturating_sub(t.damage);
                let base = if spec.has(Special::Warheads) {
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
            EffectKind::DamagePlayers => {
                let st = self.station_of(i);
                let players = (0..self.ncrew)
                    .filter(|&w| !self.crew[w].in_space && Some(self.crew[w].station) == st)
                    .count() as u8;
                let z = self.own_zone(i);
                if players > 0 {
                    self.damage(i, z, players, false);
                }
            }
            EffectKind::DamageReactorEnergy => {
                let z = self.own_zone(i);
                let energy = self.reactors[z.index()];
                if energy > 0 {
                    self.damage(i, z, energy, false);
                }
            }
            EffectKind::Reveal => {
                self.threats[i].visible = true;
                note!(
                    self,
                    rules::STEALTH,
                    name,
                    "did its X: weapons may target it from now on"
                );
            }
            EffectKind::EmptyShields => {
                let (zones, n) = self.zones(i, e.zones.unwrap_or(EffectZones::Own));
                for z in &zones[..n] {
                    let lost = std::mem::take(&mut self.shields[z.index()]);
                    if e.damage_lost && lost > 0 {
                        self.damage(i, *z, lost, true);
                    }
                }
            }
            EffectKind::DrainShields => {
                for z in ZONES {
                    self.shields[z.index()] = self.shields[z.index()].saturating_sub(amount);
                }
            }
            EffectKind::Heal => {
                self.threats[i].damage = t.damage.saturating_sub(amount);
            }
            EffectKind::HealHalf => {
                self.threats[i].damage = t.damage - t.damage / 2;
            }
            EffectKind::Speed => self.threats[i].speed = t.speed.saturating_add(amount),
            EffectKind::ShieldSet => self.threats[i].shield_set = Some(amount as i8),
            EffectKind::ShieldAdd => self.threats[i].shield_add += amount as i8,
            EffectKind::AttackBonus => {
                self.attack_bonus_from = Some(i);
                note!(
                    self,
                    rules::SCOUT,
                    name,
                    "every other external threat attacks with +1 until it is destroyed"
                );
            }
            EffectKind::AdvanceOthers => {
                note!(
                    self,
                    rules::SCOUT,
                    name,
                    "every other external threat moves {amount} space, in token order"
                );
                for j in 0..self.threats.len() {
                    if j != i && self.threats[j].active() && p.threats[j].external() {
                        self.advance(j, amount);
                        if self.lost.is_some() {
                            return;
                        }
                    }
                }
            }
            EffectKind::ShieldBonus => {
                self.shield_bonus_from = Some(i);
                note!(
                    self,
                    rules::MARAUDER,
                    name,
                    "every external threat, itself included, gets +1 shield until it is destroyed"
                );
            }
            EffectKind::SelfDamage => {
                self.threats[i].damage = t.damage.saturating_add(amount);
                note!(
                    self,
                    rules::NEMESIS,
                    name,
                    "takes {amount} itself, whatever its shield ({}/{})",
                    self.threats[i].damage,
                    t.hp
                );
                if self.threats[i].damage >= t.hp {
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
            EffectKind::DestroyShip => {
                note!(
                    self,
                    rules::THREATS,
                    name,
                    "destroys the ship: the mission is lost whatever the damage"
                );
                self.lose(format!("{name} destroyed the ship"));
            }
            EffectKind::Delay => {
                let next = self.turn + 1;
                let zone = self.own_zone(i);
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
                        let rule = if spec.has(Special::Contamination) {
                            rules::CONTAMINATION
                        } else {
                            rules::THREATS
                        };
                        note!(
                            self,
                            rule,
                            self.p.names[w].clone(),
                            "delayed: the action of turn {next} moves one turn later"
                        );
                    }
                }
            }
            EffectKind::KnockOut => {
                let st = self.station_of(i);
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
            EffectKind::Move => {
                if let Some(from) = self.station_of(i) {
                    let to = step(from, e.toward.unwrap_or(Toward::Deck));
                    self.threats[i].tokens = 1 << to.index();
                    note!(
                        self,
                        rules::THREATS,
                        name,
                        "moves {} → {}",
                        from.as_str(),
                        to.as_str()
                    );
                }
            }
            EffectKind::Seek => self.seek(i),
            EffectKind::DrainReactor => {
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
            EffectKind::EmptyReactor => {
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
            EffectKind::RemoveRocket => {
                if self.rockets > 0 {
                    self.rockets -= 1;
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
            }
            EffectKind::Spread => {
                let toward = e.toward.unwrap_or(Toward::Red);
                let origin = self.threats[i].home.or(spec.card.stations.first().copied());
                if let Some(mut at) = origin {
                    // The next lower station toward that side without a slime token.
                    loop {
                        let next = step(at, toward);
                        if next == at {
                            break;
                        }
                        at = next;
                        if !self.threats[i].at(at) {
                            self.threats[i].tokens |= 1 << at.index();
                            note!(
                                self,
                                rules::SLIME,
                                name,
                                "spreads: an offspring appears at {}",
                                at.as_str()
                            );
                            break;
                        }
                    }
                }
            }
            EffectKind::DisableStoredRobots => {
                if let Some(st) = e.station
                    && self.stored[st.index()] == Stored::Present
                {
                    self.stored[st.index()] = Stored::DisabledPresent;
                    note!(
                        self,
                        rules::SLIME,
                        name,
                        "the battle bots stored at {} are disabled",
                        st.as_str()
                    );
                }
            }
            EffectKind::DestroyFuel => self.fuel = self.fuel.saturating_sub(amount),
            EffectKind::GrowUp => {
                self.threats[i].grown = true;
                note!(
                    self,
                    rules::ALIEN,
                    name,
                    "grown up: from now on it disables the battle bots that attack it"
                );
            }
            EffectKind::DoubleDamage => {
                match e.zones {
                    Some(EffectZones::All) => self.double = [true; 3],
                    _ => self.double[ZoneId::Red.index()] = true,
                }
                note!(
                    self,
                    rules::FISSURE,
                    name,
                    "damage tiles doubled ({}) until it is repaired",
                    if e.zones == Some(EffectZones::All) {
                        "whole ship"
                    } else {
                        "red zone"
                    }
                );
            }
            EffectKind::FillShieldLeak => {
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
        let name = self.p.threats[i].card.name.as_str();
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
