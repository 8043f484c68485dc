/* The service worker of the judge's pages (scope /juiz/), loaded by /juiz/sw.js
 * (scoring.phone.WorkerView), which sets self.TENTEIO_SW: the static URLs of Workbox
 * (vendored in static/vendor/, nothing fetched from outside), of the queue and of the
 * app shell.
 *
 * - The judge's pages (the jogos list, each jogo's súmula, conferência and tenteio):
 *   network first, the cached copy when there is no network (they change). Each judge's
 *   pages go to a cache of their own, named by the X-Tenteio-Judge header the server
 *   puts on them; a page is served from the cache only to the judge the phone last
 *   saw logged in, and the caches of any other judge are deleted when another one logs
 *   in on the phone or the judge logs out (static/js/logout.js).
 * - Static files: cache first when the name carries a content hash (production's
 *   manifest storage), else served from the cache and refreshed behind (LAN mode's
 *   plain names change in place).
 * - "warm": the jogos list asks for the pages of every jogo it lists, so a jogo never
 *   opened online still opens offline.
 * - Background Sync "tenteio-queue": the queue is sent even with the tab closed.
 */
(function () {
  "use strict";
  var cfg = self.TENTEIO_SW;
  importScripts(cfg.workbox);
  self.workbox.setConfig({ debug: false, modulePathCb: function (name) { return cfg.modules[name]; } });
  importScripts(cfg.queue);
  var workbox = self.workbox;
  var routing = workbox.routing;
  var strategies = workbox.strategies;
  var ExpirationPlugin = workbox.expiration.ExpirationPlugin;
  var Queue = self.TenteioQueue;
  Queue.configure({ who: cfg.who });

  var STATIC = "tenteio-static";
  var PAGES = "tenteio-pages-";
  var HEADER = "X-Tenteio-Judge";
  var PAGE = /^\/juiz\/[-\w]+\/(?:jogo\/\d+\/(?:tenteio\/|conferir\/)?)?$/;
  var HASHED = /\.[0-9a-f]{12}\.\w+$/;
  var current = null; // the judge's key, also kept in IndexedDB for the next start
  var byJudge = {};

  function judge() {
    if (current !== null) return Promise.resolve(current);
    return Queue.kv.get("judge").then(function (k) { current = k || ""; return current; });
  }

  // Another judge (or none): every other judge's pages leave the phone.
  function switchTo(key) {
    current = key || "";
    return Queue.kv.set("judge", current).then(function () { return caches.keys(); }).then(function (names) {
      return Promise.all(names.filter(function (n) {
        return n.indexOf(PAGES) === 0 && n !== PAGES + current;
      }).map(function (n) { return caches.delete(n); }));
    });
  }

  function strategyFor(key) {
    if (!byJudge[key]) {
      byJudge[key] = new strategies.NetworkFirst({
        cacheName: PAGES + key,
        networkTimeoutSeconds: 6,
        plugins: [{
          // Only this judge's own page, whole: not an error page, another judge's or a visitor's.
          cacheWillUpdate: function (p) {
            var r = p.response;
            return r && r.status === 200 && key && r.headers.get(HEADER) === key ? r : null;
          },
        }],
      });
    }
    return byJudge[key];
  }

  function page(options) {
    return judge().then(function (key) {
      return strategyFor(key).handle(options).then(function (response) {
        var seen = response.headers.get(HEADER);
        if (response.status !== 200 || !seen || seen === key) return response;
        // Another judge logged in on this phone: their page, their cache from now on.
        var copy = response.clone();
        return switchTo(seen).then(function () {
          return caches.open(PAGES + seen);
        }).then(function (cache) {
          return cache.put(options.request, copy);
        }).then(function () { return response; });
      });
    });
  }

  routing.registerRoute(function (o) {
    return o.request.method === "GET" && o.url.origin === self.location.origin && !o.url.search && PAGE.test(o.url.pathname);
  }, page);

  var expire = new ExpirationPlugin({ maxEntries: 80 });
  var hashed = new strategies.CacheFirst({ cacheName: STATIC, plugins: [expire] });
  var plain = new strategies.StaleWhileRevalidate({ cacheName: STATIC, plugins: [expire] });
  routing.registerRoute(function (o) {
    return o.request.method === "GET" && o.url.origin === self.location.origin && o.url.pathname.indexOf(cfg.static) === 0;
  }, function (options) {
    return (HASHED.test(options.url.pathname) ? hashed : plain).handle(options);
  });

  self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.addAll(cfg.shell); }).then(function () {
      return self.skipWaiting();
    }));
  });
  self.addEventListener("activate", function (event) {
    event.waitUntil(self.clients.claim());
  });

  // The jogos list's links, fetched one after the other into the judge's cache; a page
  // cached in the last minutes is not fetched again (the list is opened often, on a
  // slow network; a page opened online is fetched anyway, network first). One warm-up
  // at a time: a second one waits for the first and finds its pages fresh.
  var FRESH = 10 * 60 * 1000;
  var warming = Promise.resolve();
  function fresh(cache, url) {
    return cache.match(url).then(function (r) {
      var at = r ? Date.parse(r.headers.get("Date") || "") : NaN;
      return !isNaN(at) && Date.now() - at < FRESH;
    });
  }
  function warm(key, urls, event) {
    var fetched = 0;
    warming = warming.then(function () {
      return key === current ? null : switchTo(key);
    }).then(function () {
      return caches.open(PAGES + key);
    }).then(function (cache) {
      var strategy = strategyFor(key);
      return urls.reduce(function (chain, url) {
        return chain.then(function () { return fresh(cache, url); }).then(function (skip) {
          if (skip) return null;
          fetched += 1;
          var request = new Request(url, { credentials: "same-origin" });
          return strategy.handle({ request: request, event: event }).catch(function () { return null; });
        });
      }, Promise.resolve());
    }).then(function () {
      if (event.source) event.source.postMessage({ type: "warmed", count: fetched });
    }, function () { /* the next list's warm-up tries again */ });
    return warming;
  }

  self.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "warm" && data.judge && Array.isArray(data.urls)) {
      event.waitUntil(warm(data.judge, data.urls, event));
    } else if (data.type === "logout") {
      event.waitUntil(switchTo("").then(function () {
        if (event.ports && event.ports[0]) event.ports[0].postMessage("done");
      }));
    }
  });

  self.addEventListener("sync", function (event) {
    if (event.tag !== "tenteio-queue") return;
    event.waitUntil(Queue.drain().then(function (r) {
      if (!r.online || r.stalled) throw new Error("again"); // the browser tries again later
    }));
  });
})();
