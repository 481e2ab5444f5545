//! Which addresses webhooks may reach. A webhook URL is chosen by any user, so without a
//! guard it could make the server POST to its own network (the database's admin port, a
//! cloud metadata service, a router). Unless the operator allows private addresses
//! (`HERALD_WEBHOOK_ALLOW_PRIVATE`), names are resolved by a resolver that drops every
//! non-public address, and IP literals are checked before connecting, so a name that
//! resolves to a public address when the webhook is saved and to a private one later
//! (DNS rebinding) is refused too.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Whether `ip` is a public unicast address.
#[must_use]
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // 100.64.0.0/10, carrier-grade NAT; 198.18.0.0/15, benchmarking; 240.0.0.0/4, reserved.
        || (a == 100 && (64..128).contains(&b))
        || (a == 198 && (b == 18 || b == 19))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // fc00::/7 unique local, fe80::/10 link-local, 2001:db8::/32 documentation.
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first == 0x2001 && ip.segments()[1] == 0x0db8))
}

/// Why a URL's host may not be reached, when it is an IP literal or `localhost`.
#[must_use]
pub fn refused_host(url: &reqwest::Url) -> Option<&'static str> {
    match url.host()? {
        url::Host::Ipv4(ip) if !is_public(IpAddr::V4(ip)) => Some("a private or local address"),
        url::Host::Ipv6(ip) if !is_public(IpAddr::V6(ip)) => Some("a private or local address"),
        url::Host::Domain(name) if is_localhost(name) => Some("this server itself"),
        _ => None,
    }
}

fn is_localhost(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost")
}

/// A resolver that answers only public addresses.
#[derive(Debug, Clone, Copy, Default)]
pub struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let all: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = all.into_iter().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err(format!("{host} has no public address (webhooks may not reach private networks)").into());
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn public(text: &str) -> bool {
        is_public(text.parse().unwrap())
    }

    #[test]
    fn private_local_and_reserved_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
        ] {
            assert!(!public(ip), "{ip}");
        }
        for ip in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            assert!(public(ip), "{ip}");
        }
    }

    #[test]
    fn literal_hosts_and_localhost_are_refused_before_any_lookup() {
        let refused = |u: &str| refused_host(&reqwest::Url::parse(u).unwrap());
        assert!(refused("http://127.0.0.1:8080/x").is_some());
        assert!(refused("http://[::1]/x").is_some());
        assert!(refused("http://LOCALHOST/x").is_some());
        assert!(refused("http://api.localhost/x").is_some());
        assert!(refused("http://localhost./x").is_some());
        assert!(refused("https://example.org/hook").is_none());
        assert!(refused("http://8.8.8.8/hook").is_none());
    }

    #[tokio::test]
    async fn the_resolver_drops_private_answers() {
        let error = PublicOnly.resolve("localhost".parse().unwrap()).await.err().unwrap();
        assert!(error.to_string().contains("no public address"), "{error}");
    }
}
