//! PLACEHOLDER: Armada importer from isb-cards (being written).
use super::ImportedFiles;
use std::path::Path;

pub fn import(_source: &Path) -> Result<ImportedFiles, String> {
    Err("the isb importer is not written yet".to_string())
}
