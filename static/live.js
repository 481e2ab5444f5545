// Herald live feed: a game page's one event stream (server-sent events), shared by its
// parts: the board's game events (board.js) and the chat panel's messages (chat.js, through
// `chat_after`). A browser opens at most six connections per host over HTTP/1.1, so a page
// holds one stream, and none while hidden in the back/forward cache: it is closed on
// pagehide and reopened when the page is shown again. Parts join while the page's deferred
// scripts run; the stream opens at DOMContentLoaded, once, with what every part asks for.
(function () {
  "use strict";
  var parts = [];
  var source = null;
  var ready = false;

  function each(name, arg) {
    parts.forEach(function (p) { if (p[name]) p[name](arg); });
  }
  function wanted() {
    return parts.some(function (p) { return p.wanted(); });
  }
  function url() {
    var query = parts
      .map(function (p) { return p.query ? p.query() : ""; })
      .filter(function (q) { return q; })
      .join("&");
    return "/games/" + encodeURIComponent(parts[0].game) + "/events" + (query ? "?" + query : "");
  }

  function open() {
    if (source || !ready || !window.EventSource || !wanted()) return;
    var es = new EventSource(url());
    var broke = false;
    source = es;
    each("connecting");
    es.onopen = function () { each("opened", broke); };
    es.onerror = function () {
      broke = true;
      // The browser reconnects by itself; a refused stream is closed for good.
      if (es.readyState === EventSource.CLOSED && source === es) source = null;
      each("broken");
    };
    parts.forEach(function (p) {
      Object.keys(p.events || {}).forEach(function (kind) { es.addEventListener(kind, p.events[kind]); });
    });
  }
  function close() {
    if (source) { source.close(); source = null; }
    each("closed");
  }

  window.heraldLive = {
    // part: { game, wanted(), query() (optional), events: {kind: handler},
    //         connecting(), opened(broke), broken(), closed(), shown() (all optional) }
    join: function (part) { parts.push(part); },
    // A part's wish changed (the game ended, say): the stream follows what is wanted.
    update: function () { if (wanted()) open(); else close(); }
  };

  document.addEventListener("DOMContentLoaded", function () {
    ready = true;
    open();
  });
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (ev) {
    if (!ev.persisted) return;
    open();
    each("shown");
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && ready && !source && wanted()) {
      open();
      each("shown");
    }
  });
})();
