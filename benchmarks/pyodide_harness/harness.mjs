// ?where=worker: the scoring in a module Web Worker (as the phone would); ?where=page: on the
// page's own thread. A file of its own, not inline, so the app's CSP can be put in front of it.
const where = new URLSearchParams(location.search).get("where");
if (where === "worker") {
  const worker = new Worker("score-worker.mjs", { type: "module" });
  const waiting = []; // answers come in the order asked: a scoring may be asked while the start runs
  worker.onmessage = (event) => waiting.shift()(event.data);
  globalThis.score = (message) => new Promise((resolve) => {
    waiting.push(resolve);
    worker.postMessage(message);
  });
} else {
  await import("./score-worker.mjs");
  globalThis.score = (message) => globalThis.scoreHere(message);
}
document.title = "ready";
