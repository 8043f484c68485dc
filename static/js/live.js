// Live refresh of every public page and of the telão: poll the revision of exactly what
// the page shows (its URL names the page's scopes: its chaves, its team, the jogos, the
// mata-mata) and, when it moves past the revision the page was rendered at, fetch the page
// again and swap its content (<main>, or the element named by data-target), keeping the
// scroll position and every open <details>. An unchanged revision costs a 304 (the browser
// asks with If-None-Match; nginx's microcache answers it). A page fetched from a cache
// older than the revision polled (its ETag names its revision) is not shown: the swap is
// tried again shortly. While the server does not answer, the page keeps what it shows, the
// root element gets data-offline, and the polls back off up to 15 s.
(function () {
  var script = document.currentScript;
  var url = script && script.getAttribute("data-revision-url");
  if (!url || !window.fetch) return;
  var every = parseInt(script.getAttribute("data-every") || "1000", 10);
  var selector = script.getAttribute("data-target") || "main";
  var known = parseInt(script.getAttribute("data-revision") || "", 10);
  if (isNaN(known)) known = null;
  var delay = every;
  var timer = null;
  var busy = false;
  var root = document.documentElement;

  function online(up) {
    if (up) {
      delete root.dataset.offline;
      delay = every;
    } else {
      root.dataset.offline = "1";
      delay = Math.min(delay * 2, 15000);
    }
  }

  function revisionOf(response) {
    // public.caching's ETag: W/"<revision>-<digest>"; none for a logged-in person's page.
    var tag = response.headers.get("ETag") || "";
    var found = /^(?:W\/)?"(\d+)-/.exec(tag);
    return found ? parseInt(found[1], 10) : null;
  }

  function openDetails(container) {
    var open = [];
    var all = container.querySelectorAll("details");
    for (var i = 0; i < all.length; i++) {
      if (all[i].open) open.push(i);
    }
    return open;
  }

  function typing() {
    // Someone filling in a field of the page (an organizer's sorteio form): the swap
    // waits, and the next poll tries again.
    var active = document.activeElement;
    var current = document.querySelector(selector);
    return !!(active && current && current.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName));
  }

  function swap(target, tries) {
    if (typing()) return;
    busy = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-cache" })
      .then(function (r) {
        if (!r.ok) throw r;
        var rendered = revisionOf(r);
        return r.text().then(function (html) {
          return { html: html, rendered: rendered };
        });
      })
      .then(function (page) {
        online(true);
        if (page.rendered !== null && page.rendered < target) {
          // A copy from a cache made before the change: ask again in a moment.
          busy = false;
          if (tries < 5) setTimeout(function () { swap(target, tries + 1); }, 400);
          return;
        }
        var doc = new DOMParser().parseFromString(page.html, "text/html");
        var fresh = doc.querySelector(selector);
        var current = document.querySelector(selector);
        if (fresh && current) {
          var x = window.scrollX, y = window.scrollY;
          var open = openDetails(current);
          current.innerHTML = fresh.innerHTML;
          var all = current.querySelectorAll("details");
          for (var i = 0; i < open.length; i++) {
            if (all[open[i]]) all[open[i]].open = true;
          }
          window.scrollTo(x, y);
          document.dispatchEvent(new CustomEvent("tenteio:swapped"));
        }
        known = page.rendered !== null ? page.rendered : target;
        busy = false;
      })
      .catch(function () {
        online(false);
        busy = false;
      });
  }

  function poll() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(poll, delay);
    if (document.hidden || busy) return;
    // "no-cache": the browser asks again every time, with If-None-Match, and an
    // unchanged revision costs a 304 (public.caching).
    fetch(url, { credentials: "same-origin", cache: "no-cache" })
      .then(function (r) {
        if (!r.ok) throw r;
        return r.json();
      })
      .then(function (data) {
        online(true);
        // Every revision (a tournament's, a circuit's) is a number that only grows.
        if (known === null) known = data.revision;
        else if (data.revision > known) swap(data.revision, 0);
      })
      .catch(function () {
        online(false);
        if (timer) clearTimeout(timer);
        timer = setTimeout(poll, delay);
      });
  }

  poll();
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });
})();
