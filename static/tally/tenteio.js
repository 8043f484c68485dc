// The judge's tenteio on a phone: every tap becomes an item of the phone's queue
// (static/js/judge-queue.js, IndexedDB) with its idempotency key, so a lost connection,
// a reload or a closed browser loses no hand and a retried POST never duplicates one
// (the server returns the hand already written for that key). The queue is sent in
// order; after it drains the page is fetched again, because the server's state is the
// truth.
//
// A refusal (the server wrote nothing) is the refused item in the queue, drawn again
// next to its form after every refresh of the page, until the judge closes it. When
// the server's state is the one the page shows, a refusal does not refresh at all, so
// what the judge typed stays in the form to be corrected. The sentences come from the
// server in the page's language; the rule codes only go in a data- attribute.
(function () {
  var root = document.getElementById("tenteio");
  var Q = window.TenteioQueue;
  var panel = document.getElementById("phone-queue");
  if (!root || !window.fetch || !window.indexedDB || !Q || !panel || !panel.dataset.judge) return;
  var match = root.getAttribute("data-match");
  var judge = panel.dataset.judge;
  var label = panel.dataset.label || "";
  var pageUrl = root.getAttribute("data-page-url") || window.location.href;
  var HANDS = Q.HANDS;

  function el(sel) { return document.querySelector(sel); }
  function status(text) {
    var line = el(".hs-offline");
    if (!line) return;
    line.textContent = text || "";
    line.hidden = !text;
  }
  // Counted sentences come translated from the page (tally/_tenteio_script.html, the data-
  // attributes of this script's tag), a form for one and one for more: only counts of 1
  // or more are said, where pt-BR and English agree that 1 is the singular.
  var words = (document.currentScript && document.currentScript.dataset) || {};
  function text(name, n) { return (words[name + (n === 1 ? "One" : "Many")] || "").replace("{count}", n); }
  function ours(i) { return i.owner === judge && i.match === match && HANDS.indexOf(i.kind) !== -1; }
  function items() { return Q.all().then(function (all) { return all.filter(ours); }); }
  function waiting(list) { return list.filter(function (i) { return i.state === "waiting"; }); }
  function refusal(list) {
    var refused = list.filter(function (i) { return i.state === "refused"; });
    return refused.length ? refused[refused.length - 1] : null;
  }

  // The refusal the server drew (a plain POST) is kept, so a refresh does not wipe it.
  function adoptRefusal() {
    var box = document.querySelector("#tenteio .hs-alert");
    if (!box) return Promise.resolve();
    var problems = [];
    box.querySelectorAll(".hs-alert-list li").forEach(function (li) { problems.push(li.textContent); });
    return Q.add({ owner: judge, kind: "hand", match: match, label: label, url: "", fields: [] }).then(function (item) {
      item.state = "refused";
      item.message = box.querySelector(".hs-alert-msg").textContent;
      item.problems = problems;
      item.codes = (box.getAttribute("data-codes") || "").split(" ").filter(Boolean);
      item.slot = box.getAttribute("data-at") || "top";
      item.dropped = 0;
      delete item.fields;
      return Q.put(item);
    });
  }
  function drawRefusal(list) {
    var current = document.getElementById("tenteio");
    current.querySelectorAll(".hs-alert").forEach(function (b) { b.parentNode.removeChild(b); });
    var r = refusal(list);
    var template = document.getElementById("hs-refusal-template");
    if (!r || !template) return;
    var box = template.content.firstElementChild.cloneNode(true);
    box.setAttribute("data-at", r.slot || "top");
    box.setAttribute("data-codes", (r.codes || []).join(" "));
    box.querySelector(".hs-alert-msg").textContent = r.message || "";
    var list2 = box.querySelector(".hs-alert-list");
    var problems = (r.problems || []).slice();
    if (r.dropped) problems.push(text("dropped", r.dropped));
    problems.forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p;
      list2.appendChild(li);
    });
    var slot = current.querySelector('.hs-slot[data-slot="' + r.slot + '"]') || current.querySelector('.hs-slot[data-slot="top"]');
    if (!slot) return;
    slot.appendChild(box);
    var details = slot.closest("details");
    if (details) details.open = true;
  }
  function redraw(offline) {
    return items().then(function (list) {
      drawRefusal(list);
      var q = waiting(list);
      status(q.length ? text(offline ? "offline" : "pending", q.length) : "");
      return list;
    });
  }
  // The state the page shows (game, hands, last hand), as the server rendered it.
  function shown() {
    var node = document.getElementById("tenteio-state");
    try { return node ? JSON.parse(node.textContent) : null; } catch (e) { return null; }
  }
  function same(a, b) {
    return !!(a && b) && a.game === b.game && a.hands === b.hands && a.last === b.last && a.phase === b.phase;
  }
  function refresh() {
    fetch(pageUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("tenteio");
        var current = document.getElementById("tenteio");
        if (fresh && current) current.innerHTML = fresh.innerHTML;
        var freshState = doc.getElementById("tenteio-state");
        var state = document.getElementById("tenteio-state");
        if (freshState && state) state.textContent = freshState.textContent;
        return redraw(true);
      })
      .catch(function () {});
  }

  Q.on(function (event) {
    if (!event.item || !ours(event.item)) return;
    if (event.type === "refused") {
      redraw(false);
      // The server is where the page is: nothing to refresh, and what the judge typed
      // stays in the form to be corrected.
      if (!same(shown(), event.item.serverState)) refresh();
    } else if (event.type === "sent") {
      items().then(function (list) { if (!waiting(list).length) refresh(); else redraw(false); });
    }
  });
  Q.on(function (event) {
    if (event.type === "drained" && event.result && !event.result.online) redraw(true);
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".hs-dismiss");
    if (!link) return;
    event.preventDefault(); // without JS the link reloads the page without the refusal
    items().then(function (list) {
      return Promise.all(list.filter(function (i) { return i.state === "refused"; }).map(function (i) { return Q.dismiss(i.id); }));
    }).then(function () { return redraw(false); });
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-queue")) return;
    event.preventDefault();
    var fields = {};
    new FormData(form).forEach(function (v, k) { fields[k] = String(v); });
    var submitter = event.submitter;
    if (submitter && submitter.name) fields[submitter.name] = submitter.value;
    var undo = form.classList.contains("hs-undo");
    var keyInput = form.querySelector("input[name=key]");
    if (keyInput && !undo) keyInput.value = Q.uuid(); // the next tap is a new hand
    items().then(function (list) {
      var q = waiting(list);
      if (undo) {
        var hands = q.filter(function (i) { return i.kind === "hand"; });
        if (hands.length) { // never sent: take it out of the queue instead
          return Q.remove(hands[hands.length - 1].id);
        }
      }
      var queued = q.filter(function (i) { return i.kind === "hand"; }).length;
      if (fields.base !== undefined && fields.base !== "") fields.base = String(parseInt(fields.base, 10) + queued);
      var pairs = Object.keys(fields).map(function (k) { return [k, fields[k]]; });
      return Q.add({ owner: judge, kind: undo ? "undo" : "hand", match: match, label: label, url: form.getAttribute("action"), fields: pairs })
        .then(function () {
          if ("serviceWorker" in navigator) {
            navigator.serviceWorker.ready.then(function (reg) { if (reg.sync) return reg.sync.register("tenteio-queue"); }).catch(function () {});
          }
          return Q.drain();
        });
    }).then(function () { return redraw(false); });
  });

  adoptRefusal().then(function () { return redraw(true); }).then(function () { return Q.drain(); });
})();
