// Time mjcore.win_chances under Pyodide in Node (make bench): the package is copied
// from the working tree into Pyodide's file system, so it is the code being measured.
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [root] = process.argv.slice(2);
const { loadPyodide } = await import(
  pathToFileURL(root + "/node_modules/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: root + "/node_modules/pyodide/",
                                    stdout: () => {}, stderr: () => {} });
// the package's folders, each with its modules, and the tables file
function copy(dir) {
  pyodide.FS.mkdirTree("/mj/" + dir);
  for (const entry of readdirSync(root + "/" + dir, { withFileTypes: true })) {
    const name = dir + "/" + entry.name;
    if (entry.isDirectory() && entry.name !== "__pycache__") {
      copy(name);
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".bin")) {
      pyodide.FS.writeFile("/mj/" + name, readFileSync(root + "/" + name));
    }
  }
}
copy("mjcore");
const out = pyodide.runPython(`
import sys, time
sys.path.insert(0, "/mj")
start = time.perf_counter()
import mjcore
imported = time.perf_counter() - start
times = {}
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, mjcore.RIICHI)
times["all"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("123456m789p1357s2z", 17, mjcore.RIICHI, hand_changes=True)
times["changes"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, mjcore.RIICHI, hand_changes=True)
times["hand changes"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, objective="points")
times["points"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, discard_wins=True, calls=True)
times["four seats"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, discard_wins=True)
times["discard wins"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, discard_wins=True, calls=True,
                   opponents=True)
times["race"] = time.perf_counter() - start
from mjcore.play.bestplay import claim_advice
start = time.perf_counter()
claim_advice("12389m456p78s11z4z", "9s", "left")
times["claim"] = time.perf_counter() - start
start = time.perf_counter()
claim_advice("12389m456p78s11z4z", "9s", "left", objective="points")
times["claim points"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.deal_in_chances("234578m1689p357s1z", "19m5z5z7z2p8s3s", turn=8)
times["danger"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("234578m1689p357s1z", 17, "poyang", discard_wins=True, objective="points",
                   opponents=True, deal_ins=True)
times["deal-ins"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("2459m14899p79s567z", 17, mjcore.RIICHI, approximate=True)
times["far"] = time.perf_counter() - start
start = time.perf_counter()
mjcore.win_chances("1778m25p234668s25z", 17, mjcore.HONGZHONG, approximate=True)
times["far wild"] = time.perf_counter() - start
import json
json.dumps({"import": imported, **times})
`);
console.log(out);
