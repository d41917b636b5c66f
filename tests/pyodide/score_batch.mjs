// Scores a batch of positions with the scoring core under Pyodide, in node: the phone's Python,
// loaded as the phone loads it (static/vendor/pyodide, the vendored wheels, the core's zip).
//   node score_batch.mjs VENDOR_DIR CORE_ZIP CASES_JSON
// CASES_JSON holds [{"language": "de", "position": "<JSON text>"}, ...]; stdout gets one JSON
// array of score_to_json's answers in the same order, stderr the start-up's timings.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";

const [vendor, coreZip, casesFile] = process.argv.slice(2);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: path.resolve(vendor) + "/" });
const loaded = performance.now();
const wheels = (await import("node:fs")).readdirSync(vendor).filter((name) => name.endsWith(".whl"));
await pyodide.loadPackage(wheels.map((name) => path.resolve(vendor, name)), { messageCallback: () => {} });
const wheelsLoaded = performance.now();
pyodide.unpackArchive(new Uint8Array(await readFile(coreZip)), "zip", { extractDir: "/core" });
pyodide.runPython("import sys; sys.path.insert(0, '/core')");
const scoreToJson = pyodide.pyimport("assistant.report_json").score_to_json;
const imported = performance.now();
const cases = JSON.parse(await readFile(casesFile, "utf8"));
const answers = cases.map(({ language, position }) => scoreToJson(position, language));
const scored = performance.now();
process.stdout.write(JSON.stringify(answers));
process.stderr.write(JSON.stringify({
  pyodide_ms: Math.round(loaded - started), wheels_ms: Math.round(wheelsLoaded - loaded),
  import_ms: Math.round(imported - wheelsLoaded), scoring_ms_each: (scored - imported) / Math.max(cases.length, 1),
}) + "\n");
