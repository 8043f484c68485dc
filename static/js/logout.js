/* «Sair» on a phone that keeps a judge's pages for offline use: before the logout is
 * sent, the service worker (static/js/judge-sw.js) deletes the judge's cached pages, so
 * the next person on this phone never sees them offline. Without a worker (or without
 * JS) the form is sent as it is. The phone's queue is kept: each item is its judge's
 * own and is sent only while that judge is logged in again (static/js/judge-queue.js).
 */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-logout")) return;
    event.preventDefault();
    var sent = false;
    function go() { if (!sent) { sent = true; form.submit(); } }
    navigator.serviceWorker.getRegistration("/juiz/").then(function (reg) {
      var worker = reg && (reg.active || reg.waiting);
      if (!worker) return go();
      var channel = new MessageChannel();
      channel.port1.onmessage = go;
      worker.postMessage({ type: "logout" }, [channel.port2]);
      setTimeout(go, 1500); // a worker that does not answer keeps no one logged in
    }, go);
  });
})();
