//! The Armada rules the engine applies: where each is written (document and section heading
//! exactly as printed in the Spanish Rules Reference and Sector Fleets). Neither document
//! prints a version.

use super::super::Cite;

const RRG: &str = "Star Wars: Armada — Guía de referencia";
const SF: &str = "Star Wars: Armada — Flotas de Sector";

pub const TIMING: Cite = Cite {
    document: RRG,
    version: "",
    section: "USO Y MOMENTO DE APLICACIÓN DE EFECTOS",
};
pub const SF_EFFECTS: Cite = Cite {
    document: SF,
    version: "",
    section: "RESOLUCIÓN DE EFECTOS DE JUEGO",
};
pub const SF_TEAMMATES: Cite = Cite {
    document: SF,
    version: "",
    section: "Compañeros de equipo y el Gran Almirante",
};

/// Every citation above, for the test that checks each heading is printed in its seed.
pub const ALL: &[Cite] = &[TIMING, SF_EFFECTS, SF_TEAMMATES];
