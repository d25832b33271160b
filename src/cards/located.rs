//! A record with the file and bytes it was read from.

use crate::report::FileId;
use std::ops::Range;

/// A record together with the file and byte range it was read from.
#[derive(Debug, Clone)]
pub struct Located<T> {
    pub value: T,
    pub file: FileId,
    pub span: Range<usize>,
}

impl<T> std::ops::Deref for Located<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}
