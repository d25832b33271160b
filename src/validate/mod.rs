//! Checking parsed lists against the card data and a format's squad-building rules.

pub mod xwing;
