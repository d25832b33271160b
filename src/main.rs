fn main() -> std::process::ExitCode {
    arbiter::cli::run()
}
