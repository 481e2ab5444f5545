// Herald game page: click-to-move and drag-and-drop (mouse and touch), keyboard play on a
// board that is one Tab stop, confirm and promotion choices, replay from the move list
// (and with the arrow keys), flip, the tab title, an optional sound, and live updates
// from the game's event stream. Without this script the page still works through its
// forms. No framework, no build step, no inline script (the page's CSP allows none).
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root) return;
  var gameId = root.dataset.game;
  var gameUrl = "/games/" + encodeURIComponent(gameId);
  var selected = null;   // origin square chosen by click, drag or keyboard
  var pending = null;    // move waiting for confirmation
  var busy = false;      // a move is being sent
  var dests = {};        // origin -> destination -> [canonical move texts]
  var viewAt = null;     // the ply shown when replaying (null: the current position)
  var focusSq = null;    // the board's one Tab stop
  var flipped = false;
  var refreshSeq = 0;
  var pollTimer = null;
  var audio = null;
  try { flipped = sessionStorage.getItem("herald-flip-" + gameId) === "1"; } catch (e) { /* storage off */ }

  function q(sel) { return root.querySelector(sel); }
  function grid() { return q(".board-grid"); }
  function squares() { return Array.prototype.slice.call(root.querySelectorAll(".board-grid .sq")); }
  function sq(name) { return root.querySelector('.board-grid .sq[data-sq="' + name + '"]'); }
  function say(text, isError) {
    var box = q("#game-message");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
    box.className = "game-message" + (isError ? " error" : "");
  }
  function pieceName(square) {
    if (square && square.dataset.piece) return square.dataset.piece;
    var label = square && (square.dataset.label || square.getAttribute("aria-label")) || "";
    var i = label.indexOf(", ");
    return i < 0 ? "" : label.slice(i + 2).replace(/, (last move|in check)$/g, "");
  }

  function clearMarks() {
    squares().forEach(function (s) {
      s.classList.remove("selected", "dest", "sacrifice", "chosen", "hover", "dragging");
      if (s.dataset.label) s.setAttribute("aria-label", s.dataset.label);
    });
  }
  function hideBars() {
    var c = q("#confirm-bar"), p = q("#promotion-bar");
    if (c) c.hidden = true;
    if (p) p.hidden = true;
    pending = null;
  }
  function deselect() { selected = null; clearMarks(); hideBars(); unpreview(); }

  // Whether a move waits for "Confirm": the player's setting; "touch" means on a screen
  // whose main pointer is a finger.
  function needsConfirm() {
    var choice = root.dataset.confirm;
    if (choice === "always") return true;
    if (choice !== "touch") return false;
    return !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  }

  // The move awaiting confirmation, drawn on the board: the piece stands on its new square
  // (covering what it takes) until "Confirm" sends it or "Cancel" puts it back.
  var previewed = null;
  function preview(from, to) {
    unpreview();
    var f = sq(from), t = sq(to);
    var piece = f && f.querySelector(".pc");
    if (!piece || !t || f === t) return;
    var taken = t.querySelector(".pc");
    previewed = { from: f, to: t, piece: piece, taken: taken };
    if (taken) taken.remove();
    t.appendChild(piece);
    f.classList.add("preview-from");
    t.classList.add("preview-to");
  }
  function unpreview() {
    if (!previewed) return;
    var p = previewed;
    previewed = null;
    if (!root.contains(p.from)) return;
    p.from.appendChild(p.piece);
    if (p.taken) p.to.appendChild(p.taken);
    p.from.classList.remove("preview-from");
    p.to.classList.remove("preview-to");
  }
  // The squares of a move written as origin and destination (`e2e4`, `a10a9`, `e7e8q`).
  function squaresOf(move) {
    var m = /^([a-z]\d{1,2})-?x?([a-z]\d{1,2})/.exec(String(move).toLowerCase().replace(/\s+/g, ""));
    return m ? [m[1], m[2]] : null;
  }
  function remember(s) {
    s.dataset.label = s.dataset.label || s.getAttribute("aria-label");
    return s.dataset.label;
  }

  function select(name) {
    clearMarks(); hideBars(); unpreview();
    selected = name;
    var origin = sq(name);
    origin.classList.add("selected");
    origin.setAttribute("aria-label", Herald.t("js-square-selected", { square: remember(origin) }));
    var mover = origin.querySelector(".pc");
    Object.keys(dests[name] || {}).forEach(function (to) {
      var t = sq(to);
      if (!t) return;
      var here = t.querySelector(".pc");
      var own = here && mover && here.getAttribute("class") === mover.getAttribute("class");
      t.classList.add("dest");
      if (own) t.classList.add("sacrifice");
      t.setAttribute("aria-label", Herald.t(own ? "js-square-sacrifice" : "js-square-move-here", { square: remember(t) }));
    });
  }

  // A move chosen on the board (by click, drag or keys) or typed (`form`: the typed-move
  // form, sent as a form once confirmed so that the server answers it as without script).
  var pendingForm = null;
  function choose(move, to, form) {
    if (!needsConfirm()) {
      if (form) { markConfirmed(form); form.submit(); } else submit(move);
      return;
    }
    var ends = squaresOf(move);
    var origin = ends ? ends[0] : selected;
    var target = to || (ends ? ends[1] : null);
    clearMarks();
    if (origin && target) preview(origin, target);
    pending = move;
    pendingForm = form || null;
    q("#confirm-move").textContent = move;
    q("#confirm-bar").hidden = false;
    q("#confirm-bar").scrollIntoView({ block: "nearest" });
    q("#confirm-yes").focus({ preventScroll: true });
  }
  function markConfirmed(form) {
    var mark = form.querySelector('input[name="confirmed"]');
    if (!mark) {
      mark = document.createElement("input");
      mark.type = "hidden";
      mark.name = "confirmed";
      form.appendChild(mark);
    }
    mark.value = "1";
  }

  function offerPromotion(moves) {
    var bar = q("#promotion-bar");
    var box = q("#promotion-choices");
    box.textContent = "";
    moves.forEach(function (m) {
      var letter = m.slice(-1);
      var b = document.createElement("button");
      b.type = "button";
      b.className = "promote";
      b.dataset.move = m;
      var name = (root.dataset["piece" + letter.toUpperCase()] || letter).toString();
      b.setAttribute("aria-label", Herald.t("js-promote-to", { piece: name }));
      b.title = name;
      b.textContent = name;
      box.appendChild(b);
    });
    bar.hidden = false;
    box.querySelector("button").focus();
  }

  // A square chosen by click, keyboard or drop: pick a piece up, or play it.
  function clicked(name) {
    if (busy) return;
    if (selected) {
      var chosen = (dests[selected] || {})[name];
      if (chosen && chosen.length === 1) { choose(chosen[0], name); return; }
      if (chosen && chosen.length > 1) { offerPromotion(chosen); return; }
      if (name === selected) { deselect(); return; }
      if (!dests[name]) {
        var what = pieceName(sq(selected)) || Herald.t("js-that-piece");
        deselect();
        say(Herald.t("js-cannot-move-there", { piece: what, square: name }), true);
        return;
      }
    }
    if (dests[name]) { say(""); select(name); } else deselect();
  }

  // The move, with the message typed beside the move form, if any (sent with the move).
  function moveBody(move) {
    var body = { move: move, ply: Number(root.dataset.ply) };
    var message = document.getElementById("move-message");
    if (message && message.value.trim()) body.message = message.value;
    return body;
  }

  function submit(move) {
    busy = true;
    hideBars();
    fetch("/api/v1/games/" + encodeURIComponent(gameId) + "/moves", {
      method: "POST",
      credentials: "same-origin",
      // The API refuses cookie-authenticated moves without the page's CSRF token.
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": Herald.csrf() },
      body: JSON.stringify(moveBody(move))
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (res) {
      busy = false;
      if (res.ok) { say(""); refresh(); return; }
      var err = res.body && res.body.error ? res.body.error : { code: "error", message: Herald.t("js-move-not-accepted") };
      deselect();
      if (err.code === "stale_ply" || err.code === "conflict" || err.code === "not_your_turn") {
        refresh(Herald.t("js-opponent-moved"));
      } else {
        say(err.message, true);
      }
    }).catch(function () {
      busy = false;
      deselect();
      say(navigator.onLine && document.body.dataset.offlineCopy === undefined
        ? Herald.t("js-move-unreachable")
        : Herald.t("js-move-offline"), true);
    });
  }

  // The address the page re-renders from: always the game's own URL (never the address
  // a form answer left in the location bar), with the replayed ply if any.
  function canonical() { return gameUrl + (viewAt === null ? "" : "?at=" + viewAt); }

  // Re-renders the game from the server (the same HTML a reload would give).
  function refresh(message) {
    var seq = ++refreshSeq;
    var before = Number(root.dataset.ply);
    return fetch(canonical(), { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || seq !== refreshSeq) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("game");
        if (!fresh) return;
        var count = doc.getElementById("my-move-count");
        if (doc.body && window.heraldMyMove) {
          window.heraldMyMove(Number(doc.body.dataset.myMove || 0), count ? count.textContent : "0");
        }
        var active = document.activeElement;
        var focused = active && root.contains(active) && active.dataset ? active.dataset.sq : null;
        Array.prototype.slice.call(root.attributes).forEach(function (a) {
          if (!fresh.hasAttribute(a.name) && a.name.indexOf("data-stream") !== 0) root.removeAttribute(a.name);
        });
        Array.prototype.forEach.call(fresh.attributes, function (a) { root.setAttribute(a.name, a.value); });
        root.innerHTML = fresh.innerHTML;
        selected = null; pending = null; pendingForm = null; previewed = null; dragger.cancel();
        rendered();
        if (message) say(message, true);
        if (focused && sq(focused)) sq(focused).focus();
        if (Number(root.dataset.ply) > before && root.dataset.yourMove === "true") ding();
        if (root.dataset.live !== "true") streamEnded();
      })
      .catch(function () {});
  }

  function showAt(n) {
    var total = Number(root.dataset.ply);
    n = Math.max(0, Math.min(total, n));
    viewAt = n >= total ? null : n;
    try { history.replaceState(null, "", canonical()); } catch (e) { /* ignore */ }
    refresh();
  }
  function shownPly() { return viewAt === null ? Number(root.dataset.ply) : viewAt; }

  // After every render: read the legal moves, flip if asked, one Tab stop, tooltips, title.
  function rendered() {
    try { dests = JSON.parse(root.dataset.dests || "{}"); } catch (e) { dests = {}; }
    var at = Number(root.dataset.at);
    viewAt = at < Number(root.dataset.ply) ? at : null;
    var board = q(".board");
    var g = grid();
    if (board && g) {
      if (flipped) {
        board.classList.add("flipped");
        squares().reverse().forEach(function (s) { g.appendChild(s); });
      }
      g.classList.add("drag-on");
      squares().forEach(function (s) {
        var name = pieceName(s);
        if (name && s.querySelector(".pc")) s.title = name;
      });
      if (!focusSq || !sq(focusSq)) {
        var first = Object.keys(dests)[0];
        focusSq = first && sq(first) ? first : (squares()[0] ? squares()[0].dataset.sq : null);
      }
      rove(focusSq);
    }
    var tools = q("#board-tools");
    if (tools) {
      tools.hidden = false;
      var sound = q("#sound-toggle");
      if (sound) sound.checked = soundOn();
    }
    fitBoard();
    // The title (app.js) and the unread-chat marker (chat.js), which a re-render redraws.
    if (window.heraldChatUnread) window.heraldChatUnread();
    if (window.heraldTitle) window.heraldTitle();
  }

  // The board's top on the page, so that CSS sizes the board to the height left below it.
  function fitBoard() {
    var board = q(".board");
    if (!board) return;
    var top = board.getBoundingClientRect().top + window.scrollY;
    document.documentElement.style.setProperty("--board-top", Math.round(top) + "px");
  }
  window.addEventListener("resize", fitBoard);

  // Roving tabindex: only one square is in the Tab order.
  function rove(name) {
    focusSq = name;
    squares().forEach(function (s) { s.tabIndex = s.dataset.sq === name ? 0 : -1; });
  }

  function soundOn() { try { return localStorage.getItem("herald-sound") === "1"; } catch (e) { return false; } }
  function ding() {
    if (!soundOn() || !window.AudioContext) return;
    try {
      audio = audio || new AudioContext();
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound */ }
  }

  // Browsers start audio suspended until the page gets a gesture: after a reload with sound
  // on, the first click or key press wakes it, so the next opponent's move is heard.
  function unlockAudio() {
    if (!soundOn() || !window.AudioContext) return;
    try {
      audio = audio || new AudioContext();
      if (audio.state === "suspended") audio.resume();
    } catch (e) { /* no sound */ }
  }
  document.addEventListener("pointerdown", unlockAudio, { once: true, capture: true });
  document.addEventListener("keydown", unlockAudio, { once: true, capture: true });

  root.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a.replay-step") : null;
    if (a && root.contains(a)) {
      ev.preventDefault();
      var at = new URL(a.href, location.href).searchParams.get("at");
      showAt(at === null ? Number(root.dataset.ply) : Number(at));
      return;
    }
    var t = ev.target.closest ? ev.target.closest("button") : null;
    if (!t || !root.contains(t)) return;
    if (t.classList.contains("sq") && t.closest(".board-grid")) {
      ev.preventDefault();
      if (dragger.justDropped()) return;
      rove(t.dataset.sq);
      clicked(t.dataset.sq);
    } else if (t.classList.contains("promote")) {
      ev.preventDefault();
      choose(t.dataset.move);
    } else if (t.id === "confirm-yes") {
      ev.preventDefault();
      if (pending && pendingForm) { var f = pendingForm; pendingForm = null; markConfirmed(f); f.submit(); }
      else if (pending) submit(pending);
    } else if (t.id === "confirm-no" || t.id === "promotion-cancel") {
      ev.preventDefault();
      pendingForm = null;
      deselect();
    } else if (t.id === "flip-board") {
      ev.preventDefault();
      flipped = !flipped;
      try { sessionStorage.setItem("herald-flip-" + gameId, flipped ? "1" : "0"); } catch (e) { /* ignore */ }
      var board = q(".board"), g = grid();
      if (board && g) {
        board.classList.toggle("flipped", flipped);
        squares().reverse().forEach(function (s) { g.appendChild(s); });
      }
      t.setAttribute("aria-pressed", String(flipped));
    }
  });
  // The typed-move form: confirmed like a move on the board when the setting asks.
  root.addEventListener("submit", function (ev) {
    var form = ev.target;
    var input = form && form.querySelector ? form.querySelector("#move-text") : null;
    if (!input) return;
    ev.preventDefault();
    var text = input.value.trim();
    if (text) choose(text, null, form);
  });
  root.addEventListener("change", function (ev) {
    if (ev.target.id !== "sound-toggle") return;
    try { localStorage.setItem("herald-sound", ev.target.checked ? "1" : "0"); } catch (e) { /* ignore */ }
    if (ev.target.checked) { ding(); }
  });
  root.addEventListener("focusin", function (ev) {
    var t = ev.target;
    if (t.classList && t.classList.contains("sq") && t.closest(".board-grid")) rove(t.dataset.sq);
  });

  // Arrow keys move the focus across the squares as drawn; Enter and Space press them.
  root.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (!t.classList || !t.classList.contains("sq") || !t.closest(".board-grid")) return;
    if (ev.key === "Escape") { deselect(); return; }
    var all = squares();
    var files = Number(q(".board").dataset.files);
    var i = all.indexOf(t);
    var next = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - files, ArrowDown: i + files }[ev.key];
    if (next === undefined) return;
    ev.preventDefault();
    if ((ev.key === "ArrowLeft" && i % files === 0) || (ev.key === "ArrowRight" && i % files === files - 1)) return;
    if (next < 0 || next >= all.length) return;
    rove(all[next].dataset.sq);
    all[next].focus();
  });

  // Replay keys anywhere else on the page: left and right step, Home and End jump.
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (t && t.closest && t.closest(".board-grid")) return;
    // The analysis board (analysis.js) steps through its own moves.
    if (t && t.closest && t.closest("#analysis")) return;
    var step = { ArrowLeft: -1, ArrowRight: 1 }[ev.key];
    var total = Number(root.dataset.ply);
    if (step !== undefined) { ev.preventDefault(); showAt(shownPly() + step); }
    else if (ev.key === "Home") { ev.preventDefault(); showAt(0); }
    else if (ev.key === "End") { ev.preventDefault(); showAt(total); }
  });

  // Drag and drop (static/drag.js, shared with the analysis board); a press without a
  // drag stays a click.
  var dragger = window.heraldDrag(root, {
    selector: ".board-grid .sq",
    canStart: function (s) { return !busy && !!dests[s.dataset.sq]; },
    selected: function () { return selected; },
    select: select,
    square: sq,
    squares: squares,
    drop: function (name) { rove(name); clicked(name); }
  });

  // Live updates: one event stream per tab. It is closed when the page is hidden or put in
  // the back/forward cache (a kept-alive stream per cached page would use up the browser's
  // six connections per host) and reopened when the page is shown again. The 5-second
  // poll runs only while the stream is not open.
  function poll() {
    if (busy || document.hidden || root.dataset.live !== "true") return;
    fetch("/api/v1/games/" + encodeURIComponent(gameId), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (g) {
        if (g && (String(g.ply) !== String(root.dataset.ply) || g.status !== root.dataset.status ||
            String(g.draw_offers) !== String(root.dataset.offers) ||
            (g.takeback ? String(g.takeback.seat) : "") !== (root.dataset.takeback || ""))) { refresh(); }
      })
      .catch(function () {});
  }
  function startPoll() {
    if (!pollTimer && root.dataset.live === "true") pollTimer = setInterval(poll, 5000);
    root.dataset.streamPolling = pollTimer ? "true" : "false";
  }
  function stopPoll() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
    root.dataset.streamPolling = "false";
  }
  function onEvent() {
    root.dataset.streamEvents = String(Number(root.dataset.streamEvents || 0) + 1);
    if (!busy) refresh();
  }
  // A stream starts with the events after its request, and the browser resends a last
  // event id only if one came: a move made between the page's render and the stream's
  // start, or while the stream was down (a server restart), would never show. So when a
  // stream opens, the page checks the game (cheaply the first time, in full after a break).
  // The stream is the page's one (live.js), shared with the chat panel.
  var events = {};
  (root.dataset.events || "").split(" ").forEach(function (kind) { if (kind) events[kind] = onEvent; });
  var live = window.heraldLive;
  if (live) {
    live.join({
      game: gameId,
      wanted: function () { return root.dataset.live === "true"; },
      events: events,
      connecting: function () { root.dataset.streamState = "connecting"; startPoll(); },
      opened: function (broke) {
        root.dataset.streamState = "open";
        stopPoll();
        if (broke) refresh(); else poll();
      },
      broken: function () { root.dataset.streamState = "broken"; startPoll(); },
      closed: function () { root.dataset.streamState = "closed"; stopPoll(); },
      shown: function () { refresh(); }
    });
  }
  function streamEnded() {
    // The game is over: the stream stays only if the chat still wants it.
    stopPoll();
    if (live) live.update();
  }

  rendered();
  if (!window.EventSource || !live) startPoll();
})();
