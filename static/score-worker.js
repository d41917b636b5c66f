/* Scores a table on the phone when the server cannot (static/offline-scoring.js starts it as a
   module worker): Pyodide, the vendored wheels and the scoring core's zip (views/offline.py),
   the same Python the server runs, started once; then each message is one scoring.
   In: {files, warm: true}: started only (the connection dropped), answered {warmed: true or false};
   or {files: /offline/files.json's list, position: the core's JSON input, taps: the kept taps'
   bodies (JSON text), language}. Out: {report: the JSON text /api/score would answer for the
   position with the taps applied (assistant/report_json.py, score_held_board)} or {failed: a message}. Its own file
   because its answer alone carries 'wasm-unsafe-eval' in its CSP (serving/security.py). */
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

var ready = null; // the core's score_held_board, once Pyodide is up

function start(files) {
  // stdLibURL: the standard library cut to what scoring imports (tools/trim_stdlib.py), by its path as the wheels.
  var stdlib = new URL(files.stdlib.split("?")[0], self.location.href).href;
  return loadPyodide({ indexURL: new URL(files.index, self.location.href).href, stdLibURL: stdlib }).then(function (pyodide) {
    // loadPackage takes a wheel's own address only (no ?v=); the service worker finds it by its path.
    var wheels = files.wheels.map(function (url) { return new URL(url.split("?")[0], self.location.href).href; });
    return pyodide.loadPackage(wheels, { messageCallback: function () {} }).then(function () {
      return fetch(files.core);
    }).then(function (answer) {
      if (!answer.ok) { throw new Error("core.zip: " + answer.status); }
      return answer.arrayBuffer();
    }).then(function (core) {
      pyodide.unpackArchive(new Uint8Array(core), "zip", { extractDir: "/core" });
      pyodide.runPython("import sys; sys.path.insert(0, '/core')");
      return pyodide.pyimport("assistant.report_json").score_held_board;
    });
  });
}

self.onmessage = function (event) {
  var message = event.data;
  if (!ready) { ready = start(message.files); }
  if (message.warm) { // started before any scoring is asked for (the connection dropped): said when ready
    ready.then(function () { self.postMessage({ warmed: true }); }, function () { ready = null; self.postMessage({ warmed: false }); });
    return;
  }
  ready.then(function (scoreHeldBoard) {
    self.postMessage({ report: scoreHeldBoard(message.position, message.taps || "[]", message.language) });
  }).catch(function (error) {
    ready = null; // tried again at the next scoring
    self.postMessage({ failed: String(error && error.message || error) });
  });
};
