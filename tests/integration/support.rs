//! What the integration test modules share.

pub mod xws_schema;
