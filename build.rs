//! Compiles every file under `data/` into the binary so arbiter works from any folder:
//! the TOML text (for `cards check`, which points into it) and the same data as JSON
//! (which every other command reads, because it parses several times faster).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    embed_data(&manifest_dir.join("data"), &out_dir);
}

fn embed_data(root: &Path, out_dir: &Path) {
    println!("cargo:rerun-if-changed=data");
    let mut files = Vec::new();
    for folder in ["cards", "errata", "formats", "rules"] {
        collect(&root.join(folder), &mut files);
    }
    files.sort();
    let mut out = String::from(
        "/// Data files compiled into the binary: (path inside data/, TOML text, the same as JSON\n/// or \"\" when the TOML does not parse).\npub static FILES: &[(&str, &str, &str)] = &[\n",
    );
    for (index, file) in files.iter().enumerate() {
        let relative = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(file).unwrap_or_default();
        // A file that does not parse is embedded without JSON; the loader then reads the
        // TOML and reports the problem like any other.
        let json = toml::from_str::<serde_json::Value>(&text)
            .map(|value| serde_json::to_string(&value).unwrap())
            .unwrap_or_default();
        let json_path = out_dir.join(format!("embedded-{index}.json"));
        std::fs::write(&json_path, json).unwrap();
        writeln!(
            out,
            "    ({relative:?}, include_str!({:?}), include_str!({:?})),",
            file.display().to_string(),
            json_path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    std::fs::write(out_dir.join("embedded_files.rs"), out).unwrap();
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
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
