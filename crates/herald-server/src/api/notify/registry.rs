//! The registry of notification channels: every [`Channel`] in the order the settings show
//! them. Apart from the trait (`channel`) so that the channels' own modules, which name
//! the trait, never import the list that names them.

use super::channel::{Channel, Switch};

/// Every channel, in the order the settings show them. Adding a channel: its module with
/// its `impl Channel`, and a line here.
pub static REGISTRY: &[&dyn Channel] = &[
    &super::email::Email,
    &super::push::WebPush,
    &super::feed::AtomFeed,
    &super::webhooks::Webhooks,
];

/// Every switch of every channel, in the registry's order.
pub fn all_switches() -> impl Iterator<Item = (&'static dyn Channel, &'static Switch)> {
    REGISTRY
        .iter()
        .flat_map(|channel| channel.switches().iter().map(move |switch| (*channel, switch)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::notify::channel::setting;

    #[test]
    fn settings_are_unique_and_named_after_channel_and_kind() {
        let names: Vec<String> = all_switches().map(|(c, s)| setting(c, s.kind)).collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
        }
        assert!(names.contains(&"email_your_move".to_owned()));
        assert!(names.contains(&"webhook_chat".to_owned()));
        assert!(names.contains(&"feed_chat".to_owned()));
        assert!(names.contains(&"push_offer".to_owned()));
        assert_eq!(names.len(), 15);
    }
}
