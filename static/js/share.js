// Share buttons of the public pages (public/_share.html): where the browser has the Web
// Share API (phones), «Compartilhar» hands the page's address, its title and, where the
// browser shares files, the picture itself (PNG) to the phone's share sheet; elsewhere
// the «Baixar imagem» link downloads the picture. One listener on the document, so the
// buttons keep working after the live refresh replaces the page's content; the script
// may be included once per button and runs once.
(function () {
  if (window.tenteioShare) return;
  window.tenteioShare = true;
  var canShare = typeof navigator.share === "function";
  var pictures = {};

  function reveal() {
    if (!canShare) return;
    var buttons = document.querySelectorAll("[data-share] .share-button");
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = false;
  }

  function picture(button) {
    var address = button.getAttribute("data-share-image");
    if (!pictures[address]) {
      pictures[address] = fetch(address, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.blob() : null; })
        .catch(function () { return null; });
    }
    return pictures[address];
  }

  function share(button) {
    var data = {
      title: button.getAttribute("data-share-title"),
      url: button.getAttribute("data-share-url"),
    };
    picture(button).then(function (blob) {
      if (blob && typeof File === "function" && navigator.canShare) {
        var file = new File([blob], button.getAttribute("data-share-file"), { type: "image/png" });
        if (navigator.canShare({ files: [file] })) data.files = [file];
      }
      return navigator.share(data);
    }).catch(function () {});
  }

  // The picture is fetched as the finger lands, so the share sheet opens within the tap.
  document.addEventListener("pointerdown", function (e) {
    var button = e.target.closest && e.target.closest(".share-button");
    if (button) picture(button);
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".share-button");
    if (!button) return;
    e.preventDefault();
    share(button);
  });
  if (canShare) new MutationObserver(reveal).observe(document.documentElement, { childList: true, subtree: true });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", reveal);
  else reveal();
})();
