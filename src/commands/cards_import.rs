use super::{print_stderr, stderr_line};
use crate::cli::{ImportCommand, Outcome};
use crate::import::{isb, write_atomically, xwing_data2};
use crate::report::{Code, Finding, HumanStyle, SourceFiles, render_human};

pub fn run(command: ImportCommand) -> Outcome {
    let (imported, out) = match &command {
        ImportCommand::Isb(args) => (
            isb::import(&args.source, args.armada_data.as_deref()),
            &args.out,
        ),
        ImportCommand::XwingData2(args) => (
            xwing_data2::import(&args.source, args.points.as_deref(), args.yasb.as_deref()),
            &args.out,
        ),
    };
    let result = imported.and_then(|files| {
        write_atomically(out, &files)?;
        Ok(files.len())
    });
    match result {
        Ok(count) => {
            stderr_line(&format!("wrote {count} files to {}", out.display()));
            Outcome::Clean
        }
        Err(message) => {
            let finding = Finding::error(Code::Io, format!("import failed: {message}")).help(
                format!("nothing was written; {} is unchanged", out.display()),
            );
            print_stderr(&render_human(
                &SourceFiles::default(),
                &finding,
                HumanStyle::for_stderr(),
            ));
            Outcome::Failed
        }
    }
}
