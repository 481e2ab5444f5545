//! The level tables the README prints are the ones the code plays, and each level is
//! stronger than the one below by its budget or its noise.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_engine::level::table;
use herald_engine::{Level, LevelLimits};
use herald_rules::Variant;

/// A README cell: nodes, noise and the depth where one caps it.
fn cell(row: LevelLimits) -> String {
    let digits = row.nodes.to_string();
    let mut nodes = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            nodes.push(',');
        }
        nodes.push(c);
    }
    let depth = row.depth.map(|d| format!(" · depth {d}")).unwrap_or_default();
    format!("{nodes} · ±{}{depth}", row.noise)
}

#[test]
fn the_readme_level_tables_are_the_code_s() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut lines = readme.lines().skip_while(|line| !line.starts_with("| Level |"));
    let header: Vec<&str> = lines.next().unwrap().split('|').map(str::trim).collect();
    let games: Vec<Variant> = Variant::ALL.to_vec();
    for (i, game) in games.iter().enumerate() {
        assert_eq!(header[i + 2], game.spec().name, "column {} of the level table", i + 2);
    }
    let rows: Vec<Vec<String>> = lines
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            line.split('|')
                .map(|c| c.trim().to_owned())
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 8, "the README has {} level rows", rows.len());
    for (level, row) in Level::all().zip(&rows) {
        assert_eq!(row[0], level.get().to_string());
        for (i, game) in games.iter().enumerate() {
            assert_eq!(
                row[i + 1],
                cell(level.limits(*game)),
                "level {} of {}",
                level.get(),
                game.id()
            );
        }
    }
}

#[test]
fn levels_grow_stronger_by_budget_or_noise() {
    for variant in Variant::ALL {
        for pair in table(variant).windows(2) {
            let (lower, upper) = (pair[0], pair[1]);
            let deeper = upper.depth.unwrap_or(u32::MAX) > lower.depth.unwrap_or(u32::MAX);
            // A depth-capped level stays far below its node cap, so the next may cap nodes
            // lower once it drops the depth cap.
            assert!(upper.nodes >= lower.nodes || deeper, "{}", variant.id());
            assert!(upper.noise <= lower.noise, "{}", variant.id());
            assert!(upper.nodes > lower.nodes || upper.noise < lower.noise || deeper);
            assert!(upper.depth.unwrap_or(u32::MAX) >= lower.depth.unwrap_or(u32::MAX));
        }
        assert_eq!(
            table(variant)[7].noise,
            0,
            "level 8 of {} plays without noise",
            variant.id()
        );
    }
    assert_eq!(Level::new(0), None);
    assert_eq!(Level::new(9), None);
    assert_eq!(Level::new(1), Some(Level::MIN));
}
