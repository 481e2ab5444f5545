//! The query plans of the list queries (archive with each filter, a player's games, the
//! user page, open challenges), so a test can check that each reads a bounded index range
//! and never scans every game, without a million games to notice the difference.

use sqlx::Row;

use crate::domain::game_states::GameResult;
use crate::storage::games::{
    ArchiveSql, CHALLENGES, CHALLENGES_AFTER, FINISHED_OF, MY_MOVE, RESULTS_OF, SEAT_QUERY, USER_CURRENT, USER_ENDED,
    USER_ENDED_AFTER,
};
use crate::storage::{ArchiveFilter, Backend, Db, placeholders};

/// One list query and its plan, a line per plan node.
#[derive(Debug, Clone)]
pub struct ListPlan {
    pub name: String,
    pub sql: String,
    pub plan: Vec<String>,
}

/// A sample parameter, written into the SQL (EXPLAIN takes no bound parameters everywhere).
#[derive(Clone)]
enum Sample {
    Int(i64),
    Real(f64),
    Text(String),
}

fn with_samples(sql: &str, samples: &[Sample]) -> String {
    let mut out = sql.to_owned();
    // Highest first, so `$1` does not match the start of `$10`.
    for (i, sample) in samples.iter().enumerate().rev() {
        let value = match sample {
            Sample::Int(n) => n.to_string(),
            Sample::Real(x) => format!("{x}"),
            Sample::Text(t) => format!("'{t}'"),
        };
        out = out.replace(&format!("${}", i + 1), &value);
    }
    out
}

impl Db {
    /// Every list query with sample parameters (`user_id` and `player` name the same
    /// player), and its plan (`EXPLAIN QUERY PLAN` on SQLite,
    /// `EXPLAIN` on PostgreSQL). On PostgreSQL sequential scans, hash and merge joins are
    /// priced out for the transaction (`enable_seqscan = off`, …): on tables of test size the
    /// planner may rightly prefer reading a whole table, so this shows whether indexes can
    /// serve the query row by row at all.
    ///
    /// # Errors
    /// The database failed.
    pub async fn list_plans(&self, user_id: i64, player: &str) -> Result<Vec<ListPlan>, sqlx::Error> {
        use Sample::{Int, Text};
        let mut queries: Vec<(String, String, Vec<Sample>)> = Vec::new();
        let filters = [
            ("all", None, None, None),
            ("variant", Some("nowan"), None, None),
            ("result", None, Some("1-0"), None),
            ("variant and result", Some("nowan"), Some("1-0"), None),
            ("player", None, None, Some(player)),
            ("player, variant and result", Some("nowan"), Some("1-0"), Some(player)),
        ];
        for (label, variant, result, player) in filters {
            let filter = ArchiveFilter {
                variant: variant.map(str::to_owned),
                result: result.and_then(|r| r.parse::<GameResult>().ok()),
                player: player.map(str::to_owned),
            };
            let sql = ArchiveSql::new(&filter);
            let binds = || -> Vec<Sample> {
                [variant, result, player]
                    .into_iter()
                    .flatten()
                    .map(|v| Sample::Text(v.to_owned()))
                    .collect::<Vec<_>>()
            };
            queries.push((format!("archive count ({label})"), sql.count.clone(), binds()));
            let mut page = binds();
            page.extend([Int(20), Int(200)]);
            queries.push((format!("archive page ({label})"), sql.list.clone(), page));
        }
        queries.push((
            "current games of a user".to_owned(),
            USER_CURRENT.clone(),
            vec![Int(user_id), Int(200)],
        ));
        queries.push((
            "games where it is a user's move".to_owned(),
            MY_MOVE.to_owned(),
            vec![Int(user_id), Int(100)],
        ));
        queries.push((
            "ended games of a user".to_owned(),
            USER_ENDED.clone(),
            vec![Int(user_id), Int(200)],
        ));
        queries.push((
            "ended games of a user after a cursor".to_owned(),
            USER_ENDED_AFTER.clone(),
            vec![Int(user_id), Int(50), Int(1_700_000_000_000), Text("g1".to_owned())],
        ));
        queries.push(("a user's results".to_owned(), RESULTS_OF.to_owned(), vec![Int(user_id)]));
        queries.push((
            "a user's recent finished games".to_owned(),
            FINISHED_OF.clone(),
            vec![Int(user_id), Int(20)],
        ));
        queries.push((
            "players by name prefix".to_owned(),
            crate::storage::users::PLAYERS_BY_PREFIX.to_owned(),
            vec![
                Text("al".to_owned()),
                Text("al~".to_owned()),
                Text("alice".to_owned()),
                Int(50),
            ],
        ));
        queries.push((
            "leaderboard".to_owned(),
            crate::storage::ratings::LEADERBOARD.to_owned(),
            vec![
                Text("nowan".to_owned()),
                Int(110),
                Int(0),
                Int(100),
                Int(1_700_000_000_000),
                Sample::Real(crate::domain::ratings::deviation_growth_per_ms()),
                Int(0),
            ],
        ));
        queries.push((
            "a user's ratings".to_owned(),
            crate::storage::ratings::RATINGS_OF.to_owned(),
            vec![Int(user_id)],
        ));
        queries.push((
            "a user's rating history".to_owned(),
            crate::storage::ratings::RATING_HISTORY.to_owned(),
            vec![Int(user_id), Text("nowan".to_owned())],
        ));
        queries.push((
            "a user's latest rating history".to_owned(),
            crate::storage::ratings::RATING_HISTORY_RECENT.to_owned(),
            vec![Int(user_id), Text("nowan".to_owned()), Int(100)],
        ));
        queries.push((
            "open challenges".to_owned(),
            CHALLENGES.clone(),
            vec![Int(50), Int(user_id), Int(1_700_000_000_000)],
        ));
        queries.push((
            "open challenges after a cursor".to_owned(),
            CHALLENGES_AFTER.clone(),
            vec![
                Int(50),
                Int(user_id),
                Int(1_700_000_000_000),
                Text("g1".to_owned()),
                Int(1_700_000_000_000),
            ],
        ));
        let tournaments = [
            (
                "tournaments by status",
                crate::storage::tournaments::TOURNAMENT_LIST.clone(),
                vec![Text("running".to_owned()), Int(i64::MAX), Text("~".to_owned()), Int(50)],
            ),
            (
                "a user's tournaments",
                crate::storage::tournaments::TOURNAMENTS_OF.clone(),
                vec![Int(user_id), Int(20)],
            ),
            (
                "a tournament's players",
                crate::storage::tournaments::TOURNAMENT_PLAYERS.to_owned(),
                vec![Text("t1".to_owned())],
            ),
            (
                "a tournament's games",
                crate::storage::tournaments::TOURNAMENT_GAMES.to_owned(),
                vec![Text("t1".to_owned())],
            ),
            (
                "a player's tournaments without vacation",
                crate::storage::tournaments::EVENT_WITHOUT_VACATION.to_owned(),
                vec![Int(user_id), Text("t1".to_owned())],
            ),
            (
                "a player's tournament notices",
                crate::storage::tournament_notices::NOTICES_OF_PLAYER.to_owned(),
                vec![Int(user_id), Int(50)],
            ),
            (
                "a tournament's notices (its page and live feed)",
                crate::storage::tournament_notices::NOTICES_OF_EVENT.to_owned(),
                vec![Text("t1".to_owned()), Int(0), Int(50)],
            ),
            (
                "a user's notes on a game",
                crate::storage::notes::NOTES.to_owned(),
                vec![Text("g1".to_owned()), Int(user_id)],
            ),
            (
                "a game's conditional lines",
                crate::storage::conditionals::CONDITIONALS_OF_GAME.to_owned(),
                vec![Text("g1".to_owned())],
            ),
            (
                "a game's revealed conditional lines",
                crate::storage::conditionals::REVEALED_CONDITIONALS.to_owned(),
                vec![Text("g1".to_owned())],
            ),
            (
                "chat: a game's messages after a seq",
                crate::storage::chat::CHAT_AFTER.to_owned(),
                vec![Text("g1".to_owned()), Int(0), Int(7), Int(user_id), Int(200)],
            ),
            (
                "chat: a user's recent messages (the limit)",
                crate::storage::chat::CHAT_POSTED_SINCE.to_owned(),
                vec![Int(user_id), Int(0)],
            ),
            (
                "chat: a reader's latest notices (the feed)",
                crate::storage::chat_notices::CHAT_NOTICES_OF_READER.to_owned(),
                vec![Int(user_id), Int(50)],
            ),
            (
                "chat: readers with a digest due",
                crate::storage::chat_notices::CHAT_DIGESTS_DUE.to_owned(),
                vec![Int(1_700_000_000_000), Int(50)],
            ),
            (
                "a game's published notes",
                crate::storage::notes::PUBLISHED_NOTES.to_owned(),
                vec![Text("g1".to_owned())],
            ),
            (
                "a user's variations on a game",
                crate::storage::variations::VARIATIONS.to_owned(),
                vec![Text("g1".to_owned()), Int(user_id)],
            ),
            (
                "a game's variations, every user's",
                crate::storage::variations::VARIATIONS_OF_GAME.to_owned(),
                vec![Text("g1".to_owned())],
            ),
            (
                "a game's published variations",
                crate::storage::variations::PUBLISHED_VARIATIONS.to_owned(),
                vec![Text("g1".to_owned())],
            ),
            (
                "a game's tournament",
                crate::storage::tournaments::TOURNAMENT_OF_GAME.to_owned(),
                vec![Text("g1".to_owned())],
            ),
            (
                "tournaments due",
                crate::storage::tournaments::TOURNAMENTS_DUE.to_owned(),
                vec![Int(1_700_000_000_000), Int(50)],
            ),
        ];
        for (name, sql, samples) in tournaments {
            queries.push((name.to_owned(), sql, samples));
        }
        // The bot worker's passes (every two seconds on every instance): from the few bots
        // through the seats' indexes, or a range of an index of their own.
        let bots = [
            (
                "bots: due turns",
                crate::storage::bots::DUE_BOT_TURNS,
                vec![Int(1_700_000_000_000), Int(20)],
            ),
            (
                "bots: challenges sent to bots",
                crate::storage::bots::BOT_INVITATIONS,
                vec![Int(0), Int(20)],
            ),
            (
                "bots: open challenges a bot takes",
                crate::storage::bots::OPEN_FOR_BOT,
                vec![
                    Int(user_id),
                    Text("robo".to_owned()),
                    Int(1_700_000_000_000),
                    Text(String::new()),
                    Int(1),
                    Int(14),
                    Int(0),
                    Text("both".to_owned()),
                    Int(5),
                ],
            ),
            (
                "bots: fills due",
                crate::storage::bots::DUE_BOT_FILLS,
                vec![Int(1_700_000_000_000), Int(20)],
            ),
        ];
        for (name, sql, samples) in bots {
            queries.push((name.to_owned(), sql.to_owned(), samples));
        }
        // Administration (the names start with "admin:"; tests/api/plans.rs holds their
        // tables to index reads).
        let administration = [
            (
                "admin: users by name prefix",
                crate::storage::administration::ADMIN_USERS_BY_PREFIX,
                vec![
                    Text("al".to_owned()),
                    Text("al~".to_owned()),
                    Text(String::new()),
                    Int(50),
                ],
            ),
            (
                "admin: audit log page",
                crate::storage::administration::AUDIT_PAGE,
                vec![Int(i64::MAX), Int(50)],
            ),
            (
                "admin: a target's audit entries",
                crate::storage::administration::AUDIT_OF_TARGET,
                vec![Text("user".to_owned()), Text(user_id.to_string()), Int(20)],
            ),
            (
                "admin: invitations page",
                crate::storage::invitations::INVITATIONS_PAGE,
                vec![Int(i64::MAX), Int(50)],
            ),
            (
                "admin: a member's invitations",
                crate::storage::invitations::INVITATIONS_OF,
                vec![Int(user_id), Int(i64::MAX), Int(50)],
            ),
            (
                "admin: reports by state",
                crate::storage::reports::REPORTS_BY_STATE,
                vec![Text("open".to_owned()), Int(i64::MAX), Int(50)],
            ),
            (
                "admin: a reporter's recent reports",
                crate::storage::reports::REPORTS_SINCE,
                vec![Int(user_id), Int(1_700_000_000_000)],
            ),
        ];
        for (name, sql, samples) in administration {
            queries.push((name.to_owned(), sql.to_owned(), samples));
        }
        // The account export: every section reads the user's rows by an index.
        for (section, sql, _) in crate::storage::account_data::SECTIONS {
            queries.push((format!("account: {section}"), (*sql).to_owned(), vec![Int(user_id)]));
        }
        queries.push((
            "seats of listed games".to_owned(),
            format!(
                "{SEAT_QUERY} WHERE s.game_id IN ({}) ORDER BY s.game_id, s.seat",
                placeholders(3)
            ),
            ["g1", "g2", "g3"].map(|id| Text(id.to_owned())).to_vec(),
        ));

        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            for setting in ["enable_seqscan", "enable_hashjoin", "enable_mergejoin"] {
                sqlx::query(&format!("SET LOCAL {setting} = off"))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        let mut plans = Vec::new();
        for (name, sql, samples) in queries {
            let sql = with_samples(&sql, &samples);
            let plan = match self.backend {
                Backend::Sqlite => sqlx::query(&format!("EXPLAIN QUERY PLAN {sql}"))
                    .fetch_all(&mut *tx)
                    .await?
                    .iter()
                    .map(|r| r.try_get::<String, _>(3))
                    .collect::<Result<Vec<_>, _>>()?,
                Backend::Postgres => sqlx::query(&format!("EXPLAIN {sql}"))
                    .fetch_all(&mut *tx)
                    .await?
                    .iter()
                    .map(|r| r.try_get::<String, _>(0))
                    .collect::<Result<Vec<_>, _>>()?,
            };
            plans.push(ListPlan { name, sql, plan });
        }
        tx.rollback().await?;
        Ok(plans)
    }
}
