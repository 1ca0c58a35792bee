// Time mjcore.win_chances under Pyodide in Node (make bench): the package is copied
// from the working tree into Pyodide's file system, so it is the code being measured.
// Then the analyzer's way at four seats: two more Pyodides in worker threads, as the
// page's two slow workers, each answering a group of the discards
// (mjcore.play.bestplay.discard_parts) in two stages; a mode's time is from asking both
// to the last answer. Last, the page's way on four free cores: four groups, each timed
// alone on a worker of its own; a mode's time is the heaviest group's.
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

async function start(root) {
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
  return pyodide;
}

if (!isMainThread) {
  // a slow worker: import mjcore, then run each piece of Python it is sent
  const pyodide = await start(workerData.root);
  pyodide.runPython('import sys; sys.path.insert(0, "/mj"); import mjcore');
  parentPort.on("message", (code) => parentPort.postMessage(pyodide.runPython(code)));
  parentPort.postMessage("ready");
} else {
const [root] = process.argv.slice(2);
const pyodide = await start(root);
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
const times = {};
const answer = (worker) => new Promise((resolve) => worker.once("message", resolve));
// The player alone and hand changes under POYANG, the analyzer's default rules (the two
// above are RIICHI's, as the rows before them), as the page's first slow worker meets them:
// a Python of its own that has imported what the page's bridge imports at its start, then
// asked the player alone (its first question) and hand changes (the switch turned on); then
// hand changes by expected points, the column the page's other slow worker fills meanwhile,
// after the expected points without them (that worker's question before the switch).
{
  const first = new Worker(new URL(import.meta.url), { workerData: { root } });
  await answer(first);
  const timed = async (code) => {
    const done = answer(first);
    first.postMessage("import time\nstart = time.perf_counter()\n" + code +
                      "\ntime.perf_counter() - start");
    return done;
  };
  await timed("from mjcore.play.bestplay import discard_parts  # as the bridge at its start");
  times["alone | poyang"] = await timed(
    'mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG)');
  times["hand changes | poyang"] = await timed(
    'mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, hand_changes=True)');
  await timed(
    'mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, objective="points")');
  times["hand changes points | poyang"] = await timed(
    'mjcore.win_chances("234578m1689p357s1z", 17, mjcore.POYANG, hand_changes=True, ' +
    'objective="points")');
  await first.terminate();
}
// The analyzer's modes that share out their discards (those at four seats), as its two
// slow workers do.
const SPLIT = {
  "discard wins": "mjcore.POYANG, discard_wins=True",
  "four seats": "mjcore.POYANG, discard_wins=True, calls=True",
  race: "mjcore.POYANG, discard_wins=True, calls=True, opponents=True",
  "deal-ins": '"poyang", discard_wins=True, objective="points", opponents=True, deal_ins=True',
};
const workers = [0, 1].map(() => new Worker(new URL(import.meta.url), { workerData: { root } }));
await Promise.all(workers.map(answer)); // both started
// Each worker asks its group in two stages, as the page does: the discards that keep the
// shanten, then the others; "<mode> | keep" is the time until both have answered the
// first stage (every discard that keeps the shanten is shown), "<mode>" until the last.
const split = {};
for (const [mode, args] of Object.entries(SPLIT)) {
  const t0 = performance.now();
  const kept = [];
  await Promise.all(workers.map(async (worker, part) => {
    for (const stage of ["keep", "raise"]) {
      const done = answer(worker);
      worker.postMessage("from mjcore.play.bestplay import discard_parts\n" +
        `part = discard_parts("234578m1689p357s1z", 2, mjcore.POYANG, stage="${stage}")` +
        `[${part}]\n` +
        `part and mjcore.win_chances("234578m1689p357s1z", 17, ${args}, discards=part)\n` +
        "0");
      await done;
      if (stage === "keep") kept.push(performance.now() - t0);
    }
  }));
  split[mode] = (performance.now() - t0) / 1000;
  split[`${mode} | keep`] = Math.max(...kept) / 1000;
}
await Promise.all(workers.map((worker) => worker.terminate()));
// On a device with four free cores and the memory for them the page has four slow workers,
// a group of discards each (discard_parts(..., 4)): the column then takes as long as its
// heaviest group. This machine has two cores, so each group is timed alone, one after
// another, each on a worker of its own (its two stages, as above); "<mode>" is the
// heaviest group's time.
const FOUR = 4;
const four = Array.from({ length: FOUR },
  () => new Worker(new URL(import.meta.url), { workerData: { root } }));
await Promise.all(four.map(answer)); // all started
const quad = {};
for (const [mode, args] of Object.entries(SPLIT)) {
  const groups = [];
  for (const [part, worker] of four.entries()) {
    const t0 = performance.now();
    for (const stage of ["keep", "raise"]) {
      const done = answer(worker);
      worker.postMessage("from mjcore.play.bestplay import discard_parts\n" +
        `part = discard_parts("234578m1689p357s1z", ${FOUR}, mjcore.POYANG, ` +
        `stage="${stage}")[${part}]\n` +
        `part and mjcore.win_chances("234578m1689p357s1z", 17, ${args}, discards=part)\n` +
        "0");
      await done;
    }
    groups.push(performance.now() - t0);
  }
  quad[mode] = Math.max(...groups) / 1000;
}
await Promise.all(four.map((worker) => worker.terminate()));
console.log(JSON.stringify({ ...JSON.parse(out), ...times, split, four: quad }));
}
