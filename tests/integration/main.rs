//! Every integration test of arbiter, in one test binary: each former `tests/<name>.rs` is a
//! module here, so `cargo test` links one binary instead of two dozen (each linking the
//! whole library and its dependencies). What the modules share is in `support`.
//! Snapshots are `snapshots/integration__<module>__<test>.snap`.

mod support;

mod armada_corpus;
mod armada_parse;
mod armada_rules;
mod broken_data;
mod cli;
mod cli_export;
mod cli_streams;
mod conventions;
mod format_sources;
mod fuzz_corpus;
mod glossary_seeds;
mod help;
mod hostile_input;
mod import_roundtrip;
mod layers;
mod output_schema;
mod packaging;
mod pictures;
mod readme;
mod resolve;
mod resolve_names;
mod rule_cli;
mod rule_queries;
mod schema;
mod spacealert;
mod structure;
mod talon_cli;
mod timing_facts;
mod trust_bounds;
mod trust_data;
mod trust_escapes;
mod trust_import;
mod trust_points;
mod trust_readers;
mod trust_streams;
mod trust_writes;
mod validate_cli;
mod xwing_export;
mod xwing_parse;
mod xwing_parse_robustness;
mod xwing_rules;
