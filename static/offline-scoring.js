/* Scoring on the phone with no connection (issue 48; docs/architecture.md, "Scoring on the phone").
   Loaded by static/app.js only on a phone that opted in (the share page's button) or is installed.
   - Opting in: the service worker (static/sw.js) keeps Pyodide, the wheels, the core and the
     worker (views/offline.py lists them); an installed app opts in by itself.
   - A scoring's button when the server cannot be reached: the board's position the page carries
     (the form's data-position, the core's input) is scored in a Web Worker (static/score-worker.js)
     by the same Python core, in the page's language, and shown from the JSON report through the
     page's <template class="offline-result"> (the server's words and classes), marked "scored on
     this phone, not kept yet". Started when the connection drops, so that tap finds it ready. The taps this phone keeps and the table has not taken (static/app.js)
     are applied to that position first, by the core's own functions (assistant/games/taps.py).
   - Sent back: kept on the phone (localStorage) until the server answers again and has taken the
     taps it was scored with, then sent as the scoring's own form with the version scored and an id
     of its own (views/scores.py: kept once, or refused as a conflict when the table changed since). */
(function () {
  "use strict";
  var OPTED = "assistant.offline-scoring"; // localStorage: "1" once this phone keeps the scorer
  var RESULTS = "assistant.offline-results"; // scorings made here, not sent yet, oldest first
  var TAPS = "assistant.taps"; // static/app.js: taps the table has not taken yet
  var PROBE_MS = 3000; // no answer from the server within this: it cannot be reached
  var RETRY_MS = 3000; // how often a result waiting to be sent asks whether the server is back
  var body = document.body;
  var worker = null;

  function read(key, empty) {
    try { var value = JSON.parse(window.localStorage.getItem(key) || "null"); return value === null ? empty : value; } catch (e) { return empty; }
  }
  function write(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: kept while the page is open */ }
  }
  function newId() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  // Opted in: kept here, and said to the server (a cookie), whose pages then carry the positions
  // and the result's template (views/offline.py): a phone that did not opt in is sent neither.
  function optIn() {
    write(OPTED, "1");
    document.cookie = "assistant_scorer=1; path=/; max-age=31536000; SameSite=Lax";
  }
  function tableHere() { var parts = window.location.pathname.split("/"); return parts[1] === "t" ? parts[2] : ""; }

  // --- Keeping the scorer: a question to the service worker, answered on a channel of its own.
  function askWorker(what) {
    if (!navigator.serviceWorker || !window.isSecureContext) { return Promise.resolve({ kept: false, none: true }); }
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data || {}); };
        registration.active.postMessage({ scorer: what }, [channel.port2]);
      });
    });
  }
  function keepScorer(button) {
    var status = button ? button.parentNode.querySelector("[data-offline-status]") : null;
    function say(word) { if (status) { status.textContent = button.dataset[word]; } }
    if (!navigator.serviceWorker || !window.isSecureContext) { say("noWorker"); return; }
    optIn();
    say("keeping");
    askWorker("keep").then(function (answer) { say(answer.kept ? "kept" : "failed"); }, function () { say("failed"); });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-offline-keep]") : null;
    if (button) { keepScorer(button); }
  });
  function showKept() {
    var button = document.querySelector("[data-offline-keep]");
    if (!button || !read(OPTED, "")) { return; }
    askWorker("kept").then(function (answer) {
      var status = button.parentNode.querySelector("[data-offline-status]");
      if (answer.kept && status) { status.textContent = button.dataset.kept; }
    });
  }
  // An installed app keeps the scorer without being asked (once it has a service worker).
  if (window.matchMedia("(display-mode: standalone)").matches && !read(OPTED, "")) {
    optIn();
    askWorker("keep").catch(function () {});
  }
  if (read(OPTED, "") && document.cookie.indexOf("assistant_scorer=1") < 0) { optIn(); } // the cookie was cleared

  // --- Can the server be reached? Any answer from it within PROBE_MS says yes.
  function reachable(url) {
    if (!navigator.onLine) { return Promise.resolve(false); }
    var abort = new AbortController(), timer = window.setTimeout(function () { abort.abort(); }, PROBE_MS);
    return fetch(url, { cache: "no-store", signal: abort.signal }).then(function (answer) {
      window.clearTimeout(timer);
      return answer.status < 502; // a proxy's 502/504 or a 503: the table cannot be reached
    }, function () { window.clearTimeout(timer); return false; });
  }

  // --- Scoring here.
  // The taps the board this page was drawn at ``version`` lacks, oldest first: not taken yet, or
  // taken since (a count's answer brings the counts, not the scoring's position). Set aside ones
  // (refused, failed) are not on the table.
  function heldTaps(table, version) {
    return read(TAPS, []).filter(function (tap) {
      return tap && tap.action && tap.body && !tap.aside && tap.action.split("/")[2] === table && (!tap.taken || tap.taken > version);
    });
  }
  // What the core applies for a kept tap (assistant/games/taps.py): its body, and for an Undo what it
  // sets back, which the table reads from its record: the value this phone showed before (kept with
  // it by static/app.js), or for a row's Undo (kept with no cells) its "rest": its cells to no count.
  function scoredBody(tap) {
    if (!tap.undo) { return tap.body; }
    return tap.body + (tap.cells ? "&rest=0" : "&before=" + encodeURIComponent(tap.value));
  }
  // The worker, started once; its files from the list the service worker keeps (no connection needed).
  function scorer() {
    return fetch(body.dataset.offlineFiles).then(function (answer) { return answer.json(); }).then(function (files) {
      if (!worker) { worker = new Worker(files.worker, { type: "module" }); }
      return files;
    });
  }
  // Warmed when the connection drops (static/app.js's "assistant:no-connection", the browser going
  // offline, or a kept copy of the page shown): Pyodide, the wheels and the core load in the
  // background, so a scoring's tap finds them ready. Never on a page view online. body's data-scorer
  // says how far it is ("warming", "warm", "failed": tried again at the scoring).
  function warm() {
    if (body.dataset.scorer || !body.dataset.offlineFiles || !read(OPTED, "")) { return; }
    body.dataset.scorer = "warming";
    scorer().then(function (files) {
      worker.addEventListener("message", function warmed(event) {
        if (event.data.warmed === undefined) { return; }
        worker.removeEventListener("message", warmed);
        body.dataset.scorer = event.data.warmed ? "warm" : "failed";
      });
      worker.postMessage({ files: files, warm: true });
    }, function () { body.dataset.scorer = "failed"; });
  }
  document.addEventListener("assistant:no-connection", warm);
  window.addEventListener("offline", warm);
  function score(position, taps, language) {
    return scorer().then(function (files) {
      return new Promise(function (resolve) {
        worker.onmessage = function (event) { if (event.data.warmed === undefined) { resolve(event.data); } };
        worker.onerror = function (event) { resolve({ failed: event.message || "worker" }); };
        worker.postMessage({ files: files, position: position, taps: JSON.stringify(taps), language: language });
      });
    }, function (error) { return { failed: String(error && error.message || error) }; }); // its files not kept: said, never a status stuck on "Scoring…"
  }
  function fill(root, name, text) {
    root.querySelectorAll('[data-fill="' + name + '"]').forEach(function (spot) { spot.textContent = text; });
  }
  // The standings as the server's page orders them: the most points first, a tie sharing a place.
  function standings(report, field) {
    var rows = report.players.map(function (player) { return { label: player.label || player.name, total: player[field] }; });
    rows.sort(function (a, b) { return b.total - a.total; });
    rows.forEach(function (row) { row.place = 1 + rows.filter(function (other) { return other.total > row.total; }).length; });
    return rows;
  }
  function rows(root, name, items, each) {
    var model = root.querySelector('[data-row="' + name + '"]');
    items.forEach(function (item) { var row = model.cloneNode(true); each(row, item); model.parentNode.insertBefore(row, model); });
    model.remove();
  }
  function show(template, form, report) {
    var screen = document.getElementById("screen"), part = template.content.cloneNode(true);
    fill(part, "label", form.dataset.label);
    var back = part.querySelector('[data-fill="back"]');
    // Back to the tab the scoring's button names (from the scores page, its board or chains tab).
    var fromScores = window.location.pathname.split("/")[3] === "scores";
    back.href = fromScores ? "/t/" + tableHere() + "/" + form.elements.screen.value : window.location.pathname + window.location.search;
    if (report.errors) {
      fill(part, "verdict", template.dataset.failed);
      var problems = part.querySelector('[data-fill="problems"]');
      problems.textContent = report.errors.map(function (e) { return e.field + ": " + e.reason; }).join(" · ");
      problems.hidden = false;
      report = { players: [], steps: [], notes: [] };
    } else {
      fill(part, "verdict", report.verdict);
    }
    rows(part, "standing", standings(report, template.dataset.totalField), function (row, standing) {
      fill(row, "place", String(standing.place)); fill(row, "player", standing.label); fill(row, "total", String(standing.total));
    });
    rows(part, "step", report.steps, function (row, step) { fill(row, "text", step.text); });
    rows(part, "note", report.notes || [], function (row, note) { row.textContent = note; });
    // In place of a tab's cards, which stay hidden: a poll's answer in parts (the counts other phones or
    // this one's kept taps changed) still finds them; a whole screen brings the tab back. The scores
    // page's result goes (its polls bring a whole page), as does an earlier result here; the template
    // stays (a second scoring), and so does the version the polls send.
    screen.querySelectorAll(":scope > [data-scored-here]").forEach(function (earlier) { earlier.remove(); });
    Array.prototype.slice.call(screen.children).forEach(function (child) {
      if (child !== template && child.id !== "screen-poll") { if (fromScores) { child.remove(); } else { child.hidden = true; } }
    });
    Array.prototype.slice.call(part.children).forEach(function (child) { child.setAttribute("data-scored-here", ""); });
    screen.insertBefore(part, template);
    // No longer the tab's screen (static/app.js reads its screen-* class): the answers of the taps this
    // phone sends once the connection is back are not swapped into the result.
    screen.className = screen.className.replace(/\bscreen-[\w-]+/, "screen-scored-here");
    screen.classList.add("scored-here");
    window.scrollTo(0, 0);
  }
  function status(form, text) {
    var spot = form.querySelector(".offline-status");
    if (!spot) { spot = document.createElement("p"); spot.className = "offline-status muted"; spot.setAttribute("role", "status"); form.appendChild(spot); }
    spot.textContent = text;
  }
  function scoreHere(form, template) {
    var table = tableHere(), screen = document.getElementById("screen"), version = Number(screen.dataset.version);
    var taps = heldTaps(table, version);
    status(form, template.dataset.scoring);
    score(form.dataset.position, taps.map(scoredBody), document.documentElement.lang).then(function (answer) {
      if (answer.failed) { status(form, template.dataset.failed + " " + answer.failed); return; }
      var report = JSON.parse(answer.report);
      if (report.unapplied) { status(form, template.dataset["unapplied" + report.unapplied.kind[0].toUpperCase() + report.unapplied.kind.slice(1)]); return; }
      if (!report.errors) {
        var kept = read(RESULTS, []).filter(function (result) { return !(result.table === table && result.action === form.action); });
        kept.push({
          table: table, action: form.action, id: newId(), scored: version, taps: taps.map(function (tap) { return tap.id; }), at: Date.now(),
          fields: { csrf_token: form.elements.csrf_token.value, screen: form.elements.screen.value }
        });
        write(RESULTS, kept);
      }
      show(template, form, report);
      waitToSend();
    });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target, template = document.querySelector("#screen template.offline-result");
    if (!form.dataset || form.dataset.position === undefined || !template || !read(OPTED, "")) { return; }
    event.preventDefault();
    reachable(template.dataset.probe).then(function (yes) { if (yes) { form.submit(); } else { scoreHere(form, template); } });
  }, true);

  // --- Sent back: this table's oldest result goes as the scoring's form (a navigation: the server's
  // answer, the kept result or the conflict, is the page shown next). Marked sent first; a page of
  // the table that comes from the server afterwards (no kept copy) drops it.
  var waiting = null;
  // The version the table has when it took the taps the result was scored with: each taken in turn
  // right after the board's version (nothing else came between), or the board's own (a conflict).
  function scoredVersion(result) {
    var queue = read(TAPS, []), ids = result.taps || [];
    var taken = ids.map(function (id) { var tap = queue.filter(function (t) { return t.id === id; })[0]; return tap ? tap.taken : undefined; });
    var inTurn = taken.every(function (version, i) { return version === Number(result.scored) + i + 1; });
    return inTurn ? Number(result.scored) + ids.length : Number(result.scored);
  }
  // Taps the result was scored with that are still on their way: the result waits for them.
  function tapsOnTheirWay(result) {
    var ids = result.taps || [];
    return read(TAPS, []).some(function (tap) { return ids.indexOf(tap.id) >= 0 && !tap.taken && !tap.aside; });
  }
  function sendBack() {
    var results = read(RESULTS, []), table = tableHere(), template = document.querySelector("template.offline-result");
    var mine = results.filter(function (result) { return result.table === table; })[0];
    if (!mine) { window.clearInterval(waiting); waiting = null; return; }
    if (!template) { return; } // sent from a screen with a scoring's button (it says how to ask the server)
    reachable(template.dataset.probe).then(function (yes) {
      if (!yes || mine.sent || tapsOnTheirWay(mine)) { return; }
      window.clearInterval(waiting);
      mine.sent = true;
      write(RESULTS, results);
      var screen = document.getElementById("screen");
      if (template && screen.classList.contains("scored-here")) { fill(screen, "verdict", template.dataset.sending); }
      var form = document.createElement("form");
      form.method = "post";
      form.action = mine.action;
      var fields = Object.assign({}, mine.fields, { scored: scoredVersion(mine), offline: mine.id });
      Object.keys(fields).forEach(function (name) {
        var input = document.createElement("input");
        input.type = "hidden"; input.name = name; input.value = fields[name];
        form.appendChild(input);
      });
      body.appendChild(form);
      form.submit();
    });
  }
  function waitToSend() {
    if (waiting === null) { waiting = window.setInterval(sendBack, RETRY_MS); }
    sendBack();
  }
  function start() {
    var table = tableHere(), fromServer = !body.hasAttribute("data-kept-copy");
    var results = read(RESULTS, []);
    // Sent, and a page of the table came from the server since: the server took it (or said why not).
    // Sent, and this is the kept copy: the sending did not get through; it goes again.
    var left = results.filter(function (result) { return !(result.sent && result.table === table && fromServer); });
    left.forEach(function (result) { if (result.table === table) { result.sent = false; } });
    write(RESULTS, left);
    if (left.some(function (result) { return result.table === table; })) { waitToSend(); }
    showKept();
    if (!fromServer || !navigator.onLine) { warm(); } // opened with no connection
  }
  window.addEventListener("online", function () { if (waiting !== null) { sendBack(); } });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
