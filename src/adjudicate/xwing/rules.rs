//! The X-Wing rules the engine applies, as data: where each is written (document and
//! section heading exactly as printed in the Spanish Rules Reference) and the token colours.

use super::super::Cite;
use crate::parse::scenario::xwing::words::Token;

const DOC: &str = "Star Wars: X-Wing — Guía de referencia";
const VERSION: &str = "1.4.5";

const fn cite(section: &'static str) -> Cite {
    Cite {
        document: DOC,
        version: VERSION,
        section,
    }
}

pub const QUEUE: Cite = cite("COLA DE CAPACIDADES");
pub const QUEUE_FAQ: Cite = cite("CAPACIDADES Y LA COLA DE CAPACIDADES");
pub const EXAMPLE_2: Cite = cite("EJEMPLO DE COLA DE CAPACIDADES Nº 2");
pub const ACTIONS: Cite = cite("ACCIONES");
pub const STRESS: Cite = cite("TENSIÓN");
pub const JAM: Cite = cite("INTERFERENCIA (⚡)");
pub const DAMAGE: Cite = cite("DAÑO");
pub const DESTRUCTION: Cite = cite("DESTRUCCIÓN DE NAVES");
pub const TIMING: Cite = cite("MOMENTOS DE APLICACIÓN");
pub const DICE_MOD: Cite = cite("MODIFICACIÓN DE DADOS");
pub const MANEUVER: Cite = cite("MANIOBRA");
pub const ATTACK: Cite = cite("ATAQUE");
pub const DEFENDER: Cite = cite("DEFENSOR");
pub const ATTACK_BONUS: Cite = cite("ATAQUE ADICIONAL");
pub const ROUND: Cite = cite("RONDA");
pub const PLANNING: Cite = cite("FASE DE PLANIFICACIÓN");
pub const SYSTEM: Cite = cite("FASE DE SISTEMAS");
pub const ACTIVATION: Cite = cite("FASE DE ACTIVACIÓN");
pub const ENGAGEMENT: Cite = cite("FASE DE ENFRENTAMIENTO");
pub const SIMULTANEOUS: Cite = cite("REGLA DE ATAQUES SIMULTÁNEOS");
pub const END: Cite = cite("FASE FINAL");
pub const PLAYER_ORDER: Cite = cite("ORDEN DE LOS JUGADORES");
pub const TOKENS: Cite = cite("FICHAS");
pub const SHIELDS: Cite = cite("ESCUDOS");
pub const SETUP: Cite = cite("PREPARACIÓN");

/// Every citation above, for the test that checks each heading is printed in the seed.
pub const ALL: &[Cite] = &[
    QUEUE,
    QUEUE_FAQ,
    EXAMPLE_2,
    ACTIONS,
    STRESS,
    JAM,
    DAMAGE,
    DESTRUCTION,
    TIMING,
    DICE_MOD,
    MANEUVER,
    ATTACK,
    DEFENDER,
    ATTACK_BONUS,
    ROUND,
    PLANNING,
    SYSTEM,
    ACTIVATION,
    ENGAGEMENT,
    SIMULTANEOUS,
    END,
    PLAYER_ORDER,
    TOKENS,
    SHIELDS,
    SETUP,
];

/// Token colours, as each token's glossary entry gives them (CALCULOS, CONCENTRACIÓN, …). Green tokens are the ones "remove all green
/// tokens" and a jam token take away; the End phase removes green before orange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenColour {
    Green,
    Orange,
    Blue,
    Red,
}

pub fn colour(token: Token) -> TokenColour {
    match token {
        Token::Calculate | Token::Evade | Token::Focus | Token::Reinforce => TokenColour::Green,
        Token::Disarm | Token::Jam | Token::Tractor => TokenColour::Orange,
        Token::Cloak => TokenColour::Blue,
        Token::Deplete | Token::Ion | Token::Strain | Token::Stress => TokenColour::Red,
    }
}

/// Tokens a white action gives the ship that performs it.
pub fn action_token(action: crate::parse::scenario::xwing::words::Action) -> Option<Token> {
    use crate::parse::scenario::xwing::words::Action;
    match action {
        Action::Focus => Some(Token::Focus),
        Action::Evade => Some(Token::Evade),
        Action::Calculate => Some(Token::Calculate),
        Action::Reinforce => Some(Token::Reinforce),
        Action::Cloak => Some(Token::Cloak),
        _ => None,
    }
}
