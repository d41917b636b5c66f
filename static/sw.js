/* The service worker, on HTTPS and localhost (browsers allow one nowhere else): the app's own
   files of this version, and the last copy of each table screen this phone opened, so a reload
   without a connection still shows the board (with the taps kept on the phone, static/app.js).
   Workbox does the work (static/vendor/workbox, vendored like htmx). The server puts VERSION,
   PRECACHE (this version's files, each address with ?v=VERSION) and WORKBOX (the vendored
   files' folder) in front of this file (assistant/web/views/installed.py). */
/* global importScripts, workbox */
"use strict";
importScripts(self.WORKBOX + "workbox-sw.js");
workbox.setConfig({ modulePathPrefix: self.WORKBOX, debug: false });

var SCREENS = "assistant-screens-" + self.VERSION; // the kept copies, thrown away with their version

// A new version replaces the old one whole: its files come in under new addresses (?v=), the
// pages kept with the old files go (they would ask for files no longer kept).
self.skipWaiting();
workbox.core.clientsClaim();
workbox.precaching.cleanupOutdatedCaches();
workbox.precaching.precacheAndRoute(self.PRECACHE);
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf("assistant-screens-") === 0 && name !== SCREENS; }).map(function (name) { return caches.delete(name); }));
  }));
});

// One copy per screen: its address without the query (?cell=, ?lang=), so a reload of any of
// them finds the screen's last copy; a seat's own link (?player=) is a screen of its own.
function screenKey(url) {
  var u = new URL(url), seat = u.searchParams.get("player");
  return u.origin + u.pathname + (seat ? "?player=" + encodeURIComponent(seat) : "");
}

var keptScreens = {
  cacheKeyWillBeUsed: function (options) { return Promise.resolve(screenKey(options.request.url)); },
  // A redirect (a table's address to its first screen, Scores to the latest scoring) answers a
  // navigation only as a response of its own.
  fetchDidSucceed: function (options) {
    var response = options.response;
    if (!response.redirected) { return Promise.resolve(response); }
    return response.blob().then(function (body) {
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    });
  },
  cacheWillUpdate: function (options) { return Promise.resolve(options.response.status === 200 ? options.response : null); },
  // A screen kept: its table's page for the screens not kept yet is kept too (keepNotKeptPage, below).
  cacheDidUpdate: function (options) { // the navigation's own address (its ?lang=), not the copy's key
    return keepNotKeptPage(new URL(options.event && options.event.request ? options.event.request.url : options.request.url));
  },
  // A copy shown without a connection says so (static/app.js reads data-kept-copy).
  cachedResponseWillBeUsed: function (options) { return Promise.resolve(options.cachedResponse ? markedKept(options.cachedResponse) : null); }
};
function markedKept(cached) {
  return cached.text().then(function (html) {
    return new Response(html.replace("<body ", "<body data-kept-copy "), { status: 200, headers: cached.headers });
  });
}

var screens = new workbox.strategies.NetworkFirst({
  cacheName: SCREENS,
  networkTimeoutSeconds: 5,
  plugins: [keptScreens, new workbox.expiration.ExpirationPlugin({ maxEntries: 60 })]
});

// A table's pages: <scope>t/<token>, its screens, its scores.
function isScreen(url) {
  var scope = new URL(self.registration.scope).pathname;
  return url.origin === self.location.origin && url.pathname.indexOf(scope) === 0 && /^t\/[^/]+(\/|$)/.test(url.pathname.slice(scope.length));
}

// The table's page for a screen this phone has no copy of (views/installed.py: why, and the way back
// to the board), kept once per table in the phone's language; again when a ?lang= link changed it.
function notKeptPage(url) {
  var scope = new URL(self.registration.scope).pathname, token = url.pathname.slice(scope.length).split("/")[1];
  return url.origin + scope + "t/" + token + "/offline";
}
function keepNotKeptPage(url) {
  var address = notKeptPage(url);
  return caches.open(SCREENS).then(function (cache) {
    return cache.match(address).then(function (kept) {
      if (kept && !url.searchParams.has("lang")) { return null; }
      return fetch(address, { credentials: "same-origin" }).then(function (response) {
        return response.ok ? cache.put(address, response) : null;
      });
    });
  }).catch(function () { /* no connection: kept at the next screen */ });
}

var screenRoute = workbox.routing.registerRoute(function (options) {
  return options.request.mode === "navigate" && isScreen(options.url);
}, screens);
// Neither the network nor a copy of this screen: Scores shows the copy of the scoring this phone saw
// last, else the table's page that says so, not the browser's error.
screenRoute.setCatchHandler(function (options) {
  return caches.open(SCREENS).then(function (cache) {
    return latestScoring(cache, options.url).then(function (copy) { return copy ? markedKept(copy) : cache.match(notKeptPage(options.url)); });
  }).then(function (page) { return page || Response.error(); });
});
// <table>/scores answers with a redirect to the latest scoring, so its copies are kept under each
// scoring's own address (<table>/scores/<scoring>): the newest of them (the Date it was drawn).
function latestScoring(cache, url) {
  if (!/\/scores$/.test(url.pathname)) { return Promise.resolve(null); }
  var under = url.origin + url.pathname + "/";
  return cache.keys().then(function (requests) {
    var scorings = requests.filter(function (request) { return request.url.indexOf(under) === 0 && request.url.slice(under.length).indexOf("/") < 0; });
    return Promise.all(scorings.map(function (request) { return cache.match(request); }));
  }).then(function (copies) {
    return copies.reduce(function (newest, copy) {
      return copy && (!newest || Date.parse(copy.headers.get("date")) >= Date.parse(newest.headers.get("date"))) ? copy : newest;
    }, null);
  });
}
// The pages open when this worker takes over (the first visit): their tables' page too.
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (windows) {
    return Promise.all(windows.map(function (client) { return new URL(client.url); }).filter(isScreen).map(keepNotKeptPage));
  }));
});

// The page asks for a fresh copy of its screen after its taps were taken (static/app.js).
self.addEventListener("message", function (event) {
  var path = event.data && event.data.keep;
  if (typeof path !== "string") { return; }
  var url = new URL(path, self.location.origin);
  if (!isScreen(url)) { return; }
  event.waitUntil(screens.handle({ event: event, request: new Request(url.href, { credentials: "same-origin" }) }));
});

// Scoring on the phone with no connection (static/offline-scoring.js, docs/architecture.md):
// Pyodide, the wheels, the core's zip and the worker, kept in a cache of their own only when the
// phone opts in (the share page) or is installed, never on a plain page view; answered from that
// cache by their path (Pyodide asks for its files without ?v=). OFFLINE (views/offline.py) names
// the cache after the files' versions: a new version is fetched again whole, the old one goes.
function offlineUrls() {
  return [self.OFFLINE.worker, self.OFFLINE.core, self.OFFLINE_LIST].concat(self.OFFLINE.pyodide, self.OFFLINE.wheels);
}
function keepScorer() {
  return caches.open(self.OFFLINE.cache).then(function (cache) { return cache.addAll(offlineUrls()); });
}
function scorerKept() {
  return caches.has(self.OFFLINE.cache).then(function (has) {
    if (!has) { return false; }
    return caches.open(self.OFFLINE.cache).then(function (cache) { return cache.keys(); }).then(function (keys) { return keys.length === offlineUrls().length; });
  });
}
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    var old = names.filter(function (name) { return name.indexOf("assistant-offline-") === 0 && name !== self.OFFLINE.cache; });
    if (!old.length) { return null; }
    // A phone that kept an older scorer keeps this version's instead; the old one goes once the new
    // one is whole (an update found with no connection leaves the old one in use).
    return keepScorer().then(function () { return Promise.all(old.map(function (name) { return caches.delete(name); })); }).catch(function () {});
  }));
});
self.addEventListener("message", function (event) {
  var ask = event.data && event.data.scorer, port = event.ports && event.ports[0];
  if (ask !== "keep" && ask !== "kept") { return; }
  var work = ask === "keep" ? keepScorer().then(function () { return true; }) : scorerKept();
  event.waitUntil(work.then(function (kept) { if (port) { port.postMessage({ kept: kept }); } }, function () {
    if (port) { port.postMessage({ kept: false, failed: true }); }
  }));
});
function offlinePaths() {
  return offlineUrls().map(function (url) { return new URL(url, self.location.origin).pathname; });
}
workbox.routing.registerRoute(function (options) {
  return options.url.origin === self.location.origin && offlinePaths().indexOf(options.url.pathname) >= 0;
}, function (options) {
  return caches.open(self.OFFLINE.cache).then(function (cache) { return cache.match(options.request, { ignoreSearch: true, ignoreVary: true }); })
    .then(function (kept) { return kept || caches.match(options.request, { ignoreSearch: true, ignoreVary: true }); }) // an older version's, until this one is kept
    .then(function (kept) { return kept || fetch(options.request); });
});
