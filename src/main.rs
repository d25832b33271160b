fn main() -> std::process::ExitCode {
    arbiter::run()
}
