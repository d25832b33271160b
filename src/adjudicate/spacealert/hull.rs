//! §3.4 "Ataque n": an attack on a zone, its shield, and the damage tiles drawn for what
//! gets through (6 a zone; a 7th destroys the ship). Destroyer and Fissure double the tiles.

use super::engine::{Engine, note};
use super::rules;
use crate::cards::spacealert::{StationId, Tile, ZoneId};

/// Where an attack comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// An external threat's attack: shields apply, Scout bonus and Destroyer rules too.
    External { threat: usize, ignore_shields: bool },
    /// An internal threat's damage: shields do not apply.
    Internal,
}

impl Engine<'_> {
    /// Deal `amount` to `zone`; returns the damage that got through.
    pub fn hit_zone(&mut self, zone: ZoneId, amount: u8, source: Source) -> u8 {
        let z = zone.index();
        let mut amount = amount;
        let mut absorbed = 0;
        let mut double_tiles = false;
        if let Source::External {
            threat,
            ignore_shields,
        } = source
        {
            if let Some(scout) = self.attack_bonus_from
                && scout != threat
                && amount > 0
            {
                amount += 1;
            }
            if !ignore_shields {
                absorbed = self.shields[z].min(amount);
                self.shields[z] -= absorbed;
            }
            double_tiles =
                self.p.threats[threat].has(crate::cards::spacealert::Special::DoubleDamageTiles);
        }
        let through = amount - absorbed;
        let mut tiles = u16::from(through);
        if double_tiles {
            tiles *= 2;
        }
        if self.double[z] {
            tiles *= 2;
        }
        let zone_name = zone.as_str();
        note!(
            self,
            rules::THREATS,
            format!("attack on the {zone_name} zone"),
            "{amount} against shield {}: {absorbed} absorbed, {through} through{}{}",
            absorbed + self.shields[z],
            if double_tiles {
                " (Destructor: 2 tiles each)"
            } else {
                ""
            },
            if self.double[z] {
                " (Fisura: doubled)"
            } else {
                ""
            }
        );
        if double_tiles && through > 0 {
            note!(
                self,
                rules::DESTROYER,
                "Destructor",
                "draws 2 damage tiles for each damage past the shield"
            );
        }
        if self.double[z] && through > 0 {
            note!(
                self,
                rules::FISSURE,
                "Fisura",
                "damage to the {zone_name} zone is doubled"
            );
        }
        for _ in 0..tiles {
            self.draw_tile(zone);
            if self.lost.is_some() {
                break;
            }
        }
        through
    }

    fn draw_tile(&mut self, zone: ZoneId) {
        let z = zone.index();
        let drawn = self.tiles_drawn[z];
        if drawn >= self.p.ship.tiles_per_zone {
            self.tiles_drawn[z] = drawn.saturating_add(1);
            note!(
                self,
                rules::THREATS,
                format!("damage to the {} zone", zone.as_str()),
                "a seventh damage tile is needed: the ship is destroyed"
            );
            self.lose(format!(
                "a seventh damage tile in the {} zone",
                zone.as_str()
            ));
            return;
        }
        let tile = self.p.tiles[z][usize::from(drawn)];
        self.tiles_drawn[z] = drawn + 1;
        let upper = StationId::at(zone, crate::cards::spacealert::Deck::Upper).index();
        let lower = StationId::at(zone, crate::cards::spacealert::Deck::Lower).index();
        let what = match tile {
            Tile::Structure => "structural damage".to_string(),
            Tile::HeavyLaser => {
                self.strength_loss[upper] += 1;
                "the heavy laser loses 1 strength".to_string()
            }
            Tile::LightLaser => {
                self.strength_loss[lower] += 1;
                "the light laser loses 1 strength".to_string()
            }
            Tile::PulseCannon => {
                self.pulse_range_loss += 1;
                "the pulse cannon loses 1 range".to_string()
            }
            Tile::Shield => {
                self.shield_cap[z] = self.shield_cap[z].saturating_sub(1);
                self.shields[z] = self.shields[z].min(self.shield_cap[z]);
                format!("the shield holds {} at most", self.shield_cap[z])
            }
            Tile::Reactor => {
                self.reactor_cap[z] = self.reactor_cap[z].saturating_sub(1);
                self.reactors[z] = self.reactors[z].min(self.reactor_cap[z]);
                format!("the reactor holds {} at most", self.reactor_cap[z])
            }
            Tile::Lift => {
                self.lift_broken[z] = true;
                "the gravolift is damaged".to_string()
            }
        };
        note!(
            self,
            rules::THREATS,
            format!("damage tile, {} zone", zone.as_str()),
            "tile {} of {}: {what}",
            drawn + 1,
            self.p.ship.tiles_per_zone
        );
    }
}
