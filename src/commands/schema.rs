use super::print_stdout;
use crate::cli::{Outcome, SchemaArgs, SchemaOutput};
use crate::schema::SchemaKind;

pub fn run(args: SchemaArgs) -> Outcome {
    if let Some(SchemaOutput::Output { command }) = args.output {
        print_stdout(command.text());
        return Outcome::Clean;
    }
    match args.kind {
        Some(kind) => print_stdout(&kind.render()),
        None => {
            let all: serde_json::Map<String, serde_json::Value> = SchemaKind::ALL
                .iter()
                .map(|k| {
                    let name = k.file_name().trim_end_matches(".json").to_string();
                    (name, serde_json::to_value(k.schema()).unwrap_or_default())
                })
                .collect();
            print_stdout(&serde_json::to_string_pretty(&all).unwrap_or_default());
        }
    }
    Outcome::Clean
}
