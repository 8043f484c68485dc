// Progress of print jobs: polls each job's JSON status, fills the bar, shows the time
// left, the download link when ready, and wires the cancel / resume buttons. The time
// left is worded by the page (printing/page.html, the data- attributes of this script's
// tag), translated: the file has no sentence of its own.
(function () {
  "use strict";
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var ACTIVE = ["queued", "running", "merging"];
  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function minutes(seconds) {
    if (seconds === null || seconds === undefined) return "";
    if (seconds < 60) return (words.secondsLeft || "").replace("{n}", seconds);
    return (words.minutesLeft || "").replace("{n}", Math.round(seconds / 60));
  }
  function paint(li, s) {
    li.dataset.status = s.status;
    li.querySelector("progress").value = s.percent;
    li.querySelector(".print-state").textContent = s.label + " · " + s.done + "/" + s.total;
    li.querySelector(".print-left").textContent = s.status === "running" ? minutes(s.seconds_left) : "";
    var link = li.querySelector(".print-download");
    if (s.download_url) { link.href = s.download_url; link.hidden = false; }
    // A circuit's public PDF (printing/circuit_page.html) has no cancel nor resume.
    var cancel = li.querySelector(".print-cancel"), resume = li.querySelector(".print-resume");
    if (cancel) cancel.hidden = ACTIVE.indexOf(s.status) < 0;
    if (resume) resume.hidden = !(s.stale || s.status === "failed");
  }
  function poll(li) {
    fetch(li.dataset.statusUrl, {headers: {Accept: "application/json"}, credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) {
        if (!s) return;
        paint(li, s);
        if (ACTIVE.indexOf(s.status) >= 0) setTimeout(function () { poll(li); }, 1000);
      })
      .catch(function () { setTimeout(function () { poll(li); }, 3000); });
  }
  function post(li, url) {
    fetch(url, {method: "POST", headers: {"X-CSRFToken": csrf(), Accept: "application/json"}, credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (s) { if (s.status) { paint(li, s); poll(li); } });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".print-job").forEach(function (li) {
      var cancel = li.querySelector(".print-cancel"), resume = li.querySelector(".print-resume");
      if (cancel) cancel.addEventListener("click", function () { post(li, li.dataset.cancelUrl); });
      if (resume) resume.addEventListener("click", function () { post(li, li.dataset.resumeUrl); });
      if (ACTIVE.indexOf(li.dataset.status) >= 0) poll(li);
    });
  });
})();
