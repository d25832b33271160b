//! PLACEHOLDER: X-Wing importer from xwing-data2 + xwing-points (being written).
use super::ImportedFiles;
use std::path::Path;

pub fn import(_source: &Path, _points: Option<&Path>) -> Result<ImportedFiles, String> {
    Err("the xwing-data2 importer is not written yet".to_string())
}
