/* Súmula form helpers. The page works without this file (plain form POST); with it:
 * - what the judge types is kept on the phone (IndexedDB, key: match + version it is
 *   based on) and restored after a reload or a crash, until the súmula is sent;
 * - «Enviar» puts the súmula in the phone's queue (static/js/judge-page.js and
 *   judge-queue.js), which sends it now or when the network comes back, also after a
 *   reload; this line says so, the queue's panel shows its state;
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
  var Q = window.TenteioQueue && window.indexedDB ? window.TenteioQueue : null;
  var key = form.dataset.storageKey ? "draft:" + form.dataset.storageKey : "";
  var panel = document.getElementById("phone-queue");
  var match = panel ? panel.dataset.match : "";
  var status = form.querySelector(".offline");

  function snapshot() {
    var data = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrfmiddlewaretoken" || el.name === "client_key" || el.type === "submit") return;
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
    if (Q && key) Q.kv.set(key, { at: Date.now(), data: snapshot() }).catch(function () { /* full */ });
  }

  // Set at the first keystroke: the draft is read asynchronously, and a copy read after
  // the judge started typing is older than the form and must not overwrite it.
  var touched = false;

  function restore() {
    if (!Q || !key || document.querySelector(".error")) return; // the server already shows what was typed
    Q.kv.get(key).then(function (saved) {
      if (!saved || !saved.data || touched) return;
      var data = saved.data;
      Array.prototype.forEach.call(form.elements, function (el) {
        if (!el.name || !(el.name in data) || el.name === "base_version") return;
        if (el.type === "checkbox") el.checked = data[el.name].indexOf(el.value) !== -1;
        else if (el.type !== "submit") el.value = data[el.name];
      });
      showOutcome();
      form.querySelectorAll("input.score").forEach(hint);
      say(words.restored);
    }).catch(function () {});
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

  form.addEventListener("input", function (ev) {
    touched = true;
    if (ev.target.classList && ev.target.classList.contains("score")) hint(ev.target);
    save();
  });
  form.addEventListener("change", function () { touched = true; showOutcome(); save(); });
  // Taken by the queue: the typed draft is the queued item now.
  form.addEventListener("phone-queued", function () {
    if (Q && key) Q.kv.del(key).catch(function () {});
    say(navigator.onLine ? words.sending : words.offline);
  });
  if (Q) {
    Q.on(function (event) {
      if ((event.type === "sent" || event.type === "refused") && event.item.match === match) say("");
    });
    // Back on a page whose súmula waits in the queue (offline reload): say so.
    Q.all().then(function (items) {
      var waiting = items.some(function (i) { return i.state === "waiting" && i.match === match && Q.HANDS.indexOf(i.kind) === -1; });
      if (waiting && panel && items.some(function (i) { return i.owner === panel.dataset.judge; })) say(words.offline);
      else restore();
    }).catch(function () {});
  }

  showOutcome();
  form.querySelectorAll("input.score").forEach(hint);
})();
