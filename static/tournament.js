// Herald tournament page: the event's notices (a round paired, the event over) arrive live
// from its feed (server-sent events) and are added to the page's news list, with a link
// that reloads the page for the new pairings and standings. Without this script the list
// still shows every notice on each load.
(function () {
  "use strict";
  var news = document.getElementById("news");
  if (!news || !window.EventSource) return;
  var list = document.getElementById("news-list");
  var empty = document.getElementById("news-empty");
  var after = Number(news.dataset.after) || 0;
  var source = null;

  function show(notice) {
    if (notice.id <= after) return;
    after = notice.id;
    if (empty) { empty.remove(); empty = null; }
    var item = document.createElement("li");
    item.className = "news-new";
    item.appendChild(document.createTextNode(notice.headline + " "));
    var reload = document.createElement("a");
    reload.href = window.location.pathname;
    reload.textContent = news.dataset.reload;
    item.appendChild(reload);
    list.insertBefore(item, list.firstChild);
  }

  function connect() {
    if (source) return;
    source = new EventSource("/tournaments/" + news.dataset.event + "/events?since=" + after);
    source.addEventListener("notice", function (e) {
      try { show(JSON.parse(e.data)); } catch (err) { /* a notice that does not parse is skipped */ }
    });
  }

  // One stream per open page: closed when the page is hidden or left, so a tab that
  // visits page after page never runs out of connections.
  function disconnect() {
    if (source) { source.close(); source = null; }
  }
  connect();
  window.addEventListener("pagehide", disconnect);
  window.addEventListener("pageshow", function (e) { if (e.persisted) connect(); });
})();
