// Compile to bytecode, with the site's own Pyodide under Node, what the analyzer imports,
// for stage.py:
//   node precompile.mjs PYODIDE_DIR WHEEL BRIDGE OUT_JSON
// writes {"wheel": {"mjcore/__pycache__/NAME.cpython-3XY.pyc": base64, ...},
//         "stdlib": {"asyncio/base_events.pyc": base64, ...}} to OUT_JSON.
//
// "wheel": every module of the mjcore wheel. "stdlib": every module of Pyodide's
// python_stdlib.zip that Python has imported once Pyodide has started, the wheel is
// unpacked, BRIDGE has run and its SAMPLE_QUESTIONS are asked of each of its three
// questions (its SAMPLE_FOUR_SEATS of the slow two, its SAMPLE_CLAIMS of answer_claim,
// its SAMPLE_DANGER of answer_danger),
// as the page's worker does. The npm package ships the standard library as sources only,
// so without these the browser compiles some 130 modules at every start (about 1.7 s
// of the 2.5 s that loadPyodide took in Node here). stage.py puts each pyc beside its
// source in the zip, where zipimport prefers it; the sources stay for tracebacks and
// inspect.
//
// The pycs are "unchecked hash" ones (PEP 552): Python loads them without comparing them
// with the source's time stamp, which the unpacked wheel does not keep. A module of the
// zip is compiled as zipimport compiles it (the same file name), so its code is the same.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, bridge, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {},
                                    stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: "/tmp/wheel" });
pyodide.FS.writeFile("/tmp/bridge.py", readFileSync(bridge, "utf8"));
const compiled = pyodide.runPython(`
import base64, compileall, importlib.util, json, marshal, pathlib, py_compile, sys, zipimport

root = pathlib.Path("/tmp/wheel")
if not compileall.compile_dir(str(root / "mjcore"), quiet=1, workers=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("a module of the wheel does not compile")
wheel = {str(p.relative_to(root)): base64.b64encode(p.read_bytes()).decode()
         for p in sorted(root.rglob("*.pyc"))}

sys.path.insert(0, str(root))
namespace = {"__name__": "bridge"}
exec(compile(pathlib.Path("/tmp/bridge.py").read_text(encoding="utf-8"), "bridge.py", "exec"),
     namespace)
for question in namespace["SAMPLE_QUESTIONS"]:
    namespace["answer"](*question)
    namespace["answer_chances"](*question)
    namespace["answer_points"](*question)
for question in namespace["SAMPLE_FOUR_SEATS"]:
    namespace["answer_chances"](*question)
    namespace["answer_points"](*question)
for question in namespace["SAMPLE_CLAIMS"]:
    namespace["answer_claim"](*question)
for question in namespace["SAMPLE_DANGER"]:
    namespace["answer_danger"](*question)

archive = next(p for p in sys.path if p.endswith(".zip"))
reader = zipimport.zipimporter(archive)
stdlib = {}
for name, module in sorted(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if not (origin.startswith(archive + "/") and origin.endswith(".py")):
        continue
    source = reader.get_data(origin)
    code = compile(source, origin, "exec", dont_inherit=True)
    pyc = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
           + importlib.util.source_hash(source) + marshal.dumps(code))
    stdlib[origin[len(archive) + 1:] + "c"] = base64.b64encode(pyc).decode()
json.dumps({"wheel": wheel, "stdlib": stdlib})
`);
writeFileSync(out, compiled);
