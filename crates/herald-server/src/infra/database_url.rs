//! The PostgreSQL URL Herald connects with: TLS left off on a loopback address.

/// `url` with `sslmode=disable` added when it names a PostgreSQL server on a loopback
/// address (`localhost`, `127.0.0.0/8`, `::1`) and says nothing about TLS itself.
///
/// sqlx, like libpq, defaults to `sslmode=prefer`, which negotiates TLS with any server
/// that offers it. On a loopback connection that protects nothing (the bytes never leave
/// the machine) and it costs CPU on both sides of every query (2-3 % of a two-core machine
/// at 1,000 moves/s, measured with `perf`). An explicit `sslmode` (or `sslrootcert`,
/// `sslcert`: someone chose TLS), a `host=` parameter (a socket directory, or another
/// host) and every non-loopback host are left as they are.
#[must_use]
pub fn without_loopback_tls(url: &str) -> String {
    let Ok(mut parsed) = url::Url::parse(url) else {
        return url.to_owned();
    };
    if !matches!(parsed.scheme(), "postgres" | "postgresql") {
        return url.to_owned();
    }
    let chosen = parsed.query_pairs().any(|(key, _)| {
        matches!(
            key.as_ref(),
            "sslmode" | "sslrootcert" | "sslcert" | "sslkey" | "host" | "hostaddr"
        )
    });
    let loopback = match parsed.host() {
        // A URL of a scheme the url crate does not know keeps an IPv4 address as a name.
        Some(url::Host::Domain(name)) => {
            name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    if chosen || !loopback {
        return url.to_owned();
    }
    parsed.query_pairs_mut().append_pair("sslmode", "disable");
    parsed.into()
}

#[cfg(test)]
mod tests {
    use super::without_loopback_tls;

    #[test]
    fn loopback_urls_without_a_tls_choice_connect_in_the_clear() {
        assert_eq!(
            without_loopback_tls("postgres://postgres@127.0.0.1:5432/test"),
            "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
        );
        assert_eq!(
            without_loopback_tls("postgresql://u:p%40ss@localhost/herald?application_name=h"),
            "postgresql://u:p%40ss@localhost/herald?application_name=h&sslmode=disable"
        );
        assert_eq!(
            without_loopback_tls("postgres://u@[::1]:5432/h"),
            "postgres://u@[::1]:5432/h?sslmode=disable"
        );
        assert_eq!(
            without_loopback_tls("postgres://u@127.3.2.1/h"),
            "postgres://u@127.3.2.1/h?sslmode=disable"
        );
    }

    #[test]
    fn other_hosts_and_explicit_choices_are_left_alone() {
        for url in [
            "postgres://u@db.example:5432/h",
            "postgres://u@10.0.0.5/h",
            "postgres://u@127.0.0.1/h?sslmode=require",
            "postgres://u@localhost/h?sslmode=prefer",
            "postgres://u@localhost/h?sslrootcert=/etc/ca.pem",
            "postgres://u@localhost/h?host=/var/run/postgresql",
            "sqlite:///tmp/x.db?mode=rwc",
            "not a url",
        ] {
            assert_eq!(without_loopback_tls(url), url);
        }
    }
}
