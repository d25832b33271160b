//! The sections of the Talon rulebook (Talon, Spanish rulebook) the Talon engines cite, each as it
//! starts its line in the rulebook.

use crate::adjudicate::Cite;

const fn talon(section: &'static str) -> Cite {
    Cite {
        document: "Talon — Reglamento",
        version: "2015",
        section,
    }
}

pub const SEQUENCE: Cite = talon("3.1 Rondas, Impulsos y Turnos");
pub const SEQUENCE_SUMMARY: Cite = talon("3.2 Resumen de la Secuencia de Juego");
pub const POWER_SPENT: Cite = talon("6.1 Gasto de Energía Disponible (ED)");
pub const MOVEMENT: Cite = talon("7.1 Movimiento");
pub const TURN: Cite = talon("7.2 Giro");
pub const TURN_RADIUS: Cite = talon("(7.2.2) Radio de Giro");
pub const SIDESLIP: Cite = talon("7.3 Deslizamiento Lateral");
pub const SIDESLIP_MARKER: Cite = talon("(7.3.2) Marcadores de");
pub const COLLISIONS: Cite = talon("7.4 Colisiones");
pub const FLOATING_MAP: Cite = talon("7.5 Mapa Flotante");
pub const IMPULSE_CHART: Cite = talon("4.1 EL CONTADOR DE IMPULSOS");
pub const INITIATIVE: Cite = talon("4.2 Control de la Iniciativa");
pub const SHIP_FACTS: Cite = talon("5.1 Características de las Naves");
pub const FIRING_ARCS: Cite = talon("5.3 Arco de Disparo y Arco de Escudo");
pub const SHIELD_ARCS: Cite = talon("(5.3.2) Arcos de Escudos");
pub const SPEED_CHANGE: Cite = talon("(5.4.3) Cambio de Velocidad");
pub const HULL_DAMAGE_POWER: Cite = talon("(5.4.4) Efectos en el Daño del Casco");
pub const POWER_BELOW_ZERO: Cite = talon("(5.4.5) Energía Inferior a Cero");
pub const REINFORCE: Cite = talon("6.2 Reforzar un Arco de Escudos");
pub const CHARGE_BAR: Cite = talon("8.1 Barra de Carga");
pub const TARGET_RESTRICTIONS: Cite = talon("(8.2.2) Restricciones:");
pub const FIRING: Cite = talon("8.3 Procedimiento para el Disparo");
pub const DAMAGE: Cite = talon("8.4 Daño y Críticos");
pub const POWER_MODIFIERS: Cite = talon("(8.4.2) Modificadores a la Energía");
pub const CRITICAL_BOX: Cite = talon("(8.4.3) Casilla de Casco Crítica");
pub const CRITICAL_TABLE: Cite = talon("8.5 Tabla de Daños Críticos");
pub const DESTRUCTION: Cite = talon("8.6 Destrucción de una Nave");
pub const BLAST: Cite = talon("(8.6.2) Daño por Explosión");
pub const FIGHTER_BLAST: Cite = talon("(8.6.4) Cazas y Explosiones");
pub const ENERGY_PHASE: Cite = talon("9.1 En General");
pub const CHARGING: Cite = talon("9.2 Carga de Armas");
pub const PASSIVE_CHARGE: Cite = talon("(9.2.1) Carga Pasiva de Casillas");
pub const RED_CHARGE: Cite = talon("(9.2.2) Carga de Casillas Rojas");
pub const CURVE_CHANGE: Cite = talon("9.3 Modificación de la Curva de");
pub const END_OF_TURN: Cite = talon("9.4 Actividades de Final de Turno");
pub const FTL_WARM_UP: Cite = talon("(11.1.3) Calentado y Sin Calentar");
pub const RETREAT_RESTRICTIONS: Cite = talon("(11.1.4) Restricciones a las Retiradas:");
pub const FIGHTERS: Cite = talon("(12.1.2) Características");
pub const MISSILE_LAUNCH: Cite = talon("13.2 Lanzamiento de Misiles");
pub const BASES: Cite = talon("14. BASES");
pub const WAVE_MOTION_PUSH: Cite = talon("(15.1.2) Efecto del Desplazamiento");
pub const FUSION_CANNON: Cite = talon("15.2 Cañón de Fusión");
pub const FUSION_DAMAGE: Cite = talon("(15.2.2) Resolución del Daño del Cañón de");

pub const FIGHTERS_GENERAL: Cite = talon("(11.1.1) En General: Las fichas de Cazas");
pub const FIGHTER_TARGET: Cite = talon("(12.1.3) Escogiendo Cazas como Objetivo");
pub const FIGHTER_POWER_GENERAL: Cite = talon("(12.2.1) En General: Un Portanaves o Base");
pub const FIGHTER_POWER: Cite = talon("(12.2.2) Transmisión de Energía a FTRs");
pub const FIGHTER_POWER_LIMITS: Cite = talon("(12.2.3) Restricciones:");
pub const MISSILE_TRACKING: Cite = talon("13.3 Seguimiento del Objetivo");
pub const MISSILE_MOVEMENT: Cite = talon("14.3 Movimiento de Misiles");
pub const MISSILE_DETONATION: Cite = talon("13.5 Detonación de Misiles");
pub const MISSILE_SHOT_DOWN: Cite = talon("13.6 Derribo de Misiles");
pub const MISSILE_RETARGET: Cite = talon("13.7 Selección de Nuevo Objetivo de");
pub const MISSILE_BLAST: Cite = talon("(8.6.5) Misiles y Explosiones");
pub const BLOCKED_SHOTS: Cite = talon("(8.2.3) Disparos Bloqueados");
pub const REINFORCE_LIMITS: Cite = talon("(6.2.2) Restricciones a la Colocación:");
pub const REINFORCE_EXPIRY: Cite = talon("(6.2.3) Retirada: Los marcadores de");
pub const REPAIR: Cite = talon("8.7 Reparación de Daños Críticos");
pub const BATTERIES: Cite = talon("10.1 Baterías");
pub const BATTERY_WHEN: Cite = talon("(10.1.2) Cuándo");
pub const BATTERY_RECHARGE: Cite = talon("(10.1.3) Recarga de una Batería");
pub const AFTERBURNERS: Cite = talon("(10.2.2) Propósito: En cualquier Impulso en");
pub const AFTERBURNER_LIMIT: Cite = talon("(18.2.3) Restricciones: Cada nave sólo");
pub const RETREAT: Cite = talon("(11.1.2) Procedimiento: Se logra la");
pub const FORCED_RETREAT: Cite = talon("(7.5.2) Retirada Obligatoria");
pub const TERRAIN_FLOAT: Cite = talon("(7.5.3) Terreno y Mapa Flotante");
pub const WAVE_MOTION_DAMAGE: Cite = talon("(15.1.3) El Daño del Arma no se resuelve");
pub const DOCKING: Cite = talon("16.1 Propósito");
pub const DOCKING_PROCEDURE: Cite = talon("16.2 Procedimiento de Atraque/");
pub const FIGHTERS_RETREAT: Cite = talon("13.6 Retirada de Escuadrones de");
pub const PLANETS: Cite = talon("17.2 Planetas");
pub const PLANET_BLOCKING: Cite = talon("(17.2.2) Bloqueo de Disparos y de");
pub const ASTEROIDS: Cite = talon("17.3 Asteroides");
pub const NEBULAE: Cite = talon("17.4 Nebulosas");
pub const TERRAIN_TARGETING: Cite = talon("17.5 Los Asteroides y las Nebulosas");
/// Printed "17.1 Efectos" under 18 (Agujeros Negros): the section is 18.1.
pub const BLACK_HOLES: Cite = talon("17.1 Efectos");
pub const GRAVITY: Cite = talon("18.2 Atracción Gravitatoria");
pub const WORMHOLES: Cite = talon("19. AGUJEROS DE GUSANO");

/// Every citation above, for the test that checks each is printed in the Talon rulebook.
pub const ALL: &[Cite] = &[
    SEQUENCE,
    SEQUENCE_SUMMARY,
    POWER_SPENT,
    MOVEMENT,
    TURN,
    TURN_RADIUS,
    SIDESLIP,
    SIDESLIP_MARKER,
    COLLISIONS,
    FLOATING_MAP,
    IMPULSE_CHART,
    INITIATIVE,
    SHIP_FACTS,
    FIRING_ARCS,
    SHIELD_ARCS,
    SPEED_CHANGE,
    HULL_DAMAGE_POWER,
    POWER_BELOW_ZERO,
    REINFORCE,
    CHARGE_BAR,
    TARGET_RESTRICTIONS,
    FIRING,
    DAMAGE,
    POWER_MODIFIERS,
    CRITICAL_BOX,
    CRITICAL_TABLE,
    DESTRUCTION,
    BLAST,
    FIGHTER_BLAST,
    ENERGY_PHASE,
    CHARGING,
    PASSIVE_CHARGE,
    RED_CHARGE,
    CURVE_CHANGE,
    END_OF_TURN,
    FTL_WARM_UP,
    RETREAT_RESTRICTIONS,
    FIGHTERS,
    MISSILE_LAUNCH,
    BASES,
    WAVE_MOTION_PUSH,
    FUSION_CANNON,
    FUSION_DAMAGE,
    FIGHTERS_GENERAL,
    FIGHTER_TARGET,
    FIGHTER_POWER_GENERAL,
    FIGHTER_POWER,
    FIGHTER_POWER_LIMITS,
    MISSILE_TRACKING,
    MISSILE_MOVEMENT,
    MISSILE_DETONATION,
    MISSILE_SHOT_DOWN,
    MISSILE_RETARGET,
    MISSILE_BLAST,
    BLOCKED_SHOTS,
    REINFORCE_LIMITS,
    REINFORCE_EXPIRY,
    REPAIR,
    BATTERIES,
    BATTERY_WHEN,
    BATTERY_RECHARGE,
    AFTERBURNERS,
    AFTERBURNER_LIMIT,
    RETREAT,
    FORCED_RETREAT,
    TERRAIN_FLOAT,
    WAVE_MOTION_DAMAGE,
    DOCKING,
    DOCKING_PROCEDURE,
    FIGHTERS_RETREAT,
    PLANETS,
    PLANET_BLOCKING,
    ASTEROIDS,
    NEBULAE,
    TERRAIN_TARGETING,
    BLACK_HOLES,
    GRAVITY,
    WORMHOLES,
];
