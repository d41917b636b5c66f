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

// The final scores' "Copy or share the result" (templates/scores/_log_play.html): the phone's
// share sheet where there is one, else the clipboard, else the text selected for the phone's own
// menu (the clipboard needs HTTPS or localhost; a table on the local network is often neither).
(function () {
  "use strict";
  function reveal() {
    var buttons = document.querySelectorAll("[data-share-summary]");
    for (var i = 0; i < buttons.length; i++) { buttons[i].hidden = false; }
  }
  function say(button, words) {
    var status = button.parentNode.querySelector(".share-status");
    if (status) { status.textContent = words; }
  }
  function selectText(button, text) {
    text.focus();
    text.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (ignored) { copied = false; }
    say(button, copied ? button.getAttribute("data-done") : button.getAttribute("data-select"));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-share-summary]") : null;
    if (!button) { return; }
    var text = document.querySelector(button.getAttribute("data-share-summary"));
    if (!text) { return; }
    if (navigator.share) {
      navigator.share({ text: text.value }).catch(function (error) {
        if (error && error.name !== "AbortError") { selectText(button, text); }
      });
    } else if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text.value).then(function () {
        say(button, button.getAttribute("data-done"));
      }, function () { selectText(button, text); });
    } else {
      selectText(button, text);
    }
  });
  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSwap", reveal);
})();

// "Log this play in BG Stats": the server wrote the play's date in its own time zone (often UTC
// in a container); BG Stats wants the players' local time, which only the phone knows.
(function () {
  "use strict";
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function localTime(seconds) {
    var d = new Date(seconds * 1000);
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " + two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
  }
  function localise() {
    var links = document.querySelectorAll("a[data-played-at]");
    for (var i = 0; i < links.length; i++) {
      try {
        var url = new URL(links[i].href);
        var play = JSON.parse(url.searchParams.get("data"));
        play.playDate = localTime(Number(links[i].getAttribute("data-played-at")));
        links[i].href = url.origin + url.pathname + "?data=" + encodeURIComponent(JSON.stringify(play));
      } catch (ignored) { /* the server's date stays */ }
    }
  }
  document.addEventListener("DOMContentLoaded", localise);
  document.addEventListener("htmx:afterSwap", localise);
})();
