// The telão cycles through its screens (the <section class="tl-screen"> of #telao), one
// every data-cycle seconds, forever and with no interaction. live.js swaps the screens
// when the tournament changes; the cycle then goes on from the same place. Every
// data-reload seconds the page is loaded anew, so that nothing a whole day of swaps might
// leave behind in the browser builds up; the reload waits until the server answers, so a
// dropped Wi-Fi never leaves the screen on the browser's error page.
(function () {
  var script = document.currentScript;
  var cycle = parseInt(script.getAttribute("data-cycle") || "12", 10) * 1000;
  var reloadAfter = parseInt(script.getAttribute("data-reload") || "3600", 10) * 1000;
  var index = 0;
  var root = document.documentElement;

  function show() {
    var all = document.querySelectorAll("#telao .tl-screen");
    if (!all.length) return;
    if (index >= all.length) index = 0;
    for (var i = 0; i < all.length; i++) all[i].classList.toggle("on", i === index);
    root.dataset.screen = String(index);
    root.dataset.kind = all[index].getAttribute("data-kind") || "";
  }

  function next() {
    index += 1;
    show();
  }

  function reload() {
    fetch(window.location.href, { cache: "no-cache" })
      .then(function (r) {
        if (!r.ok) throw r;
        window.location.reload();
      })
      .catch(function () {
        setTimeout(reload, 30000);
      });
  }

  show();
  setInterval(next, cycle);
  document.addEventListener("tenteio:swapped", show);
  setTimeout(reload, reloadAfter);
})();
