// Compile the mjcore wheel's modules to bytecode with the site's own Pyodide, for stage.py:
//   node precompile.mjs PYODIDE_DIR WHEEL OUT_JSON
// writes {"mjcore/__pycache__/NAME.cpython-3XY.pyc": base64, ...} to OUT_JSON.
//
// The pycs are "unchecked hash" ones (PEP 552): Python loads them without comparing them
// with the source's time stamp, which the unpacked wheel does not keep. Importing mjcore
// from bytecode skips compiling its sources in the browser at every start.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {},
                                    stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: "/tmp/wheel" });
const compiled = pyodide.runPython(`
import base64, compileall, json, pathlib, py_compile

root = pathlib.Path("/tmp/wheel")
if not compileall.compile_dir(str(root / "mjcore"), quiet=1, workers=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("a module of the wheel does not compile")
json.dumps({str(p.relative_to(root)): base64.b64encode(p.read_bytes()).decode()
            for p in sorted(root.rglob("*.pyc"))})
`);
writeFileSync(out, compiled);
