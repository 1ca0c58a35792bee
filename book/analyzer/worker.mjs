// The analyzer's module Web Worker: starts Pyodide, loads the mjcore wheel
// and answers hands, so the page never freezes while Python works.
//
// Every file comes from this folder of the site (no CDN, no micropip):
//   manifest.json       names the wheel (written by stage.py at build time)
//   pyodide/            pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
//                       python_stdlib.zip, pyodide-lock.json
//   mjcore-*.whl        the mjcore wheel, its version in the file name
//   bridge.py           the Python the page calls (one function per question)
//
// The page starts up to three of these workers: one for the quick answer to every
// hand, and two, when they are needed, for the slow chance of winning and expected
// points, so a long computation never delays the next quick answer: for the player
// alone one computes the chances while the other computes the points; at four seats
// they share out a question's discards, each answering a group.
//
// Messages in:  {id, question, hand, rules, visible, wild, handChanges, fourSeats, claim,
//                seat, opponents, turn}
//                 question: a name in QUESTIONS; wild: a tile name, or "" for none;
//                 handChanges (true or false) and fourSeats ("off", "discard_wins" or
//                 "calls"), passed to the slow questions only; claim (a tile name) and
//                 seat ("left", "across" or "right"), to the two claim questions only;
//                 opponents (true or false: the race) and turn (1-15), to the four
//                 questions of chances and claims and to answer_danger (the deal-in column);
//                 part and parts (whole numbers, part < parts), to the two slow questions
//                 of the discard table: the group of discards this worker answers, and
//                 stage ("all", "keep" or "raise"): all of the group, or its discards
//                 that keep the shanten, or the others
// Messages out: {type: "ready", seconds, python}           once, after start-up
//               {type: "answer", id, result}                 result: the bridge's JSON
//               {type: "fatal", message}                     start-up failed

const here = new URL("./", import.meta.url);
// The bridge functions a message may ask for (each returns a JSON string), and the
// fields of the message each takes after the hand, rules, visible tiles and wild tile,
// with their defaults.
const QUESTIONS = {
  answer: {},
  answer_chances: { handChanges: false, fourSeats: "off", opponents: false, turn: 1, part: 0,
    parts: 1, stage: "all" },
  answer_points: { handChanges: false, fourSeats: "off", opponents: false, turn: 1, part: 0,
    parts: 1, stage: "all" },
  answer_claim: { claim: "", seat: "left", opponents: false, turn: 1 },
  answer_claim_points: { claim: "", seat: "left", opponents: false, turn: 1 },
  answer_danger: { opponents: false, turn: 1 },
};

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url.pathname} is missing from the site (HTTP ${response.status}); ` +
                    "the analyzer's files are copied in by `make book`");
  }
  if (as === "bytes") return new Uint8Array(await response.arrayBuffer());
  return as === "json" ? response.json() : response.text();
}

async function start() {
  const t0 = performance.now();
  // Read while Pyodide starts: its start-up is most of the wait for the first answer.
  const manifestRead = fetchOk(new URL("manifest.json", here), "json");
  const sourceRead = fetchOk(new URL("bridge.py", here), "text");
  // The wheel too: unpacked straight into Python's working directory (on sys.path) once
  // Python is up, quicker than loadPackage, which fetches it only then and imports its
  // own installer first (0.2-0.35 s against 0.05 s in headless chromium here).
  const wheelRead = manifestRead.then((manifest) =>
    fetchOk(new URL(manifest.wheel, here), "bytes"));
  for (const read of [manifestRead, sourceRead, wheelRead]) {
    read.catch(() => {}); // awaited below; no "unhandled rejection" meanwhile
  }
  const indexURL = new URL("pyodide/", here).href;
  let pyodideModule;
  try {
    pyodideModule = await import(new URL("pyodide.mjs", indexURL).href);
  } catch (error) {
    throw new Error(`cannot load pyodide/pyodide.mjs from the site (${error.message})`);
  }
  const pyodide = await pyodideModule.loadPyodide({
    indexURL,
    // Nothing is printed by mjcore; keep anything Pyodide prints off the console.
    stdout: () => {},
    stderr: () => {},
  });
  pyodide.unpackArchive(await wheelRead, "wheel");
  const source = await sourceRead;
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(source, { globals: namespace });
  const questions = Object.fromEntries(Object.keys(QUESTIONS).map((name) =>
    [name, namespace.get(name)]));
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  return { questions, python, seconds: (performance.now() - t0) / 1000 };
}

const started = start();

started.then(
  ({ python, seconds }) => postMessage({ type: "ready", python, seconds }),
  (error) => {
    // A Python error's message ends with its traceback: keep only the last line.
    const text = String((error && error.message) || error).trim().split("\n").pop();
    postMessage({ type: "fatal", message: text });
  },
);

onmessage = async (event) => {
  const { id, question, hand, rules, visible, wild } = event.data;
  let bridge;
  try {
    bridge = await started;
  } catch {
    return; // the "fatal" message has said why
  }
  const name = question ?? "answer";
  const ask = Object.hasOwn(QUESTIONS, name) ? bridge.questions[name] : undefined;
  const args = [String(hand ?? ""), String(rules ?? "poyang"), String(visible ?? ""),
    String(wild ?? "")];
  // a boolean stays one (Python's True or False); anything else reaches the bridge as it
  // is, which answers with a message
  if (ask) {
    for (const [field, fallback] of Object.entries(QUESTIONS[name])) {
      args.push(event.data[field] ?? fallback);
    }
  }
  const result = ask
    ? ask(...args)
    : JSON.stringify({ error: `the analyzer's worker has no question ${question}` });
  postMessage({ type: "answer", id, result });
};
