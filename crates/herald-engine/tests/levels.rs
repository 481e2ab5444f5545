//! The level table the README prints is the one the code plays.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_engine::Level;

#[test]
fn the_readme_level_table_is_the_code_s() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let rows: Vec<Vec<String>> = readme
        .lines()
        .skip_while(|line| !line.starts_with("| Level |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            line.split('|')
                .map(|cell| cell.trim().replace(',', ""))
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 8, "the README has {} level rows", rows.len());
    for (level, row) in Level::all().zip(&rows) {
        let limits = level.limits();
        assert_eq!(row[0], level.get().to_string());
        let depth = limits.depth.map_or_else(|| "any".to_owned(), |d| d.to_string());
        assert_eq!(row[1], depth, "level {} depth", level.get());
        assert_eq!(row[2], limits.nodes.to_string(), "level {} nodes", level.get());
        assert_eq!(row[3], limits.noise.to_string(), "level {} noise", level.get());
    }
}

#[test]
fn levels_grow_stronger_by_every_measure() {
    let all: Vec<_> = Level::all().map(Level::limits).collect();
    for pair in all.windows(2) {
        assert!(pair[1].nodes > pair[0].nodes);
        assert!(pair[1].noise < pair[0].noise);
        assert!(pair[1].depth.unwrap_or(u32::MAX) >= pair[0].depth.unwrap_or(u32::MAX));
    }
    assert_eq!(Level::new(0), None);
    assert_eq!(Level::new(9), None);
    assert_eq!(Level::new(1), Some(Level::MIN));
}
