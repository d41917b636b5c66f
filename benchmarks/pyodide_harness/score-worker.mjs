// The phone's scoring as a module Web Worker, for benchmarks/offline_scoring.py: Pyodide, the
// vendored wheels and the core's zip loaded as a phone would load them, then score_to_json.
// Messages in: {start: [wheel names]} once, then {position, language}; out: timings and answers.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let scoreToJson, pyodide;

async function start(wheels) {
  const began = performance.now();
  pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href, stdLibURL: new URL("./pyodide/python_stdlib.scoring.zip", import.meta.url).href });
  const loaded = performance.now();
  await pyodide.loadPackage(wheels.map((name) => new URL(`./pyodide/${name}`, import.meta.url).href), { messageCallback: () => {} });
  const wheelsLoaded = performance.now();
  const core = await (await fetch(new URL("./core.zip", import.meta.url))).arrayBuffer();
  pyodide.unpackArchive(new Uint8Array(core), "zip", { extractDir: "/core" });
  pyodide.runPython("import sys; sys.path.insert(0, '/core'); import assistant.report_json");
  scoreToJson = pyodide.pyimport("assistant.report_json").score_to_json;
  const imported = performance.now();
  return { pyodide_ms: loaded - began, wheels_ms: wheelsLoaded - loaded, import_ms: imported - wheelsLoaded };
}

async function answer(message) {
  if (message.start) return start(message.start);
  const began = performance.now();
  const report = scoreToJson(message.position, message.language);
  return { report, ms: performance.now() - began, wasm_bytes: pyodide._module.HEAP8.buffer.byteLength };
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  self.onmessage = async (event) => self.postMessage(await answer(event.data));
} else {
  globalThis.scoreHere = answer;  // imported by the page itself: the same steps on its main thread
}
