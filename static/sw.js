// Herald's service worker, served at /sw.js so that its scope is the whole site.
// Push: shows the notification a push message carries (title, body, tag: one per game, so
// a newer one replaces it) and opens its page on a click. Offline: the site's static files
// are kept once fetched (their URLs carry a content hash), and every page opened while
// online is kept, newest first, so a game already opened stays readable with no network;
// the copy is marked so the page says plainly that it is offline. A form sent while
// offline gets a page saying it was not sent: nothing is ever queued to send later.
"use strict";

var VERSION = "1";
var STATIC_CACHE = "herald-static-" + VERSION;
var PAGE_CACHE = "herald-pages-" + VERSION;
var OFFLINE_PAGE = "/static/offline.html";
var PAGES_KEPT = 60;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then(function (cache) { return cache.add(OFFLINE_PAGE); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("herald-") === 0 && name !== STATIC_CACHE && name !== PAGE_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// Keeps the newest pages only (the cache lists entries in insertion order).
function trimPages(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - PAGES_KEPT;
    return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (k) { return cache.delete(k); }));
  });
}

// A kept page, marked as an offline copy with the time it was kept (the page's script
// shows the notice from the mark).
function offlineCopy(response) {
  var kept = response.headers.get("date") || "";
  return response.text().then(function (html) {
    var marked = html.replace("<body", '<body data-offline-copy="' + kept.replace(/[^\w :,+-]/g, "") + '"');
    return new Response(marked, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

// The offline page for `why` ("page": no copy kept; "form": a form not sent), with the
// other case's paragraph taken out (its style sheet may not be at hand offline).
function offlinePage(why, status) {
  var other = why === "form" ? "offline-page-only" : "offline-form-only";
  return caches.match(OFFLINE_PAGE).then(function (page) {
    return page ? page.text() : "";
  }).then(function (html) {
    var text = html
      ? html.replace('data-offline="page"', 'data-offline="' + why + '"')
        .replace(new RegExp('<p class="' + other + '">[\\s\\S]*?</p>'), "")
      : (why === "form" ? "You are offline: nothing was sent." : "You are offline.");
    return new Response(text, { status: status, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

function page(request) {
  return fetch(request).then(function (response) {
    var html = (response.headers.get("content-type") || "").indexOf("text/html") === 0;
    if (response.ok && html && response.type === "basic" && !response.redirected) {
      var copy = response.clone();
      caches.open(PAGE_CACHE).then(function (cache) {
        return cache.delete(request.url).then(function () { return cache.put(request.url, copy); })
          .then(function () { return trimPages(cache); });
      });
    }
    return response;
  }, function () {
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true });
    }).then(function (hit) { return hit ? offlineCopy(hit) : offlinePage("page", 503); });
  });
}

// A form sent while offline (a move, a message): refused plainly, never queued.
function sent(request) {
  return fetch(request).catch(function () { return offlinePage("form", 503); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    if (url.pathname === "/logout") {
      // The kept pages are this person's: gone when they log out.
      event.waitUntil(caches.delete(PAGE_CACHE));
    }
    if (request.mode === "navigate") event.respondWith(sent(request));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0 && url.search.indexOf("?v=") === 0) {
    event.respondWith(caches.open(STATIC_CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (request.mode === "navigate" && url.pathname.indexOf("/api/") !== 0) {
    event.respondWith(page(request));
  }
});

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data ? event.data.text() : "" }; }
  var options = {
    body: data.body || "",
    icon: "/static/icon-any-192.png",
    badge: "/static/icon-maskable-192.png",
    data: { url: data.url || "/my-games" }
  };
  if (typeof data.at === "number") options.timestamp = data.at;
  if (data.tag) { options.tag = data.tag; options.renotify = true; }
  var shown = self.registration.showNotification(data.title || "Herald", options);
  if (typeof data.to_move === "number" && self.navigator && self.navigator.setAppBadge) {
    shown = shown.then(function () {
      return data.to_move > 0 ? self.navigator.setAppBadge(data.to_move) : self.navigator.clearAppBadge();
    }).catch(function () {});
  }
  event.waitUntil(shown);
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || "/my-games", self.location.origin);
  // Only this site's own pages are opened.
  if (target.origin !== self.location.origin) target = new URL("/my-games", self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === target.href && "focus" in windows[i]) return windows[i].focus();
    }
    return self.clients.openWindow(target.href);
  }));
});
