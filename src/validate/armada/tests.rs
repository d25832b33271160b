//! Tests of fleet validation (filled in the next commit).
