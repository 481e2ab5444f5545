//! Synthetic data in bulk, for the data-volume benchmark (`examples/volume.rs`) and the
//! list query plan test: games among generated players, written with a few set-based
//! statements per batch (recursive CTEs on SQLite, `generate_series` on PostgreSQL), never
//! through the API. The same pseudo-random rules on both databases give the same data.

use sqlx::Row;

use crate::storage::{Backend, Db};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Synthetic {
    /// Games: about 96 % finished (the newest 5 % are mostly active or waiting), 6 to 84
    /// plies each (45 on average); aborted and waiting ones have none.
    pub games: i64,
    /// Store every move (the `moves` table), not only each game's ply count.
    pub moves: bool,
    /// Players `player1`..`playerN`; half the games have a first player drawn with a skew
    /// (`u = N * r²`), so a few players have thousands of games.
    pub users: i64,
    /// Every player's password hash (one hash made the normal way).
    pub password_hash: String,
    /// "Now": games were created over the five years before it.
    pub now: i64,
}

/// Games are filled in batches of this many (one transaction each).
const BATCH: i64 = 50_000;
const DAY_MS: i64 = 86_400_000;

/// `WITH` clauses numbering games `lo..=hi` and deriving everything about game `n` from
/// pseudo-random values (the same on both databases): `a` is a bijection of `n` (the id),
/// `b`..`e` steps of a Lehmer generator.
fn spec_cte(backend: Backend, lo: i64, hi: i64, games: i64, users: i64, first_user: i64, now: i64) -> String {
    let seq = match backend {
        Backend::Sqlite => format!("RECURSIVE seq(n) AS (SELECT {lo} UNION ALL SELECT n + 1 FROM seq WHERE n < {hi})"),
        Backend::Postgres => format!("seq(n) AS (SELECT generate_series({lo}::BIGINT, {hi}::BIGINT))"),
    };
    let start = now - 5 * 365 * DAY_MS;
    let span = (4 * 365 + 300) * DAY_MS;
    let recent = games - games / 20;
    format!(
        "WITH {seq}, \
         h1 AS (SELECT n, (n * 2654435761) % 4294967296 AS a FROM seq), \
         h2 AS (SELECT n, a, (a * 48271) % 2147483647 AS b FROM h1), \
         h3 AS (SELECT n, a, b, (b * 48271) % 2147483647 AS c FROM h2), \
         h4 AS (SELECT n, a, b, c, (c * 48271) % 2147483647 AS d FROM h3), \
         h5 AS (SELECT n, a, b, c, d, (d * 48271) % 2147483647 AS e FROM h4), \
         h6 AS (SELECT n, a, b, c, d, e, \
           CASE WHEN b % 100 < 40 THEN 'not-chess' WHEN b % 100 < 65 THEN 'ancient' \
                WHEN b % 100 < 90 THEN 'nowan' ELSE 'chatrang' END AS variant, \
           CASE WHEN n > {recent} AND c % 1000 < 80 THEN 'waiting' \
                WHEN n > {recent} AND c % 1000 < 700 THEN 'active' \
                WHEN c % 1000 < 8 THEN 'aborted' ELSE 'finished' END AS status, \
           {start} + n * ({span} / {games}) AS created_at FROM h5), \
         spec AS (SELECT n, a, b, c, d, e, variant, status, created_at, \
           'v' || a AS id, \
           CASE WHEN variant = 'chatrang' THEN 4 ELSE 2 END AS players, \
           CASE WHEN status IN ('waiting', 'aborted') THEN 0 ELSE 6 + d % 50 + e % 30 END AS ply, \
           CASE WHEN status = 'finished' THEN \
             CASE WHEN created_at + (1 + d % 90) * {DAY_MS} > {now} THEN {now} - 60000 \
                  ELSE created_at + (1 + d % 90) * {DAY_MS} END \
             WHEN status = 'aborted' THEN created_at + {DAY_MS} END AS finished_at, \
           CASE WHEN a % 2 = 1 THEN ((c / 1000) % 65536) * ((c / 1000) % 65536) * {users} / 4294967296 \
                ELSE (b / 100) % {users} END AS u0, \
           1 + (d / 100) % (CASE WHEN variant = 'chatrang' THEN {users} / 4 - 1 ELSE {users} - 1 END) AS step, \
           CASE WHEN status = 'finished' THEN CASE WHEN e % 100 < 45 THEN '1-0' \
                WHEN e % 100 < 85 OR variant = 'ancient' THEN '0-1' ELSE '1/2-1/2' END END AS result, \
           CASE WHEN status = 'finished' THEN CASE WHEN e % 100 < 45 THEN 0 \
                WHEN e % 100 < 85 OR variant = 'ancient' THEN 1 END END AS winner_team, \
           {first_user} AS first_user FROM h6)"
    )
}

/// The games' own rows.
fn insert_games(cte: &str, now: i64) -> String {
    format!(
        "{cte} INSERT INTO games (id, variant, options, status, created_by, created_at, started_at, finished_at, \
         updated_at, days_per_move, ply, version, turn, fen, move_by, winner_team, result, reason, draw_offers, \
         open_seats, event_seq, timeout_policy, sweep_at) \
         SELECT id, variant, '', status, first_user + u0, created_at, \
           CASE WHEN status = 'waiting' THEN NULL ELSE created_at + 3600000 END, finished_at, \
           CASE WHEN finished_at IS NULL THEN created_at ELSE finished_at END, 1 + b % 7, ply, ply + 2, ply % players, \
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', \
           CASE WHEN status = 'active' THEN {now} + (1 + e % 4) * {DAY_MS} END, \
           winner_team, result, \
           CASE WHEN status = 'finished' THEN CASE WHEN winner_team IS NOT NULL THEN 'resignation' \
                ELSE 'draw_agreed' END \
                WHEN status = 'aborted' THEN 'aborted' END, \
           0, CASE WHEN status = 'waiting' AND b % 2 = 0 THEN players - 1 ELSE 0 END, ply + 3, 'claim', \
           CASE WHEN status = 'active' THEN {now} + (1 + e % 4) * {DAY_MS} - 17280000 END \
         FROM spec ORDER BY id"
    )
}

/// A row per seat: waiting games have their creator seated and the others open or invited;
/// a third of the other games began as invitations.
fn insert_seats(cte: &str, users: i64) -> String {
    format!(
        "{cte}, seat(k) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) \
         INSERT INTO game_seats (game_id, seat, user_id, invited_user_id, finished_at, game_status, game_variant, \
           game_result, game_winner_team) \
         SELECT id, k, \
           CASE WHEN status = 'waiting' AND k > 0 THEN NULL ELSE first_user + (u0 + k * step) % {users} END, \
           CASE WHEN k > 0 AND ((status = 'waiting' AND b % 2 = 1) OR (status <> 'waiting' AND b % 3 = 0)) \
                THEN first_user + (u0 + k * step) % {users} END, \
           finished_at, CASE WHEN finished_at IS NOT NULL THEN status END, \
           variant, result, winner_team \
         FROM spec JOIN seat ON seat.k < spec.players ORDER BY id, k"
    )
}

/// Every move of every game (12 hours apart).
fn insert_moves(cte: &str, backend: Backend) -> String {
    // The CTE's `WITH RECURSIVE` (SQLite) covers this one too.
    let nums = match backend {
        Backend::Sqlite => "nums(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM nums WHERE i < 99)",
        Backend::Postgres => "nums(i) AS (SELECT generate_series(0::BIGINT, 99::BIGINT))",
    };
    format!(
        "{cte}, {nums} \
         INSERT INTO moves (game_id, ply, seat, text, played_at) \
         SELECT id, i, i % players, \
           substr('abcdefgh', CAST(1 + i % 8 AS INTEGER), 1) || (1 + i % 7) || \
           substr('abcdefgh', CAST(1 + (i * 3) % 8 AS INTEGER), 1) || (2 + i % 6), \
           created_at + 3600000 + i * 43200000 \
         FROM spec JOIN nums ON nums.i < spec.ply ORDER BY id, i"
    )
}

impl Db {
    /// Fills an empty database with `spec`'s players and games, `BATCH` games per
    /// transaction, calling `progress` with the games written so far.
    ///
    /// # Errors
    /// The database failed, or already holds games.
    pub async fn fill_synthetic(&self, spec: &Synthetic, mut progress: impl FnMut(i64)) -> Result<(), sqlx::Error> {
        let have: i64 = sqlx::query("SELECT COUNT(*) FROM games")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        if have > 0 {
            return Err(sqlx::Error::Protocol(format!(
                "the database already holds {have} games"
            )));
        }
        let backend = self.backend;
        let users = match backend {
            Backend::Sqlite => format!(
                "WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < {})",
                spec.users
            ),
            Backend::Postgres => format!(
                "WITH seq(n) AS (SELECT generate_series(1::BIGINT, {}::BIGINT))",
                spec.users
            ),
        };
        sqlx::query(&format!(
            "{users} INSERT INTO users (username, username_key, password_hash, created_at) \
             SELECT 'player' || n, 'player' || n, $1, {} FROM seq ORDER BY n",
            spec.now - 5 * 365 * DAY_MS
        ))
        .bind(&spec.password_hash)
        .execute(&self.pool)
        .await?;
        let id_of = |n: i64| format!("SELECT id FROM users WHERE username_key = 'player{n}'");
        let first_user: i64 = sqlx::query(&id_of(1)).fetch_one(&self.pool).await?.try_get(0)?;
        let last_user: i64 = sqlx::query(&id_of(spec.users))
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        if last_user - first_user != spec.users - 1 {
            return Err(sqlx::Error::Protocol(
                "generated players' ids are not consecutive".to_owned(),
            ));
        }
        let mut lo = 1;
        while lo <= spec.games {
            let hi = (lo + BATCH - 1).min(spec.games);
            let cte = spec_cte(backend, lo, hi, spec.games, spec.users, first_user, spec.now);
            let mut tx = self.pool.begin().await?;
            match backend {
                Backend::Sqlite => sqlx::query("PRAGMA cache_size = -1000000").execute(&mut *tx).await?,
                Backend::Postgres => {
                    sqlx::query("SET LOCAL synchronous_commit = off")
                        .execute(&mut *tx)
                        .await?
                }
            };
            sqlx::query(&insert_games(&cte, spec.now)).execute(&mut *tx).await?;
            sqlx::query(&insert_seats(&cte, spec.users)).execute(&mut *tx).await?;
            if spec.moves {
                sqlx::query(&insert_moves(&cte, backend)).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            progress(hi);
            lo = hi + 1;
        }
        self.fill_ratings().await?;
        // What the trigger that finishes a game counts, as migration 0014 back-fills it.
        sqlx::query(
            "INSERT INTO player_results (user_id, variant, seat, winner_team, games) \
             SELECT user_id, game_variant, seat, COALESCE(game_winner_team, -1), COUNT(*) FROM game_seats \
             WHERE user_id IS NOT NULL AND finished_at IS NOT NULL AND game_status = 'finished' \
             GROUP BY user_id, game_variant, seat, COALESCE(game_winner_team, -1)",
        )
        .execute(&self.pool)
        .await?;
        if backend == Backend::Postgres {
            // What autovacuum does soon after a bulk load: the planner needs the statistics,
            // and index-only scans the visibility map (without it every entry an archive
            // page skips is a visit to the table).
            sqlx::query("VACUUM (ANALYZE) games, game_seats, moves, users, ratings, rating_changes, player_results")
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Every finished game counts as rated: a rating change per seated player (history
    /// points for the profiles' charts) and, from them, each player's rating per game, about
    /// 40 % of them provisional (deviation above 110).
    async fn fill_ratings(&self) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE games SET rated = 1 WHERE status = 'finished'")
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, rating_after, \
             deviation_after, created_at) \
             SELECT game_id, seat, user_id, game_variant, \
               CAST(1000 + (user_id * 7919 + seat * 13) % 1000 AS DOUBLE PRECISION), \
               CAST(1000 + (user_id * 7919 + finished_at / 86400000) % 1000 AS DOUBLE PRECISION), \
               CAST(50 + user_id % 100 AS DOUBLE PRECISION), finished_at \
             FROM game_seats WHERE game_status = 'finished' AND user_id IS NOT NULL",
        )
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
             SELECT user_id, variant, CAST(1000 + (user_id * 7919) % 1000 AS DOUBLE PRECISION), \
               CAST(50 + user_id % 100 AS DOUBLE PRECISION), 0.06, COUNT(*), MAX(created_at) \
             FROM rating_changes GROUP BY user_id, variant",
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }
}
