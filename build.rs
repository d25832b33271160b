//! Compiles every file under `data/` into the binary so arbiter works from any folder.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("data");
    println!("cargo:rerun-if-changed=data");
    let mut files = Vec::new();
    for folder in ["cards", "errata", "formats", "rules"] {
        collect(&root.join(folder), &mut files);
    }
    files.sort();
    let mut out = String::from("/// Data files compiled into the binary: (path inside data/, text).\npub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        println!("cargo:rerun-if-changed={}", file.display());
        writeln!(out, "    ({relative:?}, include_str!({:?})),", file.display().to_string()).unwrap();
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded_files.rs");
    std::fs::write(dest, out).unwrap();
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
}
