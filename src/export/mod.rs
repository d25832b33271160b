//! Writing squads back out in the formats players exchange, for `arbiter export`.

pub mod xwing;
