// mimalloc: see Cargo.toml for what it bought.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    arbiter::run()
}
