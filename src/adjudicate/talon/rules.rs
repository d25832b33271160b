//! The sections of seed 004 (Talon, Spanish rulebook) the Talon engines cite, each as it
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

/// Every citation above, for the test that checks each is printed in seed 004.
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
];
