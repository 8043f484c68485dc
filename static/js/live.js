// Live refresh of public pages: poll the revision of what the page shows (its URL names
// the page's scopes: its chaves, its team, the jogos) and, when it changes (a súmula
// homologated there, a sorteio recorded), fetch the page again and swap its <main>. Cheap for the server (one small JSON every few seconds), and a page
// left open on a phone in a CTG hall stays current without a reload.
(function () {
  var script = document.currentScript;
  var url = script && script.getAttribute("data-revision-url");
  if (!url || !window.fetch) return;
  var known = null;
  // A page may poll faster (data-every, in ms, at least 1 s): the circuit page's
  // revision is one small query answered with a 304 when unchanged.
  var every = Math.max(Number(script.getAttribute("data-every")) || 5000, 1000);
  function swap() {
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector("main");
        var main = document.querySelector("main");
        if (fresh && main) main.innerHTML = fresh.innerHTML;
      })
      .catch(function () {});
  }
  function poll() {
    if (document.hidden) return;
    // "no-cache": the browser asks again every time, with If-None-Match, and an
    // unchanged revision costs a 304 (public.caching).
    fetch(url, { credentials: "same-origin", cache: "no-cache" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return;
        if (known !== null && data.revision !== known) swap();
        known = data.revision;
      })
      .catch(function () {});
  }
  poll();
  setInterval(poll, every);
  document.addEventListener("visibilitychange", poll);
})();
