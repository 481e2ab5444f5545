//! Client addresses behind reverse proxies: the configured trusted proxies, and the client
//! address of a request, taken from `X-Forwarded-For` only when the peer is a trusted proxy.
//! Rate limits and request logs both use [`ClientAddr`].

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;
use ipnet::IpNet;

/// A trusted proxy: one address (`10.0.0.5`, `::1`) or a range (`10.0.0.0/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedProxy(IpNet);

impl TrustedProxy {
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.contains(&ip)
    }
}

impl FromStr for TrustedProxy {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if let Ok(ip) = text.parse::<IpAddr>() {
            return Ok(TrustedProxy(IpNet::from(ip.to_canonical())));
        }
        text.parse::<IpNet>()
            .map(|net| TrustedProxy(net.trunc()))
            .map_err(|_| format!("`{text}` is neither an IP address nor a CIDR range such as 10.0.0.0/8"))
    }
}

impl fmt::Display for TrustedProxy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The trusted proxies, parsed from one comma-separated list (empty: none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(pub Vec<TrustedProxy>);

impl FromStr for TrustedProxies {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.split(',')
            .filter(|p| !p.trim().is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(TrustedProxies)
    }
}

fn is_trusted(trusted: &[TrustedProxy], ip: IpAddr) -> bool {
    trusted.iter().any(|p| p.contains(ip))
}

/// One `X-Forwarded-For` entry: an address, possibly with a port (`1.2.3.4:5678`, `[::1]:80`).
fn parse_hop(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

/// The client address: the peer, unless the peer is a trusted proxy; then the rightmost
/// `X-Forwarded-For` address that is not itself a trusted proxy (entries further left were
/// written by the client and can be forged). A malformed entry stops the walk at the last
/// trusted hop.
#[must_use]
pub fn client_ip(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[TrustedProxy]) -> Option<IpAddr> {
    let peer = peer?.to_canonical();
    if !is_trusted(trusted, peer) {
        return Some(peer);
    }
    let values: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let mut client = peer;
    for hop in values.iter().flat_map(|v| v.split(',')).rev() {
        let Some(ip) = parse_hop(hop) else { break };
        client = ip;
        if !is_trusted(trusted, ip) {
            break;
        }
    }
    Some(client)
}

/// The request's client address (`None` when the server does not know its peer, as in
/// tests that call the router directly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub Option<IpAddr>);

impl fmt::Display for ClientAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ip) => ip.fmt(f),
            None => f.write_str("-"),
        }
    }
}

/// Middleware: resolves the client address once and stores it in the request's extensions.
pub async fn resolve_client(State(trusted): State<Arc<[TrustedProxy]>>, request: Request, next: Next) -> Response {
    let (mut parts, body) = request.into_parts();
    // The extractor, not the raw extension, so tests' `MockConnectInfo` counts too.
    let peer = ConnectInfo::<SocketAddr>::from_request_parts(&mut parts, &())
        .await
        .ok()
        .map(|c| c.0.ip());
    let client = ClientAddr(client_ip(peer, &parts.headers, &trusted));
    parts.extensions.insert(client);
    next.run(Request::from_parts(parts, body)).await
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn proxies(list: &str) -> Vec<TrustedProxy> {
        list.parse::<TrustedProxies>().unwrap().0
    }

    fn xff(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn parses_addresses_and_ranges() {
        assert!(
            "127.0.0.1"
                .parse::<TrustedProxy>()
                .unwrap()
                .contains("127.0.0.1".parse().unwrap())
        );
        let net: TrustedProxy = "10.1.2.3/8".parse().unwrap();
        assert_eq!(net.to_string(), "10.0.0.0/8");
        assert!(net.contains("10.200.0.1".parse().unwrap()));
        assert!(!net.contains("11.0.0.1".parse().unwrap()));
        assert!("::1".parse::<TrustedProxy>().is_ok());
        assert!("fd00::/8".parse::<TrustedProxy>().is_ok());
        assert!("proxy.local".parse::<TrustedProxy>().is_err());
        assert!("10.0.0.0/40".parse::<TrustedProxy>().is_err());
        assert_eq!("".parse::<TrustedProxies>().unwrap().0, []);
        assert_eq!(" 127.0.0.1 , ::1,".parse::<TrustedProxies>().unwrap().0.len(), 2);
        assert!("127.0.0.1,nonsense".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let headers = xff(&["1.2.3.4"]);
        assert_eq!(
            client_ip(ip("203.0.113.9"), &headers, &proxies("127.0.0.1")),
            ip("203.0.113.9")
        );
        assert_eq!(client_ip(ip("203.0.113.9"), &headers, &[]), ip("203.0.113.9"));
        assert_eq!(client_ip(None, &headers, &proxies("127.0.0.1")), None);
    }

    #[test]
    fn a_trusted_peer_yields_the_rightmost_untrusted_hop() {
        let trusted = proxies("127.0.0.1,10.0.0.0/8");
        // The client forged the first entry; the proxy at 10.0.0.2 appended the real one.
        let headers = xff(&["6.6.6.6, 198.51.100.7, 10.0.0.2"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &headers, &trusted), ip("198.51.100.7"));
        // Several header lines count as one list, in order.
        let headers = xff(&["6.6.6.6", "198.51.100.7:4711"]);
        assert_eq!(client_ip(ip("10.9.9.9"), &headers, &trusted), ip("198.51.100.7"));
        // All hops trusted: the leftmost one.
        let headers = xff(&["10.0.0.3, 10.0.0.2"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &headers, &trusted), ip("10.0.0.3"));
        // No header: the proxy itself.
        assert_eq!(client_ip(ip("127.0.0.1"), &HeaderMap::new(), &trusted), ip("127.0.0.1"));
        // Garbage stops the walk at the last trusted hop.
        let headers = xff(&["198.51.100.7, garbage, 10.0.0.2"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &headers, &trusted), ip("10.0.0.2"));
    }

    #[test]
    fn ipv4_mapped_peers_match_ipv4_ranges() {
        let trusted = proxies("127.0.0.1");
        let headers = xff(&["198.51.100.7"]);
        assert_eq!(
            client_ip(ip("::ffff:127.0.0.1"), &headers, &trusted),
            ip("198.51.100.7")
        );
    }
}
