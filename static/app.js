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

// A value of this phone's that another phone replaced is told at the top of the screen
// (templates/table/_replaced.html), wherever the page is scrolled: "Show" brings the cell into
// view, × puts the note away. Answers add their notes to those shown: the newest per cell stays.
(function () {
  "use strict";
  function tidy() {
    var seen = {}, notes = document.querySelectorAll("#replaced-notices .replaced-notice");
    // A conflict's notice on the pad tells what the other phone set there: a note on the same cell would tell it twice.
    var conflict = document.querySelector('.notice.conflict input[name="cell"]');
    if (conflict) { seen[conflict.value] = true; }
    var names = document.querySelector(".heads"); // the sticky row of names (a game's stylesheet), which the notes stay under
    if (names) { document.documentElement.style.setProperty("--names-height", names.offsetHeight + "px"); }
    for (var i = notes.length - 1; i >= 0; i -= 1) {
      var cell = notes[i].getAttribute("data-cell");
      if (seen[cell]) { notes[i].remove(); continue; }
      seen[cell] = true;
      var show = notes[i].querySelector("[data-show-cell]");
      if (show) { show.hidden = !document.getElementById(show.getAttribute("data-show-cell")); } // a cell of another tab
    }
  }
  document.addEventListener("click", function (event) {
    var note = event.target.closest ? event.target.closest("#replaced-notices .replaced-notice") : null;
    if (!note) { return; }
    var show = event.target.closest("[data-show-cell]"), dismiss = event.target.closest("button.dismiss");
    if (!show && !dismiss) { return; }
    event.preventDefault();
    note.remove();
    var target = show ? document.getElementById(show.getAttribute("data-show-cell")) : null;
    if (target) {
      target.scrollIntoView({ block: "center" });
      target.focus({ preventScroll: true });
    }
  });
  document.addEventListener("DOMContentLoaded", tidy);
  document.addEventListener("htmx:oobAfterSwap", tidy);
  document.addEventListener("htmx:afterSettle", tidy);
})();

// A name cut with an ellipsis on the pad's heading or wherever a word is wider than its line
// (.cut, static/app.css) is shown whole when tapped.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var name = event.target.closest ? event.target.closest(".pad-head [data-show=player], .pad-head .who, .chip .who, .cut") : null;
    if (name && (name.scrollWidth > name.clientWidth || name.classList.contains("whole"))) { name.classList.toggle("whole"); }
  });
})();

// A refused form (a new table, a rename, a board check) is shown again with its reasons: the view
// goes to the first one and its field takes the focus, marked (aria-invalid, aria-describedby the
// reason), so the person sees why at once. A reason names its field (data-field, the field's
// name) or follows it in the same row; a refused rename's reason is the screen's notice.
(function () {
  "use strict";
  var made = 0;
  function fieldOf(problem) {
    var form = problem.closest("form");
    if (problem.dataset.field && form && form.elements[problem.dataset.field]) { return form.elements[problem.dataset.field]; }
    for (var box = problem.parentElement; box && box !== form.parentElement; box = box.parentElement) {
      var fields = box.querySelectorAll("input:not([type=hidden]), select, textarea"), found = null;
      for (var i = 0; i < fields.length; i += 1) {
        if (fields[i].compareDocumentPosition(problem) & Node.DOCUMENT_POSITION_FOLLOWING) { found = fields[i]; }
      }
      if (found) { return found; }
      if (box === form) { break; }
    }
    return null;
  }
  function mark(field, reason) {
    if (!reason.id) { made += 1; reason.id = "form-problem-" + made; }
    var ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (ids.indexOf(reason.id) < 0) { ids.push(reason.id); }
    field.setAttribute("aria-describedby", ids.join(" "));
    field.setAttribute("aria-invalid", "true");
  }
  function showErrors() {
    var first = null, target = null;
    document.querySelectorAll("form .problem").forEach(function (problem) {
      if (problem.closest("#pad")) { return; }
      var field = fieldOf(problem);
      if (field) { mark(field, problem); }
      if (!first) { first = problem; target = field; }
    });
    var notice = document.querySelector(".notice.error"), rename = document.querySelector("form.rename input[name=value]");
    if (notice && rename) {
      if (!notice.id) { notice.id = "rename-problem"; }
      mark(rename, notice);
      if (!first) { first = notice; target = rename; }
    }
    if (!first) { return; }
    if (!target) { first.setAttribute("tabindex", "-1"); target = first; } // a reason about the whole form
    (target === first ? first : target).scrollIntoView({ block: "center" });
    first.scrollIntoView({ block: "nearest" });
    target.focus({ preventScroll: true });
  }
  // After a form's answer only (a poll, a link, a tap shows problems of the table, not of a form).
  document.addEventListener("htmx:afterSettle", function (event) {
    var config = event.detail.requestConfig, source = config && (config.elt || event.detail.elt);
    if (config && config.verb === "post" && source && source.closest && source.closest("form")) { showErrors(); }
  });
})();

// --- The number pad's taps. Each tap shows at once (its cell, the pad moved on), is kept on
// the phone (localStorage: it outlives a reload, a closed tab, a dropped Wi-Fi), sent in the order
// made with the cell the pad showed when it was tapped and an id of its own (the table takes an id
// once: a tap sent again counts once), and stays marked on its cell until the table took it. A
// tap that cannot reach the table waits, counted in the banner, and is sent again with backoff and
// when the browser is back online. A refused tap (a conflict, a bad value) swaps in the answer
// that says why; the other taps still go. A bounce (the same button again within BOUNCE_MS) is one
// tap. htmx's own queue (hx-sync "queue all") sends a queued tap with the form as it is when it
// leaves, drops it once an answer replaced the form and keeps nothing over a reload: so the taps
// wait here, go out one at a time with fetch, and the last answer is swapped in by htmx
// (docs/architecture.md, "Taps at the table"). Each tap also sends the version the screen shows
// (#screen-poll), so the answer may be just the parts that changed since (HX-Reswap: none).
(function () {
  "use strict";
  var BOUNCE_MS = 120; // two contacts closer than this are one finger bouncing (taps come 150 ms+ apart)
  var KEPT = "assistant.taps"; // localStorage: taps the table has not taken yet, oldest first
  var RETRY_MS = [1000, 2000, 4000, 8000, 15000]; // after each failed try in a row; then 15 s
  var TRIES = 3; // an error that is no outage (a 500, a 404...): tried this often, then set aside
  var queue = load(); // {id, action, body, cell, value, screen, held}
  var busy = false;
  var failures = 0; // failed tries in a row: the table cannot be reached
  var outage = false; // a try failed since this phone's taps were last all taken
  var sentAfterOutage = 0; // taps taken since the connection came back, for the banner
  var retry = null;
  var lastTap = { key: "", at: -1e9 };
  var touched = {}; // when a finger last touched each pad button (pointerdown), by its key: what a bounce is judged by
  var afterwards = null; // a link tapped while taps were on their way (Done, another cell), followed after them
  var sending = null; // the tap on its way
  var sentAt = 0; // when it left
  var personAt = -1; // when a person's own request (a link, a form: not a poll) last left this page
  var pollOnItsWay = null; // the screen's poll (its XMLHttpRequest) while it is on its way
  var cellsOnTheirWay = []; // requests for a cell a person opened (or Done), on their way
  var wantedCell = null; // where this phone last put the pad (a cell opened, a tap moving on, an Undo); null: the table's answers say
  var lastTaken = null; // this phone's latest tap the table took, until an answer's pad says what Undo takes back
  var fromBefore = 0; // taps kept by an earlier page (a closed tab, a reload) taken since this one opened, for the banner
  var storeDown = false; // the last failure was the table's server saying its database is out of reach, for the banner

  function load() {
    try {
      var kept = JSON.parse(window.localStorage.getItem(KEPT) || "[]");
      return Array.isArray(kept) ? kept.filter(function (tap) { return tap && tap.id && tap.action && tap.body; }) : [];
    } catch (e) { return []; }
  }
  function save() {
    try { window.localStorage.setItem(KEPT, JSON.stringify(queue)); } catch (e) { /* private mode: kept while the page is open */ }
  }
  // Another tab of this phone changed the kept taps (its ids make a tap sent by both count once).
  window.addEventListener("storage", function (event) { if (event.key === KEPT && !busy) { queue = load(); repaint(); banner(); } });

  function newId() {
    var bytes = new Uint8Array(12); // crypto.randomUUID needs HTTPS; a table on a LAN is plain HTTP
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function padForm() { return document.querySelector("#pad form[data-taps]"); }
  // A count's link by its cell's name (its id: pad.cell_id), and a link's name (its ?cell=).
  function cellLink(name) {
    var link = name ? document.getElementById("cell-" + name.replace(/\./g, "-")) : null;
    return link && link.matches("a.cell") ? link : null;
  }
  function cellOf(link) { return new URL(link.href).searchParams.get("cell") || ""; }
  // What a count's data-* say, or its row's, which says once what all its counts share.
  function said(link, name) {
    var own = link.dataset[name], row = link.parentElement;
    return own !== undefined || !row ? own : row.dataset[name];
  }
  function token() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  // The table and screen this page shows: a tap's answer is swapped in only there.
  function tableHere() { var parts = window.location.pathname.split("/"); return parts[1] === "t" ? parts[2] : ""; }
  function tableOf(tap) { return tap.action.split("/")[2] || ""; }
  function screenHere() {
    var screen = document.getElementById("screen"), found = screen ? screen.className.match(/\bscreen-([\w-]+)/) : null;
    return found ? found[1] : "";
  }
  function isHere(tap) { return tableOf(tap) === tableHere() && new URLSearchParams(tap.body).get("screen") === screenHere(); }
  // This table's taps not taken yet. Taken ones stay kept (``taken``: the version they made) until
  // the page shows that version: a copy kept by the service worker before them shows them too.
  function mine() { return queue.filter(function (tap) { return !tap.taken && !tap.aside && tableOf(tap) === tableHere(); }); }
  // This table's taps set aside: answered with an error no wait mends, they wait for the person (showAside).
  function asideHere() { return queue.filter(function (tap) { return !tap.taken && tap.aside && tableOf(tap) === tableHere(); }); }
  function shownVersion() { // answers in parts bring it in #screen-poll, whole screens in data-version
    var poll = document.querySelector('#screen-poll [name="since"]'), screen = document.getElementById("screen");
    return poll ? Number(poll.value) : screen ? Number(screen.dataset.version) : 0;
  }
  function conflictShown() { var cell = document.querySelector('.notice.conflict input[name="cell"]'); return cell ? cell.value : null; }

  // The banner (templates/base.html): taps waiting for the connection, or that they were sent.
  function banner() {
    var b = document.getElementById("offline");
    if (!b) { return; }
    var waiting = mine().length, text = "";
    // What the server said (its database is out of reach: data-store-*), else that there is no connection.
    var words = function (name) { return (storeDown && b.dataset["store" + name[0].toUpperCase() + name.slice(1)]) || b.dataset[name]; };
    if (failures) {
      text = waiting === 1 ? words("waitingOne") : waiting ? words("waitingMany").replace("{count}", waiting)
        : document.querySelector("[data-watching-only]") ? words("watching") : words("lost");
    } else if (sentAfterOutage && !waiting) {
      text = sentAfterOutage === 1 ? words("sentOne") : words("sentMany").replace("{count}", sentAfterOutage);
    } else if (fromBefore && !waiting) {
      text = fromBefore === 1 ? b.dataset.returnedOne : b.dataset.returnedMany.replace("{count}", fromBefore);
    } else if (document.body.hasAttribute("data-kept-copy")) {
      text = b.dataset.kept;
    }
    if (text === b.dataset.kept && screenHere() === "scores") { text += " " + b.dataset.scoringWaits; }
    // Without a connection on a screen of counts: what still works, and what waits.
    if (failures && document.querySelector("a.cell")) { text += " " + words("entryWorks"); }
    b.textContent = text;
    b.hidden = !text;
    b.classList.toggle("calm", !failures);
    // On <html>, never on an element in <body>: htmx's history keeps the body's HTML, and a style
    // attribute in it would be refused by the CSP when Back restores it.
    var aside = showAside(), high = text ? b.offsetHeight : 0, root = document.documentElement.style;
    root.setProperty("--offline-height", high + "px");
    if (aside && !aside.hidden) { high += aside.offsetHeight; }
    document.body.classList.toggle("has-banner", high > 0);
    root.setProperty("--banner-height", high + "px");
    var chosen = document.querySelector("a.cell.selected"); // the banner pushed the page down: its cell stays above the pad
    if (chosen) { keepAbovePad(chosen); }
  }
  function lost(down) { storeDown = down === true; failures = Math.max(failures, 1); outage = true; sentAfterOutage = 0; banner(); repaint(); }
  // A 503 whose page says the table's database is out of reach (errors.py: data-outage), not the connection.
  function databaseOut(status, html) { return status === 503 && /\bdata-outage="database"/.test(html || ""); }
  // No answer at all, or one that says the server or what is in front of it is out of reach for
  // now (a proxy's 502 or 504, a 503, "slow down", a body that came too slowly): wait and send again.
  function outageStatus(status) { return status === 0 || status === 408 || status === 429 || status === 502 || status === 503 || status === 504; }

  // The taps set aside (templates/base.html, #set-aside: its words and its row's HTML), each with
  // "Try it again" and "Drop it"; drawn again only when the set changes (a button keeps its focus).
  var asideShown = "";
  function showAside() {
    var box = document.getElementById("set-aside"), row = document.getElementById("set-aside-row");
    if (!box || !row) { return null; }
    var taps = asideHere(), key = taps.map(function (tap) { return tap.id; }).join();
    if (key === asideShown) { return box; }
    asideShown = key;
    box.querySelectorAll(".aside-tap").forEach(function (old) { old.remove(); });
    taps.forEach(function (tap) {
      var item = row.content.firstElementChild.cloneNode(true), cell = tap.cell || tap.first;
      item.dataset.tap = tap.id;
      item.querySelector(".aside-words").textContent = box.dataset[tap.aside === "refused" ? "refused" : "failed"]
        .replace("{cell}", cellLink(cell) ? cellLabel(cell) : tap.label || cell);
      box.appendChild(item);
    });
    box.hidden = !taps.length;
    return box;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#set-aside .aside-tap button") : null;
    if (!button) { return; }
    var id = button.closest(".aside-tap").dataset.tap, tap = queue.filter(function (kept) { return kept.id === id; })[0];
    if (!tap) { return; }
    if (button.classList.contains("again")) {
      delete tap.aside; tap.tries = 0;
    } else {
      queue = queue.filter(function (kept) { return kept !== tap; });
      cellsOf(tap).forEach(function (name) { // what the table has there, as it was drawn
        var link = cellLink(name);
        if (!link || queue.some(function (kept) { return !kept.taken && cellsOf(kept).indexOf(name) >= 0; })) { return; }
        if (link.dataset.table !== undefined) { paint(link, link.dataset.table); delete link.dataset.table; }
        link.classList.remove("pending", "waiting", "aside");
      });
    }
    save();
    repaint();
    banner();
    send();
  });

  // The same spot: a number, or − / + (whose value moves with the count).
  function spotOf(button) { return button.name + "=" + (button.name === "adjust" ? button.getAttribute("aria-label") : button.value); }
  // A bounce is judged by when the finger touched (pointerdown's time stamp, kept per spot): a busy
  // phone dispatches the clicks late, and apart by however long it was busy (two touches 119 ms
  // apart came as clicks 400 ms apart). A click with no touch of its own (a key) counts when made.
  function bounced(button, event) {
    var key = spotOf(button), now = event.timeStamp || performance.now(), down = touched[key];
    delete touched[key];
    if (down !== undefined && down >= lastTap.at && down <= now) { now = down; }
    var again = key === lastTap.key && now - lastTap.at < BOUNCE_MS;
    lastTap = { key: key, at: now };
    return again;
  }
  // What a finger is on, until it lifts: a number of the pad (known by its spot) or a count's cell
  // (by its id; a game that answers a tap with its whole screen draws every cell anew).
  var pressed = null;
  document.addEventListener("pointerdown", function (event) {
    var element = event.target.closest ? event.target.closest("#pad button, a.cell[id]") : null;
    if (element && element.matches("#pad button")) { touched[spotOf(element)] = event.timeStamp; }
    pressed = element;
  }, true);
  // An answer drew it anew between the finger's touch and its lift: the browser sends no click
  // (pressed and released on two elements, the first one gone). The lift on the same spot of the
  // new pad is the tap; a cell is the same cell wherever the new screen drew it.
  document.addEventListener("pointerup", function (event) {
    var down = pressed;
    pressed = null;
    if (!down || document.contains(down)) { return; } // still there: its own click comes
    if (down.matches("a.cell")) {
      var cell = document.getElementById(down.id);
      if (cell && cell.matches("a.cell")) { cell.click(); }
      return;
    }
    var button = event.target.closest ? event.target.closest("#pad button") : null;
    if (button && spotOf(button) === spotOf(down)) { button.click(); }
  }, true);

  // What the pad shows for a count: the number, − and + around it, the current number marked.
  function showValue(form, value) {
    var cap = Number(form.dataset.cap), output = form.querySelector("output");
    if (output) { output.textContent = value; }
    form.querySelectorAll('button[name="value"]').forEach(function (b) {
      var on = Number(b.value) === value;
      b.hidden = Number(b.value) > cap;
      b.classList.toggle("current", on);
      if (on) { b.setAttribute("aria-current", "true"); } else { b.removeAttribute("aria-current"); }
    });
    var adjust = form.querySelectorAll('button[name="adjust"]');
    if (adjust.length === 2) {
      adjust[0].value = Math.max(0, value - 1); adjust[0].disabled = value <= 0;
      adjust[1].value = Math.min(cap, value + 1); adjust[1].disabled = value >= cap;
    }
  }

  // The pad moves to another cell before the server answers: the cell's data-* say what to show.
  function moveTo(form, link) {
    wantedCell = cellOf(link);
    var asked = document.querySelector('#screen-poll input[name="cell"]'); // the next poll asks for the pad where it is now
    if (asked) { asked.value = wantedCell; }
    document.querySelectorAll("a.cell.selected").forEach(function (old) {
      old.classList.remove("selected"); old.removeAttribute("aria-current");
    });
    link.classList.add("selected"); link.setAttribute("aria-current", "true");
    form.elements.cell.value = cellOf(link);
    form.elements.here.value = hereOn(form.elements.here.value, cellOf(link));
    document.querySelectorAll("#pad [data-show]").forEach(function (el) {
      var text = said(link, el.dataset.show);
      if (text !== undefined) { el.textContent = text; }
    });
    var swatch = document.querySelector("#pad [data-show-color]");
    if (swatch && link.dataset.color) { swatch.className = "sw c-" + link.dataset.color; }
    if (said(link, "cap")) { form.dataset.cap = said(link, "cap"); }
    showValue(form, Number(link.textContent));
    link.scrollIntoView({ block: "nearest" }); // .cell's scroll-margin keeps it above the pad
    keepAbovePad(link);
    liveTotals();
  }
  // A pad taller than .cell's scroll-margin (a long row of numbers, an Undo line) covers no part of its cell.
  // A cell the person scrolled away from (wholly below the pad, out of sight) is left there.
  function keepAbovePad(link) {
    var pad = document.getElementById("pad");
    if (!pad || pad.hidden) { return; }
    var cell = link.getBoundingClientRect(), padBox = pad.getBoundingClientRect(), over = cell.bottom + 8 - padBox.top;
    if (over > 0 && cell.top < padBox.bottom) { window.scrollBy(0, over); }
  }

  // Where the phone is, on another cell: the other arguments stay (a seat's own link, ?player=).
  function hereOn(here, cell) {
    var args = new URLSearchParams(here);
    args.set("cell", cell);
    return args.toString();
  }

  function paint(link, text) {
    if (link.dataset.table === undefined) { link.dataset.table = link.textContent.trim(); } // the table's, for a tap dropped
    link.textContent = text;
    link.classList.toggle("zero", Number(text) === 0);
    var label = link.getAttribute("aria-label"); // "<the cell>: <count>"
    if (label) { link.setAttribute("aria-label", label.replace(/\d+$/, text)); }
  }

  // The kept taps on their cells (after a reload or an answer that painted the table as the
  // server has it): each shows its value, marked pending, or waiting while the table is out of reach.
  function repaint() {
    var form = padForm(), version = shownVersion();
    queue.forEach(function (tap) {
      var link = tap.taken && tableOf(tap) === tableHere() ? cellLink(tap.cell) : null;
      if (link && tap.taken > version) { paint(link, tap.value); }
    });
    document.querySelectorAll("a.cell.waiting, a.cell.aside").forEach(function (link) { link.classList.remove("waiting", "aside"); });
    asideHere().forEach(function (tap) {
      cellsOf(tap).forEach(function (name) {
        var link = cellLink(name);
        if (link) { paint(link, tap.value); link.classList.add("pending", "aside"); }
      });
    });
    mine().forEach(function (tap) {
      cellsOf(tap).forEach(function (name) {
        var link = cellLink(name);
        if (!link) { return; }
        paint(link, tap.value);
        link.classList.add("pending");
        link.classList.toggle("waiting", failures > 0 || Boolean(tap.held));
        if (form && form.elements.cell.value === name) { showValue(form, Number(tap.value)); }
      });
    });
    liveTotals();
  }

  // A card's totals as its cells show them, kept taps included (a count, a limit, a warning):
  // data-live names the row summed (or data-cells the cells, by name), data-cap the row whose largest count is the limit, data-fields
  // the most it may hold; the words are the server's, 9999 for the count, 8888 for the limit. A
  // total counting a tap not sent yet is marked (.unsent) until the table took it.
  function liveTotals() {
    document.querySelectorAll("[data-live]").forEach(function (fact) {
      var cells = fact.dataset.cells ? fact.dataset.cells.split(" ").map(cellLink).filter(Boolean)
        : document.querySelectorAll('[data-row="' + CSS.escape(fact.dataset.live) + '"] > a.cell');
      if (!cells.length) { return; } // watching only: the server's words
      var sum = 0, unsent = false, cap = null, limit = fact.dataset.fields ? Number(fact.dataset.fields) : null;
      cells.forEach(function (cell) { sum += Number(cell.textContent) || 0; unsent = unsent || cell.classList.contains("pending"); });
      if (fact.dataset.cap) {
        cap = 0;
        document.querySelectorAll('[data-row="' + CSS.escape(fact.dataset.cap) + '"] > a.cell').forEach(function (cell) {
          cap = Math.max(cap, Number(cell.textContent) || 0); unsent = unsent || cell.classList.contains("pending");
        });
        limit = cap;
      }
      var words = sum === 1 && fact.dataset.one ? fact.dataset.one : fact.dataset.text;
      fact.textContent = words.replace("9999", String(sum)).replace("8888", String(cap));
      fact.classList.toggle("over", limit !== null && sum > limit);
      fact.classList.toggle("unsent", unsent);
    });
    // What each player has left in supply (data-supply, data-owns), and the pad's foot for its cell.
    function left(kind, color) {
      var placed = 0, unsent = false;
      document.querySelectorAll('[data-kind="' + CSS.escape(kind) + '"] > a.cell[data-color="' + CSS.escape(color) + '"]').forEach(function (cell) {
        placed += Number(cell.textContent) || 0; unsent = unsent || cell.classList.contains("pending");
      });
      return { count: placed, unsent: unsent };
    }
    document.querySelectorAll("[data-supply]").forEach(function (spot) {
      var found = left(spot.dataset.supply, spot.dataset.color);
      if (!document.querySelector("[data-kind] > a.cell")) { return; } // watching only: the server's count
      var rest = Number(spot.dataset.owns) - found.count;
      spot.textContent = String(rest);
      spot.classList.toggle("bad", rest < 0);
      spot.classList.toggle("unsent", found.unsent);
    });
    var form = padForm(), link = form ? cellLink(form.elements.cell.value) : null, foot = document.querySelector("#pad [data-show=foot]");
    if (link && foot && link.dataset.foot && said(link, "cap") && said(link, "kind") && link.dataset.color) {
      foot.textContent = link.dataset.foot.replace(/\d+/, String(Number(said(link, "cap")) - left(said(link, "kind"), link.dataset.color).count));
    }
  }

  // The cells of a cell's row from it on (data-row: the game's row, data-next: the entry order).
  function restOfRow(link) {
    var row = [];
    for (var at = link; at && said(at, "row") && said(at, "row") === said(link, "row"); at = cellLink(at.dataset.next)) { row.push(at); }
    return row;
  }
  // The cells a tap sets: its own, or (the rest of a row set to 0) those with no count yet.
  function cellsOf(tap) { return tap.cells || [tap.cell]; }

  function tapped(form, button) {
    var link = cellLink(form.elements.cell.value);
    var before = link ? link.textContent.trim() : "";
    // "Empty cells: 0": the cells of the pad's row with no count yet, from its cell on; the pad goes past the row.
    var row = button.name === "rest" && link ? restOfRow(link) : null;
    var painted = row ? row.filter(function (cell) { return Number(cell.textContent) === 0; }) : link ? [link] : [];
    var body = new URLSearchParams(new FormData(form));
    body.set(button.name, button.value);
    body.set("tap", newId());
    var action = new URL(form.action, window.location.href).pathname;
    var tap = { id: body.get("tap"), action: action, body: body.toString(), cell: row ? "" : form.elements.cell.value, value: button.value, before: before,
      label: cellLabel(form.elements.cell.value) };
    if (row) { tap.cells = painted.map(cellOf); tap.first = form.elements.cell.value; }
    queue.push(tap);
    save();
    showUndo();
    afterwards = null;
    dropOpenedCells(form.elements.cell.value); // the tap moves the pad on: that cell's answer would draw it back
    if (!failures) { outage = false; sentAfterOutage = 0; }
    fromBefore = 0;
    painted.forEach(function (cell) { paint(cell, button.value); cell.classList.add("pending"); cell.classList.toggle("waiting", failures > 0); });
    liveTotals();
    var last = row && row.length ? row[row.length - 1] : link;
    if (button.name !== "adjust" && last && last.dataset.next !== undefined) {
      var next = cellLink(last.dataset.next);
      if (next) { moveTo(form, next); } else { document.getElementById("pad").hidden = true; wantedCell = null; } // the last cell: the pad closes
    } else {
      showValue(form, Number(button.value));
    }
    banner();
    send();
  }

  // What the pad's Undo takes back, newest first: this phone's latest tap not taken yet (dropped
  // from the queue if not sent; taken back after its answer if on its way), else the latest one
  // the table took since the pad was drawn, else what the pad says (the table's record: the
  // server's data-undo, the tap's id, and data-base, the version it made).
  // A pad the table drew at or after that latest taken tap's version knew of it: from then on its
  // word (its offer, or none) is the one that counts, so a tap another phone replaced since is
  // no longer offered. Called after every swap of the table's (a poll, an answer), never for the
  // kept pad (openKeptPad), which the phone drew itself.
  function trustPad() {
    var form = padForm();
    if (lastTaken && form && form.elements.base && Number(form.elements.base.value) >= lastTaken.taken) { lastTaken = null; }
  }
  function undoTarget() {
    var button = document.querySelector("#pad button.undo"), pending = mine().filter(function (tap) { return !tap.undo; }).pop();
    if (pending) { return { tap: pending, sent: pending === sending }; }
    var drawn = button && button.dataset.undo ? Number(button.dataset.base) : 0;
    if (lastTaken && tableOf(lastTaken) === tableHere() && lastTaken.taken > drawn) { return { tap: lastTaken, sent: true }; }
    if (button && button.dataset.undo) { return { id: button.dataset.undo, base: button.dataset.base, cell: button.dataset.cell, before: button.dataset.before, sent: true }; }
    return null;
  }

  function cellLabel(name) {
    var link = cellLink(name);
    return link ? (link.getAttribute("aria-label") || "").replace(/: \d+$/, "") : name;
  }

  // The pad's Undo (templates/macros.html) says what it takes back; it waits while a conflict's
  // notice is on screen (its own two buttons decide) and while nothing is left to take back.
  function showUndo() {
    var button = document.querySelector("#pad button.undo");
    if (!button) { return; }
    var target = undoTarget(), what = button.querySelector(".undo-what");
    button.hidden = !target || conflictShown() !== null;
    if (!target || !target.tap || !what) { return; }
    var tap = target.tap, cell = tap.cell || tap.first;
    what.textContent = tap.cells
      ? button.dataset.row.replace("{cell}", cellLabel(cell))
      : button.dataset.local.replace("{cell}", cellLabel(cell)).replace("{after}", tap.value).replace("{before}", tap.before);
  }

  // Take the latest change of this phone back: a tap not sent yet is dropped from the queue; one
  // the table took (or is taking) is undone by a tap of its own naming it, sent through the queue
  // like any other: the table sets back what that tap set, unless another phone changed it since
  // (a conflict, with both values, never a silent revert).
  function undoLast() {
    var target = undoTarget(), form = padForm();
    if (!target || conflictShown() !== null) { return; }
    var cell = target.tap ? (target.tap.cell || target.tap.first) : target.cell, link = cellLink(cell);
    if (target.tap && !target.sent) {
      queue = queue.filter(function (tap) { return tap !== target.tap; });
      save();
      cellsOf(target.tap).forEach(function (name) {
        var other = cellLink(name);
        if (!other) { return; }
        if (!target.tap.cells) { paint(other, target.tap.before); }
        if (!mine().some(function (tap) { return cellsOf(tap).indexOf(name) >= 0; })) { other.classList.remove("pending", "waiting"); }
      });
    } else if (form) {
      var id = target.tap ? target.tap.id : target.id, before = target.tap ? target.tap.before : target.before;
      var body = new URLSearchParams(new FormData(form));
      ["value", "adjust", "rest"].forEach(function (name) { body.delete(name); });
      body.set("cell", cell);
      body.set("undo", id);
      body.set("tap", newId());
      var base = target.tap ? target.tap.taken : target.base;
      if (base) { body.set("base", String(base)); }
      body.set("here", "cell=" + cell);
      var undo = { id: body.get("tap"), action: new URL(form.action, window.location.href).pathname, body: body.toString(), cell: cell,
        value: before === undefined ? "" : before, undo: id, label: cellLabel(cell) };
      if ((target.tap && target.tap.cells) || before === undefined || before === "") { undo.cells = []; } // a row: its cells stay 0
      queue.push(undo);
      save();
      if (link && before !== undefined && before !== "" && !(target.tap && target.tap.cells)) { paint(link, before); link.classList.add("pending"); link.classList.toggle("waiting", failures > 0); }
    }
    if (lastTaken && (target.tap === lastTaken)) { lastTaken = null; }
    var button = document.querySelector("#pad button.undo");
    if (button) { delete button.dataset.undo; } // the answer's pad says what comes next
    if (form && link) { document.getElementById("pad").hidden = false; moveTo(form, link); }
    liveTotals();
    lastTap = { key: "", at: -1e9 };
    banner();
    showUndo();
    send();
  }

  // The pad without a connection: the last pad this phone drew for this screen is kept (in memory
  // and localStorage), so a count can be opened with the pad closed and no connection (a reload of
  // the service worker's copy, a plain-HTTP LAN without one); the cell's data-* say the rest
  // (moveTo). Its notices and its Undo from the table's record stay behind: they were of then.
  var PADS = "assistant.pads"; // {"<table>/<screen>": the pad's HTML}
  function padKey() { return tableHere() + "/" + screenHere(); }
  function keptPads() {
    try { var pads = JSON.parse(window.localStorage.getItem(PADS) || "{}"); return pads && typeof pads === "object" ? pads : {}; } catch (e) { return {}; }
  }
  var padHere = null;
  function keepPad() {
    var pad = document.getElementById("pad");
    if (!pad || !padForm() || !tableHere()) { return; }
    var copy = pad.cloneNode(true);
    copy.removeAttribute("hx-swap-oob");
    copy.hidden = false;
    copy.querySelectorAll(".notice, .replaced-note, .pad-problem").forEach(function (el) { el.remove(); });
    var undo = copy.querySelector("button.undo");
    if (undo) { ["undo", "base", "cell", "before"].forEach(function (name) { delete undo.dataset[name]; }); undo.hidden = true; }
    padHere = copy.outerHTML;
    var pads = keptPads();
    pads[padKey()] = padHere;
    var keys = Object.keys(pads);
    if (keys.length > 20) { delete pads[keys[0]]; } // a few recent tables' screens
    try { window.localStorage.setItem(PADS, JSON.stringify(pads)); } catch (e) { /* kept in memory */ }
  }
  // Open the kept pad on ``link``: true if there was one to open.
  function openKeptPad(link) {
    var spare = document.getElementById("offline-pad"); // the server's, for a phone that kept none yet
    var html = padHere || keptPads()[padKey()] || (spare ? spare.innerHTML : ""), screen = document.getElementById("screen");
    if (!html || !screen || !cellOf(link)) { return false; }
    var old = document.getElementById("pad");
    if (old) { old.remove(); }
    screen.insertAdjacentHTML("beforeend", html);
    screen.classList.add("has-pad");
    var form = padForm();
    if (!form) { return false; }
    if (window.htmx) { htmx.process(document.getElementById("pad")); }
    form.elements.base.value = String(shownVersion()); // the version this screen shows, as the server's pad would
    moveTo(form, link);
    repaint();
    showUndo();
    return true;
  }
  document.addEventListener("htmx:afterSettle", keepPad);
  // A cell that could not be opened (no connection the phone knew of): the kept pad opens on it.
  document.addEventListener("htmx:sendError", function (event) {
    var link = event.detail.elt && event.detail.elt.closest ? event.detail.elt.closest("a.cell") : null;
    if (link && !padForm()) { openKeptPad(link); }
  });

  // An answer in parts says HX-Reswap: none: htmx.swap swaps its out-of-band parts in (the
  // countries, the pad, #screen-poll with the new version) and leaves #screen itself.
  function swapIn(html, reswap) {
    var style = /^none\b/.test(reswap || "") ? "none" : "outerHTML";
    // settleDelay 0: the new cells take taps (htmx processes them) before any other event runs.
    // No scrolling by htmx (show:): the phone already showed the cell the pad moved on to, and the
    // person may have scrolled to another since; a page that jumps after an answer moves the cell
    // under the next finger away. Only a pad the answer put elsewhere (a conflict's) is shown.
    var shownBefore = padForm() ? padForm().elements.cell.value : null;
    htmx.swap("#screen", html, { swapStyle: style, swapDelay: 0, settleDelay: 0 });
    // An answer in parts may draw the pad on another cell than the one it had moved on to (a
    // conflict's): only the pad's cell stays selected, and it is shown, scrolled only if it is not.
    var form = padForm();
    if (form && style === "none") {
      document.querySelectorAll("a.cell.selected").forEach(function (link) {
        if (cellOf(link) !== form.elements.cell.value) { link.classList.remove("selected"); link.removeAttribute("aria-current"); }
      });
    }
    var selected = form && cellLink(form.elements.cell.value);
    if (selected && (form.elements.cell.value !== shownBefore || conflictShown() !== null)) {
      // A conflict's notice makes the pad tall: the disputed cell goes to the top, under the names.
      selected.scrollIntoView({ block: conflictShown() !== null ? "start" : "nearest" });
    }
    if (selected) { keepAbovePad(selected); } // the answer's pad may be taller (its Undo line)
    keepPadWanted();
    trustPad();
    repaint();
    showUndo();
  }
  // An answer that left before the person last moved the pad (a poll, a cell's answer overtaken)
  // draws it where it was then: it goes back where the person put it. A conflict's or a refusal's
  // pad stays where the table shows it.
  function keepPadWanted() {
    var form = padForm(), link = wantedCell ? cellLink(wantedCell) : null;
    if (!form || !link || form.elements.cell.value === wantedCell || conflictShown() !== null || document.querySelector("#pad .notice")) { return; }
    document.getElementById("pad").hidden = false;
    moveTo(form, link);
  }

  // The version an answer shows: the whole screen's, or the one its parts bring (#screen-poll).
  function versionOf(html) {
    var found = html.match(/data-version="(\d+)"/) || html.match(/id="screen-poll"[^>]*><input type="hidden" name="since" value="(\d+)"/);
    return found ? found[1] : "";
  }

  function taken(tap, version) {
    if (sending === tap) { sending = null; }
    queue = queue.filter(function (other) { return other.id !== tap.id; });
    if (version) {
      tap.taken = Number(version);
      queue.push(tap);
      if (!tap.undo) { lastTaken = tap; } else if (lastTaken && lastTaken.id === tap.undo) { lastTaken = null; }
    } else {
      // Refused: nothing to take back, and an Undo queued for it takes back nothing else.
      queue = queue.filter(function (other) { return other.undo !== tap.id || other.taken; });
      if (lastTaken && lastTaken.id === tap.id) { lastTaken = null; }
    }
    queue = queue.slice(-200);
    save();
    if (!isHere(tap)) { return; }
    cellsOf(tap).forEach(function (name) {
      var link = cellLink(name);
      if (link && !mine().some(function (other) { return cellsOf(other).indexOf(name) >= 0; })) { link.classList.remove("pending", "waiting"); }
    });
    liveTotals();
  }

  function answered(tap, status, html, reswap) {
    busy = false;
    if (outageStatus(status)) { failed(databaseOut(status, html)); return; } // not taken: try again
    failures = 0;
    window.clearTimeout(retry);
    retry = null;
    document.body.removeAttribute("data-kept-copy"); // the table answers: what comes now is live
    if (status === 200) {
      var version = versionOf(html);
      taken(tap, version);
      if (outage) { sentAfterOutage += 1; } else if (tap.fromBefore) { fromBefore += 1; }
      if (!mine().length) { outage = false; }
      // This phone's own earlier tap on the same cell is no conflict for its next one.
      queue.forEach(function (next) {
        var body = new URLSearchParams(next.body);
        if (!next.taken && next.cell === tap.cell && version && tableOf(next) === tableOf(tap)) { body.set("base", version); next.body = body.toString(); }
      });
      save();
      banner();
      if (send()) { return; }
      keepCopy();
      if (afterwards) { follow(afterwards); return; }
      // An empty 200 (HX-Reswap: none) is "nothing new"; a person's request made since this tap
      // left (a cell opened, a tab) brings the newer screen: the tap's answer is not drawn over it.
      if (html.trim() && isHere(tap) && conflictShown() === null && personAt < sentAt) { swapIn(html, reswap); } else { repaint(); }
      return;
    }
    // An error that waiting does not mend (the server failed: a 500; the table is gone: a 404; a
    // link for watching only: a 403): tried a few times, then set aside, said with its cell, until
    // the person tries it again or drops it; the taps after it go on.
    if (status !== 400 && status !== 409) {
      if (sending === tap) { sending = null; }
      tap.tries = (tap.tries || 0) + 1;
      if (tap.tries >= TRIES) {
        tap.aside = status >= 500 ? "failed" : "refused";
      } else {
        window.clearTimeout(retry);
        retry = window.setTimeout(function () { retry = null; send(); }, RETRY_MS[tap.tries - 1]);
      }
      save();
      repaint();
      banner();
      if (tap.aside && !send() && afterwards) { follow(afterwards); }
      return;
    }
    // Refused, and the answer says why (a conflict, a bad value...): it shows the table as it is.
    // A second conflict waits while the first one's notice is on screen (held), then is sent again.
    var shown = conflictShown();
    if (status === 409 && shown !== null && shown !== tap.cell && isHere(tap)) {
      tap.held = true;
    } else {
      taken(tap);
      if (isHere(tap)) { afterwards = null; wantedCell = null; swapIn(html, reswap); } // the refusal's pad is where the table shows why
      repaint();
    }
    save();
    banner();
    send();
  }

  // The link's own request (its hx-sync stops a poll from answering after it).
  function follow(link) {
    afterwards = null;
    dropOpenedCells();
    // A failure shows the offline banner (htmx:sendError); a later tap may abort it on purpose.
    htmx.ajax("GET", link.getAttribute("href"), { source: link, target: "#screen", swap: "outerHTML" }).catch(function () {});
  }

  // Not taken (no connection, the server or its database out of reach): the taps stay, marked
  // waiting, and are sent again a little later, or as soon as the browser is back online.
  function failed(down) {
    storeDown = down === true; // else no answer at all (fetch's error): the connection
    busy = false;
    sending = null;
    failures += 1;
    outage = true;
    sentAfterOutage = 0;
    banner();
    repaint();
    document.dispatchEvent(new CustomEvent("assistant:no-connection")); // static/offline-scoring.js warms its scorer
    window.clearTimeout(retry);
    retry = window.setTimeout(function () { retry = null; send(); }, RETRY_MS[Math.min(failures, RETRY_MS.length) - 1]);
  }

  // The next tap to send, oldest first; one held by a conflict waits until its notice is answered.
  function next() {
    var shown = conflictShown();
    for (var i = 0; i < queue.length; i += 1) {
      if (!queue[i].taken && !queue[i].aside && (!queue[i].held || shown === null)) { return queue[i]; }
    }
    return null;
  }

  function send() {
    if (busy) { return true; }
    var tap = next();
    if (!tap) { return false; }
    busy = true;
    sending = tap;
    sentAt = performance.now();
    tap.held = false;
    var body = new URLSearchParams(tap.body);
    var shown = document.querySelector('#screen-poll [name="since"]'); // what hx-include adds
    if (isHere(tap) && shown) { body.set("since", shown.value); } else { body.delete("since"); }
    if (!padForm()) { body.set("here", ""); } // the pad is closed (a reload): no pad in the answer
    if (pollOnItsWay && isHere(tap)) { pollOnItsWay.abort(); } // its answer would paint over the taps
    fetch(tap.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "screen", "X-CSRFToken": token() }
    }).then(function (response) {
      return response.text().then(function (html) { answered(tap, response.status, html, response.headers.get("HX-Reswap")); });
    }).catch(failed);
    return true;
  }

  // A service worker (HTTPS or localhost) keeps the last copy of each table screen for a reload
  // without a connection (static/sw.js); after this phone's taps are taken, it fetches it anew.
  function keepCopy() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || !tableHere()) { return; }
    var seat = new URLSearchParams(window.location.search).get("player"); // a seat's own link: its own copy (static/sw.js)
    worker.postMessage({ keep: window.location.pathname + (seat ? "?player=" + encodeURIComponent(seat) : "") });
  }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") { keepCopy(); } });

  window.addEventListener("online", function () { window.clearTimeout(retry); retry = null; send(); });
  window.addEventListener("offline", function () { if (mine().length) { lost(); } });

  document.addEventListener("click", function (event) {
    // A cell chosen by hand: the next number is a new tap, however soon (a bounce moves the pad itself).
    if (event.target.closest && event.target.closest("a.cell")) { lastTap = { key: "", at: -1e9 }; }
    var button = event.target.closest ? event.target.closest("#pad button") : null;
    if (button && bounced(button, event)) { event.preventDefault(); event.stopPropagation(); return; }
    if (button && button.classList.contains("undo")) { event.preventDefault(); event.stopPropagation(); undoLast(); return; }
    var form = padForm();
    if (!form && !(navigator.onLine && !failures)) { // no connection and no pad: the kept one
      var chosen = event.target.closest ? event.target.closest("a.cell") : null;
      if (chosen && openKeptPad(chosen)) { event.preventDefault(); event.stopPropagation(); }
      return;
    }
    if (!form || !window.htmx) { return; }
    if (button && form.contains(button) && (button.name === "value" || button.name === "adjust" || button.name === "rest")) {
      event.preventDefault(); event.stopPropagation();
      tapped(form, button);
      return;
    }
    // Nothing on its way or waiting, and online: htmx opens the cell or closes the pad.
    if (!busy && !mine().length && !failures && navigator.onLine) { return; }
    var link = event.target.closest("a.cell, #pad a.done");
    if (!link) { return; }
    event.preventDefault(); event.stopPropagation();
    afterwards = link;
    dropOpenedCells();
    document.getElementById("pad").hidden = link.classList.contains("done");
    if (!link.classList.contains("done")) { moveTo(form, link); } else { wantedCell = null; }
  }, true);

  // No poll while this table's taps are on their way or waiting (its answer would not show them),
  // nor while a conflict's notice waits for an answer (it would draw the pad again without it).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var poll = event.detail.elt && event.detail.elt.id === "screen-poller"; // templates/table/_poller.html
    if (poll && (mine().length || conflictShown() !== null)) { event.preventDefault(); }
  });
  // Any answer (a poll, a link): the connection works; kept taps go and are painted on the new screen.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && !outageStatus(xhr.status)) {
      document.body.removeAttribute("data-kept-copy");
      if (failures) { failures = 0; window.clearTimeout(retry); retry = null; send(); }
      banner();
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.detail.elt || event.detail.elt.id !== "screen-poller") { personAt = performance.now(); }
  });
  // Back pressed while a link's answer was on its way (Next on the walk): that answer must neither
  // swap in nor write its address over the page Back went to.
  var navigatedAt = -1;
  window.addEventListener("popstate", function () { navigatedAt = performance.now(); });
  // A poll is known by its request: htmx names #screen, the element it syncs on (hx-sync), as the
  // element of its later events, and keeps its request there, not on #screen-poller.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || event.defaultPrevented) { return; }
    xhr.sentAt = performance.now();
    xhr.poll = Boolean(event.detail.elt && event.detail.elt.id === "screen-poller"); // templates/table/_poller.html
    if (xhr.poll) { pollOnItsWay = xhr; }
    if (event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("a.cell, #pad a.done")) {
      dropOpenedCells(); // the newer cell is the one the person wants
      var path = event.detail.pathInfo && (event.detail.pathInfo.finalRequestPath || event.detail.pathInfo.requestPath);
      xhr.cell = path ? new URL(path, window.location.href).searchParams.get("cell") : null;
      cellsOnTheirWay.push(xhr);
      wantedCell = xhr.cell;
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr === pollOnItsWay) { pollOnItsWay = null; }
    cellsOnTheirWay = cellsOnTheirWay.filter(function (other) { return other !== xhr; });
  });
  // A cell opened (or the pad closed) by a request still on its way, then another cell or a tap
  // on that same cell: its answer would draw the pad back where it was, even after the newer
  // answer (one that replaced #screen leaves it swapping into nothing), so it is ended here.
  function dropOpenedCells(cell) {
    var older = cellsOnTheirWay.filter(function (xhr) { return cell === undefined || xhr.cell === cell; });
    cellsOnTheirWay = cellsOnTheirWay.filter(function (xhr) { return older.indexOf(xhr) < 0; });
    older.forEach(function (xhr) { xhr.abort(); });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.sentAt !== undefined && xhr.sentAt < navigatedAt) { event.preventDefault(); }
    // A poll that left before a person's request or a tap: its screen is older than theirs.
    if (xhr && xhr.poll && (xhr.sentAt < personAt || xhr.sentAt < sentAt)) { event.preventDefault(); }
  });
  // Leaving the page (a reload, a link) ends its requests, and WebKit reports each as a failure
  // (htmx:sendError): no outage. A tap among them is kept and sent by the next page. Still here
  // a moment later, the navigation did not happen (a download, a dialog) and failures count again.
  var leaving = false;
  window.addEventListener("beforeunload", function () {
    leaving = true;
    window.setTimeout(function () { leaving = false; }, 2000);
  });
  window.addEventListener("pageshow", function () { leaving = false; });
  document.addEventListener("htmx:sendError", function () { if (!leaving) { lost(); } });
  // A poll or a link the server answered but could not serve (503: its database is out of reach;
  // 502 or 504 from a proxy): a phone only watching is told as one holding taps is, else its
  // screen would stand still without a word while the table goes on. A poll's 500 is no lost
  // connection: the next poll asks again.
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && outageStatus(xhr.status)) { lost(databaseOut(xhr.status, xhr.responseText)); }
  });
  document.addEventListener("htmx:afterSettle", function () { keepPadWanted(); trustPad(); repaint(); showUndo(); if (!busy) { send(); } });
  // A page from the network (not a kept copy) is what the service worker keeps now: taken taps
  // it shows need not be kept any longer.
  function forgetTaken() {
    if (document.body.hasAttribute("data-kept-copy") || !tableHere()) { return; }
    var version = shownVersion(), before = queue.length;
    queue = queue.filter(function (tap) { return !tap.taken || tableOf(tap) !== tableHere() || tap.taken > version; });
    if (queue.length !== before) { save(); }
  }
  // Taps an earlier page of this phone kept and did not see taken (a tab closed offline, a reload):
  // once the table takes them, the banner says so (fromBefore), once.
  function markFromBefore() { mine().forEach(function (tap) { tap.fromBefore = true; }); }
  document.addEventListener("DOMContentLoaded", function () { forgetTaken(); markFromBefore(); repaint(); banner(); showUndo(); keepPad(); send(); });

  // The service worker, where browsers allow one (HTTPS, localhost): a LAN address over plain
  // HTTP has none, and the taps above are kept all the same.
  if ("serviceWorker" in navigator && window.isSecureContext && document.body && document.body.dataset.serviceWorker) {
    navigator.serviceWorker.register(document.body.dataset.serviceWorker).catch(function () { /* the app works without it */ });
  }
})();

// Scoring on the phone with no connection (static/offline-scoring.js): loaded only on a phone that
// opted in or is installed, or on the page that offers it, never on a plain page view.
(function () {
  "use strict";
  var loaded = false;
  function load() {
    var src = document.body && document.body.dataset.offlineScoring, opted = false;
    try { opted = Boolean(window.localStorage.getItem("assistant.offline-scoring")); } catch (e) { /* private mode */ }
    var wanted = opted || document.querySelector("[data-offline-keep]") || window.matchMedia("(display-mode: standalone)").matches;
    if (loaded || !src || !wanted) { return; }
    loaded = true;
    var script = document.createElement("script");
    script.src = src;
    document.head.appendChild(script);
  }
  document.addEventListener("DOMContentLoaded", load);
  document.addEventListener("htmx:afterSettle", load);
})();

// The screen stays awake while the number pad is open (a player counting their pieces puts the
// phone down between taps): a wake lock, released when the pad closes or the page is hidden (the
// browser releases it then itself; it is asked for again when the page is back). A browser
// without navigator.wakeLock, or one that refuses it, simply sleeps as before.
(function () {
  "use strict";
  var lock = null, asking = false;
  function padOpen() {
    var pad = document.getElementById("pad");
    return Boolean(pad && !pad.hidden && document.visibilityState === "visible");
  }
  function release() {
    var held = lock;
    lock = null;
    if (held) { held.release().catch(function () {}); }
  }
  function check() {
    if (!navigator.wakeLock) { return; }
    if (!padOpen()) { release(); return; }
    if (lock || asking) { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      sentinel.addEventListener("release", function () { if (lock === sentinel) { lock = null; } });
      if (!padOpen()) { release(); }
    }, function () { asking = false; });
  }
  document.addEventListener("DOMContentLoaded", check);
  document.addEventListener("htmx:afterSettle", check);
  document.addEventListener("htmx:oobAfterSwap", check);
  document.addEventListener("visibilitychange", check);
  // A tap on the last count closes the pad on the phone itself, before any answer.
  document.addEventListener("click", function () { window.setTimeout(check, 0); });
})();

// Everyone counts their own pieces (templates/table/_own_counts.html): when this phone's seat has
// all its counts in, or then everyone has, the pad is closed and the phone was scrolled down to
// the seat's last count: the card at the top, which says so ("Everyone is done: score?"), comes
// into view, once each time it has news.
(function () {
  "use strict";
  var told = null;
  function tell() {
    var card = document.getElementById("own-counts"), pad = document.getElementById("pad");
    var news = card && !card.hidden ? card.getAttribute("data-own") : null;
    if (told === null) { told = news || ""; return; } // the page as loaded: nothing new yet
    if (!news || news === told || (pad && !pad.hidden)) { if (!news) { told = ""; } return; }
    told = news;
    // After htmx's own scrolling of the answer (its show: runs once the swap settled).
    window.setTimeout(function () { card.scrollIntoView({ block: "start" }); }, 0);
  }
  document.addEventListener("DOMContentLoaded", tell);
  document.addEventListener("htmx:afterSettle", tell);
  document.addEventListener("htmx:oobAfterSwap", tell);
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
