//! Reading what the user names: files, standard input, folders. Every command reads its
//! inputs through here, so that every read has a ceiling and every folder walk ends.

mod line_ends;
mod lists;
mod read;
mod toml_density;
mod toml_nesting;
mod walk;

pub use line_ends::{lines, lone_cr_as_lf, lone_cr_as_lf_text};
pub use lists::{Input, LIST_EXTENSIONS, list_inputs};
pub use read::{STDIN, Unread, display_name, read_bounded};
pub use toml_density::{DATA_FILE, Density, DensityLimits, SCENARIO, TooDense, too_dense};
pub use toml_nesting::{MAX_TOML_NESTING, too_deep};
pub use walk::{Found, Skipped, Walk, walk, walk_lazily};
