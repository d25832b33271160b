//! What the pictures of a mission need (`resolve --output html|svg`): after each turn, the
//! ship (zones, decks, reactors, shields, damage, crew) and the trajectories with the threat
//! tokens, as the report layer's plain [`ShipBoard`]. Taken by the engine's snapshot when
//! the trace is on; nothing here changes what the engine does.

use super::engine::Engine;
use super::state::{Robots as EngineRobots, Status};
use crate::cards::spacealert::{Deck as CardDeck, StationId, Trajectory};
use crate::parse::scenario::spacealert::Mission;
use crate::report::picture::spacealert::{
    CrewMember, Deck, InternalThreat, Place, Robots, ShipBoard, Station, ThreatToken, Track, Zone,
};

/// The mission's trajectories without threats: red, white, blue, then the internal one.
pub fn tracks(m: &Mission<'_>) -> Vec<Track> {
    let shape = |zone: Option<usize>, t: &Trajectory| Track {
        zone,
        name: t.name.clone(),
        length: t.length,
        x: t.x,
        y: t.y.clone(),
        z: t.z,
        threats: Vec::new(),
    };
    let mut tracks: Vec<Track> = m
        .tracks
        .iter()
        .enumerate()
        .map(|(zone, t)| shape(Some(zone), t))
        .collect();
    tracks.extend(m.internal_track.map(|t| shape(None, t)));
    tracks
}

fn station(id: StationId) -> Station {
    Station {
        zone: id.zone().index(),
        deck: match id.deck() {
            CardDeck::Upper => Deck::Upper,
            CardDeck::Lower => Deck::Lower,
        },
    }
}

impl Engine<'_> {
    /// The ship and trajectories now, on the trajectories the log was given.
    pub fn board(&self) -> ShipBoard {
        let ship = &self.p.ship;
        let zones = std::array::from_fn(|i| Zone {
            reactor: (self.reactors[i], self.reactor_cap[i]),
            shield: (self.shields[i], self.shield_cap[i]),
            damage: (self.tiles_drawn[i], ship.tiles_per_zone),
        });
        let crew = self.crew[..self.ncrew]
            .iter()
            .enumerate()
            .map(|(i, c)| CrewMember {
                name: self.p.names.get(i).cloned().unwrap_or_default(),
                android: self.p.androids.get(i).copied().unwrap_or(false),
                place: if c.in_space {
                    Place::Interceptors
                } else {
                    Place::Station(station(c.station))
                },
                robots: match c.robots {
                    EngineRobots::None => Robots::None,
                    EngineRobots::Active => Robots::Active,
                    EngineRobots::Disabled => Robots::Disabled,
                },
                knocked_out: c.out,
            })
            .collect();
        let mut board = ShipBoard {
            zones,
            crew,
            tracks: self.log.tracks.clone(),
            internal: Vec::new(),
            rockets: self.rockets,
            rocket_flying: match self.rocket_space {
                [true, _] => Some(1),
                [false, true] => Some(2),
                _ => None,
            },
            lost: self.lost.as_ref().map(|(_, cause)| cause.clone()),
        };
        self.place_threats(&mut board);
        board
    }

    /// Each active threat's token on its trajectory; an internal one's tokens in stations.
    /// A token's number is the time of the threat's announcement (§3.1), as in the trace.
    fn place_threats(&self, board: &mut ShipBoard) {
        for (t, spec) in self.threats.iter().zip(&self.p.threats) {
            if t.status != Status::Active {
                continue;
            }
            let token = ThreatToken {
                token: spec.turn,
                name: spec.card.name.clone(),
                space: t.pos,
                health: (t.hp.saturating_sub(t.damage), t.hp),
            };
            let track = board
                .tracks
                .iter_mut()
                .find(|track| track.zone == spec.zone.map(|z| z.index()));
            if let Some(track) = track {
                track.threats.push(token);
            }
            if spec.zone.is_none() {
                let stations = StationId::ALL
                    .iter()
                    .filter(|s| t.at(**s))
                    .map(|s| station(*s))
                    .collect();
                board.internal.push(InternalThreat {
                    token: spec.turn,
                    name: spec.card.name.clone(),
                    stations,
                });
            }
        }
    }
}
