//! The project's own source text, for the tests that hold its shape: the sizes, the rules'
//! layers, the screens that only read.

use std::path::{Path, PathBuf};

/// The project's folder.
pub fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir` (a folder of the project, as `src/ui`) and its folders, in path
/// order.
pub fn rust_files(dir: &str) -> Vec<PathBuf> {
    let mut dirs = vec![project().join(dir)];
    let mut out = Vec::new();
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A source file's code: an inline test module ends it; a test file declared `mod tests;` does
/// not.
pub fn code_of(text: String) -> String {
    match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Each `.rs` file under `dir`, as (its path from `dir`, as `banked/wagers.rs`; its code without
/// its `#[cfg(test)]` module).
pub fn code_under(dir: &str) -> Vec<(String, String)> {
    let root = project().join(dir);
    rust_files(dir)
        .into_iter()
        .map(|path| {
            let code = code_of(std::fs::read_to_string(&path).unwrap());
            let name = path.strip_prefix(&root).unwrap().to_string_lossy();
            (name.replace('\\', "/"), code)
        })
        .collect()
}
