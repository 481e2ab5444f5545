// "Notify this device" on the settings page: asks the browser for permission, subscribes
// it to Web Push with the server's key (GET /api/v1/push/key) and sends the subscription
// to the server (POST /api/v1/me/push/subscriptions); "Stop" removes it from both. The
// list of devices is the server's; this script only marks which row is this browser.
"use strict";

(function () {
  var box = document.getElementById("push-device");
  if (!box) return;
  var status = document.getElementById("push-status");
  var enable = document.getElementById("push-enable");
  var disable = document.getElementById("push-disable");

  function say(text, state) {
    status.textContent = text;
    box.setAttribute("data-push-state", state);
  }

  function api(method, path, body) {
    return fetch("/api/v1" + path, {
      method: method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": Herald.csrf() },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (response) {
      if (response.ok) return response.status === 204 ? null : response.json();
      return response.json().then(function (answer) {
        throw new Error((answer && answer.error && answer.error.message) || ("HTTP " + response.status));
      }, function () { throw new Error("HTTP " + response.status); });
    });
  }

  // The key as `applicationServerKey` takes it: bytes from base64url.
  function keyBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) base64 += "=";
    var raw = atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  // The row of the server's list that is this browser's subscription, if any.
  function rowOf(subscription) {
    if (!subscription) return null;
    var rows = document.querySelectorAll("#push-devices tr[data-endpoint]");
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].getAttribute("data-endpoint") === subscription.endpoint) return rows[i];
    }
    return null;
  }

  function show(subscription) {
    var row = rowOf(subscription);
    enable.hidden = !!row;
    disable.hidden = !row;
    if (row) {
      var mark = row.querySelector(".this-device");
      if (mark) mark.hidden = false;
      say(Herald.t("js-push-on"), "on");
    } else if (Notification.permission === "denied") {
      enable.hidden = true;
      say(Herald.t("js-push-blocked"), "blocked");
    } else {
      say(Herald.t("js-push-off"), "off");
    }
  }

  function failed(error) {
    say(Herald.t("js-push-failed", { error: error && error.message ? error.message : error }), "error");
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(Herald.t("js-push-unavailable"), "unavailable");
    return;
  }

  var ready = navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  });

  ready.then(function (registration) {
    return registration.pushManager.getSubscription();
  }).then(show, failed);

  enable.addEventListener("click", function () {
    enable.disabled = true;
    say(Herald.t("js-push-asking"), "busy");
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") throw new Error(Herald.t("js-push-not-allowed"));
      return Promise.all([ready, api("GET", "/push/key")]);
    }).then(function (both) {
      var registration = both[0];
      var key = keyBytes(both[1].public_key);
      return registration.pushManager.getSubscription().then(function (existing) {
        // A subscription made with another server key cannot be reused.
        return existing ? existing.unsubscribe() : true;
      }).then(function () {
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      });
    }).then(function (subscription) {
      return api("POST", "/me/push/subscriptions", subscription.toJSON());
    }).then(function () {
      window.location.replace("/settings#devices");
      window.location.reload();
    }).catch(function (error) {
      enable.disabled = false;
      failed(error);
    });
  });

  disable.addEventListener("click", function () {
    disable.disabled = true;
    ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) {
      var row = rowOf(subscription);
      var id = row ? row.getAttribute("data-id") : null;
      return (id ? api("DELETE", "/me/push/subscriptions/" + id) : Promise.resolve(null)).then(function () {
        return subscription ? subscription.unsubscribe() : true;
      });
    }).then(function () {
      window.location.replace("/settings#devices");
      window.location.reload();
    }).catch(function (error) {
      disable.disabled = false;
      failed(error);
    });
  });
})();
