/* Súmula form helpers. The page works without this file (plain form POST); with it:
 * - what the judge types is kept in localStorage (key: match + version it is based on)
 *   and restored after a reload or a crash, so a lost connection loses nothing;
 * - the form is sent with fetch; if the network fails the súmula stays on the phone and
 *   is sent again when the browser reports it is back online;
 * - only the fields of the chosen result (jogo disputado, W.O., ...) are shown;
 * - each score shows its malos/buenos count in the gaúcho modalities.
 * What it says to the judge comes translated from the page (scoring/_sumula_script.html,
 * the data- attributes of this script's tag): the file has no sentence of its own.
 */
(function () {
  "use strict";
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var form = document.getElementById("sumula-form");
  if (!form) return;
  document.documentElement.classList.add("js");
  var key = form.dataset.storageKey || "";
  var status = form.querySelector(".offline");
  var pending = null;

  function store() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function snapshot() {
    var data = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrfmiddlewaretoken" || el.type === "submit") return;
      if (el.type === "checkbox") {
        data[el.name] = data[el.name] || [];
        if (el.checked) data[el.name].push(el.value);
      } else {
        data[el.name] = el.value;
      }
    });
    return data;
  }

  function save() {
    var s = store();
    if (!s || !key) return;
    try { s.setItem(key, JSON.stringify({ at: Date.now(), data: snapshot() })); } catch (e) { /* full */ }
  }

  function restore() {
    var s = store();
    if (!s || !key || document.querySelector(".error")) return; // the server already shows what was typed
    var raw = s.getItem(key);
    if (!raw) return;
    var saved;
    try { saved = JSON.parse(raw).data; } catch (e) { return; }
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in saved) || el.name === "base_version") return;
      if (el.type === "checkbox") el.checked = saved[el.name].indexOf(el.value) !== -1;
      else if (el.type !== "submit") el.value = saved[el.name];
    });
    say(words.restored);
  }

  function clear() {
    var s = store();
    if (s && key) s.removeItem(key);
  }

  function say(text) {
    if (!status) return;
    status.textContent = text || "";
    status.hidden = !text;
  }

  function showOutcome() {
    var chosen = form.elements.outcome ? form.elements.outcome.value : "played";
    form.querySelectorAll("[data-outcome]").forEach(function (box) {
      box.hidden = box.dataset.outcome.split(" ").indexOf(chosen) === -1;
    });
  }

  function hint(input) {
    var malos = parseInt(form.dataset.malos, 10);
    var out = input.parentNode.querySelector(".mb");
    if (!out || !malos) return;
    var v = parseInt(input.value, 10);
    if (isNaN(v) || v < 0) { out.textContent = ""; return; }
    // Gaúcho counting: past the malos, the score is said in buenos ("5 buenos" = malos + 5).
    var n = v <= malos ? v : v - malos;
    out.textContent = n + (v <= malos ? (n === 1 ? " malo" : " malos") : (n === 1 ? " bueno" : " buenos"));
  }

  function send(body) {
    say(words.sending);
    // getAttribute: the buttons are named "action", which shadows form.action.
    return fetch(form.getAttribute("action") || window.location.href, {
      method: "POST", body: body, credentials: "same-origin", headers: { "X-Requested-With": "fetch" }
    }).then(function (response) {
      if (response.status >= 500) {
        // Database or server down (a 503 page): keep the súmula here and try again
        // after the server's Retry-After, instead of replacing the form with the error.
        pending = body;
        save();
        var wait = parseInt(response.headers.get("Retry-After") || "10", 10) * 1000;
        say(words.serverDown);
        setTimeout(function () { if (pending) send(pending); }, wait);
        return;
      }
      pending = null;
      if (response.ok && response.redirected) {
        clear();
        window.location.assign(response.url);
        return;
      }
      return response.text().then(function (html) {
        document.open(); document.write(html); document.close();
      });
    }, function () {
      pending = body;
      save();
      say(words.offline);
    });
  }

  form.addEventListener("input", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("score")) hint(ev.target);
    save();
  });
  form.addEventListener("change", function () { showOutcome(); save(); });
  form.addEventListener("submit", function (ev) {
    if (!window.fetch || !window.FormData) return; // plain POST
    ev.preventDefault();
    var body = new FormData(form);
    if (ev.submitter && ev.submitter.name) body.append(ev.submitter.name, ev.submitter.value);
    save();
    send(body);
  });
  window.addEventListener("online", function () { if (pending) send(pending); });

  restore();
  showOutcome();
  form.querySelectorAll("input.score").forEach(hint);
})();
