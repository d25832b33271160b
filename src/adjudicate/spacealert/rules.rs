//! The sections of the Space Alert rulebook (Space Alert — Reglamento, no version printed) the engine applies,
//! as printed. Appendix entries are cited by their entry line (`Destructor`, …), which the
//! seed prints on a line of its own under 7.1 or 7.2.

use super::super::Cite;

const DOC: &str = "Space Alert — Reglamento";

const fn cite(section: &'static str) -> Cite {
    Cite {
        document: DOC,
        version: "",
        section,
    }
}

pub const MESSAGES: Cite = cite("2.1 Los mensajes del ordenador");
pub const APPEARANCE: Cite = cite("3.1 La aparición de las amenazas");
pub const ACTIONS: Cite = cite("3.2 Las acciones de los jugadores");
pub const DAMAGE: Cite = cite("3.3 El cómputo del daño");
pub const THREATS: Cite = cite("3.4 Las acciones de las amenazas");
pub const COMPUTER: Cite = cite("3.5 La comprobación del mantenimiento informático");
pub const ROCKETS: Cite = cite("3.6 El impacto de los cohetes");
pub const SCORE: Cite = cite("4. LA PUNTUACIÓN");
pub const ANDROIDS: Cite = cite("5.3 La ronda de resolución");
pub const FIVE: Cite = cite("5.4 Variante: Cinco en la tripulación");

pub const STEALTH: Cite = cite("Caza furtivo, Caza fantasma");
pub const CRYOSHIELD: Cite = cite("Caza con crioscudo, Fragata con crioscudo");
pub const DESTROYER: Cite = cite("Destructor");
pub const ENERGY_CLOUD: Cite = cite("Nube de energía, Maelstrom");
pub const SCOUT: Cite = cite("Explorador");
pub const SWARM: Cite = cite("Enjambre");
pub const JELLYFISH: Cite = cite("Medusa");
pub const MARAUDER: Cite = cite("Saqueador");
pub const LEVIATHAN: Cite = cite("Leviatán de Abastecimiento");
pub const SATELLITES: Cite = cite("Satélite psiónico, Satélite de pulsos");
pub const BEHEMOTH: Cite = cite("Behemot");
pub const JUGGERNAUT: Cite = cite("Juggernaut");
pub const NEMESIS: Cite = cite("Némesis");
pub const ASTEROIDS: Cite = cite("Pequeño asteroide, Asteroide, Asteroide gigante");
pub const WARHEADS: Cite = cite("Ojivas inestables");
pub const SLIME: Cite = cite("Lodo reptante");
pub const OVERHEATED: Cite = cite("Reactor sobrecalentado");
pub const ALIEN: Cite = cite("Alien");
pub const FISSURE: Cite = cite("Fisura");
pub const UPRISING: Cite = cite("Revueita robótica");
pub const OVERLOAD: Cite = cite("Sobrecarga de energía");
pub const SEEKER: Cite = cite("Rastreador");
pub const CONTAMINATION: Cite = cite("Contaminación");
pub const NUCLEAR: Cite = cite("Dispositivo nuclear");

/// Every citation above, for the test that checks each is a line printed in the seed.
pub const ALL: &[Cite] = &[
    MESSAGES,
    APPEARANCE,
    ACTIONS,
    DAMAGE,
    THREATS,
    COMPUTER,
    ROCKETS,
    SCORE,
    ANDROIDS,
    FIVE,
    STEALTH,
    CRYOSHIELD,
    DESTROYER,
    ENERGY_CLOUD,
    SCOUT,
    SWARM,
    JELLYFISH,
    MARAUDER,
    LEVIATHAN,
    SATELLITES,
    BEHEMOTH,
    JUGGERNAUT,
    NEMESIS,
    ASTEROIDS,
    WARHEADS,
    SLIME,
    OVERHEATED,
    ALIEN,
    FISSURE,
    UPRISING,
    OVERLOAD,
    SEEKER,
    CONTAMINATION,
    NUCLEAR,
];
