// A scores page the service worker kept, shown without a connection (data-kept-copy on <body>,
// static/sw.js), says when it was drawn and which counts this phone changed since, so its scores
// are not read as if they still held: this table's taps kept on the phone (static/app.js keeps them
// in localStorage) that the table has not taken yet, or took after the version the copy shows; on
// a phone that scores by itself, with a "Score again" that scores the board with them.
(function () {
  "use strict";
  var KEPT = "assistant.taps"; // static/app.js's queue
  function changedSince(table, version) {
    var taps;
    try { taps = JSON.parse(window.localStorage.getItem(KEPT) || "[]"); } catch (e) { taps = []; }
    var labels = [];
    (Array.isArray(taps) ? taps : []).forEach(function (tap) {
      if (!tap || typeof tap.action !== "string" || tap.action.split("/")[2] !== table) { return; }
      if (tap.taken && tap.taken <= version) { return; } // the copy shows it
      var label = tap.label || tap.cell || tap.first; // the cell's name in words, as its page said it
      if (label && labels.indexOf(label) < 0) { labels.push(label); }
    });
    return labels;
  }
  function tell() {
    var note = document.getElementById("kept-changes"), screen = document.getElementById("screen");
    if (!note || !screen) { return; }
    var labels = document.body.hasAttribute("data-kept-copy") ? changedSince(window.location.pathname.split("/")[2], Number(screen.dataset.version)) : [];
    note.hidden = !labels.length;
    // Score again with those counts: only where the phone scores by itself (static/offline-scoring.js).
    var again = document.getElementById("kept-again");
    if (again) { again.hidden = !labels.length || !again.querySelector("form[data-position]"); }
    if (!labels.length) { return; }
    var drawn = new Date(Number(note.dataset.drawnAt));
    var time = drawn.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
    note.textContent = note.dataset.words.replace("{time}", time).replace("{cells}", labels.join(", "));
  }
  document.addEventListener("DOMContentLoaded", tell);
  document.addEventListener("htmx:afterSettle", tell);
})();
