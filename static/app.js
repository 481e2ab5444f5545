// Every page: marks the page as scripted (phones then fold the menu), registers the
// service worker (push, pages readable offline), says plainly when the page is offline
// or an offline copy, shows the my-move count in the app badge, and opens the phone menu.
// Loaded in <head> without defer, so the menu is folded before the page is first drawn.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The page's texts for scripts, in its language (pages/script_texts.rs): Herald.t(key,
  // {name: value}) fills a text's {name} places; Herald.count(key, n) picks the form for n.
  // Herald.csrf() is the page's CSRF token.
  var words = {};
  try {
    words = JSON.parse(document.getElementById("herald-texts").textContent);
  } catch (e) { /* a page without texts: keys show, which a test would catch */ }
  function fill(text, args) {
    return String(text).replace(/\{(\w+)\}/g, function (place, name) {
      return args && Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : place;
    });
  }
  window.Herald = {
    t: function (key, args) {
      var text = words.texts && words.texts[key];
      return text === undefined ? key : fill(text, args);
    },
    count: function (key, n, args) {
      var counted = words.counts && words.counts[key];
      if (!counted) return key;
      var text = n >= 0 && n < counted.written.length ? counted.written[n] : fill(counted.beyond, { count: n });
      return fill(text, args);
    },
    // The page's CSRF token, which a cookie-authenticated write sends as X-CSRF-Token.
    csrf: function () {
      var meta = document.querySelector('meta[name="csrf-token"]');
      return meta ? meta.getAttribute("content") : "";
    }
  };

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

  // The site's date format in the reader's time zone and the page's language ("Tue 8 Dec
  // 2026, 04:10 CET", as pages/time.rs writes it from the same catalogue), for times shown
  // by scripts (live chat, the offline notice). Intl gives only the numbers and the zone's
  // abbreviation; names come from the catalogue.
  var WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  function siteDate(d) {
    var zone = (document.body && document.body.dataset.timeZone) || "UTC";
    var parts = {};
    try {
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone, weekday: "short", day: "numeric", month: "numeric", year: "numeric",
        hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short"
      }).formatToParts(d).forEach(function (p) { parts[p.type] = p.value; });
    } catch (e) {
      return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    }
    if (!words.dateTime) return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    return fill(words.dateTime, {
      weekday: words.weekdays[WEEKDAYS.indexOf(parts.weekday)] || parts.weekday,
      day: parts.day,
      month: words.months[Number(parts.month) - 1] || parts.month,
      year: parts.year,
      time: parts.hour + ":" + parts.minute,
      zone: parts.timeZoneName
    });
  }
  window.heraldDate = siteDate;

  function badge(n) {
    if (!navigator.setAppBadge) return;
    (n > 0 ? navigator.setAppBadge(n) : navigator.clearAppBadge()).catch(function () { /* not installed */ });
  }

  // The tab title: "(N) " while N games wait for my move, "(your move) " on such a game's
  // page, "(new message) " while a chat message is unread (chat.js), then the page's own.
  var yourMove = Herald.t("js-title-your-move") + " ";
  var baseTitle = document.title.replace(/^(\(\d+\+?\) )?/, "");
  if (baseTitle.indexOf(yourMove) === 0) baseTitle = baseTitle.slice(yourMove.length);
  window.heraldTitle = function () {
    var data = document.body.dataset;
    var n = Number(data.myMove || 0);
    var count = document.getElementById("my-move-count");
    var game = document.getElementById("game");
    document.title = (n > 0 ? "(" + (count ? count.textContent : n) + ") " : "") +
      (game && game.dataset.yourMove === "true" ? yourMove : "") +
      (Number(data.chatUnread || 0) > 0 ? Herald.t("js-title-new-message") + " " : "") + baseTitle;
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
          hint.textContent = Herald.t("js-scroll-hint");
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
        notice.textContent = when && !isNaN(when)
          ? Herald.t("js-offline-copy-at", { date: siteDate(when) })
          : Herald.t("js-offline-copy");
        notice.hidden = false;
      } else if (!navigator.onLine) {
        notice.textContent = Herald.t("js-offline");
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
