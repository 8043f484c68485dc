// A select marked data-autosubmit sends its form when its choice changes (the schedule's
// mesa filter). Listening on the document, not on the select: live.js replaces the page's
// content when the tournament moves, and the new select must work too. No inline handler:
// the Content-Security-Policy forbids those.
document.addEventListener("change", function (event) {
  var field = event.target;
  if (field instanceof HTMLSelectElement && field.hasAttribute("data-autosubmit") && field.form) {
    field.form.submit();
  }
});
