//! The list queries' plans (archive with each filter, a player's games, the user page, open
//! challenges) read bounded index ranges and never scan every game or seat, on both
//! databases: a dropped index or a rewritten query that loses it fails here, without the
//! million-game benchmark (`examples/volume.rs`). The database holds 20,000 generated games
//! (analysed on PostgreSQL), so PostgreSQL plans for data, not for empty tables.

use herald_server::storage::Synthetic;

use crate::common::{TestApp, each_backend};

/// Partial indexes that hold only what the list shows (finished games, open challenges):
/// reading one from its start, newest first, is the query, bounded by its LIMIT.
const LIST_INDEXES: [&str; 5] = [
    "games_finished",
    "games_finished_variant",
    "games_finished_result",
    "games_finished_variant_result",
    "games_challenges",
];

/// Whether a list reads one of [`LIST_INDEXES`] from its start: the archive without a
/// player, and open challenges. With a player it must start from the player's seats.
fn reads_a_list_index(name: &str) -> bool {
    (name.starts_with("archive") && !name.contains("player"))
        || name == "open challenges"
        || name == "bots: open challenges a bot takes"
}

/// How many sorts a list may have (SQLite): those that come out of their index in order
/// none (no sort of every match); a player's ended games one, the merge of two index ranges
/// each already cut to the limit. On PostgreSQL, which may rightly sort one player's few
/// rows instead of reading them in order, only the archive without a player is held to none.
fn sorts_allowed(name: &str, backend: &str) -> usize {
    let archive_page = name.starts_with("archive page");
    if archive_page && !name.contains("player") {
        // The page's own 20 rows, read by id after the index gave their order.
        1
    } else if backend == "postgres" {
        usize::MAX
    } else if archive_page || name.starts_with("a user's recent") {
        0
    } else if name.starts_with("ended games") {
        1
    } else {
        usize::MAX
    }
}

/// Lists that read every table by an index (administration, chat, the account export).
fn every_table_by_index(name: &str) -> bool {
    ["admin:", "chat:", "account:"].iter().any(|p| name.starts_with(p))
}

/// What is wrong with a SQLite plan (`EXPLAIN QUERY PLAN` lines).
fn sqlite_faults(name: &str, plan: &[String]) -> Vec<String> {
    let mut faults = Vec::new();
    let mut sorts = 0;
    for line in plan {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"SCAN") && matches!(words.get(1), Some(&("g" | "games" | "s" | "game_seats"))) {
            let index = line
                .split(" INDEX ")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next());
            if !(reads_a_list_index(name) && index.is_some_and(|i| LIST_INDEXES.contains(&i))) {
                faults.push(format!("full scan: {line}"));
            }
        }
        // The tournament queries' aliases (`p` is also a subquery of the games lists).
        let tournament_table = name.contains("tournament")
            && matches!(
                words.get(1),
                Some(&("t" | "tournaments" | "tg" | "tournament_games" | "p" | "me" | "tournament_players"))
            );
        if words.first() == Some(&"SCAN") && tournament_table {
            faults.push(format!("full scan of a tournament table: {line}"));
        }
        // The bots table is read whole (bots are few); their games and fills never are.
        if name.starts_with("bots:")
            && words.first() == Some(&"SCAN")
            && matches!(words.get(1), Some(&("bot_fills" | "bot_turns" | "t")))
        {
            faults.push(format!("full scan of the bots' work: {line}"));
        }
        // The administration lists, chat and the account export: every table they read
        // by an index range.
        if every_table_by_index(name) && words.first() == Some(&"SCAN") {
            faults.push(format!("full scan in an indexed-only list: {line}"));
        }
        if line.contains("TEMP B-TREE FOR") && line.contains("ORDER BY") {
            sorts += 1;
            if sorts > sorts_allowed(name, "sqlite") {
                faults.push(format!("sorts every match: {line}"));
            }
        }
    }
    faults
}

/// What is wrong with a PostgreSQL plan (`EXPLAIN` lines, sequential scans priced out).
fn postgres_faults(name: &str, plan: &[String]) -> Vec<String> {
    let mut faults = Vec::new();
    let mut sorts = 0;
    for (i, line) in plan.iter().enumerate() {
        if line.contains("Seq Scan on games")
            || line.contains("Seq Scan on game_seats")
            || line.contains("Seq Scan on tournament")
            || line.contains("Seq Scan on bot_fills")
            || (every_table_by_index(name) && line.contains("Seq Scan"))
        {
            faults.push(format!("full scan: {line}"));
        }
        // An index read from end to end without a condition is a full scan too, unless it
        // is one of the lists' own partial indexes.
        let index = [
            "Index Scan using ",
            "Index Only Scan using ",
            "Index Scan Backward using ",
            "Bitmap Index Scan on ",
        ]
        .iter()
        .find_map(|node| line.split(node).nth(1))
        .and_then(|rest| rest.split_whitespace().next());
        if let Some(index) = index.filter(|x| x.starts_with("game")) {
            let details = plan[i + 1..].iter().take_while(|l| !l.contains("->"));
            let bounded = details.clone().any(|l| l.contains("Index Cond:"));
            if !(bounded || (reads_a_list_index(name) && LIST_INDEXES.contains(&index))) {
                faults.push(format!("whole index {index} read: {line}"));
            }
        }
        // A sort node (`Sort  (cost=…`), not its detail lines (`Sort Key:`, `Sort Method:`).
        let node = line.trim_start().trim_start_matches("->").trim_start();
        if (node.starts_with("Sort ") || node.starts_with("Incremental Sort ")) && node.contains("(cost=") {
            sorts += 1;
            if sorts > sorts_allowed(name, "postgres") {
                faults.push(format!("sorts every match: {line}"));
            }
        }
    }
    faults
}

#[tokio::test]
async fn list_queries_read_index_ranges_not_every_game() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let spec = Synthetic {
            games: 20_000,
            moves: false,
            users: 200,
            password_hash: "unused".to_owned(),
            now: app.state.now(),
        };
        app.state.db.fill_synthetic(&spec, |_| {}).await.unwrap();
        let busiest: i64 = sqlx::query_scalar(
            "SELECT user_id FROM game_seats WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1",
        )
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        let name: String = sqlx::query_scalar("SELECT username_key FROM users WHERE id = $1")
            .bind(busiest)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        // The generated rows read back as games: every stored state is one the server knows
        // (a fill that wrote an unknown reason turned the benchmark's archive into 500s).
        let filter = herald_server::storage::ArchiveFilter::default();
        let (page, count) = app.state.db.archive(&filter, 200, 0).await.unwrap();
        assert_eq!(page.len(), 200);
        assert!(count > 10_000, "{count}");
        assert!(
            page.iter()
                .any(|g| g.result == Some(herald_server::domain::game_states::GameResult::Draw)),
            "draws among them"
        );
        for current in [true, false] {
            assert!(
                !app.state
                    .db
                    .games_of_user(busiest, current, 200)
                    .await
                    .unwrap()
                    .is_empty()
            );
        }
        let plans = app.state.db.list_plans(busiest, &name).await.unwrap();
        assert!(plans.len() >= 18, "{} plans", plans.len());
        let mut faults = Vec::new();
        for p in &plans {
            assert!(!p.plan.is_empty(), "{}: no plan for {}", db.backend, p.name);
            let found = if db.backend == "sqlite" {
                sqlite_faults(&p.name, &p.plan)
            } else {
                postgres_faults(&p.name, &p.plan)
            };
            if !found.is_empty() {
                faults.push(format!(
                    "{}: {}\n  {}\n  plan:\n    {}",
                    db.backend,
                    p.name,
                    p.sql,
                    p.plan.join("\n    ")
                ));
            }
        }
        assert!(faults.is_empty(), "{}", faults.join("\n\n"));
    })
    .await;
}

/// The checks above do catch a full scan (so the test can fail).
#[test]
fn the_plan_checks_see_full_scans_and_sorts() {
    assert!(!sqlite_faults("x", &["SCAN g".to_owned()]).is_empty());
    assert!(!sqlite_faults("admin: reports by state", &["SCAN r".to_owned()]).is_empty());
    assert!(
        !postgres_faults(
            "admin: audit log page",
            &["Seq Scan on audit_log  (cost=0.00..1.00 rows=1 width=8)".to_owned()]
        )
        .is_empty()
    );
    assert!(!sqlite_faults("tournaments by status", &["SCAN t".to_owned()]).is_empty());
    assert!(
        !postgres_faults(
            "x",
            &["Seq Scan on tournament_games tg  (cost=0.00..1.00 rows=1 width=8)".to_owned()]
        )
        .is_empty()
    );
    assert!(!sqlite_faults("x", &["SCAN g USING INDEX sqlite_autoindex_games_1".to_owned()]).is_empty());
    assert!(sqlite_faults("archive page (all)", &["SCAN g USING INDEX games_finished".to_owned()]).is_empty());
    // With a player, reading every finished game is the quadratic plan this test exists for.
    assert!(
        !sqlite_faults(
            "archive page (player)",
            &["SCAN g USING INDEX games_finished".to_owned()]
        )
        .is_empty()
    );
    assert!(sqlite_faults("x", &["SEARCH s USING INDEX game_seats_user (user_id=?)".to_owned()]).is_empty());
    // The archive page sorts its own 20 rows once; a second sort is one of every match.
    let sort = "USE TEMP B-TREE FOR ORDER BY".to_owned();
    assert!(sqlite_faults("archive page (all)", std::slice::from_ref(&sort)).is_empty());
    assert!(!sqlite_faults("archive page (all)", &[sort.clone(), sort.clone()]).is_empty());
    assert!(!sqlite_faults("a user's recent games", std::slice::from_ref(&sort)).is_empty());
    assert!(
        !postgres_faults(
            "x",
            &[
                "Limit  (cost=1.00..2.00)".to_owned(),
                "  ->  Seq Scan on games g".to_owned()
            ]
        )
        .is_empty()
    );
    let whole = [
        "  ->  Index Scan using games_pkey on games g  (cost=..)".to_owned(),
        "        Filter: (status = 'finished'::text)".to_owned(),
    ];
    assert!(!postgres_faults("x", &whole).is_empty());
    let seek = [
        "  ->  Index Scan using games_pkey on games g  (cost=..)".to_owned(),
        "        Index Cond: (id = s.game_id)".to_owned(),
    ];
    assert!(postgres_faults("x", &seek).is_empty());
    // One sort of the archive page's 20 rows is its plan; its `Sort Key:` line is no second.
    let page = [
        "Sort  (cost=197.81..197.86 rows=20 width=239)".to_owned(),
        "  Sort Key: g.finished_at DESC, g.id".to_owned(),
    ];
    assert!(postgres_faults("archive page (all)", &page).is_empty());
    let twice = [page[0].clone(), page[1].clone(), format!("  ->  {}", page[0])];
    assert!(!postgres_faults("archive page (all)", &twice).is_empty());
}

/// The archive is public and cheap, and a client that asks for page after page is slowed
/// down: 30 at once, then 429 with `Retry-After` (on an HTML page, like the archive).
#[tokio::test]
async fn the_archive_is_rate_limited_per_client() {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    each_backend(|db| async move {
        let app = crate::streams::app_with(&db, |c| c.rate_limit = true).await;
        let get = |path: &'static str| {
            let router = app.router.clone();
            async move {
                router
                    .oneshot(Request::get(path).body(Body::empty()).unwrap())
                    .await
                    .unwrap()
            }
        };
        for i in 0..30 {
            let response = get("/archive?player=alice").await;
            assert_eq!(response.status(), StatusCode::OK, "{}: request {i}", db.backend);
        }
        let refused = get("/archive?page=2").await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS, "{}", db.backend);
        let wait: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!(wait >= 1, "{wait}");
        // Other pages are not counted against the archive.
        assert_eq!(get("/").await.status(), StatusCode::OK);
    })
    .await;
}
