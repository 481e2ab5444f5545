// Herald game page: click-to-move, keyboard play, confirm and promotion choices, and live
// updates from the game's event stream. Without this script the page still works through
// its forms. No framework, no build step.
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root) return;
  var gameId = root.dataset.game;
  var selected = null;
  var pending = null;
  var busy = false;

  function q(sel) { return root.querySelector(sel); }
  function board() { return q(".board"); }
  function legal() {
    var b = board();
    return b && b.dataset.legal ? b.dataset.legal.split(" ").filter(Boolean) : [];
  }
  function ends(m) {
    var r = /^([a-z]\d+)([a-z]\d+)([a-z]?)$/.exec(m);
    return r ? { from: r[1], to: r[2], promo: r[3] } : null;
  }
  function squares() { return root.querySelectorAll(".board-grid .sq"); }
  function sq(name) { return root.querySelector('.board-grid .sq[data-sq="' + name + '"]'); }
  function say(text, isError) {
    var box = q("#game-message");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
    box.className = "game-message" + (isError ? " error" : "");
  }

  function clearMarks() {
    squares().forEach(function (s) {
      s.classList.remove("selected", "dest", "sacrifice");
      if (s.dataset.label) s.setAttribute("aria-label", s.dataset.label);
    });
  }
  function hideBars() {
    var c = q("#confirm-bar"), p = q("#promotion-bar");
    if (c) c.hidden = true;
    if (p) p.hidden = true;
    pending = null;
  }
  function deselect() { selected = null; clearMarks(); hideBars(); }

  function select(name) {
    clearMarks(); hideBars();
    selected = name;
    var origin = sq(name);
    origin.dataset.label = origin.dataset.label || origin.getAttribute("aria-label");
    origin.classList.add("selected");
    origin.setAttribute("aria-label", origin.dataset.label + ", selected");
    var mover = origin.querySelector(".pc");
    legal().forEach(function (m) {
      var e = ends(m);
      if (!e || e.from !== name) return;
      var t = sq(e.to);
      if (!t || t.classList.contains("dest")) return;
      t.dataset.label = t.dataset.label || t.getAttribute("aria-label");
      var here = t.querySelector(".pc");
      var own = here && mover && here.getAttribute("class") === mover.getAttribute("class");
      t.classList.add("dest");
      if (own) t.classList.add("sacrifice");
      t.setAttribute("aria-label", t.dataset.label + (own ? ", sacrifice this piece" : ", move here"));
    });
  }

  function choose(move) {
    if (root.dataset.confirm === "true") {
      pending = move;
      var bar = q("#confirm-bar");
      q("#confirm-move").textContent = move;
      bar.hidden = false;
      q("#confirm-yes").focus();
    } else {
      submit(move);
    }
  }

  function offerPromotion(from, to, moves) {
    var bar = q("#promotion-bar");
    var box = q("#promotion-choices");
    box.innerHTML = "";
    moves.forEach(function (m) {
      var letter = ends(m).promo;
      var b = document.createElement("button");
      b.type = "button";
      b.className = "promote";
      b.dataset.move = m;
      var name = (root.dataset["piece" + letter.toUpperCase()] || letter).toString();
      b.setAttribute("aria-label", "Promote to " + name);
      b.title = name;
      b.textContent = name;
      box.appendChild(b);
    });
    bar.hidden = false;
    box.querySelector("button").focus();
  }

  function clicked(name) {
    if (busy) return;
    var moves = legal();
    if (selected) {
      var chosen = moves.filter(function (m) { var e = ends(m); return e && e.from === selected && e.to === name; });
      if (chosen.length === 1) { choose(chosen[0]); return; }
      if (chosen.length > 1) { offerPromotion(selected, name, chosen); return; }
      if (name === selected) { deselect(); return; }
    }
    var origin = moves.some(function (m) { var e = ends(m); return e && e.from === name; });
    if (origin) select(name); else deselect();
  }

  // The API refuses cookie-authenticated moves without the page's CSRF token.
  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  function submit(move) {
    busy = true;
    hideBars();
    fetch("/api/v1/games/" + encodeURIComponent(gameId) + "/moves", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": csrfToken() },
      body: JSON.stringify({ move: move, ply: Number(root.dataset.ply) })
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (res) {
      busy = false;
      if (res.ok) { say(""); refresh(); return; }
      var err = res.body && res.body.error ? res.body.error : { code: "error", message: "The move was not accepted." };
      deselect();
      if (err.code === "stale_ply" || err.code === "conflict" || err.code === "not_your_turn") {
        refresh("Your opponent has moved: the board now shows the current position. Choose your move again.");
      } else {
        say(err.message, true);
      }
    }).catch(function () {
      busy = false;
      deselect();
      say("The server could not be reached; your move was not sent.", true);
    });
  }

  // Re-renders the game from the server (the same HTML a reload would give).
  function refresh(message) {
    var url = location.pathname + location.search;
    return fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("game");
        if (!fresh) return;
        var focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.sq : null;
        Array.prototype.forEach.call(fresh.attributes, function (a) { root.setAttribute(a.name, a.value); });
        root.innerHTML = fresh.innerHTML;
        selected = null; pending = null;
        if (message) say(message, true);
        if (focused && sq(focused)) sq(focused).focus();
      });
  }

  root.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest("button") : null;
    if (!t || !root.contains(t)) return;
    if (t.classList.contains("sq") && t.closest(".board-grid")) {
      ev.preventDefault();
      clicked(t.dataset.sq);
    } else if (t.classList.contains("promote")) {
      ev.preventDefault();
      choose(t.dataset.move);
    } else if (t.id === "confirm-yes") {
      ev.preventDefault();
      if (pending) submit(pending);
    } else if (t.id === "confirm-no" || t.id === "promotion-cancel") {
      ev.preventDefault();
      deselect();
    }
  });

  // Replay links re-render in place.
  root.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a.replay-step") : null;
    if (!a) return;
    ev.preventDefault();
    history.replaceState(null, "", a.getAttribute("href"));
    refresh();
  });

  // Arrow keys move focus across the squares; Enter and Space press the square's button.
  root.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (!t.classList || !t.classList.contains("sq")) return;
    var all = Array.prototype.slice.call(squares());
    var files = Number(board().dataset.files);
    var i = all.indexOf(t);
    var next = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - files, ArrowDown: i + files }[ev.key];
    if (next === undefined) {
      if (ev.key === "Escape") deselect();
      return;
    }
    if ((ev.key === "ArrowLeft" && i % files === 0) || (ev.key === "ArrowRight" && i % files === files - 1)) return;
    if (next < 0 || next >= all.length) return;
    ev.preventDefault();
    all[next].focus();
  });

  // Live updates: any event of this game re-renders it; polling covers a broken stream.
  // The feed names each event by its kind (`event: move`), and `onmessage` sees only
  // unnamed ones, so the page listens for every kind the server lists in data-events.
  var lastPly = root.dataset.ply;
  if (window.EventSource && root.dataset.live === "true") {
    var source = new EventSource("/games/" + encodeURIComponent(gameId) + "/events");
    var onEvent = function () {
      root.dataset.streamEvents = String(Number(root.dataset.streamEvents || 0) + 1);
      if (!busy) refresh();
    };
    (root.dataset.events || "").split(" ").forEach(function (kind) {
      if (kind) source.addEventListener(kind, onEvent);
    });
  }
  setInterval(function () {
    if (busy || document.hidden || root.dataset.live !== "true") return;
    fetch("/api/v1/games/" + encodeURIComponent(gameId), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (g) {
        if (g && (String(g.ply) !== String(root.dataset.ply) || g.status !== root.dataset.status ||
            String(g.draw_offers) !== String(root.dataset.offers))) { lastPly = g.ply; refresh(); }
      })
      .catch(function () {});
  }, 5000);
})();
