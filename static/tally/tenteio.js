// The judge's tenteio on a phone: every tap becomes a queued POST with its idempotency
// key, kept in localStorage until the server answers, so a lost connection or a closed
// browser loses no hand and a retried POST never duplicates one (the server returns the
// hand already written for that key). The queue is sent in order; after it drains the
// page is fetched again, because the server's state is the truth.
//
// A refusal (the server wrote nothing) is kept in localStorage too and drawn again next
// to its form after every refresh of the page, until the judge closes it. When the
// server's state is the one the page shows, a refusal does not refresh at all, so what
// the judge typed stays in the form to be corrected. The sentences come from the server
// in the page's language; the rule codes only go in a data- attribute.
(function () {
  var root = document.getElementById("tenteio");
  if (!root || !window.fetch || !window.localStorage) return;
  var storeKey = "tenteio:queue:" + root.getAttribute("data-match");
  var refusalKey = "tenteio:refusal:" + root.getAttribute("data-match");
  var pageUrl = root.getAttribute("data-page-url") || window.location.href;
  var sending = false;

  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey) || "[]"); } catch (e) { return []; }
  }
  function save(q) { localStorage.setItem(storeKey, JSON.stringify(q)); }
  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, function (c) {
      var r = (Math.random() * 16) | 0;
      return (c === "x" ? r : (r & 3) | 8).toString(16);
    });
  }
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
  function loadRefusal() {
    try { return JSON.parse(localStorage.getItem(refusalKey) || "null"); } catch (e) { return null; }
  }
  function saveRefusal(r) {
    if (r) localStorage.setItem(refusalKey, JSON.stringify(r)); else localStorage.removeItem(refusalKey);
  }
  // The refusal the server drew (a plain POST) is kept, so a refresh does not wipe it.
  function adoptRefusal() {
    var box = document.querySelector("#tenteio .hs-alert");
    if (!box) return;
    var problems = [];
    box.querySelectorAll(".hs-alert-list li").forEach(function (li) { problems.push(li.textContent); });
    saveRefusal({
      message: box.querySelector(".hs-alert-msg").textContent,
      problems: problems,
      codes: (box.getAttribute("data-codes") || "").split(" ").filter(Boolean),
      at: box.getAttribute("data-at") || "top",
    });
  }
  function drawRefusal() {
    var current = document.getElementById("tenteio");
    current.querySelectorAll(".hs-alert").forEach(function (b) { b.parentNode.removeChild(b); });
    var r = loadRefusal();
    var template = document.getElementById("hs-refusal-template");
    if (!r || !template) return;
    var box = template.content.firstElementChild.cloneNode(true);
    box.setAttribute("data-at", r.at || "top");
    box.setAttribute("data-codes", (r.codes || []).join(" "));
    box.querySelector(".hs-alert-msg").textContent = r.message || "";
    var list = box.querySelector(".hs-alert-list");
    (r.problems || []).forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p;
      list.appendChild(li);
    });
    var slot = current.querySelector('.hs-slot[data-slot="' + r.at + '"]') || current.querySelector('.hs-slot[data-slot="top"]');
    if (!slot) return;
    slot.appendChild(box);
    var details = slot.closest("details");
    if (details) details.open = true;
  }
  function pendingText(q, offline) {
    if (!q.length) return "";
    return text(offline ? "offline" : "pending", q.length);
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
        drawRefusal();
        status(pendingText(load(), true));
      })
      .catch(function () {});
  }
  function flush() {
    if (sending) return;
    var q = load();
    if (!q.length) return;
    sending = true;
    var item = q[0];
    var body = new URLSearchParams();
    Object.keys(item.fields).forEach(function (k) { body.append(k, item.fields[k]); });
    fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": item.fields.csrfmiddlewaretoken || "" },
      body: body,
    })
      .then(function (r) {
        if (r.status >= 500) throw new Error("server");
        return r.json().then(function (data) { return { status: r.status, data: data }; });
      })
      .then(function (res) {
        sending = false;
        var rest = load().slice(1);
        if (!res.data.ok) {
          // Refused by the rules or the state: nothing was written; the hands queued
          // after it were typed on a score that no longer holds, so they go too.
          var problems = (res.data.problems || []).slice();
          if (rest.length) problems.push(text("dropped", rest.length));
          rest = [];
          saveRefusal({ message: res.data.message, problems: problems, codes: res.data.codes || [], at: res.data.at || "top" });
          drawRefusal();
          if (same(shown(), res.data.state)) {
            // The server is where the page is: nothing to refresh, and what the judge
            // typed stays in the form to be corrected.
            save([]);
            status("");
            return;
          }
        }
        save(rest);
        if (rest.length) flush(); else refresh();
      })
      .catch(function () {
        sending = false;
        status(pendingText(load(), true));
      });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".hs-dismiss");
    if (!link) return;
    event.preventDefault(); // without JS the link reloads the page without the refusal
    saveRefusal(null);
    drawRefusal();
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-queue")) return;
    event.preventDefault();
    var q = load();
    var fields = {};
    new FormData(form).forEach(function (v, k) { fields[k] = String(v); });
    var submitter = event.submitter;
    if (submitter && submitter.name) fields[submitter.name] = submitter.value;
    if (form.classList.contains("hs-undo")) {
      var lastHand = -1;
      q.forEach(function (item, i) { if (item.kind === "hand") lastHand = i; });
      if (lastHand >= 0) { // never sent: take it out of the queue instead
        q.splice(lastHand, 1);
        save(q);
        status(pendingText(q, false));
        return;
      }
    }
    var queued = q.filter(function (i) { return i.kind === "hand"; }).length;
    if (fields.base !== undefined && fields.base !== "") fields.base = String(parseInt(fields.base, 10) + queued);
    q.push({ url: form.getAttribute("action"), fields: fields, kind: form.classList.contains("hs-undo") ? "undo" : "hand" });
    save(q);
    var keyInput = form.querySelector("input[name=key]");
    if (keyInput && !form.classList.contains("hs-undo")) keyInput.value = uuid(); // the next tap is a new hand
    status(pendingText(q, false));
    flush();
  });
  window.addEventListener("online", flush);
  setInterval(flush, 5000);
  adoptRefusal();
  drawRefusal();
  status(pendingText(load(), true));
  flush();
})();
