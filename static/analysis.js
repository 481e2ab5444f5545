// Herald analysis board: moves pieces freely along the legal moves the rules service
// (/api/v1/analysis/{game}) gives for each position, keeps a tree of variations (on a game
// page the game's own moves are its trunk), steps back and forth (buttons, arrow keys,
// Home and End, or a move of the list), shows whose move it is and how the game ends there
// exactly as the service says, and on a game page saves the viewer's variations through
// /api/v1/games/{id}/variations. Answers are cached per position. Click or drag (mouse and
// touch alike); no hover-only controls. No framework, no build step, no inline script.
(function () {
  "use strict";
  var root = document.getElementById("analysis");
  if (!root) return;
  var variant = root.dataset.variant;
  var options = root.dataset.options || "";
  var gameId = root.dataset.game || "";
  var canSave = root.dataset.canSave === "true";
  var seats = parse(root.dataset.seats, []);
  var teams = parse(root.dataset.teams, []);
  var line = parse(root.dataset.line, { fens: [], moves: [] });
  var saved = parse(root.dataset.saved, null);
  var grid = root.querySelector(".board-grid");
  var boardEl = root.querySelector(".board");
  var treeBox = root.querySelector("#analysis-tree");
  var statusBox = root.querySelector("#analysis-status");
  var messageBox = root.querySelector("#analysis-message");
  var promotionBar = root.querySelector("#analysis-promotion");
  var engineOn = root.querySelector("#analysis-engine-on");
  var engineBox = root.querySelector("#analysis-engine");
  if (!grid || !treeBox || !line.fens.length) return;

  var cache = {};       // position string -> promise of the service's answer
  var nodes = [];       // every node by id
  var gameNodes = [];   // the trunk: the position after each ply of the game
  var current = null;   // the node shown
  var shown = null;     // the service's answer for the node shown (null: none)
  var selected = null;  // the origin square chosen
  var showSeq = 0;
  var dirty = false;
  var flipped = false;
  var focusSq = null;

  function parse(text, fallback) {
    if (!text) return fallback;
    try { return JSON.parse(text); } catch (e) { return fallback; }
  }
  function say(text, isError) {
    if (!messageBox) return;
    messageBox.textContent = text || "";
    messageBox.hidden = !text;
    messageBox.className = "analysis-message" + (isError ? " error" : "");
  }
  // ---- The tree -------------------------------------------------------------------------
  function makeNode(parent, move, fen, onGame) {
    var n = { id: nodes.length, parent: parent, move: move, fen: fen, children: [], game: !!onGame,
      ply: parent ? parent.ply + 1 : 0, info: null };
    nodes.push(n);
    if (parent) parent.children.push(n);
    return n;
  }
  function childWith(parent, move) {
    for (var i = 0; i < parent.children.length; i++) if (parent.children[i].move === move) return parent.children[i];
    return null;
  }
  gameNodes.push(makeNode(null, null, line.fens[0], true));
  (line.moves || []).forEach(function (m, i) {
    gameNodes.push(makeNode(gameNodes[i], m, line.fens[i + 1], true));
  });
  var lastGame = gameNodes[gameNodes.length - 1];

  // A saved tree: nodes in order, each after a ply of the game (`at`) or an earlier node.
  // A saved move the game has since played is the game's own move now.
  if (saved && saved.nodes) {
    var made = [];
    saved.nodes.forEach(function (entry, i) {
      var parent = entry.at !== undefined && entry.at !== null ? gameNodes[entry.at] : made[entry.parent];
      if (!parent || typeof entry.move !== "string") { made[i] = null; return; }
      made[i] = childWith(parent, entry.move) || makeNode(parent, entry.move, null, false);
    });
  }

  // The tree as the API keeps it: every analysis move, after its game ply or earlier node.
  function serialize() {
    var out = [];
    gameNodes.forEach(function (g, at) {
      g.children.forEach(function (c) {
        if (c.game) return;
        var stack = [[c, { at: at }]];
        while (stack.length) {
          var item = stack.pop();
          var entry = { move: item[0].move };
          if (item[1].at !== undefined) entry.at = item[1].at; else entry.parent = item[1].parent;
          var index = out.length;
          out.push(entry);
          for (var k = item[0].children.length - 1; k >= 0; k--) stack.push([item[0].children[k], { parent: index }]);
        }
      });
    });
    return out;
  }

  // ---- The rules service ----------------------------------------------------------------
  function analysis(fen) {
    if (!cache[fen]) {
      var url = "/api/v1/analysis/" + encodeURIComponent(variant) + "?fen=" + encodeURIComponent(fen) +
        (options ? "&options=" + encodeURIComponent(options) : "");
      cache[fen] = fetch(url, { headers: { "Accept": "application/json" } }).then(function (r) {
        return r.json().then(function (body) {
          if (!r.ok) throw { message: body && body.error ? body.error.message : Herald.t("js-analysis-refused"), status: r.status };
          return body;
        });
      });
      cache[fen].catch(function (e) { if (!e || !e.status || e.status >= 500) delete cache[fen]; });
    }
    return cache[fen];
  }

  // Makes sure a node knows its position, whose move it is and how the game stands: from
  // its own answer, or from its parent's (a finished position, a king taken, may be no
  // position the service can set up).
  function resolve(n) {
    if (n.info && n.fen) return Promise.resolve(n);
    var viaParent = function () {
      if (!n.parent) return Promise.reject({ message: Herald.t("js-analysis-cannot-set-up") });
      return resolve(n.parent).then(function (p) { return analysis(p.fen); }).then(function (pa) {
        var a = pa.after[n.move];
        if (!a) throw { message: Herald.t("js-analysis-not-legal", { move: n.move }) };
        n.fen = a.fen;
        n.info = { turn: a.turn, ending: a.ending };
        return n;
      });
    };
    if (n.fen) {
      return analysis(n.fen).then(function (a) {
        n.info = { turn: a.turn, ending: a.ending };
        return n;
      }, viaParent);
    }
    return viaParent();
  }

  // ---- Drawing --------------------------------------------------------------------------
  function squares() { return Array.prototype.slice.call(grid.querySelectorAll(".sq")); }
  function sq(name) { return grid.querySelector('.sq[data-sq="' + name + '"]'); }
  function ends(move) {
    var m = /^([a-z][0-9]+)([a-z][0-9]+)/.exec(move || "");
    return m ? [m[1], m[2]] : null;
  }
  var SVG = "http://www.w3.org/2000/svg";
  function pieceSvg(p) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "pc " + p.army);
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var use = document.createElementNS(SVG, "use");
    use.setAttribute("href", "/static/pieces.svg#" + p.glyph);
    svg.appendChild(use);
    return svg;
  }
  // The pieces after `move` from `pieces`, when the service cannot set the position up.
  function movedPieces(pieces, move) {
    var out = {};
    Object.keys(pieces || {}).forEach(function (k) { out[k] = pieces[k]; });
    var e = ends(move);
    if (e && out[e[0]]) { out[e[1]] = out[e[0]]; delete out[e[0]]; }
    return out;
  }
  function dests() { return shown && !(current.info && current.info.ending) ? shown.dests || {} : {}; }

  function draw(n, a, pieces) {
    var last = ends(n.move);
    var movable = a ? a.dests || {} : {};
    var check = a ? a.check || [] : [];
    squares().forEach(function (s) {
      var name = s.dataset.sq;
      Array.prototype.slice.call(s.querySelectorAll(".pc")).forEach(function (p) { s.removeChild(p); });
      s.classList.remove("last", "check", "selected", "dest", "sacrifice", "movable", "hover", "dragging");
      var p = pieces[name];
      if (p) s.insertBefore(pieceSvg(p), s.firstChild);
      if (last && (last[0] === name || last[1] === name)) s.classList.add("last");
      if (check.indexOf(name) >= 0) s.classList.add("check");
      if (movable[name]) s.classList.add("movable");
      var label = p ? Herald.t("js-square-piece", { square: name, piece: p.label }) : Herald.t("js-square-empty", { square: name });
      if (check.indexOf(name) >= 0) label = Herald.t("js-square-in-check", { square: label });
      if (last && (last[0] === name || last[1] === name)) label = Herald.t("js-square-last-move", { square: label });
      s.dataset.label = label;
      s.setAttribute("aria-label", label);
      s.title = p ? p.label : "";
    });
    selected = null;
    hidePromotion();
    status(n);
    tools(n, a);
  }

  function words(id) { return String(id || "").replace(/_/g, " "); }
  function status(n) {
    var info = n.info || {};
    var where;
    if (n.game) where = gameId ? (n.ply === 0 ? Herald.t("js-analysis-game-start") : Herald.t("js-analysis-game-after", { ply: n.ply })) : Herald.t("js-analysis-start");
    else where = Herald.count("js-analysis-moves-from-start", n.ply);
    var what;
    if (info.ending) {
      var e = info.ending;
      var who = e.winner_team === null || e.winner_team === undefined ? Herald.t("js-analysis-drawn") : Herald.t("js-analysis-wins", { team: teams[e.winner_team] || "?" });
      what = Herald.t("js-analysis-game-over", { who: who, reason: words(e.reason), result: e.result });
    } else if (info.turn !== undefined) {
      what = Herald.t("js-analysis-to-move", { seat: seats[info.turn] || Herald.t("js-analysis-player", { number: info.turn + 1 }) });
    } else {
      what = "";
    }
    statusBox.textContent = where + ". " + what;
    root.dataset.turn = info.turn === undefined ? "" : String(info.turn);
    root.dataset.ending = info.ending ? info.ending.reason : "";
    root.dataset.node = n.game ? "game:" + n.ply : "analysis:" + pathMoves(n).join(" ");
  }

  // The moves from the start to `n`.
  function pathMoves(n) {
    var out = [];
    for (var x = n; x && x.parent; x = x.parent) out.push(x.move);
    return out.reverse();
  }

  // The moves from the game's current position to `n`, when `n` lies after it.
  function fromGameEnd(n) {
    var out = [];
    for (var x = n; x; x = x.parent) {
      if (x.game) return x === lastGame ? out.reverse() : null;
      out.push(x.move);
    }
    return null;
  }

  function button(act) { return root.querySelector('[data-act="' + act + '"]'); }
  function tools(n, a) {
    var pass = button("pass");
    if (pass) pass.hidden = !(a && a.moves && a.moves.indexOf("pass") >= 0 && !(n.info && n.info.ending));
    var del = button("delete");
    if (del) del.hidden = n.game;
    var cond = button("conditional");
    if (cond) {
      var moves = fromGameEnd(n);
      cond.hidden = !(document.getElementById("conditional-lines") && moves && moves.length);
    }
    var save = button("save");
    if (save) save.textContent = Herald.t(dirty ? "js-analysis-save-unsaved" : "js-analysis-save");
  }

  // ---- The move list --------------------------------------------------------------------
  function number(n, always) {
    var players = Math.max(1, seats.length);
    var before = n.ply - 1;
    var round = Math.floor(before / players) + 1;
    if (before % players === 0) return round + ". ";
    return always ? round + "\u2026 " : "";
  }
  function moveButton(n, always) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "analysis-move" + (n.game ? " game" : "") + (n === current ? " current" : "");
    b.dataset.node = String(n.id);
    b.textContent = number(n, always) + (n.written || n.move);
    if (n === current) b.setAttribute("aria-current", "true");
    if (!n.written && n.parent) {
      // Written as the game's move list writes it, from the position before it (cached).
      resolve(n.parent).then(function (p) { return analysis(p.fen); }).then(function (pa) {
        var a = pa.after[n.move];
        if (!a || !a.written) return;
        n.written = a.written;
        b.textContent = number(n, always) + n.written;
      }, function () { /* stays canonical */ });
    }
    return b;
  }
  function renderLine(box, siblings, always) {
    while (siblings.length) {
      var main = siblings[0];
      box.appendChild(moveButton(main, always));
      box.appendChild(document.createTextNode(" "));
      for (var i = 1; i < siblings.length; i++) {
        var block = document.createElement("div");
        block.className = "analysis-variation";
        block.appendChild(moveButton(siblings[i], true));
        block.appendChild(document.createTextNode(" "));
        renderLine(block, siblings[i].children, false);
        box.appendChild(block);
      }
      always = siblings.length > 1;
      siblings = main.children;
    }
  }
  function renderTree() {
    // A move of the list that had the focus is replaced: the current move takes it.
    var hadFocus = treeBox.contains(document.activeElement);
    treeBox.textContent = "";
    var start = document.createElement("button");
    start.type = "button";
    start.className = "analysis-move game" + (current === gameNodes[0] ? " current" : "");
    start.dataset.node = "0";
    start.textContent = Herald.t(gameId ? "js-analysis-start" : "js-analysis-start-position");
    if (current === gameNodes[0]) start.setAttribute("aria-current", "true");
    treeBox.appendChild(start);
    treeBox.appendChild(document.createTextNode(" "));
    renderLine(treeBox, gameNodes[0].children, true);
    var here = treeBox.querySelector(".current");
    if (here && hadFocus) here.focus({ preventScroll: true });
    if (here) {
      var top = here.offsetTop - treeBox.offsetTop;
      if (top < treeBox.scrollTop || top > treeBox.scrollTop + treeBox.clientHeight - here.offsetHeight) {
        treeBox.scrollTop = Math.max(0, top - treeBox.clientHeight / 2);
      }
    }
  }

  // ---- The engine (asked only while switched on; the server refuses a position of one's
  // own running game unless the site allows engine help) ------------------------------------
  var evaluations = {};
  function evaluation(fen) {
    if (!evaluations[fen]) {
      var url = "/api/v1/analysis/" + encodeURIComponent(variant) + "/evaluation?fen=" + encodeURIComponent(fen) +
        (options ? "&options=" + encodeURIComponent(options) : "");
      evaluations[fen] = fetch(url, { headers: { "Accept": "application/json" }, credentials: "same-origin" }).then(function (r) {
        return r.json().then(function (body) {
          if (!r.ok) throw { message: body && body.error ? body.error.message : Herald.t("js-analysis-engine-failed"), status: r.status };
          return body;
        });
      });
      evaluations[fen].catch(function (e) { if (!e || e.status !== 403) delete evaluations[fen]; });
    }
    return evaluations[fen];
  }
  function scoreText(e) {
    if (e.kind === "win") return Herald.t("js-analysis-wins-in", { moves: Math.ceil(e.value / 2) });
    if (e.kind === "loss") return Herald.t("js-analysis-loses-in", { moves: Math.ceil(e.value / 2) });
    if (e.kind === "centipawns") return (e.value > 0 ? "+" : "") + (e.value / 100).toFixed(2);
    return Herald.t("js-analysis-game-over-short");
  }
  function showEvaluation(n) {
    if (!engineBox) return;
    engineBox.textContent = "";
    if (!engineOn || !engineOn.checked || !n || !n.fen) return;
    engineBox.textContent = Herald.t("js-analysis-thinking");
    evaluation(n.fen).then(function (e) {
      if (current !== n) return;
      var best = e.best ? Herald.t("js-analysis-best", {
        move: e.line_written && e.line_written[0] || e.best,
        line: e.line.length > 1 ? " (" + (e.line_written || e.line).join(" ") + ")" : ""
      }) : "";
      engineBox.textContent = Herald.t("js-analysis-evaluation", { score: scoreText(e), best: best, depth: e.depth });
    }, function (e) {
      if (current !== n) return;
      engineBox.textContent = (e && e.message) || Herald.t("js-analysis-engine-unreachable");
    });
  }
  if (engineOn) {
    try { engineOn.checked = window.localStorage.getItem("herald-engine") === "on"; } catch (e) { /* private mode */ }
    engineOn.addEventListener("change", function () {
      try { window.localStorage.setItem("herald-engine", engineOn.checked ? "on" : "off"); } catch (e) { /* private mode */ }
      showEvaluation(current);
    });
  }

  // ---- Showing a node -------------------------------------------------------------------
  function show(n) {
    var seq = ++showSeq;
    current = n;
    shown = null;
    selected = null;
    renderTree();
    say("");
    return resolve(n).then(function () {
      return analysis(n.fen).then(function (a) { return { a: a, pieces: a.pieces }; }, function () {
        // A position the service cannot set up (a king taken): its parent's pieces, moved.
        return analysis(n.parent.fen).then(function (pa) { return { a: null, pieces: movedPieces(pa.pieces, n.move) }; });
      });
    }).then(function (r) {
      if (seq !== showSeq) return;
      shown = r.a;
      draw(n, r.a, r.pieces);
      showEvaluation(n);
    }).catch(function (e) {
      if (seq !== showSeq) return;
      say((e && e.message) || Herald.t("js-analysis-rules-unreachable"), true);
    });
  }

  function play(move) {
    if (!shown || !shown.after[move]) return;
    var child = childWith(current, move);
    if (!child) {
      var a = shown.after[move];
      child = makeNode(current, move, a.fen, false);
      child.info = { turn: a.turn, ending: a.ending };
      child.written = a.written;
      dirty = true;
    }
    show(child);
  }

  // ---- Choosing moves on the board ------------------------------------------------------
  function clearMarks() {
    squares().forEach(function (s) {
      s.classList.remove("selected", "dest", "sacrifice", "hover", "dragging");
      if (s.dataset.label) s.setAttribute("aria-label", s.dataset.label);
    });
  }
  function select(name) {
    clearMarks();
    hidePromotion();
    selected = name;
    var origin = sq(name);
    origin.classList.add("selected");
    origin.setAttribute("aria-label", origin.dataset.label + ", selected");
    var mover = origin.querySelector(".pc");
    (dests()[name] || []).forEach(function (to) {
      var t = sq(to);
      if (!t) return;
      var here = t.querySelector(".pc");
      var own = here && mover && here.getAttribute("class") === mover.getAttribute("class");
      t.classList.add("dest");
      if (own) t.classList.add("sacrifice");
      t.setAttribute("aria-label", t.dataset.label + (own ? ", sacrifice this piece" : ", move here"));
    });
  }
  function deselect() { selected = null; clearMarks(); hidePromotion(); }
  function hidePromotion() { if (promotionBar) promotionBar.hidden = true; }

  function movesBetween(from, to) {
    var prefix = from + to;
    return ((shown && shown.moves) || []).filter(function (m) {
      return m.indexOf(prefix) === 0 && /^[a-z]*$/.test(m.slice(prefix.length));
    });
  }
  function offerPromotion(moves) {
    var box = promotionBar.querySelector(".analysis-promotion-choices");
    box.textContent = "";
    moves.forEach(function (m) {
      var letter = m.slice(-1);
      var b = document.createElement("button");
      b.type = "button";
      b.className = "promote secondary small";
      b.dataset.move = m;
      var name = root.dataset["piece" + letter.toUpperCase()] || letter;
      b.textContent = name;
      b.setAttribute("aria-label", Herald.t("js-promote-to", { piece: name }));
      box.appendChild(b);
    });
    promotionBar.hidden = false;
    box.querySelector("button").focus();
  }
  function clicked(name) {
    var d = dests();
    if (selected) {
      if ((d[selected] || []).indexOf(name) >= 0) {
        var moves = movesBetween(selected, name);
        if (moves.length === 1) { play(moves[0]); return; }
        if (moves.length > 1) { offerPromotion(moves); return; }
      }
      if (name === selected) { deselect(); return; }
    }
    if (d[name]) select(name); else deselect();
  }

  // ---- Going back and forth -------------------------------------------------------------
  function go(where) {
    var n = current;
    if (where === "first") n = gameNodes[0];
    else if (where === "back") n = current.parent || current;
    else if (where === "forward") n = current.children[0] || current;
    else if (where === "last") { while (n.children.length) n = n.children[0]; }
    if (n !== current) show(n);
  }

  function flip() {
    flipped = !flipped;
    boardEl.classList.toggle("flipped");
    squares().reverse().forEach(function (s) {
      grid.appendChild(s);
      var top = s.classList.contains("rule-top"), bottom = s.classList.contains("rule-bottom");
      s.classList.toggle("rule-top", bottom);
      s.classList.toggle("rule-bottom", top);
    });
    var b = button("flip");
    if (b) b.setAttribute("aria-pressed", String(flipped));
  }

  function save() {
    var b = button("save");
    if (b) b.disabled = true;
    fetch("/api/v1/games/" + encodeURIComponent(gameId) + "/variations", {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": Herald.csrf() },
      body: JSON.stringify({ nodes: serialize() })
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (res) {
      if (b) b.disabled = false;
      if (res.ok) {
        dirty = false;
        var count = res.body.nodes.length;
        say(Herald.count("js-analysis-saved", count));
        root.dataset.saved = JSON.stringify({ nodes: res.body.nodes });
      } else {
        say(res.body && res.body.error ? res.body.error.message : Herald.t("js-analysis-not-saved"), true);
      }
      tools(current, shown);
    }).catch(function () {
      if (b) b.disabled = false;
      say(Herald.t("js-analysis-save-unreachable"), true);
    });
  }

  function remove() {
    if (current.game || !current.parent) return;
    var parent = current.parent;
    parent.children.splice(parent.children.indexOf(current), 1);
    dirty = true;
    show(parent);
  }

  // Hands the line from the game's current position to the conditional-moves form (the
  // game page's `#conditional-lines`, one line per row), which the player then submits.
  function addConditional() {
    var area = document.getElementById("conditional-lines");
    var moves = fromGameEnd(current);
    if (!area || !moves || !moves.length) return;
    var text = area.value.replace(/\s+$/, "");
    area.value = (text ? text + "\n" : "") + moves.join(" ");
    area.dispatchEvent(new Event("input", { bubbles: true }));
    say(Herald.t("js-analysis-added-conditional", { moves: moves.join(" ") }));
  }

  // ---- Events ---------------------------------------------------------------------------
  root.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest("button") : null;
    if (!t || !root.contains(t)) return;
    if (t.classList.contains("sq") && grid.contains(t)) {
      ev.preventDefault();
      if (dragger.justDropped()) return;
      rove(t.dataset.sq);
      clicked(t.dataset.sq);
    } else if (t.classList.contains("analysis-move")) {
      var n = nodes[Number(t.dataset.node)];
      if (n) show(n);
    } else if (t.classList.contains("promote")) {
      play(t.dataset.move);
    } else if (t.dataset.go) {
      go(t.dataset.go);
    } else if (t.dataset.act === "flip") {
      flip();
    } else if (t.dataset.act === "pass") {
      play("pass");
    } else if (t.dataset.act === "delete") {
      remove();
    } else if (t.dataset.act === "save") {
      save();
    } else if (t.dataset.act === "conditional") {
      addConditional();
    } else if (t.dataset.act === "promotion-cancel") {
      deselect();
    } else if (t.dataset.act === "shown") {
      var game = document.getElementById("game");
      var at = game ? Number(game.dataset.at) : NaN;
      if (gameNodes[at]) show(gameNodes[at]);
    }
  });

  // One Tab stop on the board; arrow keys move across its squares as drawn.
  function rove(name) {
    focusSq = name;
    squares().forEach(function (s) { s.tabIndex = s.dataset.sq === name ? 0 : -1; });
  }
  grid.addEventListener("focusin", function (ev) { if (ev.target.dataset && ev.target.dataset.sq) rove(ev.target.dataset.sq); });
  grid.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (!t.classList || !t.classList.contains("sq")) return;
    if (ev.key === "Escape") { deselect(); return; }
    var all = squares();
    var files = Number(boardEl.dataset.files);
    var i = all.indexOf(t);
    var next = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - files, ArrowDown: i + files }[ev.key];
    if (next === undefined) return;
    ev.preventDefault();
    ev.stopPropagation();
    if ((ev.key === "ArrowLeft" && i % files === 0) || (ev.key === "ArrowRight" && i % files === files - 1)) return;
    if (next < 0 || next >= all.length) return;
    rove(all[next].dataset.sq);
    all[next].focus();
  });

  // Left and right step, Home and End jump: anywhere on the standalone page; on a game
  // page only inside this panel (elsewhere they step through the game itself). Up and down
  // are left to the page (scrolling).
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (document.getElementById("game") && !(t && root.contains(t))) return;
    var where = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[ev.key];
    if (!where) return;
    // On the board the arrows move between squares; Home and End still step.
    if (t && t.closest && t.closest(".board-grid") && (where === "back" || where === "forward")) return;
    ev.preventDefault();
    go(where);
  });

  // Drag and drop (static/drag.js, shared with the game's board); a press without a drag
  // stays a click.
  var dragger = window.heraldDrag(grid, {
    selector: ".sq",
    canStart: function (s) { return !!dests()[s.dataset.sq]; },
    selected: function () { return selected; },
    select: select,
    square: sq,
    squares: squares,
    drop: function (name) { rove(name); clicked(name); }
  });

  // ---- Start ----------------------------------------------------------------------------
  var needsJs = root.querySelector(".analysis-needs-js");
  if (needsJs) needsJs.hidden = true;
  var main = root.querySelector(".analysis-main");
  if (main) main.hidden = false;
  grid.classList.add("drag-on");
  rove(squares()[0] ? squares()[0].dataset.sq : null);
  var start = Number(root.dataset.start);
  show(gameNodes[start >= 0 && start < gameNodes.length ? start : gameNodes.length - 1]);
})();
