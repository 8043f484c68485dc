/* The judge's phone queue: what the judge sends (súmulas, second entries, signatures,
 * hands) is written first to IndexedDB on the phone, then sent in order, one at a time,
 * whenever the network is there: right away, on the page's next load, when the browser
 * says it is back online, and from the service worker's Background Sync (the same file
 * is loaded by static/js/judge-sw.js), so a reload or a closed tab loses nothing.
 *
 * Each item carries its idempotency key (client_key, or key for a hand) and is sent with
 * "Accept: application/json": resending an item whose reply was lost gets the original
 * outcome back from the server, never a second version. Each item is the judge's own
 * (owner: scoring.phone.judge_key): before sending, /juiz/eu.json says who is logged in
 * on the phone and gives a fresh CSRF token (a form kept in the cache may hold a stale
 * one), and only that judge's items go.
 *
 * Item states: "waiting" (on the phone), "sent" (version, message), "refused" (message,
 * problems, and where: where the súmula page shows each problem, a partida's block,
 * the list above the queue or a capataz's signature card, scoring.views_answers.Placed;
 * changes: a stale súmula's rows of what changed; fixable: a score above the target
 * the judge may confirm as the target, the form's «clamp» checkbox): a refused or sent item stays
 * until the judge dismisses it; a sent hand is dropped at once (the counter shows it).
 * What was typed leaves the phone once the server answers, except a refused súmula or
 * conferência's: its page fills the form with it again, next to the refusal, after a
 * reload (static/js/sumula.js). Changes are told to this page's listeners and, through
 * a BroadcastChannel, to the phone's other tabs. No sentence here.
 */
(function (root) {
  "use strict";
  var DB = "tenteio-phone";
  var ITEMS = "items";
  var KV = "kv";
  var HANDS = ["hand", "undo"];
  var FORMS = ["sumula", "check"]; // a refusal of these is drawn next to the form's fields
  var whoUrl = "/juiz/eu.json";
  var listeners = [];
  var channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("tenteio-queue") : null;
  var opening = null;
  var running = null;

  function open() {
    if (opening) return opening;
    opening = new Promise(function (resolve, reject) {
      var req = root.indexedDB.open(DB, 1);
      req.onupgradeneeded = function () {
        var db = req.result;
        if (!db.objectStoreNames.contains(ITEMS)) db.createObjectStore(ITEMS, { keyPath: "id", autoIncrement: true });
        if (!db.objectStoreNames.contains(KV)) db.createObjectStore(KV);
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { opening = null; reject(req.error); };
    });
    return opening;
  }

  // One transaction; fn(store, done) calls done(value) with what the promise resolves to.
  function tx(store, mode, fn) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(store, mode);
        var result;
        fn(t.objectStore(store), function (value) { result = value; });
        t.oncomplete = function () { resolve(result); };
        t.onerror = t.onabort = function () { reject(t.error); };
      });
    });
  }
  function request(store, mode, call) {
    return tx(store, mode, function (s, done) {
      var r = call(s);
      r.onsuccess = function () { done(r.result); };
    });
  }

  // Every item, oldest first (the keys are increasing numbers).
  function all() { return request(ITEMS, "readonly", function (s) { return s.getAll(); }); }
  function put(item) { return request(ITEMS, "readwrite", function (s) { return s.put(item); }); }
  function remove(id) { return request(ITEMS, "readwrite", function (s) { return s["delete"](id); }); }
  var kv = {
    get: function (k) { return request(KV, "readonly", function (s) { return s.get(k); }); },
    set: function (k, v) { return request(KV, "readwrite", function (s) { return s.put(v, k); }); },
    del: function (k) { return request(KV, "readwrite", function (s) { return s["delete"](k); }); },
  };

  function tell(event) {
    listeners.forEach(function (fn) { try { fn(event); } catch (e) { /* one listener's bug stops no other */ } });
    if (channel) channel.postMessage(event);
  }
  if (channel) channel.onmessage = function (m) { listeners.forEach(function (fn) { fn(m.data); }); };

  function uuid() {
    if (root.crypto && root.crypto.randomUUID) return root.crypto.randomUUID();
    return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, function (c) {
      var r = (Math.random() * 16) | 0;
      return (c === "x" ? r : (r & 3) | 8).toString(16);
    });
  }

  // item: {owner, kind, match, label, url, fields: [[name, value], ...]}.
  function add(item) {
    item.state = "waiting";
    item.at = Date.now();
    return put(item).then(function (id) {
      item.id = id;
      tell({ type: "added", item: item });
      return item;
    });
  }

  // A request that hangs (a Wi-Fi that drops packets) must not hold the queue: past
  // its time it counts as a lost reply, and the item is sent again later, safely.
  function timed(url, options, seconds) {
    if (typeof AbortController === "undefined") return root.fetch(url, options);
    var abort = new AbortController();
    var timer = setTimeout(function () { abort.abort(); }, seconds * 1000);
    options.signal = abort.signal;
    return root.fetch(url, options).then(function (r) { clearTimeout(timer); return r; }, function (e) {
      clearTimeout(timer);
      throw e;
    });
  }

  function whoami() {
    return timed(whoUrl, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } }, 15)
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); });
  }

  // The server's answer: {data} (its JSON), {offline}, or {retry} (an answer that is not
  // the contract's: a server error, a CSRF page; the item stays waiting).
  function send(item, csrf) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { if (pair[0] !== "csrfmiddlewaretoken") body.append(pair[0], pair[1]); });
    return timed(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": csrf, "X-Requested-With": "fetch" },
      body: body,
    }, 30).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      // A server that answers the plain form's redirect (no JSON): taken, no version told.
      if (r.ok && r.redirected && type.indexOf("json") === -1) return { data: { ok: true, url: r.url } };
      if (r.status < 500 && type.indexOf("json") !== -1) {
        return r.json().then(function (data) { return { data: data }; });
      }
      return { retry: true, csrf: r.status === 403 };
    }, function () { return { offline: true }; });
  }

  function settle(item, data) {
    // A PIN or a typed súmula stays on the phone no longer than needed: a refused súmula
    // stays, for the judge to correct it (a PIN is never in one).
    if (data.ok || FORMS.indexOf(item.kind) === -1) delete item.fields;
    item.done = Date.now();
    if (data.ok && HANDS.indexOf(item.kind) !== -1) {
      return remove(item.id).then(function () { tell({ type: "sent", item: item, data: data }); });
    }
    if (data.ok) {
      item.state = "sent";
      item.version = data.version;
      item.message = data.message || "";
      item.replayed = !!data.replayed;
      return put(item).then(function () { tell({ type: "sent", item: item, data: data }); });
    }
    item.state = "refused";
    item.message = data.message || "";
    item.problems = data.problems || [];
    item.where = data.where || [];
    item.changes = data.changes || [];
    item.fixable = !!data.fixable; // the súmula page's «clamp» confirmation applies
    item.codes = data.codes || [];
    item.slot = data.at || "top";
    item.serverState = data.state || null;
    item.dropped = 0;
    return all().then(function (items) {
      var gone = [];
      if (HANDS.indexOf(item.kind) !== -1) {
        // The hands queued after a refused one were typed on a score that does not
        // hold: they go too, and the refusal says how many.
        gone = items.filter(function (i) {
          return i.id > item.id && i.state === "waiting" && i.match === item.match && i.owner === item.owner && HANDS.indexOf(i.kind) !== -1;
        });
      }
      item.dropped = gone.length;
      return Promise.all(gone.map(function (i) { return remove(i.id); }));
    }).then(function () { return put(item); }).then(function () {
      tell({ type: "refused", item: item, data: data });
    });
  }

  function loop(who, retried) {
    return all().then(function (items) {
      var next = items.filter(function (i) { return i.state === "waiting" && i.owner === who.judge; })[0];
      if (!next) return { online: true, left: 0 };
      return send(next, who.csrf).then(function (res) {
        if (res.offline) return { online: false, left: 1 };
        if (res.retry) {
          if (res.csrf && !retried) return whoami().then(function (w) { return loop(w, true); });
          return { online: true, left: 1, stalled: true };
        }
        return settle(next, res.data).then(function () { return loop(who, false); });
      });
    });
  }

  function run() {
    return whoami().then(function (who) {
      if (!who.judge) return { online: true, left: 0, anonymous: true };
      return loop(who, false);
    }, function () { return { online: false }; });
  }

  // Sends every waiting item of the judge logged in. One drain at a time on the whole
  // phone (Web Locks where there are: the page and the worker must not both send).
  function drain() {
    if (running) return running;
    var go = root.navigator && root.navigator.locks
      ? root.navigator.locks.request("tenteio-queue", run)
      : run();
    running = go.then(function (r) {
      running = null;
      tell({ type: "drained", result: r });
      return r;
    }, function (e) { running = null; throw e; });
    return running;
  }

  // The judge dismisses a sent or refused item.
  function dismiss(id) {
    return remove(id).then(function () { tell({ type: "dismissed", id: id }); });
  }

  root.TenteioQueue = {
    configure: function (options) { if (options.who) whoUrl = options.who; },
    add: add,
    all: all,
    put: put,
    remove: remove,
    dismiss: dismiss,
    drain: drain,
    kv: kv,
    uuid: uuid,
    on: function (fn) { listeners.push(fn); },
    HANDS: HANDS,
    FORMS: FORMS,
  };
})(self);
