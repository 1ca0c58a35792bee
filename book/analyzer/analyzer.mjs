// The live hand analyzer: mjcore itself, run by Pyodide in a module Web Worker.
//
// Any page can hold analyzer panels:
//
//   <div class="mj-analyzer" data-hand="111222333m444s5s"></div>
//   <script type="module" src="../analyzer/analyzer.mjs"></script>
//
// Attributes: data-hand, data-visible, data-rules, data-wild, data-hand-changes,
// data-four-seats, data-claim, data-from, data-race, data-turn (initial values;
// data-wild is the wild tile 赖子 in mpsz, such as "7z", or "" for none; absent, the
// preset's own: none, but 7z for hongzhong; data-hand-changes="1" turns the hand-changes
// switch 手替わり on; data-four-seats="1" plays four seats winning on discards 点炮胡,
// "calls" with calls 吃 碰 too; data-claim is a tile just discarded, such as "9s", and
// data-from the seat that discarded it: left, across or right; data-race="1" lets the
// other seats race (they may win first), from the player's turn data-turn, 1 to 15, and
// the discard table gains the deal-in column, each discard's chance of dealing in now;
// with four seats winning on discards, no calls, the expected points there are net of
// deal-ins, with each discard's chance of dealing in before the round ends, push or fold,
// and the answer for the best discard);
// data-compact (picker folded away, a link to the full page);
// data-query (the analyzer page: ?hand=&visible=&rules=&wild=&hc=&fs=&claim=&from=
// &race=&turn= fill the panel and run it, and the address follows the hand so it can be
// shared).
// Python starts on first use (a tile, a key, the Analyse button, or a
// hand in the query string), never on page load.
//
// Every word the panel shows comes from strings.mjs, in the page's language
// (<html lang>: zh* is Chinese, anything else English); the messages that come from
// Python in English (mjcore's refusals, the bridge's notes) are shown through its
// patterns (msg), in English where none matches.

import { language, message, text } from "./strings.mjs";

const LANG = language(document.documentElement.lang);
/** The text of ``key`` of strings.mjs in the page's language, ``params`` filled in. */
const t = (key, params) => text(LANG, key, params);
/** An English message from Python or the worker, in the page's language. */
const msg = (english) => message(LANG, english);

const base = new URL("./", import.meta.url);
const ANALYZER_PAGE = new URL("../book/analyzer.html", base);
const MAX_TILES = 14;
const COPIES = 4;
const HONGZHONG = "7z"; // 红中, the wild tile of 红中麻将: first in the wild menu
const MAX_TURN = 15; // the race's latest start (bridge.MAX_TURN)
const DRAWS = 17; // the turns left the page asks about (bridge.DRAWS), fewer in a late race

// ---------------------------------------------------------------- worker --

/** A Pyodide worker running bridge.py; ``ask`` posts one question to it.  ``onPending``
 *  is called whenever a question is asked, answered or stopped. */
function createEngine(onChange = () => {}, onPending = () => {}) {
  const engine = {
    worker: null,
    ready: null, // Promise of {python, seconds}
    pending: new Map(), // id -> resolve
    nextId: 1,
    state: "idle", // idle | loading | ready | failed
    info: null,
  };
  engine.start = () => {
    if (engine.ready) return engine.ready;
    engine.state = "loading";
    onChange();
    engine.ready = new Promise((resolve, reject) => {
      let worker;
      try {
        worker = new Worker(new URL("worker.mjs", base), { type: "module" });
      } catch (error) {
        reject(new Error(t("workerUnsupported", { message: error.message })));
        return;
      }
      engine.worker = worker;
      worker.onmessage = (event) => {
        const data = event.data;
        if (data.type === "ready") {
          resolve(data);
        } else if (data.type === "fatal") {
          reject(new Error(data.message));
        } else if (data.type === "answer") {
          const done = engine.pending.get(data.id);
          engine.pending.delete(data.id);
          if (done) {
            onPending();
            done(JSON.parse(data.result));
          }
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || t("workerNotLoaded")));
      };
    }).then(
      (info) => {
        engine.state = "ready";
        engine.info = info;
        onChange();
        return info;
      },
      (error) => {
        engine.state = "failed";
        engine.info = { message: error.message };
        onChange();
        throw error;
      },
    );
    return engine.ready;
  };
  /** The answer to one question; pending from now, while Python starts too.  ``more``:
   *  the fields the question takes besides the four boxes (worker.mjs's QUESTIONS). */
  engine.ask = (question, hand, rules, visible, wild, more = {}) =>
    new Promise((resolve, reject) => {
      const id = engine.nextId++;
      engine.pending.set(id, resolve);
      onPending();
      engine.start().then(() => {
        if (engine.pending.has(id)) {
          engine.worker.postMessage({ ...more, id, question, hand, rules, visible, wild });
        }
      }, (error) => {
        if (engine.pending.delete(id)) {
          onPending();
          reject(error);
        }
      });
    });
  engine.busy = () => engine.pending.size > 0;
  /** Stop the worker (Python cannot be interrupted otherwise); pending questions get null,
   *  also those still waiting for Python to start. */
  engine.stop = () => {
    if (engine.worker) engine.worker.terminate();
    for (const done of engine.pending.values()) done(null);
    engine.pending.clear();
    Object.assign(engine, { worker: null, ready: null, state: "idle", info: null });
    onPending();
    onChange();
  };
  return engine;
}

// The quick answers: every panel's status line follows this worker.
const engine = Object.assign(createEngine(broadcast), {
  listeners: new Set(),
  pyodideVersion: "",
  downloadBytes: 0,
});

function broadcast() {
  for (const listener of engine.listeners) listener();
}

async function ask(hand, rules, visible, wild) {
  return engine.ask("answer", hand, rules, visible, wild);
}

// The slow answers (the chance of winning per discard, and the expected points) in more
// workers, so the next quick answer never waits for them: two, or one a core up to four
// on a device with the cores and memory for them (slowWorkers).  The player alone asks
// the chances of the first slow worker and the points of the second at once; a question
// at four seats, the slowest (seconds for a hand three steps from ready), is shared out
// between all of them (bridge.discard_parts: each answers a group of discards, then the
// page joins them); a claim stays with the first.  One question (or the pair of the
// player alone) at a time: a new one, or a new hand or switch in the panel that asked,
// stops the workers (Python cannot be interrupted otherwise), so no answer to an older
// question arrives.
const chanceEngines = Array.from(
  { length: slowWorkers(navigator.hardwareConcurrency, navigator.deviceMemory) },
  () => createEngine(undefined, countSlowQuestions));

/** The slow questions asked and neither answered nor stopped yet, on every slow worker,
 *  in the page's ``data-mj-slow-questions``: 0 once a newer question or hand has stopped
 *  the older ones, so no answer to them can come (the browser tests wait for it). */
function countSlowQuestions() {
  const count = chanceEngines.reduce((sum, slow) => sum + slow.pending.size, 0);
  document.documentElement.dataset.mjSlowQuestions = String(count);
}

/** How many slow workers: one a core (the quick worker idles while they work), at least
 *  two and at most four, and two where the browser says the device has less than 8 GB of
 *  memory or does not say (each worker holds its own Python, 100-150 MB after a search at
 *  four seats).  On the published hand three steps from ready, four workers answer a
 *  four-seat column in the time of its heaviest group, a little over half the time of two. */
function slowWorkers(cores, memory) {
  if (!(memory >= 8) || !(cores > 2)) return 2;
  return Math.min(Math.floor(cores), 4);
}
let chanceOwner = null;

function stopChances(owner) {
  if (chanceOwner !== owner) return;
  for (const slow of chanceEngines) if (slow.busy()) slow.stop();
}

// The slow answers already computed, by question, for this page's life (the last
// SLOW_KEPT): switching hand changes off and on again, or going back to a hand, shows
// them again at once.  A stopped question (null) is not kept.
const slowAnswers = new Map();
const SLOW_KEPT = 32;

/** A tile's index in mjcore (0-8 m, 9-17 s, 18-26 p, 27-33 z), from its mpsz name. */
function tileIndex(name) {
  return { m: 0, s: 9, p: 18, z: 27 }[name[1]] + Number(name[0]) - 1;
}

/** The two workers' replies to one question of the discard table as one, as mjcore would
 *  give it whole: the entries best first (by the chance of winning, or by expected points
 *  then the chance, ties by tile index), and with deal-ins push or fold from the best.
 *  A stopped worker (null) stops the question; a message from either is the reply. */
function joinParts(replies, list) {
  if (replies.some((reply) => !reply)) return null;
  const failed = replies.find((reply) => reply.error || !reply[list]);
  if (failed) return failed;
  const entries = replies.flatMap((reply) => reply[list]);
  const round = (x, digits) => Number(x.toFixed(digits));
  const index = (e) => (e.tile === null ? -1 : tileIndex(e.tile));
  entries.sort((a, b) => (list === "points"
    ? round(b.expected_points, 9) - round(a.expected_points, 9) : 0)
    || round(b.win, 12) - round(a.win, 12) || index(a) - index(b));
  const joined = { ...replies[0], [list]: entries,
    approximate: replies.map((reply) => reply.approximate).find(Boolean) ?? null };
  if (list === "points" && joined.deal_ins && entries.length) {
    const fold = entries[0].fold;
    joined.push_or_fold = fold === undefined || fold === null ? null : fold ? "fold" : "push";
  }
  return joined;
}

// The stages a worker asks its group of discards in at four seats: those that keep the
// shanten first (one quick shared search), then the others, each a search of its own a
// step further from ready (bridge.STAGES).
const STAGES = ["keep", "raise"];
let slowAsked = 0; // the number of the latest slow question

/** A slow question's arguments to the bridge (``args``, then ``more``) and its key in
 *  ``slowAnswers``, from ``ask`` (as askSlow takes it). */
function slowQuestion(question, ask) {
  const args = [ask.hand, ask.rules, ask.visible, ask.wild];
  const race = { opponents: ask.opponents, turn: ask.turn };
  const more = question === "answer_claim_points"
    ? { claim: ask.claim, seat: ask.seat, ...race }
    : { handChanges: ask.handChanges, fourSeats: ask.fourSeats, ...race };
  return { args, more, key: JSON.stringify([question, ...args, more]) };
}

/** The answer to a slow question already computed (slowAnswers), if it has its
 *  ``list`` ("chances" or "points") and every entry of it is exact; else null. */
function keptAnswer(question, ask, list) {
  const reply = slowAnswers.get(slowQuestion(question, ask).key);
  return reply && !reply.error && reply[list]
    && reply[list].every((entry) => entry.exact !== false) ? reply : null;
}

/** A slow question ("answer_chances", "answer_points" or "answer_claim_points") for
 *  ``owner``'s panel, with ``ask``: {hand, rules, visible, wild, handChanges, fourSeats,
 *  opponents, turn}, or {hand, rules, visible, wild, claim, seat, opponents, turn} for
 *  the claim.  At four seats each worker asks its group in the two STAGES, and
 *  ``onPart`` gets each reply as it comes (the column fills as they do); the answer is
 *  their join.  ``worker``: the slow worker a question of the player alone goes to.
 *  ``alongside`` (by default, for any worker past the first): the question goes with the
 *  one just asked (the expected points beside the chances; with hand changes, the answers
 *  without them, which a worker may ask before its own) and stops nothing. */
async function askSlow(owner, question, ask, onPart = () => {}, worker = 0,
  alongside = worker > 0) {
  const { args, more, key } = slowQuestion(question, ask);
  const claim = question === "answer_claim_points";
  if (slowAnswers.has(key)) return slowAnswers.get(key);
  if (!alongside) {
    for (const slow of chanceEngines) if (slow.busy()) slow.stop();
    chanceOwner = owner;
  }
  // the slow workers beyond two start with the first slow question (the player alone asks
  // two), so they are up before a question at four seats needs them; a failed start is
  // told by the question that asks that worker
  for (const slow of chanceEngines.slice(2)) slow.start().catch(() => {});
  const asked = alongside ? slowAsked : ++slowAsked;
  const parts = chanceEngines.length;
  const list = question === "answer_points" ? "points" : "chances";
  /** One worker's group, stage after stage: its replies, or a stopped (null) or failed
   *  one as the last; a newer question stops it between stages too. */
  const staged = async (slow, part) => {
    const replies = [];
    for (const stage of STAGES) {
      const reply = asked === slowAsked
        ? await slow.ask(question, ...args, { ...more, part, parts, stage }) : null;
      replies.push(reply);
      if (!reply || reply.error || !reply[list]) break;
      if (asked === slowAsked) onPart(reply);
    }
    return replies;
  };
  const reply = claim || ask.fourSeats === "off"
    ? await chanceEngines[worker].ask(question, ...args, more)
    : joinParts((await Promise.all(chanceEngines.map(staged))).flat(), list);
  if (reply) {
    slowAnswers.set(key, reply);
    if (slowAnswers.size > SLOW_KEPT) slowAnswers.delete(slowAnswers.keys().next().value);
  }
  return reply;
}

let manifest = null; // Promise of manifest.json
let manifestData = null; // its contents, once read
async function loadManifest() {
  if (!manifest) {
    manifest = fetch(new URL("manifest.json", base)).then((response) => {
      if (!response.ok) throw new Error(t("manifestHttp", { status: response.status }));
      return response.json();
    }).then((data) => {
      manifestData = data;
      return data;
    });
  }
  return manifest;
}

// ------------------------------------------------------------------- DOM --

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

/** Counts (tile name -> copies) in mpsz notation: m, p, s, then z, ranks ascending. */
function toMpsz(counts) {
  let out = "";
  for (const suit of "mpsz") {
    let digits = "";
    for (let rank = 1; rank <= 9; rank++) digits += String(rank).repeat(counts[rank + suit] || 0);
    if (digits) out += digits + suit;
  }
  return out;
}

function shantenText(n) {
  if (n === null || n === undefined) return null;
  if (n === -1) return t("shantenWin");
  if (n === 0) return t("shantenReady");
  return t("shantenFar", { shanten: n, draws: n + 1 });
}

/** One tile as a picture (tiles/1m.svg, drawn by mjcore.view.render); its mpsz name is the
 *  accessible name, and shows if the picture is missing. */
function tileFace(name, zh, en) {
  return h("img", { class: "mj-az-face", src: new URL(`tiles/${name}.svg`, base).href,
    alt: name, title: zh ? t("tileTitle", { name, zh, en }) : null, "data-tile": name });
}

/** The picture and the mpsz name, for a table cell where the notation is worth reading. */
function tileCell(name, zh, en) {
  return h("span", { class: "mj-az-tile-cell" }, tileFace(name, zh, en), " ",
    h("code", { "aria-hidden": "true" }, name));
}

/** Tiles with their copies left: [{tile, zh, en, remaining}] as "3s×4 5s×3". */
function copiesList(tiles) {
  return h("span", { class: "mj-az-copies" }, tiles.map((t) =>
    h("span", { class: "mj-az-copy", "data-tile": t.tile, "data-left": t.remaining },
      tileFace(t.tile, t.zh, t.en), h("span", { class: "mj-az-left" }, `×${t.remaining}`))));
}

/** The text of ``key`` + "One" or ``key`` + "Many" (``count`` 1 or not), ``count`` and
 *  ``params`` filled in. */
function counted(key, count, params) {
  return t(`${key}${count === 1 ? "One" : "Many"}`, { ...params, count });
}

/** A table of tiles with copies left (waits, effective tiles): one row per tile. */
function tilesTable(kind, tiles) {
  return h("table", { class: `mj-az-table mj-az-${kind}-table` },
    h("thead", {}, h("tr", {}, h("th", {}, t("tileHead")), h("th", {}, t("nameHead")),
      h("th", {}, t("leftHead")))),
    h("tbody", {}, tiles.map((w) => h("tr", { "data-tile": w.tile, "data-left": w.remaining },
      h("td", {}, tileCell(w.tile, w.zh, w.en)), h("td", {}, t("tileNames", w)),
      h("td", { class: "mj-az-num" }, String(w.remaining))))));
}

// The columns of the discard table and the claim's have short heads, a word or two; what
// each means, with the draws or turns it was asked for, is its head's tooltip and its
// entry in the legend under the table (a <dl>, one entry per column in their order),
// rebuilt from the heads whenever a column comes or is named again.  nameColumn is the
// one place that sets a head.
const LEGENDS = new WeakMap(); // table -> its legend

/** Name a column: ``short`` is its head's text (and the label of its cells on a phone:
 *  labelCells), ``long`` its meaning, in the head's tooltip and the table's legend.
 *  Returns ``head``. */
function nameColumn(head, short, long) {
  head.textContent = short;
  head.title = long;
  const table = head.closest("table");
  if (table && LEGENDS.has(table)) showLegend(table);
  return head;
}

/** A column head of ``kind`` (class mj-az-<kind>-head, data-column), named. */
function headCell(kind, short, long) {
  return nameColumn(h("th", { class: `mj-az-${kind}-head`, "data-column": kind }), short, long);
}

/** ``table`` and its legend, to show one after the other. */
function withLegend(table) {
  const legend = h("dl", { class: "mj-az-legend" });
  LEGENDS.set(table, legend);
  showLegend(table);
  return [table, legend];
}

/** The legend of ``table`` (withLegend's): what comes under the table goes after it. */
function legendOf(table) {
  return LEGENDS.get(table);
}

/** Fill ``table``'s legend from its heads: each short head, then what it means. */
function showLegend(table) {
  legendOf(table).replaceChildren(...[...table.tHead.rows[0].cells].flatMap((head) => [
    h("dt", { "data-column": head.dataset.column }, head.textContent),
    h("dd", { "data-column": head.dataset.column }, head.title)]));
}

/** The long head of a four-seat column (``key``: colFourLong or colFourPointsLong) for the
 *  question ``ask``: over ``draws`` turns ("…" until the answer says), with the race from
 *  ``turn``; ``more`` adds or replaces parameters (the points' ``net`` and ``policy``). */
function fourLong(key, ask, draws, turn, more = {}) {
  return t(key, { what: t(ask.fourSeats === "calls" ? "fourSeatsCalls" : "fourSeats"),
    first: ask.opponents ? t("beforeAnyone") : "", draws, policy: t("policyProgress"),
    race: ask.opponents ? t("raceFrom", { turn }) : "", net: "", ...more });
}

function renderWaits(a) {
  if (!a.waits.length) return [];
  return [
    h("p", { class: "mj-az-waits" }, h("b", {}, t("waitsTitle")), t("colon")),
    tilesTable("waits", a.waits),
    h("p", { class: "mj-az-total", "data-total": a.total }, h("b", {}, t("total")),
      counted("waitsTotal", a.waits.length, { total: a.total })),
  ];
}

function renderEffective(e) {
  if (!e.tiles.length) {
    return [h("p", { class: "mj-az-effective", "data-total": 0 },
      h("b", {}, t("effectiveLabel")), t("effectiveNone"))];
  }
  return [
    h("p", { class: "mj-az-effective" }, h("b", {}, t("waits")), t("notReady"),
      h("b", {}, t("effectiveTitle")), t("effectiveWhat")),
    tilesTable("effective", e.tiles),
    h("p", { class: "mj-az-total", "data-total": e.total }, h("b", {}, t("total")),
      counted("effectiveTotal", e.tiles.length, { total: e.total })),
  ];
}

// The discard table's orders.  The rows come in effective-tile order (as
// mjcore.discard_advice gives them); once the chance of winning is known for every
// discard they move to its order, and back with the control above the table.  With four
// seats on, a third order comes once their chances are in: the chance at four seats
// (with the race, of winning before anyone else).  ``text`` reads the turns each column
// was asked for, and the race, from the table's data attributes.
const ORDERS = {
  chance: { label: t("orderChance"), column: ".mj-az-chance",
    text: (table) => t("orderChanceText", { draws: table.dataset.draws }) },
  four: { label: t("orderFour"), column: ".mj-az-four",
    text: (table) => (table.dataset.race
      ? t("orderFourRaceText", { draws: table.dataset.fourDraws, turn: table.dataset.race })
      : t("orderFourText", { draws: table.dataset.fourDraws })) },
  effective: { label: t("orderEffective"), text: () => t("orderEffectiveText") },
};

/** The rows of a discard table in ``order`` (a key of ORDERS): ``rows`` are in
 *  effective-tile order, each with its chances in ``data-win``; a stable sort keeps that
 *  order among equal chances. */
function orderedRows(rows, order) {
  const column = ORDERS[order].column;
  if (!column) return rows;
  const win = (row) => Number(row.querySelector(column).dataset.win);
  return rows.slice().sort((a, b) => win(b) - win(a));
}

/** Whether every row of a discard table has its chance in ``order``'s column. */
function filled(rows, order) {
  const column = ORDERS[order].column;
  return !column || rows.every((row) => {
    const cell = row.querySelector(column);
    return cell !== null && cell.dataset.win !== undefined;
  });
}

// The seats menu (bridge.FOUR_SEATS) and its value in the address (fs=).
const FOUR_SEATS = {
  off: { param: null, label: t("seatsAlone") },
  discard_wins: { param: "1", label: t("seatsDiscardWins") },
  calls: { param: "calls", label: t("seatsCalls") },
};
// The seats a discard to claim can come from (mjcore.SEATS), as the claim menu names them.
const SEATS = {
  left: t("fromLeft"), across: t("fromAcross"), right: t("fromRight"),
};
const SEAT_TEXT = {
  left: t("seatLeft"), across: t("seatAcross"), right: t("seatRight"),
};
const CLAIM_KINDS = {
  pass: t("claimPass"), win: t("claimWin"), pon: t("claimPon"), chi: t("claimChi"),
};
// The answer line of the expected points net of deal-ins (bridge.points' push_or_fold).
const PUSH_OR_FOLD = { push: t("pushWhy"), fold: t("foldWhy") };

const percent = (p) => `${(100 * p).toFixed(1)}%`;
// a chance of dealing in: small, so to two decimals (mjcore's CLI shows it so too)
const percent2 = (p) => `${(100 * p).toFixed(2)}%`;

// The mark of an approximate answer (mjcore.play.approximate.MARK): an entry the bridge
// gives with ``exact`` false, for a hand too far from ready for mjcore's exact search.
const APPROXIMATE = "~";

/** Mark ``cell`` when the bridge's ``entry`` is approximate (``exact`` false): the mark
 *  before its value, a class, and its tooltip saying so. */
function markApproximate(cell, entry) {
  if (entry.exact !== false) return;
  cell.textContent = `${APPROXIMATE}${cell.textContent}`;
  cell.classList.add("mj-az-approximate");
  cell.title = cell.title ? t("approximateTitleAnd", { title: cell.title })
    : t("approximateTitle");
}

/** Every answer to a discard (bridge.claim): a table best first, or mjcore's message. */
function renderClaim(claimed) {
  if (claimed.error) {
    const text = claimed.error.startsWith("claim:") ? msg(claimed.error)
      : t("claimError", { message: msg(claimed.error) });
    return [h("p", { class: "mj-az-claim-message", role: "alert" }, text)];
  }
  const c = claimed.claim;
  const row = (o, best) => h("tr", {
    class: best ? "mj-az-best" : null, "data-kind": o.kind, "data-meld": o.meld,
    "data-discard": o.discard ? o.discard.tile : "", "data-win": String(o.win),
    "data-discard-win": String(o.discard_win), "data-tenpai": String(o.tenpai),
  },
  h("td", {}, CLAIM_KINDS[o.kind] ?? o.kind, o.meld ? [" ", h("code", {}, o.meld)] : null),
  h("td", {}, o.discard ? tileCell(o.discard.tile, o.discard.zh, o.discard.en) : "–"),
  h("td", { class: "mj-az-num" }, percent(o.win)),
  h("td", { class: "mj-az-num" }, percent(o.discard_win)),
  h("td", { class: "mj-az-num" }, percent(o.tenpai)));
  const race = claimed.opponents;
  const win = { first: race ? t("beforeAnyone") : "", draws: claimed.draws,
    policy: t("policyProgress"), race: race ? t("raceFrom", { turn: claimed.turn }) : "" };
  const table = h("table", { class: "mj-az-table mj-az-claim" },
    h("thead", {}, h("tr", {}, headCell("option", t("colOption"), t("colOptionLong")),
      headCell("then-discard", t("colThenDiscard"), t("colThenDiscardLong")),
      headCell("claim-win", t("colChance"), t("colClaimWinLong", win)),
      headCell("claim-discard", t("colOnDiscard"), t("colOnDiscardLong")),
      headCell("claim-ready", t("colReady"), t("colReadyLong", { draws: claimed.draws })))),
    h("tbody", {}, claimed.options.map((o, i) => row(o, i === 0))));
  const out = [
    h("p", { class: "mj-az-claim-title", "data-claim": c.tile, "data-from": claimed.seat,
      "data-race": race ? String(claimed.turn) : null },
    h("b", {}, t("claimTitle")), t("colonSpace"), tileCell(c.tile, c.zh, c.en),
    t(race ? "claimLineRace" : "claimLine", { zh: c.zh, en: c.en,
      seat: SEAT_TEXT[claimed.seat], draws: claimed.draws, turn: claimed.turn })),
    ...withLegend(table),
  ];
  if (claimed.seat !== "left" && claimed.chi_from_left.length) {
    out.push(h("p", { class: "mj-az-claim-note" }, t("noChi", { tile: c.tile,
      melds: claimed.chi_from_left.join(t("listOr")) })));
  }
  return out;
}

function renderDiscards(discards) {
  const row = (d, i) => h("tr", {
    "data-tile": d.tile, "data-shanten": d.shanten, "data-total": d.total, "data-index": i,
    class: i === 0 ? "mj-az-best" : null,
  },
  h("td", {}, tileCell(d.tile, d.zh, d.en)),
  h("td", { class: "mj-az-num" }, String(d.shanten)),
  h("td", { class: "mj-az-effective-cell" },
    d.effective.length ? copiesList(d.effective) : t("none")),
  h("td", { class: "mj-az-num" }, String(d.total)));
  const table = h("table", { class: "mj-az-table mj-az-discards", "data-order": "effective" },
    h("thead", {}, h("tr", {}, headCell("discard", t("colDiscard"), t("colDiscardLong")),
      headCell("shanten", t("colShanten"), t("colShantenLong")),
      headCell("effective", t("colEffective"), t("colEffectiveLong")),
      headCell("total", t("colTotal"), t("colTotalLong")))),
    h("tbody", {}, discards.map(row)));
  return [
    h("p", { class: "mj-az-discards-title" }, h("b", {}, t("discardsTitle")),
      t("commaSpace"), h("span", { class: "mj-az-order-text" }, ORDERS.effective.text()),
      t("colon")),
    ...withLegend(table),
  ];
}

/** The Poyang score of a winning hand: one row on a discard, one self-drawn. */
function renderScore(score) {
  const row = (how, label, s) => h("tr", { "data-how": how, "data-fan": s.fan,
    "data-points": s.points },
  h("td", {}, label),
  h("td", {}, s.fans.map((f) => t(f.en === "" ? "fanBare" : "fan", f)).join(t("listComma"))),
  h("td", { class: "mj-az-num" },
    s.fan === s.total_fan ? String(s.fan) : t("fanCapped", { fan: s.fan, total: s.total_fan })),
  h("td", { class: "mj-az-num" }, String(s.points)));
  return [
    h("p", { class: "mj-az-score-title" }, h("b", {}, t("scoreTitle")), t("scoreReading"),
      h("code", {}, msg(score.discard.reading)),
      t("scoreBestOf", { count: score.discard.readings.length })),
    h("table", { class: "mj-az-table mj-az-score" },
      h("thead", {}, h("tr", {}, h("th", {}, t("wonHead")), h("th", {}, t("fansHead")),
        h("th", {}, t("fanHead")), h("th", {}, t("pointsHead")))),
      h("tbody", {}, row("discard", t("wonOnDiscard"), score.discard),
        row("self_draw", t("wonSelfDrawn"), score.self_draw))),
  ];
}

function renderAnalysis(result) {
  const a = result.analysis;
  const out = [
    h("p", {}, h("b", {}, t("hand")), t("colonSpace"), h("code", {}, a.hand),
      t("handLine", { tiles: a.tiles }), h("b", {}, t("rules")),
      t("rulesLine", { rules: msg(a.rules) })),
  ];
  const wild = result.wild;
  if (wild) {
    out.push(h("p", { class: "mj-az-wild-line", "data-wild": wild.tile },
      h("b", {}, t("wildLabel")), t("colonSpace"), tileCell(wild.tile, wild.zh, wild.en),
      t("wildLine", wild)));
  }
  if (a.visible) {
    out.push(h("p", {}, h("b", {}, t("visible")), t("colonSpace"), h("code", {}, a.visible)));
  }
  if (result.shanten !== null) {
    out.push(h("p", { class: "mj-az-shanten", "data-shanten": result.shanten },
      h("b", {}, t("shantenLabel")), t("colonSpace"), shantenText(result.shanten)));
  }
  if (a.win === null) {
    if (result.effective) out.push(...renderEffective(result.effective));
    else out.push(...renderWaits(a));
  } else {
    out.push(h("p", { class: "mj-az-win", "data-win": String(a.win) }, h("b", {}, t("win")),
      t("colonSpace"), a.win ? t("winYes", {
        forms: a.form_labels.map(msg).join(t("formsSeparator")) }) : t("winNo")));
    if (a.decompositions.length) {
      out.push(h("p", {}, h("b", {}, t("readings")),
        t("readingsCount", { count: a.decompositions.length })));
      out.push(h("ul", { class: "mj-az-readings" },
        a.readings.map((reading) => h("li", {}, h("code", {}, reading)))));
    } else if (a.win) {
      out.push(h("p", {}, h("b", {}, t("readings")), t("readingsNone")));
    }
    if (result.score) out.push(...renderScore(result.score));
    if (result.discards) out.push(...renderDiscards(result.discards));
  }
  return out;
}

// ----------------------------------------------------------------- panel --

/** Each cell of a table names its column (``data-label``, the column head's text), which
 *  the stacked layout of a narrow screen shows beside the value (analyzer.css). */
function labelCells(table) {
  const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
  for (const row of table.querySelectorAll("tbody tr")) {
    [...row.children].forEach((cell, i) => {
      if (heads[i] !== undefined && cell.dataset.label !== heads[i]) cell.dataset.label = heads[i];
    });
  }
}

function mount(root) {
  if (root.dataset.mounted) return;
  root.dataset.mounted = "yes";
  // tables gain rows, columns and heads as answers come: keep their cells labelled
  new MutationObserver(() => root.querySelectorAll("table").forEach(labelCells))
    .observe(root, { childList: true, subtree: true, characterData: true });
  const compact = "compact" in root.dataset;
  const fromQuery = "query" in root.dataset;
  const query = new URLSearchParams(fromQuery ? window.location.search : "");
  const initial = {
    hand: query.get("hand") ?? root.dataset.hand ?? "",
    visible: query.get("visible") ?? root.dataset.visible ?? "",
    rules: query.get("rules") ?? root.dataset.rules ?? "poyang",
    wild: query.get("wild") ?? root.dataset.wild ?? null, // null: the preset's own
    handChanges: query.get("hc") ?? root.dataset.handChanges ?? "0", // "1": on
    fourSeats: query.get("fs") ?? root.dataset.fourSeats ?? "0", // "1" or "calls": on
    claim: query.get("claim") ?? root.dataset.claim ?? "",
    seat: query.get("from") ?? root.dataset.from ?? "left",
    race: query.get("race") ?? root.dataset.race ?? "0", // "1": the others race too
    turn: query.get("turn") ?? root.dataset.turn ?? "1",
  };
  const state = { counts: null, countsFor: null, latest: 0, answers: 0, normalize: false,
    notice: "", // notice: what the address asked for and the menus could not show
    order: "chance", // the discard table's order once chances are in (ORDERS)
    orderChosen: false }; // whether the reader chose it (else four seats' comes first)

  const handInput = h("input", {
    type: "text", class: "mj-az-hand-input", "aria-label": t("hand"), spellcheck: "false",
    autocomplete: "off", placeholder: t("handPlaceholder"),
  });
  handInput.value = initial.hand;
  const visibleInput = h("input", {
    type: "text", class: "mj-az-visible-input", "aria-label": t("visibleAria"),
    spellcheck: "false", autocomplete: "off", placeholder: t("visiblePlaceholder"),
  });
  visibleInput.value = initial.visible;
  const rulesSelect = h("select", { class: "mj-az-rules", "aria-label": t("rules") });
  const wildSelect = h("select", { class: "mj-az-wild", "aria-label": t("wildAria"),
    title: t("wildTitle") },
  h("option", { value: "" }, t("none")));
  const changesBox = h("input", { type: "checkbox", class: "mj-az-hand-changes" });
  changesBox.checked = initial.handChanges === "1";
  const changesLabel = h("label", { class: "mj-az-hand-changes-label",
    title: t("handChangesTitle") },
  changesBox, t("handChangesLabel"));
  const seatsSelect = h("select", { class: "mj-az-four-seats", "aria-label": t("seats"),
    title: t("seatsTitle") },
  Object.entries(FOUR_SEATS).map(([value, seats]) => h("option", { value }, seats.label)));
  const fourSeatsAsked = Object.keys(FOUR_SEATS).find((key) =>
    (FOUR_SEATS[key].param ?? "0") === initial.fourSeats);
  seatsSelect.value = fourSeatsAsked ?? "off";
  const claimInput = h("input", {
    type: "text", class: "mj-az-claim-input", "aria-label": t("claimAria"), spellcheck: "false",
    autocomplete: "off", placeholder: t("claimPlaceholder"),
  });
  claimInput.value = initial.claim;
  const claimSeat = h("select", { class: "mj-az-claim-seat", "aria-label": t("claimSeatAria") },
    Object.entries(SEATS).map(([value, label]) => h("option", { value }, label)));
  claimSeat.value = Object.hasOwn(SEATS, initial.seat) ? initial.seat : "left";
  const raceBox = h("input", { type: "checkbox", class: "mj-az-race" });
  raceBox.checked = initial.race === "1";
  const raceLabel = h("label", { class: "mj-az-race-label", title: t("raceTitle") },
    raceBox, t("raceLabel"));
  const turnKnown = /^\d+$/.test(initial.turn) && Number(initial.turn) >= 1 &&
    Number(initial.turn) <= MAX_TURN;
  const turnInput = h("input", { type: "number", class: "mj-az-turn", "aria-label": t("turnAria"),
    min: "1", max: String(MAX_TURN), step: "1" });
  turnInput.value = turnKnown ? initial.turn : "1";
  const turnLabel = h("label", { class: "mj-az-turn-label", title: t("turnTitle") },
    t("turnBefore"), turnInput, t("turnAfter") || null);
  const analyseButton = h("button", { type: "button", class: "mj-az-go" }, t("analyse"));
  const clearButton = h("button", { type: "button", class: "mj-az-clear" }, t("clear"));
  const picker = h("div", { class: "mj-az-picker", role: "group", "aria-label": t("addTile") });
  const handTiles = h("div", { class: "mj-az-hand", "aria-label": t("theHand") });
  const status = h("p", { class: "mj-az-status", role: "status" });
  const message = h("p", { class: "mj-az-message", role: "alert", hidden: true });
  const result = h("div", { class: "mj-az-result", "aria-live": "polite" });
  const share = h("a", { class: "mj-az-share" }, t(compact ? "shareCompact" : "share"));

  // a screen with no hover (a phone): the hints say tap, and nothing of hovering
  const touch = globalThis.matchMedia?.("(hover: none)").matches ?? false;
  const pickerBlock = compact
    ? h("details", { class: "mj-az-picker-box" }, h("summary", {}, t("pickerSummary")), picker)
    : h("div", { class: "mj-az-picker-box" },
      h("p", { class: "mj-az-label" }, h("b", {}, t("addTile")),
        t(touch ? "addTileHintTouch" : "addTileHint")), picker);

  root.replaceChildren(h("div", { class: "mj-az" + (compact ? " mj-az-compact" : "") },
    pickerBlock,
    h("p", { class: "mj-az-label" }, h("b", {}, t("theHand")),
      t(touch ? "theHandHintTouch" : "theHandHint")),
    handTiles,
    h("div", { class: "mj-az-row" },
      h("label", {}, t("handField"), handInput), analyseButton, clearButton),
    h("div", { class: "mj-az-row" },
      h("label", {}, t("visibleField"), visibleInput), h("label", {}, t("rulesField"), rulesSelect),
      h("label", {}, t("wildField"), wildSelect), changesLabel,
      h("label", {}, t("seatsField"), seatsSelect), raceLabel, turnLabel),
    h("div", { class: "mj-az-row" },
      h("label", { title: t("claimFieldTitle") }, t("claimField"), claimInput),
      h("label", {}, t("fromField"), claimSeat)),
    status, message, result, h("p", { class: "mj-az-share-line" }, share)));

  function say(text) {
    message.textContent = text || "";
    message.hidden = !text;
  }

  function showStatus() {
    root.dataset.state = engine.state;
    const version = engine.pyodideVersion ? ` ${engine.pyodideVersion}` : "";
    if (engine.state === "idle") {
      const megabytes = engine.downloadBytes ? Math.round(engine.downloadBytes / 1e6) : "";
      status.textContent = megabytes ? t("statusIdleDownload", { megabytes })
        : t("statusIdle");
    } else if (engine.state === "loading") {
      status.textContent = t("statusLoading", { version });
    } else if (engine.state === "ready") {
      status.textContent = t("statusReady", { python: engine.info.python, version,
        seconds: engine.info.seconds.toFixed(1) });
    } else {
      status.textContent = t("statusFailed");
      say(t("cannotStart", { message: msg(engine.info.message) }));
    }
  }
  engine.listeners.add(showStatus);
  // A hand in the address is answered as the page opens: start Python now,
  // while the picker's manifest loads, not after.
  if (fromQuery && query.get("hand")) engine.start().catch(() => {});
  showStatus();

  function shareUrl() {
    const params = new URLSearchParams();
    const hand = handInput.value.trim();
    if (hand) params.set("hand", hand);
    if (visibleInput.value.trim()) params.set("visible", visibleInput.value.trim());
    if (rulesSelect.value && rulesSelect.value !== "poyang") params.set("rules", rulesSelect.value);
    if (wildSelect.value !== presetWild(rulesSelect.value)) {
      params.set("wild", wildSelect.value); // "" under hongzhong: no wild tile
    }
    if (changesBox.checked) params.set("hc", "1");
    if (FOUR_SEATS[seatsSelect.value].param) params.set("fs", FOUR_SEATS[seatsSelect.value].param);
    if (claimInput.value.trim()) {
      params.set("claim", claimInput.value.trim());
      params.set("from", claimSeat.value);
    }
    if (raceOn()) {
      params.set("race", "1");
      if (turnInput.value !== "1") params.set("turn", turnInput.value);
    }
    const url = new URL(fromQuery ? window.location.href : ANALYZER_PAGE);
    url.search = params.toString();
    url.hash = "";
    return url;
  }

  /** Whether the others race: the box ticked, and four seats asked (the seats menu, or a
   *  claim), else the box is not usable; the turn box shows with the race. */
  function showRace() {
    raceBox.disabled = seatsSelect.value === "off" && !claimInput.value.trim();
    raceLabel.classList.toggle("mj-az-off", raceBox.disabled);
    turnLabel.hidden = !raceOn();
  }

  function raceOn() {
    return raceBox.checked && !raceBox.disabled;
  }

  /** The turn box's value for the bridge: a whole number as one, anything else as typed
   *  (the bridge answers it with a message). */
  function turnValue() {
    const text = turnInput.value.trim();
    return /^\d+$/.test(text) ? Number(text) : text;
  }

  /** The wild tile a rules preset comes with ("" for none; hongzhong's is 7z). */
  function presetWild(rules) {
    return (manifestData && manifestData.preset_wild && manifestData.preset_wild[rules]) || "";
  }

  function showHand(counts) {
    const buttons = [];
    const wild = wildSelect.value;
    for (const tile of (manifestData && manifestData.tiles) || []) {
      for (let i = 0; i < (counts[tile.name] || 0); i++) {
        buttons.push(h("button", {
          type: "button", "data-tile": tile.name,
          class: "mj-az-tile mj-az-held" + (tile.name === wild ? " mj-az-wild-tile" : ""),
          title: t("removeTile", tile),
          onclick: () => removeTile(tile.name),
        }, tileFace(tile.name)));
      }
    }
    handTiles.replaceChildren(...buttons);
    for (const button of picker.querySelectorAll("button")) {
      const held = counts[button.dataset.tile] || 0;
      button.classList.toggle("mj-az-full", held >= COPIES);
    }
  }

  async function run({ normalize = false } = {}) {
    const hand = handInput.value;
    const visible = visibleInput.value;
    const rules = rulesSelect.value || initial.rules;
    // before the manifest has filled the wild menu, the wild tile asked for
    const wild = wildSelect.options.length > 1 ? wildSelect.value : initial.wild ?? "";
    const handChanges = changesBox.checked;
    const fourSeats = seatsSelect.value;
    const claimTile = claimInput.value.trim();
    const seat = claimSeat.value;
    showRace();
    const opponents = raceOn();
    const turn = opponents ? turnValue() : 1;
    const id = ++state.latest;
    stopChances(root); // a chance or points still computing are for an older question
    if (fromQuery) {
      window.history.replaceState(null, "", shareUrl());
    }
    share.href = shareUrl().href;
    let answer, claimed, danger;
    try {
      // the claim and, with the race, the deal-in column, quick too, in the same worker:
      // all come before the page changes
      [answer, claimed, danger] = await Promise.all([ask(hand, rules, visible, wild),
        claimTile ? engine.ask("answer_claim", hand, rules, visible, wild,
          { claim: claimTile, seat, opponents, turn }) : null,
        opponents ? engine.ask("answer_danger", hand, rules, visible, wild,
          { opponents, turn }) : null]);
    } catch {
      return; // showStatus has shown why Python did not start
    }
    if (id !== state.latest) return; // a newer question is on its way
    state.answers += 1;
    root.dataset.answers = String(state.answers);
    if (state.answers === 1) {
      root.dataset.firstAnswerMs = String(Math.round(performance.now()));
    }
    if (answer.counts) {
      state.counts = answer.counts;
      state.countsFor = answer.hand;
      if (normalize && handInput.value === hand && answer.hand !== undefined) {
        handInput.value = answer.hand;
        share.href = shareUrl().href;
        if (fromQuery) window.history.replaceState(null, "", shareUrl());
      }
      showHand(answer.counts);
    }
    say(msg(answer.error) || state.notice);
    result.replaceChildren(...(answer.analysis ? renderAnalysis(answer) : []));
    for (const key of ["chances", "points", "fourChances", "fourPoints", "pushFold", "claimed",
      "claimPoints", "danger"]) {
      delete root.dataset[key];
    }
    // the deal-in column first, beside the quick ones; its line goes under the table's
    // legend once the slow columns' lines are placed
    const dangerLine = answer.discards && danger ? showDanger(danger) : null;
    if (claimed && answer.analysis) {
      result.append(...renderClaim(claimed));
      root.dataset.claimed = claimed.error ? "failed" : "done";
      if (claimed.points_note) {
        result.append(h("p", { class: "mj-az-claim-points-status" }, msg(claimed.points_note)));
      }
      if (!claimed.error && claimed.points) {
        fillClaimPoints(id, { hand, rules, visible, wild, claim: claimTile, seat, opponents,
          turn });
      }
    }
    if (answer.chances) {
      fillChances(id, answer, { hand, rules, visible, wild, handChanges, fourSeats, opponents,
        turn });
    }
    if (dangerLine) legendOf(result.querySelector(".mj-az-discards")).after(dangerLine);
  }

  /** With the race on, the discard table's deal-in column (bridge.danger): the chance each
   *  discard deals in now, at the race's turn, given the visible tiles; rules without the
   *  table's curve get the bridge's message instead.  Returns the line to put under the
   *  table's legend (what the column says, or the message). */
  function showDanger(danger) {
    const table = result.querySelector(".mj-az-discards");
    if (danger.error || !danger.dangers) {
      root.dataset.danger = "failed";
      return h("p", { class: "mj-az-danger-status mj-az-danger-message", role: "status" },
        h("b", {}, t("dealIn")),
        t("dangerNone", { why: msg(danger.error) || t("dangerNotComputed") }));
    }
    const column = addColumn(table, "danger", t("colDanger"),
      t("colDangerLong", { turn: danger.turn }));
    const byTile = new Map(danger.dangers.map((d) => [d.tile, d]));
    for (const [tile, cell] of column.cells) {
      const d = byTile.get(tile);
      if (!d) continue;
      cell.textContent = percent2(d.chance);
      cell.dataset.danger = String(d.chance);
      cell.dataset.share = String(d.share);
      cell.title = t("dangerCellTitle", { tile, share: percent2(d.share) });
    }
    root.dataset.danger = "done";
    root.dataset.dangerTurn = String(danger.turn);
    return h("p", { class: "mj-az-danger-status", role: "note", "data-turn": danger.turn,
      "data-ready": danger.ready },
    h("b", {}, t("dealIn")), t("dangerLegend", { turn: danger.turn, seats: danger.seats,
      ready: percent2(danger.ready) }));
  }

  /** The claim question again with expected Poyang points as the goal, from the second
   *  worker: a line under the claim's table, the options best first by points (a claim
   *  ends 门清, so the order can differ from the chance's). */
  async function fillClaimPoints(id, ask) {
    const progress = h("progress", { class: "mj-az-claim-points-progress",
      "aria-label": t("claimPointsAria") });
    const note = h("span", { class: "mj-az-claim-points-note" });
    const line = h("div", { class: "mj-az-claim-points-status", role: "status" }, progress,
      " ", note);
    result.append(line);
    root.dataset.claimPoints = "pending";
    const t0 = performance.now();
    const reply = await slowAnswer("answer_claim_points", ask, () => {
      note.textContent = t("claimPointsTick",
        { seconds: ((performance.now() - t0) / 1000).toFixed(0) });
    });
    if (id !== state.latest) return; // a newer question has replaced the claim
    progress.remove();
    if (!reply || reply.error || !reply.options) {
      root.dataset.claimPoints = "failed";
      note.textContent = t("claimPointsFailed",
        { why: msg(reply && reply.error) || t("stopped") });
      return;
    }
    const option = (o) => h("li", {
      "data-kind": o.kind, "data-meld": o.meld, "data-discard": o.discard ? o.discard.tile : "",
      "data-points": String(o.expected_points), "data-win": String(o.win),
    }, CLAIM_KINDS[o.kind] ?? o.kind, o.meld ? [" ", h("code", {}, o.meld)] : null,
    o.discard ? [t("thenDiscard"), tileCell(o.discard.tile, o.discard.zh, o.discard.en)]
      : null,
    t(ask.opponents ? "optionPointsRace" : "optionPoints",
      { points: o.expected_points.toFixed(2), win: percent(o.win) }));
    line.replaceChildren(h("b", {}, t("claimPointsTitle")), t("claimPointsOrder"),
    h("ol", { class: "mj-az-claim-points" }, reply.options.map(option)));
    root.dataset.claimPoints = "done";
  }

  /** A column of the discard table computed later: its head (``short``, and ``long``
   *  what it means: nameColumn), and a cell per row (by tile) showing "…" until it is
   *  filled. */
  function addColumn(table, kind, short, long) {
    const head = headCell(kind, short, long);
    table.querySelector("thead tr").append(head);
    const cells = new Map();
    for (const row of table.querySelectorAll("tbody tr")) {
      const cell = h("td", { class: `mj-az-num mj-az-${kind}` }, "…");
      cells.set(row.dataset.tile, cell);
      row.append(cell);
    }
    showLegend(table);
    return { head, cells };
  }

  /** A slow answer (askSlow), ``tick`` called every second meanwhile (and ``onPart``
   *  with each part of it, at four seats); a worker that could not start is an answer
   *  with its error. */
  async function slowAnswer(question, ask, tick, onPart, worker = 0, before = null) {
    tick();
    const timer = setInterval(tick, 1000);
    try {
      if (before) {  // the same worker answers ``before`` (a floor) first: {question, ask,
        // done (called with its reply; false: ask no more)}
        const reply = await askSlow(root, before.question, before.ask, undefined, worker);
        if (!before.done(reply)) return null;
        return await askSlow(root, question, ask, onPart, worker, true);
      }
      return await askSlow(root, question, ask, onPart, worker);
    } catch (error) {
      return { error: t("secondWorker", { message: msg(error.message) }) };
    } finally {
      clearInterval(timer);
    }
  }

  /** A column that could not be filled: "–" in each cell, the reason in its tooltip. */
  function failColumn(column, why) {
    for (const cell of column.cells.values()) {
      cell.textContent = "–";
      cell.classList.remove("mj-az-at-least");
      cell.title = why;
    }
    dropFloorNote();
  }

  /** The line saying what "≥" means, once no cell shows a floor. */
  function dropFloorNote() {
    if (!result.querySelector("td.mj-az-at-least")) {
      result.querySelector(".mj-az-at-least-note")?.remove();
    }
  }

  /** The line under the table saying what the approximate answers of ``reply`` are and
   *  their measured error (the bridge's ``approximate``), after ``after``: once a table,
   *  however many columns have them. */
  function noteApproximate(reply, after) {
    if (!reply.approximate) return;
    const shown = [...result.querySelectorAll(".mj-az-approximate-note")];
    if (shown.some((line) => line.dataset.note === reply.approximate)) return;
    after.after(h("p", { class: "mj-az-approximate-note", role: "note",
      "data-note": reply.approximate }, h("b", {}, t("approximateMark", { mark: APPROXIMATE })),
    t("colonSpace"), msg(reply.approximate)));
  }

  /** The slow columns, from the second worker: the chance of winning after each discard,
   *  then (``answer.points``: Poyang rules) the expected points; ``ask`` is the question
   *  {hand, rules, visible, wild, handChanges, fourSeats, opponents, turn} this table
   *  answers.  Each is dropped if a newer question (hand, box, menu or switch) has
   *  replaced the table meanwhile. */
  async function fillChances(id, answer, ask) {
    const table = result.querySelector(".mj-az-discards");
    if (!table) return;
    let four = null; // four seats' columns, after the player's alone in the table
    const alone = { ...ask, fourSeats: "off", opponents: false, turn: 1 }; // never raced
    // at four seats the table follows the four-seat chance, unless the reader chose
    const order = () => (ask.fourSeats === "off" || state.orderChosen ? state.order : "four");
    await fillAlone(id, answer, alone, table, () => {
      if (ask.fourSeats === "off") return;
      four = { win: addColumn(table, "four", t(ask.fourSeats === "calls" ? "colFourCalls"
        : "colFour"), fourLong("colFourLong", ask, "…", ask.turn)),
      onDiscard: addColumn(table, "four-discard", t("colOnDiscard"), t("colOnDiscardLong")) };
      root.dataset.fourChances = "pending";
    }, order, ask.fourSeats === "off" ? null : async () => {
      // the four-seat columns are computed first: they answer what the seats menu asks
      if (id === state.latest) await fillFourSeats(id, answer, ask, table, four);
    });
  }

  /** The columns of the player alone: the chance of winning after each discard, then
   *  (``answer.points``: Poyang rules) the expected points; ``addMore`` adds the columns
   *  that follow them, ``first`` (or null) fills those before these are computed, and
   *  ``order()`` is the order the table then offers. */
  async function fillAlone(id, answer, ask, table, addMore, order, first) {
    const policy = t(ask.handChanges ? "policyChanges" : "policyProgress");
    const chance = addColumn(table, "chance", t("colChance"),
      t("colChanceLong", { draws: DRAWS, policy }));
    const points = answer.points ? addColumn(table, "points", t("colPoints"),
      t("colPointsLong", { draws: DRAWS, policy })) : null;
    addMore();
    const progress = h("progress", { class: "mj-az-chance-progress",
      "aria-label": t("chanceAria") });
    const note = h("span", { class: "mj-az-chance-note" });
    const chanceLine = h("p", { class: "mj-az-chance-status", role: "status" }, progress, " ",
      note);
    const pointsNote = h("span", { class: "mj-az-points-note" },
      points ? t("pointsLater") : msg(answer.points_note));
    legendOf(table).after(chanceLine);
    if (points || answer.points_note) {
      chanceLine.after(h("p", { class: "mj-az-points-status", role: "status" }, pointsNote));
    }
    root.dataset.chances = "pending";
    if (points) root.dataset.points = "pending";
    // with hand changes, this question's answers without them (keep only progress) are a
    // floor: hand changes only add choices. Shown as "≥" until these come: at once where
    // the page has them already, else as soon as they are computed, by the slow workers
    // that answer nothing with hand changes (beyond the first two, or beyond the first
    // where there is no points column), or, where none is left, the chance's by the first
    // worker before its own question (the points with hand changes, on the second, take
    // about as long as both)
    const without = { ...ask, handChanges: false };
    const floors = ask.handChanges ? [
      [chance, "answer_chances", "chances", (e) => percent(e.win), "atLeastChance"],
      [points, "answer_points", "points", (e) => e.expected_points.toFixed(2), "atLeastPoints"],
    ].filter(([column]) => column) : [];
    /** Show a floor where its answer is kept and this column still waits: true if so. */
    const showFloor = ([column, question, list, shown, title]) => {
      const kept = keptAnswer(question, without, list);
      if (!kept || id !== state.latest || root.dataset[list] !== "pending") return false;
      for (const entry of kept[list]) {
        const cell = column.cells.get(entry.tile);
        if (!cell) continue;
        cell.textContent = `≥ ${shown(entry)}`;
        cell.classList.add("mj-az-at-least");
        cell.title = t(title, { value: shown(entry) });
      }
      if (!result.querySelector(".mj-az-at-least-note")) {
        (points || answer.points_note ? pointsNote.parentElement : chanceLine).after(
          h("p", { class: "mj-az-at-least-note", role: "note" }, t("atLeastNote")));
      }
      return true;
    };
    const missing = floors.filter((floor) => !showFloor(floor));
    if (first) {
      note.textContent = t("aloneLater");
      await first();
      if (id !== state.latest) return;
    }
    const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(0);
    const t0 = performance.now();
    const busy = points ? 2 : 1; // the workers asked with hand changes (or without)
    const spare = Math.max(chanceEngines.length - busy, 0);
    // (unless the page keeps its answer, inexact: the floor's question must be asked
    // anew, so that it stops the busy workers, as the question it goes before would)
    const floorFirst = spare === 0 && missing[0] && missing[0][0] === chance
      && !slowAnswers.has(slowQuestion(missing[0][1], without).key) ? missing[0] : null;
    const chancesAsked = slowAnswer("answer_chances", ask, () => {
      note.textContent = t("chanceTick", { policy, seconds: seconds(t0) });
    }, undefined, 0, floorFirst && { question: floorFirst[1], ask: without,
      done: (floor) => {
        if (!floor || id !== state.latest) return false;
        showFloor(floorFirst);
        return true;
      } });
    // the expected points at the same time, from the other slow worker
    const pointsProgress = h("progress", { class: "mj-az-points-progress",
      "aria-label": t("pointsAria") });
    let pointsAsked = null;
    let pointsShown = false; // the points line says how they ended: no more ticks
    if (points) {
      pointsNote.before(pointsProgress, " ");
      const p0 = performance.now();
      pointsAsked = slowAnswer("answer_points", ask, () => {
        if (pointsShown) return;
        pointsNote.textContent = t("pointsTick", { policy, seconds: seconds(p0) });
      }, undefined, 1).then((scored) => ({ scored, took: seconds(p0) }));
    }
    // the floors the page does not have, each from a spare slow worker (asked after the
    // others: a question not alongside stops the busy workers)
    missing.slice(0, spare).forEach((floor, n) => {
      askSlow(root, floor[1], without, undefined, busy + n).then(() => showFloor(floor),
        () => {});
    });
    const reply = await chancesAsked;
    if (id !== state.latest) return; // a newer question has replaced this table
    progress.remove();
    if (!reply || reply.error || !reply.chances) {
      pointsProgress.remove();
      pointsShown = true;
      root.dataset.chances = "failed";
      const why = msg(reply && reply.error) || t("stopped");
      note.textContent = t(ask.handChanges ? "chanceFailedChanges" : "chanceFailed", { why });
      failColumn(chance, why);
      if (points) {
        root.dataset.points = "failed";
        pointsNote.textContent = t("pointsNotEither");
        failColumn(points, pointsNote.textContent);
      }
      return;
    }
    const draws = reply.draws;
    // too far for hand changes, the answer keeps only progress (marked, and said here)
    const fellBack = ask.handChanges && reply.chances.some((e) => e.exact === false);
    const played = fellBack ? t("policyFellBack") : policy;
    nameColumn(chance.head, t("colChance"), t("colChanceLong", { draws, policy: played }));
    if (points) {
      nameColumn(points.head, t("colPoints"), t("colPointsLong", { draws, policy: played }));
    }
    for (const entry of reply.chances) {
      const cell = chance.cells.get(entry.tile);
      if (!cell) continue;
      cell.textContent = `${(100 * entry.win).toFixed(1)}%`;
      cell.classList.remove("mj-az-at-least");
      cell.dataset.win = String(entry.win);
      cell.title = t("readyWithinDraws", { draws,
        chance: `${(100 * entry.tenpai).toFixed(1)}%` });
      markApproximate(cell, entry);
    }
    note.textContent = t("chanceDone", { draws, policy: played, seconds: seconds(t0) });
    noteApproximate(reply, chanceLine);
    table.dataset.draws = String(draws);
    offerOrders(table, order());
    dropFloorNote();
    root.dataset.chances = "done";
    if (!points) return;
    const { scored, took } = await pointsAsked;
    if (id !== state.latest) return;
    pointsProgress.remove();
    if (!scored || scored.error || !scored.points) {
      root.dataset.points = "failed";
      const why = msg(scored && scored.error) || t("stopped");
      pointsNote.textContent = t("pointsFailed", { why });
      failColumn(points, why);
      return;
    }
    for (const entry of scored.points) {
      const cell = points.cells.get(entry.tile);
      if (!cell) continue;
      cell.textContent = entry.expected_points.toFixed(2);
      cell.classList.remove("mj-az-at-least");
      cell.dataset.points = String(entry.expected_points);
      cell.title = t("pointsCellTitle", { chance: `${(100 * entry.win).toFixed(1)}%`, draws });
      markApproximate(cell, entry);
    }
    pointsNote.textContent = t("pointsDone", { policy, seconds: took });
    noteApproximate(scored, pointsNote.parentElement);
    dropFloorNote();
    root.dataset.points = "done";
  }

  /** Four seats' columns (``four``: {win, onDiscard}, added by fillChances), before the
   *  player's alone: the chance of winning after each discard when the three other seats
   *  discard too and a ready hand wins on their discards (点炮胡), with calls (吃 碰) if
   *  ``ask.fourSeats`` is "calls", and the part of it won on a discard; then, under Poyang
   *  rules, the expected points there, a column only if mjcore computes them (else its
   *  message in a line).  mjcore's refusal (hand changes, a wild tile) is shown as it
   *  says it. */
  async function fillFourSeats(id, answer, ask, table, four) {
    const calls = ask.fourSeats === "calls";
    const what = t(calls ? "fourSeatsCalls" : "fourSeats");
    const first = ask.opponents ? t("beforeAnyone") : ""; // the race
    let how = `discard_wins=True${calls ? ", calls=True" : ""}`;
    const progress = h("progress", { class: "mj-az-four-progress",
      "aria-label": t("fourAria") });
    const note = h("span", { class: "mj-az-four-note" });
    const line = h("p", { class: "mj-az-four-status", role: "status" }, progress, " ", note);
    const lines = result.querySelectorAll(".mj-az-chance-status, .mj-az-points-status");
    (lines.length ? lines[lines.length - 1] : legendOf(table)).after(line);
    const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(0);
    // the discards answered so far (each worker's group comes in two parts), out of all
    const rows = four.win.cells.size;
    let answered = 0;
    const soFar = () => (answered ? t("fourSoFar", { done: answered, all: rows }) : "");
    /** The two cells of each entry: the chance of winning, and the part on a discard. */
    const fillCells = (entries, draws) => {
      for (const entry of entries) {
        const cell = four.win.cells.get(entry.tile);
        const part = four.onDiscard.cells.get(entry.tile);
        if (!cell) continue;
        cell.textContent = percent(entry.win);
        cell.dataset.win = String(entry.win);
        cell.title = t("readyWithinTurns", { draws, chance: percent(entry.tenpai) });
        part.textContent = percent(entry.discard_win);
        part.dataset.discardWin = String(entry.discard_win);
        part.title = entry.win > 0
          ? t("discardShare", { share: percent(entry.discard_win / entry.win) }) : "";
        markApproximate(cell, entry);
        markApproximate(part, entry);
      }
    };
    let t0 = performance.now();
    const tick = () => {
      note.textContent = t("fourTick", { first, what, seconds: seconds(t0) }) + soFar();
    };
    const reply = await slowAnswer("answer_chances", ask, tick, (part) => {
      if (id !== state.latest) return;
      fillCells(part.chances, part.draws);
      answered += part.chances.length;
      tick();
    });
    if (id !== state.latest) return; // a newer question has replaced this table
    progress.remove();
    if (!reply || reply.error || !reply.chances) {
      root.dataset.fourChances = "failed";
      const why = msg(reply && reply.error) || t("stopped");
      note.textContent = t("fourFailed", { first, what, why });
      failColumn(four.win, why);
      failColumn(four.onDiscard, why);
      return;
    }
    const draws = reply.draws;
    if (ask.opponents) how += `, opponents=True, turn=${reply.turn}`;
    nameColumn(four.win.head, four.win.head.textContent,
      fourLong("colFourLong", ask, draws, reply.turn));
    fillCells(reply.chances, draws);
    const race = !ask.opponents ? ""
      : t(draws < DRAWS ? "fourRaceShort" : "fourRace", { turn: reply.turn, draws });
    note.textContent = t("fourDone", { first, draws, what, race, seconds: seconds(t0), how });
    noteApproximate(reply, line);
    root.dataset.fourChances = "done";
    table.dataset.fourDraws = String(draws);
    if (ask.opponents) table.dataset.race = String(reply.turn);
    offerOrders(table, state.orderChosen ? state.order : "four");
    if (!answer.points) return;
    // the expected points at four seats: a column once mjcore computes them
    const pointsNote = h("span", { class: "mj-az-four-points-note" });
    const pointsLine = h("p", { class: "mj-az-four-points-status", role: "status" },
      progress, " ", pointsNote);
    line.after(pointsLine);
    progress.setAttribute("aria-label", t("fourPointsAria"));
    root.dataset.fourPoints = "pending";
    t0 = performance.now();
    answered = 0;
    let column = null; // added with the first part of the answer
    /** The column's cells of each entry of a reply (its first adds the column). */
    const fillPoints = (part) => {
      const net = part.deal_ins ? t("netOfDealIns") : "";
      column ??= addColumn(table, "four-points", t(net ? "colNetPoints" : "colFourPoints"),
        fourLong("colFourPointsLong", ask, draws, reply.turn,
          { net, policy: t(net ? "policyPushFold" : "policyProgress") }));
      for (const entry of part.points) {
        const cell = column.cells.get(entry.tile);
        if (!cell) continue;
        cell.textContent = entry.expected_points.toFixed(2);
        cell.dataset.points = String(entry.expected_points);
        markApproximate(cell, entry);
      }
    };
    const tickPoints = () => {
      pointsNote.textContent = t("fourPointsTick", { first, what, seconds: seconds(t0) }) +
        soFar();
    };
    const scored = await slowAnswer("answer_points", ask, tickPoints, (part) => {
      if (id !== state.latest || !part.points.length) return;
      fillPoints(part);
      answered += part.points.length;
      tickPoints();
    });
    if (id !== state.latest) return;
    progress.remove();
    if (!scored || scored.error || !scored.points) {
      root.dataset.fourPoints = "failed";
      const why = msg(scored && scored.error) || t("stopped");
      pointsNote.textContent = t("fourPointsFailed", { first, what, why });
      if (column) failColumn(column, why);
      return;
    }
    const net = scored.deal_ins ? t("netOfDealIns") : "";
    fillPoints(scored);
    noteApproximate(scored, pointsLine);
    pointsNote.textContent = t(net ? "fourPointsDoneNet" : "fourPointsDone", { first, what,
      seconds: seconds(t0), how: `${how}${scored.deal_ins ? ", deal_ins=True" : ""}` });
    if (scored.deal_ins) {
      pointsNote.textContent += showDealIns(table, scored, pointsLine, draws);
    } else if (scored.deal_ins_note) {
      const words = msg(scored.deal_ins_note);
      pointsLine.after(h("p", { class: "mj-az-deal-ins-note", role: "note" },
        t("sentence", { text: `${words[0].toUpperCase()}${words.slice(1)}` })));
    }
    root.dataset.fourPoints = "done";
  }

  /** Expected points at four seats with wins on discards and the race, net of deal-ins
   *  (bridge.points with ``deal_ins``): two columns, each discard's chance of dealing in
   *  before the round ends and whether best play then pushes or folds, and the answer for
   *  the best discard by net points in a line after ``pointsLine``, over ``draws`` turns.
   *  Returns the words the points' line gains: what the two columns are. */
  function showDealIns(table, scored, pointsLine, draws) {
    const dealIn = addColumn(table, "four-deal-in", t("colRoundDealIn"),
      t("colRoundDealInLong", { draws }));
    const then = addColumn(table, "four-then", t("colThen"), t("colThenLong"));
    for (const entry of scored.points) {
      const cell = dealIn.cells.get(entry.tile);
      if (!cell) continue;
      cell.textContent = percent2(entry.deal_in);
      cell.dataset.dealIn = String(entry.deal_in);
      const fold = then.cells.get(entry.tile);
      fold.textContent = t(entry.fold ? "fold" : "push");
      fold.dataset.fold = String(entry.fold);
    }
    const best = scored.points[0];
    const answer = scored.push_or_fold;
    root.dataset.pushFold = answer ?? "none";
    if (answer) {
      pointsLine.after(h("p", { class: "mj-az-push-fold", role: "note", "data-answer": answer,
        "data-tile": best.tile },
      h("b", {}, t("pushOrFold")), t("pushOrFoldLine", { answer: t(answer),
        why: PUSH_OR_FOLD[answer], tile: best.tile })));
    }
    return t("dealInsWords", { loss: scored.loss.toFixed(2) });
  }

  /** Order the discard table by ``wanted`` (a key of ORDERS) if each row has its chance
   *  there, else by the chance of winning, with a toggle button for each order whose
   *  chances are all in (and effective tiles): the rows move, nothing is recomputed. */
  function offerOrders(table, wanted) {
    const rows = [...table.tBodies[0].rows]; // in effective-tile order: renderDiscards'
    rows.sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    const keys = Object.keys(ORDERS).filter((key) => filled(rows, key));
    if (keys.length < 2) return;
    const title = result.querySelector(".mj-az-discards-title .mj-az-order-text");
    const buttons = keys.map((key) => h("button", {
      type: "button", class: "mj-az-order-button", "data-order": key,
      onclick: () => {
        state.order = key; // the reader's choice holds for the next tables
        state.orderChosen = true;
        show(key);
      },
    }, ORDERS[key].label));
    function show(order) {
      const shown = orderedRows(rows, order);
      table.tBodies[0].append(...shown);
      rows.forEach((row) => row.classList.toggle("mj-az-best", row === shown[0]));
      table.dataset.order = order;
      title.textContent = ORDERS[order].text(table);
      for (const button of buttons) {
        button.setAttribute("aria-pressed", String(button.dataset.order === order));
      }
    }
    const group = h("p", { class: "mj-az-order", role: "group",
      "aria-label": t("orderAria") }, t("orderBy"), buttons);
    const before = result.querySelector(".mj-az-order");
    if (before) before.replaceWith(group);
    else table.before(group);
    show(keys.includes(wanted) ? wanted : keys[0]);
  }

  let timer = null;
  function runSoon() {
    clearTimeout(timer);
    timer = setTimeout(() => run(), 250);
  }

  function knownCounts() {
    // The counts of the last answer, if the box still holds that hand.
    return state.counts && state.countsFor === handInput.value.trim() ? state.counts : null;
  }

  function addTile(name) {
    const counts = knownCounts();
    if (counts) {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if ((counts[name] || 0) >= COPIES) {
        say(t("tileFull", { name, copies: COPIES }));
        return;
      }
      if (total >= MAX_TILES) {
        say(t("handFull", { most: MAX_TILES }));
        return;
      }
      handInput.value = toMpsz({ ...counts, [name]: (counts[name] || 0) + 1 });
      run();
    } else {
      handInput.value = handInput.value.trim() + name;
      run({ normalize: true });
    }
  }

  function removeTile(name) {
    const counts = knownCounts();
    if (!counts || !counts[name]) return;
    handInput.value = toMpsz({ ...counts, [name]: counts[name] - 1 });
    run();
  }

  handInput.addEventListener("input", runSoon);
  visibleInput.addEventListener("input", runSoon);
  claimInput.addEventListener("input", runSoon);
  claimInput.addEventListener("input", showRace); // a claim is asked at four seats
  turnInput.addEventListener("input", runSoon);
  for (const input of [handInput, visibleInput, claimInput, turnInput]) {
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        clearTimeout(timer);
        run();
      }
    });
  }
  for (const control of [changesBox, seatsSelect, claimSeat, raceBox]) {
    control.addEventListener("change", () => {
      state.notice = "";
      run();
    });
  }
  for (const select of [rulesSelect, wildSelect]) {
    select.addEventListener("change", () => {
      // a preset with a wild tile (hongzhong) chooses it; the others keep the wild chosen
      if (select === rulesSelect && presetWild(rulesSelect.value)) {
        wildSelect.value = presetWild(rulesSelect.value);
      }
      state.notice = "";
      run();
    });
  }
  analyseButton.addEventListener("click", () => { clearTimeout(timer); run(); });
  clearButton.addEventListener("click", () => {
    handInput.value = "";
    state.counts = {};
    state.countsFor = "";
    showHand({});
    result.replaceChildren();
    say("");
    share.href = shareUrl().href;
    if (fromQuery) window.history.replaceState(null, "", shareUrl());
  });
  showRace();
  share.href = shareUrl().href;

  loadManifest().then((data) => {
    engine.pyodideVersion = data.pyodide;
    engine.downloadBytes = data.download_bytes;
    showStatus();
    rulesSelect.replaceChildren(...data.rules.map((name) =>
      h("option", { value: name }, msg(name))));
    rulesSelect.value = data.rules.includes(initial.rules) ? initial.rules : data.default_rules;
    // The wild menu: none, then 红中 (the usual wild tile), then every other tile in mpsz order.
    const option = (tile) => h("option", { value: tile.name }, t("wildOption", tile));
    const hongzhong = data.tiles.filter((tile) => tile.name === HONGZHONG);
    wildSelect.append(
      h("optgroup", { label: t("wildHongzhong") }, hongzhong.map(option)),
      h("optgroup", { label: t("wildAnyTile") },
        data.tiles.filter((tile) => tile.name !== HONGZHONG).map(option)));
    const wildAsked = initial.wild ?? presetWild(rulesSelect.value);
    const wildKnown = wildAsked === "" || data.tiles.some((tile) => tile.name === wildAsked);
    wildSelect.value = wildKnown ? wildAsked : "";
    for (const suit of "mpsz") {
      picker.append(h("div", { class: "mj-az-suit", "data-suit": suit }, data.tiles
        .filter((tile) => tile.name.endsWith(suit))
        .map((tile) => h("button", {
          type: "button", class: "mj-az-tile", "data-tile": tile.name,
          title: t("tileTitle", tile), onclick: () => addTile(tile.name),
        }, tileFace(tile.name)))));
    }
    root.dataset.picker = "ready";
    root.dataset.slowWorkers = String(chanceEngines.length);
    if (fromQuery && initial.rules !== rulesSelect.value) {
      state.notice = t("unknownRules", { rules: initial.rules,
        choices: data.rules.join(t("listComma")) });
    } else if (!wildKnown) {
      state.notice = t("unknownWild", { wild: wildAsked, tile: HONGZHONG });
    } else if (!["0", "1"].includes(initial.handChanges)) {
      state.notice = t("unknownHandChanges", { value: initial.handChanges });
    } else if (fourSeatsAsked === undefined) {
      state.notice = t("unknownFourSeats", { value: initial.fourSeats });
    } else if (!Object.hasOwn(SEATS, initial.seat)) {
      state.notice = t("unknownFrom", { value: initial.seat });
    } else if (!["0", "1"].includes(initial.race)) {
      state.notice = t("unknownRace", { value: initial.race });
    } else if (!turnKnown) {
      state.notice = t("unknownTurn", { value: initial.turn, most: MAX_TURN });
    }
    say(state.notice);
    if (fromQuery && query.get("hand")) run();
  }, (error) => {
    say(t("filesIncomplete", { message: msg(error.message) }));
  });
}

export function mountAll(scope = document) {
  for (const root of scope.querySelectorAll(".mj-analyzer")) mount(root);
}

export { mount, toMpsz };

mountAll();
