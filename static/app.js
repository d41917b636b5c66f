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
