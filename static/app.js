// Every page: marks the page as scripted (phones then fold the menu), registers the
// service worker (push, pages readable offline), says plainly when the page is offline
// or an offline copy, shows the my-move count in the app badge, and opens the phone menu.
// Loaded in <head> without defer, so the menu is folded before the page is first drawn.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* none: online only */ });
    });
  }

  function onReady(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }

  // The sign-up form sends the browser's time zone, so dates read in the newcomer's own
  // zone from the first page (Settings changes it).
  onReady(function () {
    document.querySelectorAll("input[data-time-zone-guess]").forEach(function (input) {
      try {
        input.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
      } catch (e) { /* an old browser: UTC until set */ }
    });
  });

  // A menu that acts when chosen (the footer's languages): its button is for pages
  // without scripts.
  onReady(function () {
    document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
      select.addEventListener("change", function () {
        if (select.form) select.form.submit();
      });
    });
  });

  // The site's date format in the reader's time zone ("Tue 8 Dec 2026, 04:10 CET", as
  // pages/time.rs writes it), for times shown by scripts (live chat, the offline notice).
  function siteDate(d) {
    var zone = (document.body && document.body.dataset.timeZone) || "UTC";
    var parts = {};
    try {
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone, weekday: "short", day: "numeric", month: "short", year: "numeric",
        hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short"
      }).formatToParts(d).forEach(function (p) { parts[p.type] = p.value; });
    } catch (e) {
      return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    }
    return parts.weekday + " " + parts.day + " " + parts.month + " " + parts.year + ", " +
      parts.hour + ":" + parts.minute + " " + parts.timeZoneName;
  }
  window.heraldDate = siteDate;

  function badge(n) {
    if (!navigator.setAppBadge) return;
    (n > 0 ? navigator.setAppBadge(n) : navigator.clearAppBadge()).catch(function () { /* not installed */ });
  }

  // The tab title: "(N) " while N games wait for my move, "(your move) " on such a game's
  // page, "(new message) " while a chat message is unread (chat.js), then the page's own.
  var baseTitle = document.title.replace(/^(\(\d+\+?\) )?(\(your move\) )?/, "");
  window.heraldTitle = function () {
    var data = document.body.dataset;
    var n = Number(data.myMove || 0);
    var count = document.getElementById("my-move-count");
    var game = document.getElementById("game");
    document.title = (n > 0 ? "(" + (count ? count.textContent : n) + ") " : "") +
      (game && game.dataset.yourMove === "true" ? "(your move) " : "") +
      (Number(data.chatUnread || 0) > 0 ? "(new message) " : "") + baseTitle;
  };

  // The games waiting for my move changed (board.js after a re-render): the header's count,
  // the tab title and the app badge follow.
  window.heraldMyMove = function (n, label) {
    document.body.dataset.myMove = String(n);
    var link = document.getElementById("my-move");
    var count = document.getElementById("my-move-count");
    if (link && count) { count.textContent = label; link.hidden = n === 0; }
    window.heraldTitle();
    badge(n);
  };

  // A wide table that scrolls sideways (standings on a phone) gets a line saying so, kept
  // while it does not fit.
  onReady(function () {
    var wraps = document.querySelectorAll("[data-scroll-cue]");
    function mark() {
      for (var i = 0; i < wraps.length; i++) {
        var wrap = wraps[i];
        var hint = wrap.previousElementSibling;
        if (!hint || !hint.classList.contains("scroll-hint")) {
          hint = document.createElement("p");
          hint.className = "scroll-hint";
          hint.textContent = "Wider than the screen: swipe the table sideways for every column \u2192";
          wrap.parentNode.insertBefore(hint, wrap);
        }
        hint.hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
      }
    }
    if (wraps.length) {
      mark();
      window.addEventListener("resize", mark);
    }
  });

  onReady(function () {
    var body = document.body;
    var notice = document.getElementById("offline-notice");
    function offline() {
      if (!notice) return;
      var copy = body.dataset.offlineCopy;
      if (copy !== undefined) {
        var when = copy ? new Date(copy) : null;
        notice.textContent = "You are offline: this is the page as it was" +
          (when && !isNaN(when) ? " at " + siteDate(when) : " when you last opened it") +
          ". Moves and messages cannot be sent until you are back online.";
        notice.hidden = false;
      } else if (!navigator.onLine) {
        notice.textContent = "You are offline. Moves and messages cannot be sent until you are back online.";
        notice.hidden = false;
      } else {
        notice.hidden = true;
      }
    }
    window.addEventListener("online", offline);
    window.addEventListener("offline", offline);
    offline();
    badge(Number(body.dataset.myMove || 0));

    var button = document.getElementById("menu-button");
    var menu = document.getElementById("site-menu");
    if (button && menu) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var open = button.getAttribute("aria-expanded") !== "true";
        button.setAttribute("aria-expanded", String(open));
        menu.classList.toggle("open", open);
      });
    }
  });
})();
