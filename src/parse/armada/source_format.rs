//! The builders whose exports arbiter reads.

use serde::Serialize;

/// The builder an export comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceFormat {
    /// Ryan Kingston's Armada fleet builder (`Name:` … `• Upgrade (N)` … `Total Points:`).
    Kingston,
    /// Star Forge / Armada Legacy: the Kingston layout plus commander points, blank lines
    /// between blocks, `Gamemode:`, source tags.
    StarForge,
    /// Armada Warlords (`(N points)`, `= N total ship cost`).
    Warlords,
    /// Flagship (`Assault Objective:`, `- Upgrade (N)`, `= N points`).
    Flagship,
    /// The Armada Fleet Builder app (`Name (399/400)`, `Objectives: …`, `Nx Squadron`).
    FleetBuilderApp,
    /// Armada Fleets Designer (`Name (84/400/400)`, `Ship (96 + 37: 133)`, `+ Upgrade`).
    FleetsDesigner,
}

impl SourceFormat {
    pub const ALL: &'static [SourceFormat] = &[
        SourceFormat::Kingston,
        SourceFormat::StarForge,
        SourceFormat::Warlords,
        SourceFormat::Flagship,
        SourceFormat::FleetBuilderApp,
        SourceFormat::FleetsDesigner,
    ];

    /// The builder of an id [`SourceFormat::as_str`] gives.
    pub fn from_id(id: &str) -> Option<SourceFormat> {
        SourceFormat::ALL.iter().copied().find(|f| f.as_str() == id)
    }

    /// The id used in JSON output (`star-forge`).
    pub fn as_str(self) -> &'static str {
        match self {
            SourceFormat::Kingston => "kingston",
            SourceFormat::StarForge => "star-forge",
            SourceFormat::Warlords => "warlords",
            SourceFormat::Flagship => "flagship",
            SourceFormat::FleetBuilderApp => "fleet-builder-app",
            SourceFormat::FleetsDesigner => "fleets-designer",
        }
    }

    /// The builder's name for messages.
    pub fn title(self) -> &'static str {
        match self {
            SourceFormat::Kingston => "Ryan Kingston's builder",
            SourceFormat::StarForge => "Star Forge / Armada Legacy",
            SourceFormat::Warlords => "Armada Warlords",
            SourceFormat::Flagship => "Flagship",
            SourceFormat::FleetBuilderApp => "Armada Fleet Builder app",
            SourceFormat::FleetsDesigner => "Armada Fleets Designer",
        }
    }
}
