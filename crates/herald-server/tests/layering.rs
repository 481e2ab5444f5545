//! The server's modules import each other in layers, never in a circle: no `a` uses `b`
//! while `b` (or something `b` uses) uses `a`. Checked on the source text at every level:
//! between the crate's top-level layers (`infra`, `domain`, `storage`…), which must also
//! import only the layers below them ([`LAYERS`]), and between the modules of each
//! directory (`api/games/clock.rs`, `api/games/view.rs`…). A path counts wherever it
//! appears outside comments: `use crate::x::…`, `use super::{y, z::…}` and inline
//! `crate::x::f()`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/games/clock.rs` -> `["games", "clock"]`; `src/games/mod.rs` -> `["games"]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find("*/").map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out.lines()
        .map(|line| line.find("//").map_or(line, |i| &line[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Expands `crate::a::{b, c::{d, e}}` into `crate::a::b`, `crate::a::c::d`, `crate::a::c::e`.
fn expand(path: &str, out: &mut Vec<String>) {
    let Some(open) = path.find('{') else {
        out.push(path.to_owned());
        return;
    };
    let prefix = &path[..open];
    let mut depth = 0;
    let mut item = String::new();
    for c in path[open + 1..].chars() {
        match c {
            '{' => {
                depth += 1;
                item.push(c);
            }
            '}' if depth == 0 => break,
            '}' => {
                depth -= 1;
                item.push(c);
            }
            ',' if depth == 0 => {
                expand(&format!("{prefix}{}", item.trim()), out);
                item.clear();
            }
            _ => item.push(c),
        }
    }
    if !item.trim().is_empty() {
        expand(&format!("{prefix}{}", item.trim()), out);
    }
}

/// Every `crate::…` and `super::…` path in `code`, groups expanded.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `use` items, which may hold groups over several lines.
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before_ok = i == 0 || !rest.as_bytes()[i - 1].is_ascii_alphanumeric() && rest.as_bytes()[i - 1] != b'_';
        let after = &rest[i + 4..];
        let end = after.find(';').unwrap_or(after.len());
        let item: String = after[..end].chars().filter(|c| !c.is_whitespace()).collect();
        if before_ok && (item.starts_with("crate::") || item.starts_with("super::")) {
            expand(&item, &mut out);
        }
        rest = &rest[i + 4..];
    }
    // Inline paths.
    for root in ["crate::", "super::"] {
        let mut rest = code;
        while let Some(i) = rest.find(root) {
            let before_ok = i == 0 || {
                let b = rest.as_bytes()[i - 1];
                !b.is_ascii_alphanumeric() && b != b'_'
            };
            let tail: String = rest[i..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if before_ok {
                out.push(tail);
            }
            rest = &rest[i + root.len()..];
        }
    }
    out
}

/// Resolves a path written in the file of module `at` to the module path it names.
fn resolve(at: &[String], is_mod_file: bool, path: &str) -> Vec<String> {
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let mut base: Vec<String> = Vec::new();
    let mut i = 0;
    if parts.first() == Some(&"crate") {
        i = 1;
    } else {
        // `super` in `a/b.rs` is `a`; in `a/mod.rs` (module `a`) it is the crate root.
        base = at.to_vec();
        if !is_mod_file || !base.is_empty() {
            base.pop();
        }
        i += 1;
        while parts.get(i) == Some(&"super") {
            base.pop();
            i += 1;
        }
    }
    base.extend(parts[i..].iter().map(|p| (*p).to_owned()));
    base
}

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Strongly connected components with more than one module: the import circles.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Tarjan<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    let nodes: BTreeSet<&str> = graph
        .iter()
        .flat_map(|(k, vs)| std::iter::once(k.as_str()).chain(vs.iter().map(String::as_str)))
        .collect();
    for node in nodes {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node);
        }
    }
    tarjan.found
}

/// The import graphs of the crate whose sources are in `src`, one per directory (`""` for
/// the crate's root, `"api/games"`…): an edge `a -> b` when a module under `a` uses one
/// under `b`, `a` and `b` being children of that directory.
fn import_graphs(src: &Path) -> BTreeMap<String, Graph> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut graphs: BTreeMap<String, Graph> = BTreeMap::new();
    for file in &files {
        let module = module_path(src, file);
        if module.is_empty() {
            continue;
        }
        let is_mod_file = file.file_name().is_some_and(|n| n == "mod.rs");
        let code = strip_comments(&std::fs::read_to_string(file).unwrap());
        for path in paths(&code) {
            let target = resolve(&module, is_mod_file, &path);
            let shared = module.iter().zip(&target).take_while(|(a, b)| a == b).count();
            // A module using its own children, or a parent's item, is no edge.
            if let (Some(from), Some(to)) = (module.get(shared), target.get(shared)) {
                graphs
                    .entry(module[..shared].join("/"))
                    .or_default()
                    .entry(from.clone())
                    .or_default()
                    .insert(to.clone());
            }
        }
    }
    graphs
}

/// The server's layers, lowest first: each may import only those before it.
const LAYERS: [&str; 9] = [
    "infra", "domain", "storage", "web", "api", "workers", "pages", "app", "operator",
];

#[test]
fn modules_import_each_other_in_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graphs = import_graphs(&src);
    let root = &graphs[""];
    // The checker sees the edges it must: `storage` uses `domain`, `api/games/moves` uses
    // `api/games/timeout` (else a parsing slip could make every graph empty and pass).
    assert!(root["storage"].contains("domain"), "{root:?}");
    assert!(graphs["api/games"]["moves"].contains("timeout"), "{graphs:?}");
    let mut found = Vec::new();
    for (layer, uses) in root {
        let Some(at) = LAYERS.iter().position(|l| l == layer) else {
            found.push(format!("crate: `{layer}` is not a layer of LAYERS"));
            continue;
        };
        for used in uses.iter().filter(|u| LAYERS.contains(&u.as_str())) {
            if LAYERS.iter().position(|l| l == used) > Some(at) {
                found.push(format!("crate: `{layer}` uses `{used}`, a layer above it"));
            }
        }
    }
    for (dir, graph) in &graphs {
        for circle in circles(graph) {
            found.push(format!("{dir}/: {}", circle.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

/// The same rule for the rules crate, whose game modules (`nowan`, `chatrang`…) once
/// imported `variant` while `variant` imported them for the spec table: the table now
/// sits with `AnyGame` in `any_game`, above the game modules.
#[test]
fn the_rules_crates_modules_import_each_other_in_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../herald-rules/src");
    let graphs = import_graphs(&src);
    let root = &graphs[""];
    // The checker sees the edges it must (an empty graph would pass).
    assert!(root["nowan"].contains("variant"), "{root:?}");
    assert!(root["any_game"].contains("nowan"), "{root:?}");
    let mut found = Vec::new();
    for (dir, graph) in &graphs {
        for circle in circles(graph) {
            found.push(format!("herald-rules {dir}/: {}", circle.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_engine_crates_modules_import_each_other_in_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../herald-engine/src");
    let graphs = import_graphs(&src);
    let root = &graphs[""];
    assert!(root["search"].contains("ordering"), "{root:?}");
    assert!(root["engine"].contains("search"), "{root:?}");
    let mut found = Vec::new();
    for (dir, graph) in &graphs {
        for circle in circles(graph) {
            found.push(format!("herald-engine {dir}/: {}", circle.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_checker_finds_a_circle() {
    let mut graph = Graph::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default().insert("a".into());
    graph.entry("c".into()).or_default().insert("d".into());
    assert_eq!(circles(&graph), vec![vec!["a".to_owned(), "b".into(), "c".into()]]);
    let mut out = Vec::new();
    expand("crate::{games::{clock, view::X}, live}", &mut out);
    assert_eq!(out, ["crate::games::clock", "crate::games::view::X", "crate::live"]);
    assert_eq!(
        resolve(&["games".into(), "clock".into()], false, "super::view::team_of"),
        ["games", "view", "team_of"]
    );
}
