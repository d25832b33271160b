//! §3.2: the crew's actions, captain first and in seat order: moves, A (weapons), B
//! (energy), C (the station's system), battle bots, interceptors, repairs of malfunctions,
//! and after everyone, visual confirmation and the appendix's multi-station repairs.

use super::engine::{Engine, Said, note};
use super::rules;
use super::state::*;
use crate::cards::spacealert::{
    ActionA, ActionB, ActionC, Deck, FixWith, InternalKind, Special, StationId, ZoneId,
};
use crate::parse::scenario::spacealert::Action;

impl Engine<'_> {
    pub fn player_actions(&mut self) {
        self.vc_turn = 0;
        for t in self.threats.iter_mut() {
            t.repairers = 0;
            t.repaired_at = 0;
        }
        for who in 0..self.ncrew {
            self.act(who);
            if self.lost.is_some() {
                return;
            }
        }
        self.after_actions();
    }

    fn act(&mut self, who: usize) {
        let slot = self.turn as usize - 1;
        let action = self.crew[who]
            .actions
            .get(slot)
            .copied()
            .unwrap_or(Action::None);
        let pp = self.p;
        let name = || pp.names[who].as_str();
        if self.crew[who].out {
            if action != Action::None {
                note!(
                    self,
                    rules::ACTIONS,
                    name(),
                    "{}: knocked out, the card has no effect",
                    action.word()
                );
            }
            return;
        }
        if self.crew[who].in_space {
            self.in_space(who, action);
            return;
        }
        match action {
            Action::None => {}
            Action::Red | Action::Blue => self.walk(who, action),
            Action::Lift => self.lift(who),
            Action::HeroicMove(to) => {
                self.crew[who].station = to;
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name(), "heroic move"),
                    "straight to {} whatever the lifts",
                    to.as_str()
                );
                self.entered(who);
            }
            Action::A | Action::HeroicA | Action::B | Action::HeroicB | Action::C => {
                if !self.try_repair(who, action) {
                    self.system(who, action);
                }
            }
            Action::Robots | Action::HeroicRobots => {
                self.robots_attack(who, action == Action::HeroicRobots)
            }
        }
    }

    fn walk(&mut self, who: usize, action: Action) {
        let from = self.crew[who].station;
        let z = from.zone();
        let to_zone = match (action, z) {
            (Action::Red, ZoneId::White) => Some(ZoneId::Red),
            (Action::Red, ZoneId::Blue) => Some(ZoneId::White),
            (Action::Blue, ZoneId::Red) => Some(ZoneId::White),
            (Action::Blue, ZoneId::White) => Some(ZoneId::Blue),
            _ => None,
        };
        let pp = self.p;
        let name = pp.names[who].as_str();
        match to_zone {
            None => {
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name, action.word()),
                    "already in the {} zone: no effect",
                    z.as_str()
                );
            }
            Some(tz) => {
                let to = StationId::at(tz, from.deck());
                self.crew[who].station = to;
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name, action.word()),
                    "{} → {}",
                    from.as_str(),
                    to.as_str()
                );
                self.entered(who);
            }
        }
    }

    fn lift(&mut self, who: usize) {
        let from = self.crew[who].station;
        let z = from.zone();
        let deck = match from.deck() {
            Deck::Upper => Deck::Lower,
            Deck::Lower => Deck::Upper,
        };
        let to = StationId::at(z, deck);
        self.crew[who].station = to;
        let busy = self.lift_used[z.index()];
        let broken = self.lift_broken[z.index()];
        self.lift_used[z.index()] = true;
        let pp = self.p;
        let name = pp.names[who].as_str();
        if busy || broken {
            let next = self.turn + 1;
            self.delay(who, next);
            let why = if broken { "damaged" } else { "in use" };
            note!(
                self,
                rules::ACTIONS,
                Said(name, "lift"),
                "{} → {}; the gravolift is {why}, so the action of turn {next} is delayed",
                from.as_str(),
                to.as_str()
            );
        } else {
            note!(
                self,
                rules::ACTIONS,
                Said(name, "lift"),
                "{} → {}",
                from.as_str(),
                to.as_str()
            );
        }
        self.entered(who);
    }

    /// Walking into a slimed or contaminated station (appendix 7.2).
    pub fn entered(&mut self, who: usize) {
        let st = self.crew[who].station;
        for i in 0..self.threats.len() {
            let t = self.threats[i];
            let spec = &self.p.threats[i];
            let lingering =
                t.status == Status::Active || (t.z_done && t.status == Status::Survived);
            if !lingering || !t.at(st) {
                continue;
            }
            if spec.has(Special::Slime) {
                let next = self.turn + 1;
                self.delay(who, next);
                note!(
                    self,
                    rules::SLIME,
                    self.p.names[who].clone(),
                    "enters a station with {}: the action of turn {next} is delayed",
                    spec.card.name
                );
            }
            if spec.has(Special::Contamination) && t.z_done {
                self.knock_out(who);
                note!(
                    self,
                    rules::CONTAMINATION,
                    self.p.names[who].clone(),
                    "enters a station {} still holds after its Z: knocked out",
                    spec.card.name
                );
            }
        }
    }

    fn in_space(&mut self, who: usize, action: Action) {
        let pp = self.p;
        let name = pp.names[who].as_str();
        match action {
            Action::A | Action::HeroicA | Action::Robots | Action::HeroicRobots => {
                self.pilot_heroic = action == Action::HeroicRobots;
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name, action.word()),
                    "stays out with the interceptors and attacks again{}",
                    if self.pilot_heroic {
                        " (heroic: +1 strength)"
                    } else {
                        ""
                    }
                );
            }
            Action::None => {
                self.return_from_space(who);
                note!(
                    self,
                    rules::ACTIONS,
                    name,
                    "no card while in the interceptors: back to the upper red station with the battle bots"
                );
            }
            other => {
                let slot = self.turn;
                // The card moves one turn later; the freed slot is the return.
                self.crew[who].delayed_slot = 0;
                self.delay(who, slot);
                self.return_from_space(who);
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name, other.word()),
                    "only A keeps the interceptors out: back to the upper red station, the card moves to turn {}",
                    slot + 1
                );
            }
        }
    }

    fn return_from_space(&mut self, who: usize) {
        self.crew[who].in_space = false;
        self.crew[who].station = StationId::UpperRed;
        self.pilot = None;
        self.entered(who);
    }

    /// A, B or C at a malfunctioning system repairs it (§3.2). True when the card was spent
    /// on a malfunction (repaired, or broken for good).
    fn try_repair(&mut self, who: usize, action: Action) -> bool {
        let Some(letter) = letter_of(action) else {
            return false;
        };
        let st = self.crew[who].station;
        let mut broken_for_good = false;
        let mut target = None;
        for i in 0..self.threats.len() {
            let spec = &self.p.threats[i];
            let t = &self.threats[i];
            if !spec.malfunction() || spec.card.fix_with != Some(letter) || !t.at(st) {
                continue;
            }
            if t.status == Status::Active {
                target = Some(i);
                break;
            }
            if t.z_done && t.status == Status::Survived {
                broken_for_good = true;
            }
        }
        let pp = self.p;
        let name = pp.names[who].as_str();
        let Some(i) = target else {
            if broken_for_good {
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name, action.word()),
                    "the system at {} is broken for good (its malfunction did its Z): no effect",
                    st.as_str()
                );
            }
            return broken_for_good;
        };
        let spec = &self.p.threats[i];
        let heroic = action.is_heroic();
        let amount = if heroic { self.p.ship.heroic_repair } else { 1 };
        self.threats[i].repaired_at |= 1 << st.index();
        if spec.has(Special::ThreePlayers) {
            self.threats[i].repairers += 1;
            note!(
                self,
                rules::NUCLEAR,
                Said(name, action.word()),
                "works on {} ({} this turn; it needs {} in one turn)",
                spec.card.name,
                self.threats[i].repairers,
                self.p.ship.nuclear_repairers
            );
            return true;
        }
        self.threats[i].damage = self.threats[i].damage.saturating_add(amount);
        let (dmg, hp) = (self.threats[i].damage, self.threats[i].hp);
        note!(
            self,
            rules::ACTIONS,
            Said(name, action.word()),
            "{} at {} takes {amount} ({dmg}/{hp}){}",
            spec.card.name,
            st.as_str(),
            if heroic { " — heroic repair" } else { "" }
        );
        if dmg >= hp {
            self.internal_destroyed(i, Some(who));
        }
        true
    }

    fn system(&mut self, who: usize, action: Action) {
        let st = self.crew[who].station;
        let s = st.index();
        let heroic = action.is_heroic();
        let pp = self.p;
        let name = pp.names[who].as_str();
        let z = st.zone().index();
        match action {
            Action::A | Action::HeroicA => {
                let weapon = self.p.ship.a[s];
                if self.fired[s] > 0 {
                    note!(
                        self,
                        rules::ACTIONS,
                        Said(name, action.word()),
                        "the {} already fired this turn: no effect",
                        weapon.as_str()
                    );
                    return;
                }
                let cost_ok = match weapon {
                    ActionA::LightLaser => true,
                    ActionA::HeavyLaser => self.reactors[z] > 0,
                    ActionA::PulseCannon => self.reactors[ZoneId::White.index()] > 0,
                };
                if !cost_ok {
                    note!(
                        self,
                        rules::ACTIONS,
                        Said(name, action.word()),
                        "no energy in the reactor for the {}: no effect",
                        weapon.as_str()
                    );
                    return;
                }
                match weapon {
                    ActionA::HeavyLaser => self.reactors[z] -= 1,
                    ActionA::PulseCannon => self.reactors[ZoneId::White.index()] -= 1,
                    ActionA::LightLaser => {}
                }
                self.fired[s] = if heroic { 2 } else { 1 };
                note!(
                    self,
                    rules::ACTIONS,
                    Said(name, action.word()),
                    "fires the {} of the {} zone{}",
                    weapon.as_str(),
                    st.zone().as_str(),
                    if heroic { " (heroic: +1 strength)" } else { "" }
                );
            }
            Action::B | Action::HeroicB => self.transfer(who, heroic),
            Action::C => self.station_c(who),
            _ => {}
        }
    }

    fn transfer(&mut self, who: usize, heroic: bool) {
        let st = self.crew[who].station;
        let z = st.zone().index();
        let w = ZoneId::White.index();
        let bonus = if heroic {
            self.p.ship.heroic_transfer
        } else {
            0
        };
        let pp = self.p;
        let name = Said(&pp.names[who], if heroic { "heroic B" } else { "B" });
        match self.p.ship.b[st.index()] {
            ActionB::Shield => {
                let moved = self.shield_cap[z]
                    .saturating_sub(self.shields[z])
                    .min(self.reactors[z]);
                self.reactors[z] -= moved;
                self.shields[z] += moved;
                let extra = if moved > 0 { bonus } else { 0 };
                self.shields[z] += extra;
                note!(
                    self,
                    rules::ACTIONS,
                    name,
                    "{moved} energy from the {} reactor to its shield{} (shield {}, reactor {})",
                    st.zone().as_str(),
                    if extra > 0 { " +1 heroic" } else { "" },
                    self.shields[z],
                    self.reactors[z]
                );
            }
            ActionB::SideReactor => {
                let moved = self.reactor_cap[z]
                    .saturating_sub(self.reactors[z])
                    .min(self.reactors[w]);
                self.reactors[w] -= moved;
                self.reactors[z] += moved;
                let extra = if moved > 0 { bonus } else { 0 };
                self.reactors[z] += extra;
                note!(
                    self,
                    rules::ACTIONS,
                    name,
                    "{moved} energy from the central reactor to the {} reactor{} (now {}, central {})",
                    st.zone().as_str(),
                    if extra > 0 { " +1 heroic" } else { "" },
                    self.reactors[z],
                    self.reactors[w]
                );
            }
            ActionB::Refuel => {
                if self.fuel == 0 {
                    note!(
                        self,
                        rules::ACTIONS,
                        name,
                        "no fuel capsule left: no effect"
                    );
                    return;
                }
                self.fuel -= 1;
                let before = self.reactors[w];
                self.reactors[w] = self.reactor_cap[w].max(before);
                let extra = if self.reactors[w] > before { bonus } else { 0 };
                self.reactors[w] += extra;
                note!(
                    self,
                    rules::ACTIONS,
                    name,
                    "spends a fuel capsule: central reactor {before} → {}{} ({} capsules left)",
                    self.reactors[w],
                    if extra > 0 { " (+1 heroic)" } else { "" },
                    self.fuel
                );
            }
        }
    }

    /// The C button: what it does depends on the station (the computer, visual
    /// confirmation, the rockets, the battle bots, the interceptors).
    fn station_c(&mut self, who: usize) {
        let st = self.crew[who].station;
        let pp = self.p;
        let name = Said(&pp.names[who], "C");
        match self.p.ship.c[st.index()] {
            ActionC::Computer => self.computer_maintenance(who),
            ActionC::VisualConfirmation => {
                self.vc_turn += 1;
                note!(
                    self,
                    rules::ACTIONS,
                    name,
                    "visual confirmation ({} this turn)",
                    self.vc_turn
                );
            }
            ActionC::Rockets => {
                let warheads = (0..self.threats.len())
                    .any(|i| self.threats[i].active() && self.p.threats[i].has(Special::Warheads));
                if warheads {
                    note!(
                        self,
                        rules::WARHEADS,
                        name,
                        "no rocket may be launched while the Unstable Warheads are in play: no effect"
                    );
                } else if self.rockets == 0 || self.rocket_space[0] {
                    note!(
                        self,
                        rules::ACTIONS,
                        name,
                        "no rocket left or the first space is taken: no effect"
                    );
                } else {
                    self.rockets -= 1;
                    self.rocket_space[0] = true;
                    note!(
                        self,
                        rules::ACTIONS,
                        name,
                        "launches a rocket ({} left); it hits next turn",
                        self.rockets
                    );
                }
            }
            ActionC::Robots => {
                let s = st.index();
                let c = self.crew[who].robots;
                match (c, self.stored[s]) {
                    (Robots::Disabled, _) => {
                        self.crew[who].robots = Robots::Active;
                        note!(
                            self,
                            rules::ACTIONS,
                            name,
                            "stands the battle bots up again: active"
                        );
                    }
                    (Robots::None, Stored::Present) => {
                        self.stored[s] = Stored::Taken;
                        self.crew[who].robots = Robots::Active;
                        note!(
                            self,
                            rules::ACTIONS,
                            name,
                            "takes the battle bots of {}: active, they follow",
                            st.as_str()
                        );
                    }
                    (Robots::None, Stored::DisabledPresent) => {
                        self.stored[s] = Stored::Taken;
                        self.crew[who].robots = Robots::Disabled;
                        note!(
                            self,
                            rules::SLIME,
                            name,
                            "takes the disabled battle bots: they follow, still disabled"
                        );
                    }
                    _ => note!(
                        self,
                        rules::ACTIONS,
                        name,
                        "no battle bots to take or wake: no effect"
                    ),
                }
            }
            ActionC::Interceptors => {
                let taken = self.pilot.is_some();
                if self.crew[who].robots != Robots::Active || taken {
                    note!(
                        self,
                        rules::ACTIONS,
                        name,
                        "needs active battle bots and free interceptors: no effect"
                    );
                } else {
                    self.crew[who].in_space = true;
                    self.pilot = Some(who);
                    self.pilot_heroic = false;
                    note!(
                        self,
                        rules::ACTIONS,
                        name,
                        "takes the interceptors out with the battle bots; they attack this turn"
                    );
                }
            }
        }
    }

    /// §3.2 (mantenimiento informático) and §3.5: the cube counts for the check of the
    /// action's own phase, and only when played in that phase's first two turns; a later C
    /// does not carry over to the next phase.
    fn computer_maintenance(&mut self, who: usize) {
        let pp = self.p;
        let name = Said(&pp.names[who], "C");
        let phase = self.phase(self.turn);
        let Some(&check) = pp.ship.computer_checks.get(phase) else {
            return;
        };
        if self.turn > check {
            note!(
                self,
                rules::COMPUTER,
                name,
                "turn {} is past the first two turns of its phase: the maintenance counts for no check (no effect)",
                self.turn
            );
        } else if self.computer[phase] {
            note!(
                self,
                rules::ACTIONS,
                name,
                "the computer box already holds a cube: no effect"
            );
        } else {
            self.computer[phase] = true;
            note!(
                self,
                rules::ACTIONS,
                name,
                "computer maintenance for the check after turn {check}"
            );
        }
    }

    fn robots_attack(&mut self, who: usize, heroic: bool) {
        let st = self.crew[who].station;
        let pp = self.p;
        let name = Said(
            &pp.names[who],
            if heroic { "heroic robots" } else { "robots" },
        );
        if self.crew[who].robots != Robots::Active {
            note!(
                self,
                rules::ACTIONS,
                name,
                "no active battle bots: no effect"
            );
            return;
        }
        let target = (0..self.threats.len()).find(|&i| {
            let spec = &self.p.threats[i];
            self.threats[i].active()
                && spec.card.internal_kind == Some(InternalKind::Intruder)
                && spec.card.fix_with == Some(FixWith::Robots)
                && self.threats[i].at(st)
        });
        let Some(i) = target else {
            note!(
                self,
                rules::ACTIONS,
                name,
                "no intruder at {}: no effect",
                st.as_str()
            );
            return;
        };
        let spec = &self.p.threats[i];
        let threat_name = spec.card.name.as_str();
        if spec.has(Special::Contamination) {
            self.threats[i].tokens &= !(1 << st.index());
            self.threats[i].damage += 1;
            note!(
                self,
                rules::CONTAMINATION,
                name,
                "removes {threat_name} from {} ({}/{})",
                st.as_str(),
                self.threats[i].damage,
                self.threats[i].hp
            );
        } else if spec.has(Special::Slime) && self.threats[i].home != Some(st) {
            self.threats[i].tokens &= !(1 << st.index());
            note!(
                self,
                rules::SLIME,
                name,
                "destroys an offspring of {threat_name} at {}",
                st.as_str()
            );
        } else {
            self.threats[i].damage += 1;
            note!(
                self,
                rules::ACTIONS,
                name,
                "hits {threat_name} ({}/{})",
                self.threats[i].damage,
                self.threats[i].hp
            );
            if spec.has(Special::Slime) && self.threats[i].damage >= self.threats[i].hp {
                self.threats[i].tokens &= !(1 << st.index());
                self.threats[i].home = None;
                if self.threats[i].tokens != 0 {
                    note!(
                        self,
                        rules::SLIME,
                        threat_name,
                        "the original is destroyed and leaves {}; the card and its time token stay until its offspring are destroyed or it does its Z",
                        st.as_str()
                    );
                }
            }
        }
        let fires_back =
            spec.card.fires_back && (!spec.has(Special::Alien) || self.threats[i].grown);
        if fires_back && !heroic {
            self.crew[who].robots = Robots::Disabled;
            let rule = if spec.has(Special::Alien) {
                rules::ALIEN
            } else {
                rules::ACTIONS
            };
            note!(
                self,
                rule,
                self.p.names[who].clone(),
                "{threat_name} fires back: the battle bots are disabled"
            );
        }
        if self.internal_beaten(i) {
            self.internal_destroyed(i, Some(who));
        }
    }

    /// Whether an internal threat is gone. The Slime's card stays while any of its tokens
    /// does: its original may be destroyed and its offspring live on (appendix 7.2, Lodo
    /// reptante).
    pub fn internal_beaten(&self, i: usize) -> bool {
        let t = &self.threats[i];
        if self.p.threats[i].has(Special::Slime) {
            t.home.is_none() && t.tokens == 0
        } else {
            t.damage >= t.hp
        }
    }

    pub fn internal_destroyed(&mut self, i: usize, by: Option<usize>) {
        self.threats[i].status = Status::Destroyed;
        self.threats[i].tokens = 0;
        self.threats[i].destroyed_turn = self.turn;
        let spec = &self.p.threats[i];
        note!(
            self,
            rules::ACTIONS,
            spec.card.name.clone(),
            "destroyed: the captain keeps the card"
        );
        if spec.has(Special::OverheatKnockout) {
            for w in 0..self.ncrew {
                let c = self.crew[w];
                if !c.in_space && matches!(c.station, StationId::LowerRed | StationId::LowerBlue) {
                    self.knock_out(w);
                    note!(
                        self,
                        rules::OVERHEATED,
                        self.p.names[w].clone(),
                        "in {} when the reactor is fixed: knocked out",
                        c.station.as_str()
                    );
                }
            }
        }
        if spec.has(Special::Seeker)
            && let Some(w) = by
        {
            self.knock_out(w);
            note!(
                self,
                rules::SEEKER,
                self.p.names[w].clone(),
                "destroyed the Seeker: knocked out with the battle bots"
            );
        }
        if spec.has(Special::Fissure) {
            self.double = [false; 3];
        }
    }

    /// After every player: visual confirmation and the appendix's same-turn repairs.
    fn after_actions(&mut self) {
        if self.vc_turn > 0 {
            let phase = self.phase(self.turn);
            let players = self.vc_turn.min(MAX_CREW as u8);
            if players > self.vc_best[phase] {
                let before = self.vc_best[phase];
                self.vc_best[phase] = players;
                note!(
                    self,
                    rules::ACTIONS,
                    "visual confirmation",
                    "{players} crew member(s) this turn: the phase {} cube goes on {players}{}",
                    phase + 1,
                    if before > 0 {
                        format!(" (up from {before})")
                    } else {
                        String::new()
                    }
                );
            } else {
                note!(
                    self,
                    rules::ACTIONS,
                    "visual confirmation",
                    "{players} this turn is not above the phase's {}: no effect",
                    self.vc_best[phase]
                );
            }
        }
        for i in 0..self.threats.len() {
            if !self.threats[i].active() {
                continue;
            }
            let spec = &self.p.threats[i];
            let t = self.threats[i];
            let all = spec
                .card
                .stations
                .iter()
                .all(|s| t.repaired_at & (1 << s.index()) != 0);
            let mut bonus = 0;
            if spec.has(Special::BothStationsBonus) && all {
                bonus = self.p.ship.uprising_bonus;
                note!(
                    self,
                    rules::UPRISING,
                    spec.card.name.clone(),
                    "repaired at both stations this turn: {bonus} more"
                );
            }
            if spec.has(Special::AllStationsBonus) && all {
                bonus = self.p.ship.overload_bonus;
                note!(
                    self,
                    rules::OVERLOAD,
                    spec.card.name.clone(),
                    "repaired at all three stations this turn: {bonus} more"
                );
            }
            if spec.has(Special::ThreePlayers) && t.repairers > 0 {
                if t.repairers >= self.p.ship.nuclear_repairers {
                    self.threats[i].damage = self.threats[i].hp;
                    note!(
                        self,
                        rules::NUCLEAR,
                        spec.card.name.clone(),
                        "{} crew members repaired it together: defused",
                        t.repairers
                    );
                } else {
                    note!(
                        self,
                        rules::NUCLEAR,
                        spec.card.name.clone(),
                        "only {} repaired it this turn: no effect",
                        t.repairers
                    );
                }
            }
            if bonus > 0 {
                self.threats[i].damage = self.threats[i].damage.saturating_add(bonus);
            }
            if self.threats[i].active() && self.internal_beaten(i) {
                self.internal_destroyed(i, None);
            }
        }
    }
}
