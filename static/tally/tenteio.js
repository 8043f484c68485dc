// The judge's tenteio on a phone: every tap becomes a queued POST with its idempotency
// key, kept in localStorage until the server answers, so a lost connection or a closed
// browser loses no hand and a retried POST never duplicates one (the server returns the
// hand already written for that key). The queue is sent in order; after it drains the
// page is fetched again, because the server's state is the truth. The sentences about
// the queue come translated from the page (tally/_tenteio_script.html, the data-
// attributes of this script's tag), in a form for one hand and one for more.
(function () {
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var root = document.getElementById("tenteio");
  if (!root || !window.fetch || !window.localStorage) return;
  var storeKey = "tenteio:queue:" + root.getAttribute("data-match");
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
  function alertBox(message, problems) {
    var box = el(".hs-alert");
    if (!box) return;
    box.querySelector(".hs-alert-msg").textContent = message || "";
    var list = box.querySelector(".hs-alert-list");
    list.innerHTML = "";
    (problems || []).forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p;
      list.appendChild(li);
    });
    box.hidden = !message;
  }
  // Only counts of 1 or more are said, where pt-BR and English agree: 1 is the singular.
  function pendingText(q, offline) {
    if (!q.length) return "";
    var one = offline ? words.offlineOne : words.pendingOne;
    var many = offline ? words.offlineMany : words.pendingMany;
    return ((q.length === 1 ? one : many) || "").replace("{count}", q.length);
  }
  function refresh() {
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("tenteio");
        var current = document.getElementById("tenteio");
        if (fresh && current) current.innerHTML = fresh.innerHTML;
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
          rest = [];
          alertBox(res.data.message, res.data.problems);
        } else {
          alertBox("");
        }
        save(rest);
        if (rest.length) flush(); else refresh();
      })
      .catch(function () {
        sending = false;
        status(pendingText(load(), true));
      });
  }

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
        status(pendingText(q, true));
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
  status(pendingText(load(), true));
  flush();
})();
