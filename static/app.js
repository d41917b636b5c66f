// What htmx cannot do by itself: tell the table when the server cannot be reached,
// so nobody believes a tap was saved when it was not.
(function () {
  "use strict";
  function banner() { return document.getElementById("offline"); }
  function show() { var b = banner(); if (b) { b.hidden = false; } }
  function hide() { var b = banner(); if (b) { b.hidden = true; } }
  document.addEventListener("htmx:sendError", show);
  document.addEventListener("htmx:responseError", show);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful || (event.detail.xhr && event.detail.xhr.status > 0 && event.detail.xhr.status < 500)) { hide(); }
  });
})();

// The footer's language links were written for the address the page was loaded with; after
// htmx moved on (the walk's Next, an open pad), switch the language of the page shown now.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest(".languages a[hreflang]") : null;
    if (!link) { return; }
    var here = new URL(window.location.href);
    here.searchParams.delete("since");
    here.searchParams.set("lang", link.getAttribute("hreflang"));
    link.href = here.pathname + here.search;
  });
})();
