// A link marked data-back goes back in the browser's history (the page with the form
// the visitor typed), without an inline handler: the Content-Security-Policy forbids those.
// Its href is where it goes without JavaScript or without a page to go back to.
document.querySelectorAll("a[data-back]").forEach(function (link) {
  link.addEventListener("click", function (event) {
    if (window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });
});
