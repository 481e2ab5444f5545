//! An account's standing: active, suspended until a date, or banned. Checked where every
//! credential is resolved (tokens, sessions, pages, log-in), so a suspension or ban stops a
//! user's existing sessions and API tokens on their next request.

pub use crate::web::standing::Standing;

pub use crate::web::standing::check_not_muted;

#[cfg(test)]
mod tests {
    use super::Standing;

    #[test]
    fn bans_outweigh_and_suspensions_lapse() {
        assert_eq!(Standing::of(None, None, 10), Standing::Active);
        assert_eq!(Standing::of(Some(20), None, 10), Standing::Suspended { until: 20 });
        assert_eq!(Standing::of(Some(10), None, 10), Standing::Active);
        assert_eq!(Standing::of(Some(20), Some(5), 10), Standing::Banned { since: 5 });
        assert_eq!(
            Standing::check(Some(20), None, 10).unwrap_err().code(),
            "account_suspended"
        );
        assert_eq!(Standing::check(None, Some(1), 10).unwrap_err().code(), "account_banned");
    }
}
