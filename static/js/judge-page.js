/* The judge's pages on the phone (scoring/_phone.html): registers the service worker
 * (static/js/judge-sw.js) so the pages open with no network, has the jogos list's
 * pages cached, sends the forms marked data-phone-queue (súmula, conferência,
 * signatures) through the phone's queue (static/js/judge-queue.js), and shows each item
 * of the queue with its state: on the phone, sent (version N), refused (the server's
 * sentences; static/js/sumula.js also draws them next to the súmula's fields, this
 * file a signature's on its capataz's card), until the judge dismisses it or sends that
 * form again. Without JS the forms are plain POSTs.
 * Its sentences come from the data- attributes of its tag, in the page's language.
 */
(function () {
  "use strict";
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var Q = window.TenteioQueue;
  var panel = document.getElementById("phone-queue");
  if (!Q || !panel || !window.indexedDB || !window.fetch || !panel.dataset.judge) return;
  var judge = panel.dataset.judge;
  var match = panel.dataset.match || "";
  var label = panel.dataset.label || "";
  var kinds = (panel.dataset.kinds || "").split(",").filter(Boolean);
  var list = panel.querySelector(".queue-list");
  var WARM = 20; // jogos of the list whose pages the worker keeps
  Q.configure({ who: panel.dataset.who });
  document.documentElement.classList.add("phone");

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (m, k) { return values[k] !== undefined ? values[k] : m; });
  }
  function kindName(kind) { return words["kind" + kind.charAt(0).toUpperCase() + kind.slice(1)] || ""; }
  function stateText(item) {
    if (item.state === "waiting") return words.waiting;
    if (item.state === "sent") return item.version ? fill(words.sent, { version: item.version }) : words.sentPlain;
    return fill(words.refused, { message: item.message });
  }
  function mine(item) {
    return item.owner === judge && (!match || item.match === match) && (!kinds.length || kinds.indexOf(item.kind) !== -1);
  }

  // A refused signature's sentences on its capataz's card (scoring/entry.html, id
  // "sign-a" / "sign-b", named by the refusal's "where"), as the page without JS shows
  // them there: the same list, until «Fechar» or a new send from that card.
  var DRAWN = "data-phone-refusal";
  function drawSignatures(items) {
    document.querySelectorAll("[" + DRAWN + "=signature]").forEach(function (el) { el.parentNode.removeChild(el); });
    items.forEach(function (item) {
      if (item.kind !== "signature" || item.state !== "refused" || !item.where) return;
      var texts = {};
      item.where.forEach(function (w) { if (w.field) (texts[w.field] = texts[w.field] || []).push(w.message); });
      Object.keys(texts).forEach(function (field) {
        var card = document.getElementById(field);
        if (!card || !card.classList.contains("sign")) return;
        var ul = document.createElement("ul");
        ul.classList.add("error");
        ul.classList.add("errors");
        ul.setAttribute("role", "alert");
        ul.setAttribute(DRAWN, "signature");
        texts[field].forEach(function (t) {
          var li = document.createElement("li");
          li.textContent = t;
          ul.appendChild(li);
        });
        var title = card.querySelector("strong");
        card.insertBefore(ul, title ? title.nextSibling : card.firstChild);
      });
    });
  }

  function render() {
    return Q.all().then(function (items) {
      items = items.filter(mine);
      if (match) drawSignatures(items);
      list.textContent = "";
      items.forEach(function (item) {
        var li = document.createElement("li");
        li.classList.add("queue-item", "queue-" + item.state);
        li.setAttribute("data-id", item.id);
        li.setAttribute("data-kind", item.kind);
        li.setAttribute("data-state", item.state);
        var what = document.createElement("span");
        what.className = "queue-what";
        what.textContent = kindName(item.kind) + (item.label ? " · " + item.label : "");
        var state = document.createElement("strong");
        state.className = "queue-state";
        state.textContent = stateText(item);
        li.appendChild(what);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(state);
        if (item.state === "refused" && item.problems && item.problems.length) {
          var ul = document.createElement("ul");
          ul.className = "queue-problems";
          item.problems.forEach(function (p) {
            var pli = document.createElement("li");
            pli.textContent = p;
            ul.appendChild(pli);
          });
          li.appendChild(ul);
        }
        if (item.state !== "waiting") {
          var close = document.createElement("button");
          close.type = "button";
          close.classList.add("link", "queue-dismiss");
          close.textContent = words.dismiss;
          li.appendChild(document.createTextNode(" "));
          li.appendChild(close);
        }
        list.appendChild(li);
      });
      panel.hidden = !items.length;
    });
  }

  function sync() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (reg) {
      if (reg.sync) return reg.sync.register("tenteio-queue");
    }).catch(function () { /* no Background Sync: the pages drain the queue */ });
  }

  function drainIfWaiting() {
    return Q.all().then(function (items) {
      if (items.some(function (i) { return i.state === "waiting" && i.owner === judge; })) return Q.drain();
    });
  }

  // The pages the worker should have in its cache: this one (fetched before the worker
  // controlled it, or by a worker that took control while it loaded; a copy cached in
  // the last minutes is not fetched again), and on the jogos list every jogo's súmula
  // and tenteio pages.
  function warm() {
    var urls = [];
    if (!window.location.search) urls.push(window.location.pathname);
    // The next jogos first, as the list orders them: a judge of every mesa of a big
    // event would otherwise fetch hundreds of pages over a slow network.
    Array.prototype.slice.call(document.querySelectorAll("[data-warm]"), 0, WARM).forEach(function (node) {
      node.getAttribute("data-warm").split(" ").forEach(function (u) { if (u) urls.push(u); });
    });
    if (!urls.length || !navigator.onLine) return;
    navigator.serviceWorker.ready.then(function (reg) {
      reg.active.postMessage({ type: "warm", judge: judge, urls: urls });
    });
  }

  if ("serviceWorker" in navigator && panel.dataset.worker) {
    navigator.serviceWorker.register(panel.dataset.worker, { scope: panel.dataset.scope }).then(warm, function () {});
    // data-offline-ready: the worker is active, the next loads of the judge's pages go
    // through it (this one too, if it already did).
    navigator.serviceWorker.ready.then(function () {
      document.documentElement.setAttribute("data-offline-ready", "");
    });
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "warmed") document.documentElement.setAttribute("data-warmed", event.data.count);
    });
  }

  // A súmula (or conferência) sent again replaces the refusal of its last send: that
  // refusal's item leaves the panel, and its sentences the form (static/js/sumula.js);
  // a signature sent again from a card, the refusals drawn on that card.
  function superseded(kind, form) {
    var card = kind === "signature" && form.elements.team ? "sign-" + form.elements.team.value : "";
    if (Q.FORMS.indexOf(kind) === -1 && !card) return Promise.resolve();
    return Q.all().then(function (items) {
      return Promise.all(items.filter(function (i) {
        if (i.owner !== judge || i.match !== match || i.kind !== kind || i.state !== "refused") return false;
        return !card || (i.where || []).some(function (w) { return w.field === card; });
      }).map(function (i) { return Q.dismiss(i.id); }));
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var kind = form.getAttribute && form.getAttribute("data-phone-queue");
    if (!kind) return;
    event.preventDefault();
    var fields = [];
    new FormData(form).forEach(function (v, k) { if (k !== "client_key") fields.push([k, String(v)]); });
    if (event.submitter && event.submitter.name) fields.push([event.submitter.name, event.submitter.value]);
    fields.push(["client_key", Q.uuid()]); // one key per send: a resend of this item reuses it
    superseded(kind, form).then(function () {
      return Q.add({ owner: judge, kind: kind, match: match, label: label, url: form.getAttribute("action") || window.location.pathname, fields: fields });
    }).then(function (item) {
      form.dispatchEvent(new CustomEvent("phone-queued", { detail: item, bubbles: true }));
      sync();
      return Q.drain();
    });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".queue-dismiss");
    if (!button) return;
    Q.dismiss(parseInt(button.parentNode.getAttribute("data-id"), 10));
  });

  var reloading = false;
  Q.on(function (event) {
    render();
    // A súmula, conferência or signature of this jogo was taken: the page shows the
    // server's state (new version, the signatures to collect), the panel what was sent.
    if (event.type === "sent" && match && event.item.match === match && panel.hasAttribute("data-reload") &&
        Q.HANDS.indexOf(event.item.kind) === -1 && !reloading) {
      reloading = true;
      window.location.assign((event.data && event.data.url) || window.location.pathname);
    }
  });
  window.addEventListener("online", drainIfWaiting);
  setInterval(drainIfWaiting, 10000);
  render().then(drainIfWaiting);
})();
