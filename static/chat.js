// Herald game chat: live messages from the game page's stream (live.js), and
// sending without reloading the page. Messages are plain text: they are put in the page
// as text nodes, with web addresses as links, never as HTML. Without this script the
// panel still works through its form (and a reload shows new messages).
(function () {
  "use strict";
  var panel = document.getElementById("chat");
  if (!panel || !window.EventSource) return;
  var gameId = panel.dataset.game;
  var log = document.getElementById("chat-log");
  var empty = document.getElementById("chat-empty");
  var form = document.getElementById("chat-form");
  var errorBox = document.getElementById("chat-error");
  var after = Number(panel.dataset.after) || 0;

  // The same split as the server's (pages/game_chat.rs): http(s) links end at white space
  // and leave trailing punctuation out.
  function appendText(parent, text) {
    var re = /https?:\/\/\S+/g;
    var last = 0;
    var m;
    while ((m = re.exec(text)) !== null) {
      var link = m[0].replace(/[.,;:!?)\]'"]+$/, "");
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      if (link.length > link.indexOf("//") + 2) {
        var a = document.createElement("a");
        a.href = link;
        a.rel = "nofollow noopener noreferrer ugc";
        a.target = "_blank";
        a.textContent = link;
        parent.appendChild(a);
      } else {
        parent.appendChild(document.createTextNode(link));
      }
      last = m.index + link.length;
      re.lastIndex = last;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function show(msg) {
    if (msg.seq <= after) return;
    after = msg.seq;
    var li = document.createElement("li");
    li.className = "chat-line" + (msg.channel === "team" ? " team" : "");
    li.dataset.seq = msg.seq;
    var who = document.createElement("span");
    who.className = "chat-author";
    who.textContent = msg.username || Herald.t("js-chat-deleted-user");
    li.appendChild(who);
    if (msg.channel === "team") {
      var tag = document.createElement("span");
      tag.className = "chat-tag";
      tag.textContent = "team";
      li.appendChild(document.createTextNode(" "));
      li.appendChild(tag);
    }
    if (msg.ply) {
      var mv = document.createElement("a");
      mv.className = "chat-tag";
      mv.href = "/games/" + encodeURIComponent(gameId) + "?at=" + msg.ply;
      mv.textContent = Herald.t("js-chat-with-move", { ply: msg.ply });
      li.appendChild(document.createTextNode(" "));
      li.appendChild(mv);
    }
    var time = document.createElement("time");
    var at = new Date(msg.at);
    time.dateTime = at.toISOString();
    time.textContent = window.heraldDate ? window.heraldDate(at) : at.toISOString();
    li.appendChild(document.createTextNode(" "));
    li.appendChild(time);
    var p = document.createElement("p");
    p.className = "chat-text";
    appendText(p, msg.text);
    li.appendChild(p);
    log.appendChild(li);
    if (empty) empty.hidden = true;
    unreadIfUnseen(msg);
  }

  // A message from someone else that arrives while the chat is out of sight (or the tab is
  // hidden) is counted as unread: a marker beside the board and "(new message)" in the
  // tab title (app.js), until the chat is scrolled into view.
  var me = document.querySelector("header.site .me");
  var unread = 0;
  function chatInView() {
    var r = log.getBoundingClientRect();
    return !document.hidden && r.top < window.innerHeight && r.bottom > 0;
  }
  function setUnread(n) {
    unread = n;
    document.body.dataset.chatUnread = String(n);
    var marker = document.getElementById("chat-unread");
    if (marker) {
      marker.hidden = n === 0;
      marker.textContent = Herald.count("js-chat-new-messages", n);
    }
    if (window.heraldTitle) window.heraldTitle();
  }
  window.heraldChatUnread = function () { setUnread(unread); };
  function unreadIfUnseen(msg) {
    if (me && msg.username === me.textContent) return;
    if (!chatInView()) setUnread(unread + 1);
  }
  function seen() { if (unread > 0 && chatInView()) setUnread(0); }
  window.addEventListener("scroll", seen, { passive: true });
  document.addEventListener("visibilitychange", seen);

  // The messages come on the page's one stream (live.js), from the last one shown: the
  // stream is closed when the page is put in the back/forward cache and reopened when it
  // comes back. A reconnect by the browser sends again what came after the first request's
  // seq: `show` skips what it has shown.
  if (window.heraldLive) {
    window.heraldLive.join({
      game: gameId,
      wanted: function () { return true; },
      query: function () { return "chat_after=" + after; },
      events: {
        chat: function (e) {
          try { show(JSON.parse(e.data)); } catch (err) { /* a malformed line is skipped */ }
        }
      }
    });
  }

  // A Chatrang player's choice of recipients is kept per game in this browser, so a reload
  // never turns a message meant for the partner into one for everyone.
  var channelKey = "herald-chat-channel-" + gameId;
  var channelSelect = form ? form.querySelector("#chat-channel") : null;
  if (channelSelect) {
    try {
      var kept = localStorage.getItem(channelKey);
      var known = Array.prototype.some.call(channelSelect.options, function (o) { return o.value === kept; });
      if (known) channelSelect.value = kept;
    } catch (err) { /* storage off: the page's default */ }
    channelSelect.addEventListener("change", function () {
      try { localStorage.setItem(channelKey, channelSelect.value); } catch (err) { /* storage off */ }
    });
  }

  if (form) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var text = form.querySelector("#chat-text");
      var channel = form.querySelector("#chat-channel");
      var button = form.querySelector("button[type=submit]");
      button.disabled = true;
      errorBox.hidden = true;
      fetch("/api/v1/games/" + encodeURIComponent(gameId) + "/chat", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": Herald.csrf() },
        body: JSON.stringify({ text: text.value, channel: channel ? channel.value : "game" })
      }).then(function (r) {
        return r.json().then(function (body) { return { ok: r.ok, body: body }; });
      }).then(function (res) {
        button.disabled = false;
        if (res.ok) { text.value = ""; show(res.body); text.focus(); return; }
        var err = res.body && res.body.error ? res.body.error : { message: Herald.t("js-chat-not-sent") };
        errorBox.textContent = err.message;
        errorBox.hidden = false;
      }).catch(function () {
        button.disabled = false;
        errorBox.textContent = Herald.t("js-chat-unreachable");
        errorBox.hidden = false;
      });
    });
  }
})();
