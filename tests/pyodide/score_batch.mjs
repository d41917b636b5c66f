// Scores a batch of positions with the scoring core under Pyodide, in node: the phone's Python,
// loaded as the phone loads it (static/vendor/pyodide, the vendored wheels, the core's zip).
//   node score_batch.mjs VENDOR_DIR CORE_ZIP CASES_JSON STDLIB_ZIP
// CASES_JSON holds [{"language": "de", "position": "<JSON text>", "taps": "<JSON text>"?}, ...];
// stdout gets one JSON array of score_to_json's answers (score_held_board's with taps) in the same
// order, stderr the start-up's timings. STDLIB_ZIP: the standard library the phone is given
// (the trimmed one, tools/trim_stdlib.py). With USED_STDLIB_TO set, the standard library's files
// imported by the end are written there, one a line (how tools/pyodide-stdlib.txt was made).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";

const [vendor, coreZip, casesFile, stdlib] = process.argv.slice(2);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: path.resolve(vendor) + "/", stdLibURL: path.resolve(stdlib) });
const loaded = performance.now();
const wheels = (await import("node:fs")).readdirSync(vendor).filter((name) => name.endsWith(".whl"));
await pyodide.loadPackage(wheels.map((name) => path.resolve(vendor, name)), { messageCallback: () => {} });
const wheelsLoaded = performance.now();
pyodide.unpackArchive(new Uint8Array(await readFile(coreZip)), "zip", { extractDir: "/core" });
pyodide.runPython("import sys; sys.path.insert(0, '/core')");
const core = pyodide.pyimport("assistant.report_json");
const imported = performance.now();
const cases = JSON.parse(await readFile(casesFile, "utf8"));
const answers = cases.map(({ language, position, taps }) => (taps === undefined ? core.score_to_json(position, language) : core.score_held_board(position, taps, language)));
const scored = performance.now();
if (process.env.USED_STDLIB_TO) {
  const used = pyodide.runPython("import sys; '\\n'.join(sorted({f.split('.zip/', 1)[1] for m in list(sys.modules.values()) if (f := getattr(m, '__file__', None) or '').startswith('/lib/python314.zip/')}))");
  (await import("node:fs")).writeFileSync(process.env.USED_STDLIB_TO, used + "\n");
}
process.stdout.write(JSON.stringify(answers));
process.stderr.write(JSON.stringify({
  pyodide_ms: Math.round(loaded - started), wheels_ms: Math.round(wheelsLoaded - loaded),
  import_ms: Math.round(imported - wheelsLoaded), scoring_ms_each: (scored - imported) / Math.max(cases.length, 1),
}) + "\n");
