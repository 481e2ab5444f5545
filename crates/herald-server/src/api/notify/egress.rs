//! Which addresses webhooks may reach. A webhook URL is chosen by any user, so without a
//! guard it could make the server POST to its own network (the database's admin port, a
//! cloud metadata service, a router). Unless the operator allows private addresses
//! (`HERALD_WEBHOOK_ALLOW_PRIVATE`), names are resolved by a resolver that drops every
//! non-public address, and IP literals are checked before connecting, so a name that
//! resolves to a public address when the webhook is saved and to a private one later
//! (DNS rebinding) is refused too.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// IPv4 blocks of the IANA IPv4 Special-Purpose Address Registry that are not globally
/// reachable (RFC 6890 and later), plus multicast and the reserved 240/4: `(network,
/// prefix length, name)`. Registry entries that are globally reachable (AS112, AMT) are
/// left out; `192.0.0.0/24` is refused whole, as no webhook receiver lives there.
const V4_SPECIAL: &[(Ipv4Addr, u8, &str)] = &[
    (Ipv4Addr::new(0, 0, 0, 0), 8, "this network"),
    (Ipv4Addr::new(10, 0, 0, 0), 8, "private use"),
    (
        Ipv4Addr::new(100, 64, 0, 0),
        10,
        "shared address space (carrier-grade NAT)",
    ),
    (Ipv4Addr::new(127, 0, 0, 0), 8, "loopback"),
    (Ipv4Addr::new(169, 254, 0, 0), 16, "link local"),
    (Ipv4Addr::new(172, 16, 0, 0), 12, "private use"),
    (Ipv4Addr::new(192, 0, 0, 0), 24, "IETF protocol assignments"),
    (Ipv4Addr::new(192, 0, 2, 0), 24, "documentation (TEST-NET-1)"),
    (Ipv4Addr::new(192, 88, 99, 0), 24, "deprecated 6to4 relay anycast"),
    (Ipv4Addr::new(192, 168, 0, 0), 16, "private use"),
    (Ipv4Addr::new(198, 18, 0, 0), 15, "benchmarking"),
    (Ipv4Addr::new(198, 51, 100, 0), 24, "documentation (TEST-NET-2)"),
    (Ipv4Addr::new(203, 0, 113, 0), 24, "documentation (TEST-NET-3)"),
    (Ipv4Addr::new(224, 0, 0, 0), 4, "multicast"),
    (
        Ipv4Addr::new(240, 0, 0, 0),
        4,
        "reserved (and the limited broadcast address)",
    ),
];

/// IPv6 blocks of the IANA IPv6 Special-Purpose Address Registry that are not globally
/// reachable, and the other non-unicast space. Addresses outside `2000::/3` are refused
/// anyway (see [`v6_reason`]); the blocks inside it are listed here. Teredo (`2001::/32`)
/// is refused whole inside `2001::/23`: it tunnels to an IPv4 address hidden in the bits.
const V6_SPECIAL: &[(Ipv6Addr, u8, &str)] = &[
    (
        Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0),
        23,
        "IETF protocol assignments (Teredo among them)",
    ),
    (Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0), 32, "documentation"),
    (Ipv6Addr::new(0x3fff, 0, 0, 0, 0, 0, 0, 0), 20, "documentation"),
    (
        Ipv6Addr::new(0x5f00, 0, 0, 0, 0, 0, 0, 0),
        16,
        "segment routing (SRv6) SIDs",
    ),
];

fn in_v4(ip: Ipv4Addr, net: Ipv4Addr, len: u8) -> bool {
    let mask = u32::MAX.checked_shl(32 - u32::from(len)).unwrap_or(0);
    u32::from(ip) & mask == u32::from(net) & mask
}

fn in_v6(ip: Ipv6Addr, net: Ipv6Addr, len: u8) -> bool {
    let mask = u128::MAX.checked_shl(128 - u32::from(len)).unwrap_or(0);
    u128::from(ip) & mask == u128::from(net) & mask
}

/// The IPv4 address inside an IPv6 one that carries it to an IPv4 host: IPv4-mapped
/// (`::ffff:0:0/96`), the NAT64 well-known prefix (`64:ff9b::/96`) and 6to4 (`2002::/16`).
fn embedded_v4(ip: Ipv6Addr) -> Option<(Ipv4Addr, &'static str)> {
    let bits = u128::from(ip);
    #[allow(clippy::cast_possible_truncation)] // the low 32 bits, on purpose
    let low = Ipv4Addr::from(bits as u32);
    if in_v6(ip, Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0, 0), 96) {
        Some((low, "IPv4-mapped"))
    } else if in_v6(ip, Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0), 96) {
        Some((low, "NAT64"))
    } else if in_v6(ip, Ipv6Addr::new(0x2002, 0, 0, 0, 0, 0, 0, 0), 16) {
        #[allow(clippy::cast_possible_truncation)] // bits 16 to 47, on purpose
        let inner = Ipv4Addr::from((bits >> 80) as u32);
        Some((inner, "6to4"))
    } else {
        None
    }
}

fn v4_reason(ip: Ipv4Addr) -> Option<&'static str> {
    V4_SPECIAL
        .iter()
        .find(|(net, len, _)| in_v4(ip, *net, *len))
        .map(|(_, _, name)| *name)
}

fn v6_reason(ip: Ipv6Addr) -> Option<&'static str> {
    if let Some((v4, _)) = embedded_v4(ip) {
        return v4_reason(v4);
    }
    // Global unicast is 2000::/3; everything else (IPv4-compatible ::/96, loopback,
    // unspecified, discard-only 100::/64, local-use NAT64 64:ff9b:1::/48, unique local
    // fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8) is not.
    if !in_v6(ip, Ipv6Addr::new(0x2000, 0, 0, 0, 0, 0, 0, 0), 3) {
        return Some(match ip.segments()[0] {
            0 if ip.is_loopback() => "loopback",
            0 => "IPv4-compatible, unspecified or reserved",
            0xfc00..=0xfdff => "unique local",
            0xfe80..=0xfebf => "link local",
            0xfec0..=0xfeff => "site local (deprecated)",
            0xff00..=0xffff => "multicast",
            _ => "reserved",
        });
    }
    V6_SPECIAL
        .iter()
        .find(|(net, len, _)| in_v6(ip, *net, *len))
        .map(|(_, _, name)| *name)
}

/// Which special-purpose block `ip` falls in, if it is not a public unicast address; an
/// IPv4 address carried inside an IPv6 one is judged as IPv4.
#[must_use]
pub fn special_purpose(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => v4_reason(v4),
        IpAddr::V6(v6) => v6_reason(v6),
    }
}

/// Whether `ip` is a public unicast address.
#[must_use]
pub fn is_public(ip: IpAddr) -> bool {
    special_purpose(ip).is_none()
}

/// Applies the guard to a client: unless private addresses are allowed, names resolve to
/// public addresses only and no proxy is used (a proxy from `HTTP_PROXY`/`HTTPS_PROXY`
/// would connect wherever the URL says, past the resolver).
pub fn guard(builder: reqwest::ClientBuilder, allow_private: bool) -> reqwest::ClientBuilder {
    if allow_private {
        builder
    } else {
        builder.no_proxy().dns_resolver(std::sync::Arc::new(PublicOnly))
    }
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

    #[test]
    fn special_purpose_addresses_are_not_public() {
        // (address, the block it must be refused as)
        let refused = [
            ("127.0.0.1", "loopback"),
            ("10.1.2.3", "private use"),
            ("172.16.0.1", "private use"),
            ("172.31.255.255", "private use"),
            ("192.168.1.1", "private use"),
            ("169.254.169.254", "link local"),
            ("0.0.0.0", "this network"),
            ("0.1.2.3", "this network"),
            ("100.64.0.1", "shared address space (carrier-grade NAT)"),
            ("100.127.255.255", "shared address space (carrier-grade NAT)"),
            ("192.0.0.1", "IETF protocol assignments"),
            ("192.0.0.170", "IETF protocol assignments"),
            ("192.0.2.1", "documentation (TEST-NET-1)"),
            ("192.88.99.1", "deprecated 6to4 relay anycast"),
            ("198.18.0.1", "benchmarking"),
            ("198.19.255.255", "benchmarking"),
            ("198.51.100.7", "documentation (TEST-NET-2)"),
            ("203.0.113.9", "documentation (TEST-NET-3)"),
            ("224.0.0.1", "multicast"),
            ("239.255.255.250", "multicast"),
            ("240.0.0.1", "reserved (and the limited broadcast address)"),
            ("255.255.255.255", "reserved (and the limited broadcast address)"),
            ("::1", "loopback"),
            ("::", "IPv4-compatible, unspecified or reserved"),
            // IPv4-compatible (deprecated): refused whatever it carries.
            ("::127.0.0.1", "IPv4-compatible, unspecified or reserved"),
            ("::8.8.8.8", "IPv4-compatible, unspecified or reserved"),
            ("::ffff:127.0.0.1", "loopback"),
            ("::ffff:10.0.0.1", "private use"),
            ("::ffff:0:10.0.0.1", "IPv4-compatible, unspecified or reserved"),
            // NAT64 (well-known prefix): judged by the IPv4 address inside.
            ("64:ff9b::127.0.0.1", "loopback"),
            ("64:ff9b::a9fe:a9fe", "link local"),
            ("64:ff9b::192.168.0.1", "private use"),
            ("64:ff9b:1::10.0.0.1", "reserved"),
            // 6to4: the IPv4 address is in bits 16-47.
            ("2002:7f00:1::1", "loopback"),
            ("2002:c0a8:101::1", "private use"),
            ("2002:a9fe:a9fe::", "link local"),
            // Teredo and the rest of the IETF protocol block.
            ("2001::1", "IETF protocol assignments (Teredo among them)"),
            (
                "2001:0:4136:e378:8000:63bf:3fff:fdd2",
                "IETF protocol assignments (Teredo among them)",
            ),
            ("2001:2::1", "IETF protocol assignments (Teredo among them)"),
            ("2001:db8::1", "documentation"),
            ("3fff::1", "documentation"),
            ("5f00::1", "reserved"),
            ("100::1", "reserved"),
            ("fd00::1", "unique local"),
            ("fc00::1", "unique local"),
            ("fe80::1", "link local"),
            ("febf::1", "link local"),
            ("fec0::1", "site local (deprecated)"),
            ("feff::1", "site local (deprecated)"),
            ("ff02::1", "multicast"),
            ("4000::1", "reserved"),
        ];
        for (text, block) in refused {
            let ip: IpAddr = text.parse().unwrap();
            assert_eq!(special_purpose(ip), Some(block), "{text}");
            assert!(!is_public(ip), "{text}");
        }
        for text in [
            "93.184.216.34",
            "1.1.1.1",
            "8.8.8.8",
            "100.63.255.255",
            "100.128.0.0",
            "172.32.0.1",
            "192.0.1.1",
            "192.31.196.1",
            "198.20.0.1",
            "223.255.255.255",
            "2606:4700:4700::1111",
            "2a00:1450:4001:80b::200e",
            "2001:200::1",
            "::ffff:8.8.8.8",
            "64:ff9b::8.8.8.8",
            "2002:808:808::1",
        ] {
            let ip: IpAddr = text.parse().unwrap();
            assert_eq!(special_purpose(ip), None, "{text}");
        }
    }

    #[tokio::test]
    async fn the_guarded_client_ignores_proxies() {
        use tokio::io::AsyncReadExt;
        // A proxy, as HTTP_PROXY would configure one: it must never be contacted.
        let proxy = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy_url = format!("http://{}", proxy.local_addr().unwrap());
        let contacted = tokio::spawn(async move {
            let (mut socket, _) = proxy.accept().await.unwrap();
            let mut buf = [0_u8; 256];
            let n = socket.read(&mut buf).await.unwrap_or(0);
            String::from_utf8_lossy(&buf[..n]).into_owned()
        });
        let with_proxy = || reqwest::Client::builder().proxy(reqwest::Proxy::all(&proxy_url).unwrap());
        let guarded = guard(with_proxy(), false).build().unwrap();
        // A loopback port nothing listens on: the request goes straight there and fails
        // (an address literal needs no resolver); only an honoured proxy would see it.
        // Tests send traffic to this machine only.
        let closed = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap();
        let sent = guarded
            .post(format!("http://{closed}/hook"))
            .timeout(std::time::Duration::from_millis(500))
            .send()
            .await;
        assert!(sent.is_err(), "nothing listens there");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert!(!contacted.is_finished(), "the proxy was contacted");
        // Allowed private targets keep the operator's proxy.
        let open = guard(with_proxy(), true).build().unwrap();
        let _ = open
            .post(format!("http://{closed}/hook"))
            .timeout(std::time::Duration::from_millis(500))
            .send()
            .await;
        let request = tokio::time::timeout(std::time::Duration::from_secs(2), contacted)
            .await
            .expect("the proxy is used when private targets are allowed")
            .unwrap();
        assert!(request.starts_with(&format!("POST http://{closed}/hook")), "{request}");
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
