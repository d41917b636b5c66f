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

// --- The number pad's taps (issue 11). Each tap shows at once (its cell, the pad moved on), is
// sent in the order it was made with the cell the pad showed when it was tapped, and is then
// confirmed, or undone with the server's reason. A bounce (the same button again within
// BOUNCE_MS) is one tap. htmx's own queue (hx-sync "queue all") sends a queued tap with the form
// as it is when it leaves and drops it once an answer replaced the form, and shows nothing
// before the answer: so the taps wait here, go out one at a time with fetch, and only the last
// answer is swapped in by htmx (docs/architecture.md, "Taps at the table"). Each tap sends what
// the pad form sends, the version the screen shows (#screen-poll, the form's hx-include) too, so
// the answer may be just the parts that changed since (out-of-band, HX-Reswap: none).
(function () {
  "use strict";
  var BOUNCE_MS = 80;
  var queue = []; // taps not answered yet, oldest first: {action, body, cell, link, before}
  var busy = false;
  var lastTap = { key: "", at: -1e9 };
  var afterwards = null; // a link tapped while taps were on their way (Done, another cell), followed after them

  function padForm() { return document.querySelector("#pad form[data-taps]"); }
  function cellLink(name) { return name ? document.querySelector('a.cell[data-cell="' + CSS.escape(name) + '"]') : null; }
  function token() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function offline(shown) { var b = document.getElementById("offline"); if (b) { b.hidden = !shown; } }

  // The same spot: a number, or − / + (whose value moves with the count); event.timeStamp is
  // when the finger touched (a busy phone may run this handler much later).
  function bounced(button, now) {
    var key = button.name + "=" + (button.name === "adjust" ? button.getAttribute("aria-label") : button.value);
    if (!now) { now = performance.now(); } // an event without a time stamp: now
    var again = key === lastTap.key && now - lastTap.at < BOUNCE_MS;
    lastTap = { key: key, at: now };
    return again;
  }

  // What the pad shows for a count: the number, − and + around it, the current number marked.
  function showValue(form, value) {
    var cap = Number(form.dataset.cap), output = form.querySelector("output"), shown = 0;
    if (output) { output.textContent = value; }
    form.querySelectorAll('button[name="value"]').forEach(function (b) {
      var on = Number(b.value) === value;
      b.hidden = Number(b.value) > cap;
      shown += b.hidden ? 0 : 1;
      b.classList.toggle("current", on);
      if (on) { b.setAttribute("aria-current", "true"); } else { b.removeAttribute("aria-current"); }
    });
    var numbers = form.querySelector(".numbers");
    if (numbers) { numbers.classList.toggle("many", shown > 9); } // as pad.MANY_NUMBERS
    var adjust = form.querySelectorAll('button[name="adjust"]');
    if (adjust.length === 2) {
      adjust[0].value = Math.max(0, value - 1); adjust[0].disabled = value <= 0;
      adjust[1].value = Math.min(cap, value + 1); adjust[1].disabled = value >= cap;
    }
  }

  // The pad moves to another cell before the server answers: the cell's data-* say what to show.
  function moveTo(form, link) {
    document.querySelectorAll("a.cell.selected").forEach(function (old) {
      old.classList.remove("selected"); old.removeAttribute("aria-current");
    });
    link.classList.add("selected"); link.setAttribute("aria-current", "true");
    form.elements.cell.value = link.dataset.cell;
    form.elements.here.value = "cell=" + link.dataset.cell;
    document.querySelectorAll("#pad [data-show]").forEach(function (el) {
      var text = link.dataset[el.dataset.show];
      if (text !== undefined) { el.textContent = text; }
    });
    var swatch = document.querySelector("#pad [data-show-color]");
    if (swatch && link.dataset.color) { swatch.className = "sw c-" + link.dataset.color; }
    if (link.dataset.cap) { form.dataset.cap = link.dataset.cap; }
    showValue(form, Number(link.textContent));
    link.scrollIntoView({ block: "nearest" }); // .cell's scroll-margin keeps it above the pad
  }

  function paint(link, text) {
    link.textContent = text;
    link.classList.toggle("zero", Number(text) === 0);
    var label = link.getAttribute("aria-label"); // "<the cell>: <count>"
    if (label) { link.setAttribute("aria-label", label.replace(/\d+$/, text)); }
  }

  function tapped(form, button) {
    var link = cellLink(form.elements.cell.value);
    var body = new URLSearchParams(new FormData(form));
    body.set(button.name, button.value);
    var shown = document.querySelector('#screen-poll [name="since"]'); // what hx-include adds
    if (shown) { body.set("since", shown.value); }
    queue.push({ action: form.action, body: body, cell: form.elements.cell.value, link: link, before: link ? link.textContent : "" });
    afterwards = null;
    if (link) { paint(link, button.value); link.classList.add("pending"); }
    if (button.name === "value" && link && link.dataset.next !== undefined) {
      var next = cellLink(link.dataset.next);
      if (next) { moveTo(form, next); } else { document.getElementById("pad").hidden = true; } // the last cell: the pad closes
    } else {
      showValue(form, Number(button.value));
    }
    send();
  }

  // Taps not sent or refused are taken back off the screen, newest first.
  function undoWaiting() {
    var undone = queue.slice().reverse();
    undone.forEach(function (tap) { if (tap.link) { paint(tap.link, tap.before); tap.link.classList.remove("pending"); } });
    queue = [];
    var form = padForm(), first = undone.length ? undone[undone.length - 1] : null;
    if (form && first && first.link) { document.getElementById("pad").hidden = false; moveTo(form, first.link); }
    return undone.length;
  }

  // An answer in parts says HX-Reswap: none: htmx.swap swaps its out-of-band parts in (the
  // countries, the pad, #screen-poll with the new version) and leaves #screen itself.
  function swapIn(html, reswap) {
    var style = /^none\b/.test(reswap || "") ? "none" : "outerHTML";
    // settleDelay 0: the new cells take taps (htmx processes them) before any other event runs.
    htmx.swap("#screen", html, { swapStyle: style, swapDelay: 0, settleDelay: 0, show: "bottom", showTarget: ".cell.selected" });
  }

  // The version an answer shows: the whole screen's, or the one its parts bring (#screen-poll).
  function versionOf(html) {
    var found = html.match(/data-version="(\d+)"/) || html.match(/id="screen-poll"[^>]*><input type="hidden" name="since" value="(\d+)"/);
    return found ? found[1] : "";
  }

  function answered(tap, status, html, reswap) {
    busy = false;
    if (status === 200) {
      queue.shift();
      offline(false);
      if (tap.link) { tap.link.classList.remove("pending"); }
      var version = versionOf(html);
      // This phone's own earlier tap on the same cell is no conflict for its next one.
      queue.forEach(function (next) { if (next.cell === tap.cell && version) { next.body.set("base", version); } });
      if (queue.length) { send(); return; }
      if (afterwards) { follow(afterwards); return; }
      if (html.trim()) { swapIn(html, reswap); } // an empty 200 (HX-Reswap: none) is "nothing new"
      return;
    }
    afterwards = null;
    if (status !== 400 && status !== 409) { failed(); return; }
    // Refused, and the answer says why (a conflict, a bad value...): it shows the table as it is.
    var form = padForm(), notSent = form ? form.dataset.notSent : "", later = queue.length - 1;
    queue = [];
    offline(false);
    swapIn(html, reswap);
    var notice = document.querySelector("#screen .notice");
    if (later > 0 && notice && notSent) {
      var line = document.createElement("p"); line.className = "problem"; line.textContent = notSent; notice.appendChild(line);
    }
  }

  // The link's own request (its hx-sync stops a poll from answering after it).
  function follow(link) {
    afterwards = null;
    // A failure shows the offline banner (htmx:sendError); a later tap may abort it on purpose.
    htmx.ajax("GET", link.getAttribute("href"), { source: link, target: "#screen", swap: "outerHTML" }).catch(function () {});
  }

  // Not saved (no connection, a server fault): every tap on its way is taken back, the pad goes
  // back to the first of them, and the banner says the tap was not saved.
  function failed() {
    busy = false;
    undoWaiting();
    afterwards = null;
    offline(true);
  }

  function send() {
    if (busy || !queue.length) { return; }
    busy = true;
    var screen = document.getElementById("screen");
    if (screen) { htmx.trigger(screen, "htmx:abort"); } // a poll on its way would paint over the taps
    var tap = queue[0];
    fetch(tap.action, {
      method: "POST", body: tap.body, credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "screen", "X-CSRFToken": token() }
    }).then(function (response) {
      return response.text().then(function (html) { answered(tap, response.status, html, response.headers.get("HX-Reswap")); });
    }).catch(failed);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#pad button") : null;
    if (button && bounced(button, event.timeStamp)) { event.preventDefault(); event.stopPropagation(); return; }
    var form = padForm();
    if (!form || !window.htmx) { return; }
    if (button && form.contains(button) && (button.name === "value" || button.name === "adjust")) {
      event.preventDefault(); event.stopPropagation();
      tapped(form, button);
      return;
    }
    if (!queue.length) { return; } // nothing on its way: htmx opens the cell or closes the pad
    var link = event.target.closest("a.cell[data-cell], #pad a.done");
    if (!link) { return; }
    event.preventDefault(); event.stopPropagation();
    afterwards = link;
    document.getElementById("pad").hidden = link.classList.contains("done");
    if (!link.classList.contains("done")) { moveTo(form, link); }
  }, true);

  // No poll while taps are on their way: its answer would not show them yet.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (queue.length && event.detail.elt && event.detail.elt.id === "screen") { event.preventDefault(); }
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
