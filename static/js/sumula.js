/* Súmula form helpers. The page works without this file (plain form POST); with it:
 * - what the judge types is kept on the phone (IndexedDB, key: match + version it is
 *   based on) and restored after a reload or a crash, until the súmula is sent;
 * - «Enviar» puts the súmula in the phone's queue (static/js/judge-page.js and
 *   judge-queue.js), which sends it now or when the network comes back, also after a
 *   reload; this line says so, the queue's panel shows its state;
 * - a súmula (or conferência) the server refused through the queue has its sentences
 *   drawn where the server's own page (no JS) puts them — in the partida's block
 *   (p.field-error), else in the list above «Neste aparelho» (ul.error.errors) — from
 *   the refusal's "where" (scoring.views_answers.Placed), kept in the queue's item, so
 *   they are there again after a reload, offline too, with what was typed; they go
 *   when the judge closes the item («Fechar») or sends the súmula again; a stale one
 *   (409) shows the server's table of what changed meanwhile (its "changes"); one
 *   with a score above the target ("fixable") shows the form's confirmation checkbox
 *   («clamp»), as the server's own page does, so the judge can confirm and send again;
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
  var judge = panel ? panel.dataset.judge : "";
  var kind = form.getAttribute("data-phone-queue");
  var status = form.querySelector(".offline");
  var DRAWN = "data-phone-refusal"; // marks what this file drew: the server's own errors stay
  var clamp = form.querySelector("[data-clamp]");
  var clampAsked = clamp ? !clamp.hidden : false; // the server's own page asked for it

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

  function fill(data) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in data) || el.name === "base_version") return;
      if (el.type === "checkbox") el.checked = data[el.name].indexOf(el.value) !== -1;
      else if (el.type !== "submit") el.value = data[el.name];
    });
    showOutcome();
    form.querySelectorAll("input.score").forEach(hint);
  }

  // What a refused item sent, as snapshot() keeps it: the form again, as it was refused.
  function sentData(item) {
    var data = {};
    (item.fields || []).forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken" || pair[0] === "client_key") return; // this page's own
      var el = form.elements[pair[0]];
      var box = el && (el.type === "checkbox" || (el.length && el[0] && el[0].type === "checkbox"));
      if (box) (data[pair[0]] = data[pair[0]] || []).push(pair[1]);
      else data[pair[0]] = pair[1];
    });
    form.querySelectorAll("input[type=checkbox][name]").forEach(function (el) {
      if (item.fields && !(el.name in data)) data[el.name] = [];
    });
    return data;
  }

  // The draft typed on the phone; else, after a refusal through the queue, what was sent.
  function restore(refused) {
    var shown = Array.prototype.some.call(document.querySelectorAll(".error:not([" + DRAWN + "])"), function (el) {
      return !el.closest(".signing"); // a signature's refusal is not about the form
    });
    if (!Q || !key || shown) return; // the server already shows what was typed
    Q.kv.get(key).then(function (saved) {
      if (touched) return;
      if (saved && saved.data) {
        fill(saved.data);
        say(words.restored);
      } else if (refused && refused.fields) {
        fill(sentData(refused));
      }
    }).catch(function () {});
  }

  // This jogo's last súmula (or conferência) in the queue, if the server refused it.
  function refusedOf(items) {
    var own = items.filter(function (i) { return i.owner === judge && i.match === match && i.kind === kind; });
    var last = own[own.length - 1];
    return last && last.state === "refused" ? last : null;
  }

  function node(tag, classes, text) {
    var el = document.createElement(tag);
    classes.forEach(function (c) { el.classList.add(c); });
    el.setAttribute(DRAWN, "");
    el.setAttribute("role", "alert");
    if (text !== undefined) el.textContent = text;
    return el;
  }

  // The refusal's sentences where the server's page shows them (scoring/_form.html,
  // scoring/_errors.html): same elements, same classes, so it looks the same.
  function draw(item) {
    document.querySelectorAll("[" + DRAWN + "]:not([" + DRAWN + "=signature])").forEach(function (el) {
      if (el.classList.contains("partida")) { el.classList.remove("has-error"); el.removeAttribute(DRAWN); }
      else el.parentNode.removeChild(el);
    });
    if (clamp) {
      clamp.hidden = !(clampAsked || (item && item.fixable));
      if (clamp.hidden) clamp.querySelector("input").checked = false; // never sent unseen
    }
    if (!item) return;
    var where = item.where && item.where.length ? item.where : (item.problems || []).map(function (p) { return { message: p }; });
    var listed = [];
    where.forEach(function (w) {
      var row = w.partida ? document.getElementById("partida-" + w.partida) : null;
      if (!row || !form.contains(row)) { listed.push(w.message); return; }
      row.classList.add("has-error");
      row.setAttribute(DRAWN, "");
      row.insertBefore(node("p", ["field-error"], w.message), row.querySelector("details.lineup"));
    });
    var above = panel && panel.parentNode ? panel : form;
    if (item.changes && item.changes.length) {
      above.parentNode.insertBefore(staleBox(item), above);
    } else if (listed.length) {
      var ul = node("ul", ["error", "errors"]);
      listed.forEach(function (text) {
        var li = document.createElement("li");
        li.textContent = text;
        ul.appendChild(li);
      });
      above.parentNode.insertBefore(ul, above);
    } else if (!where.length && item.message) {
      above.parentNode.insertBefore(node("p", ["error"], item.message), above);
    }
    var details = form.closest("details");
    if (details) details.open = true;
  }

  // A stale súmula (409): the message and the table of what changed meanwhile, as
  // scoring/_errors.html and scoring/_changes.html draw them.
  function cell(tag, text, cls) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (tag === "th" && cls === undefined) el.setAttribute("scope", "row");
    el.textContent = text;
    return el;
  }
  function staleBox(item) {
    var box = node("div", ["error"]);
    var p = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = item.message || "";
    p.appendChild(strong);
    box.appendChild(p);
    var wrap = document.createElement("div");
    wrap.className = "table-wrap";
    var table = document.createElement("table");
    table.className = "diff";
    var head = document.createElement("tr");
    [words.field, words.before, words.after].forEach(function (t) { head.appendChild(cell("th", t || "", "")); });
    table.appendChild(document.createElement("thead")).appendChild(head);
    var body = table.appendChild(document.createElement("tbody"));
    item.changes.forEach(function (c) {
      var tr = document.createElement("tr");
      tr.appendChild(cell("th", c.field));
      tr.appendChild(cell("td", c.before, "old"));
      tr.appendChild(cell("td", c.after, "new"));
      body.appendChild(tr);
    });
    wrap.appendChild(table);
    box.appendChild(wrap);
    return box;
  }

  function redraw() {
    return Q.all().then(function (items) { draw(refusedOf(items)); return items; });
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
      if (event.type !== "drained") redraw().catch(function () {});
    });
    // Back on a page whose súmula waits in the queue (offline reload): say so; one the
    // server refused: its sentences next to its fields, the form as it was sent.
    redraw().then(function (items) {
      var waiting = items.some(function (i) { return i.state === "waiting" && i.match === match && Q.HANDS.indexOf(i.kind) === -1; });
      if (waiting && panel && items.some(function (i) { return i.owner === judge; })) say(words.offline);
      else restore(refusedOf(items));
    }).catch(function () {});
  }

  showOutcome();
  form.querySelectorAll("input.score").forEach(hint);
})();
