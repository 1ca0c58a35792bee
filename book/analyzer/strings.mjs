// Every word the live analyzer shows, in English and in Chinese: the one table analyzer.mjs
// reads its interface from.
//
// STRINGS: one entry per key, {en, zh}, each a template whose {name} parameters the page
// fills (text(lang, key, params)); both languages take the same parameters, except the
// ones an entry lists in ``glosses``: an English gloss of a Chinese name (a tile's "red
// dragon", a fan's "seven pairs"), which the English page shows beside the Chinese name
// and the Chinese page leaves out.
//
// PATTERNS: the messages that reach the page in English from Python (bridge.py's notes and
// mjcore's refusals, HandError) and from the worker, as [regular expression over the
// whole English message, Chinese template].  In a template {1} is the first captured
// part as it is, {@1} the captured part translated in turn (a message inside a message,
// a rule set's name); message(lang, text) tries the patterns in order.  A message no
// pattern matches is shown in English, as it came.
//
// The page's language is the document's: <html lang="zh-CN"> (any zh*) is Chinese,
// anything else English (language()).  The English texts are the page's own from before
// this table: the browser tests compare them exactly.

export const LANGUAGES = ["en", "zh"];

/** "zh" for a language tag such as "zh-CN" or "zh_Hans", else "en". */
export function language(tag) {
  return String(tag ?? "").trim().toLowerCase().startsWith("zh") ? "zh" : "en";
}

export const STRINGS = {
  // --- the workers and the site's files
  workerUnsupported: {
    en: "this browser cannot start a module Web Worker ({message})",
    zh: "这个浏览器无法启动模块 Web Worker（{message}）",
  },
  workerNotLoaded: {
    en: "the worker script analyzer/worker.mjs did not load",
    zh: "未能加载 worker 脚本 analyzer/worker.mjs",
  },
  manifestHttp: {
    en: "analyzer/manifest.json: HTTP {status}",
    zh: "analyzer/manifest.json：HTTP {status}",
  },
  secondWorker: {
    en: "the second worker could not start ({message})",
    zh: "第二个 worker 无法启动（{message}）",
  },
  stopped: { en: "the computation was stopped", zh: "计算已停止" },

  // --- the status line and the panel's messages
  statusIdle: {
    en: "Python starts in your browser when you use the analyzer.",
    zh: "用到分析器时，Python 才会在你的浏览器里启动。",
  },
  statusIdleDownload: {
    en: "Python starts in your browser when you use the analyzer (the first time it loads " +
      "about {megabytes} MB from this site).",
    zh: "用到分析器时，Python 才会在你的浏览器里启动（第一次要从本站下载约 {megabytes} MB）。",
  },
  statusLoading: {
    en: "Starting Python (Pyodide{version}) in a background worker…",
    zh: "正在后台 worker 中启动 Python（Pyodide{version}）…",
  },
  statusReady: {
    en: "Python {python} (Pyodide{version}) started in {seconds} s; mjcore answers as you type.",
    zh: "Python {python}（Pyodide{version}）已启动，用时 {seconds} 秒；边输入边由 mjcore 作答。",
  },
  statusFailed: {
    en: "Python could not start, so the analyzer cannot answer.",
    zh: "Python 无法启动，分析器无法作答。",
  },
  cannotStart: { en: "The analyzer could not start: {message}", zh: "分析器无法启动：{message}" },
  filesIncomplete: {
    en: "The analyzer's files are incomplete: {message}",
    zh: "分析器的文件不完整：{message}",
  },
  tileFull: {
    en: "{name} is already in the hand {copies} times; a tile has {copies} copies",
    zh: "手牌里已经有 {copies} 张 {name}；每种牌只有 {copies} 张",
  },
  handFull: {
    en: "the hand already has {most} tiles: click a tile in the hand to remove it first",
    zh: "手牌已经有 {most} 张：请先点击手牌里的一张牌把它去掉",
  },
  // what the address asked for and the menus cannot show (the query's names stay as typed)
  unknownRules: {
    en: "unknown rules \"{rules}\": choose one of {choices}",
    zh: "未知的规则“{rules}”：请从 {choices} 中选择",
  },
  unknownWild: {
    en: "unknown wild tile \"{wild}\": choose a tile such as {tile} from the wild menu, or none",
    zh: "未知的赖子“{wild}”：请在赖子菜单里选一张牌（如 {tile}），或选“无”",
  },
  unknownHandChanges: {
    en: "unknown hc \"{value}\": hc=1 turns hand changes on, hc=0 or none leaves them off",
    zh: "未知的 hc“{value}”：hc=1 打开改良，hc=0 或不写则不改良",
  },
  unknownFourSeats: {
    en: "unknown fs \"{value}\": fs=1 plays four seats (wins on discards), fs=calls four " +
      "seats with calls, fs=0 or none the player alone",
    zh: "未知的 fs“{value}”：fs=1 为四家（可点炮胡），fs=calls 为四家且可吃碰，" +
      "fs=0 或不写为单人",
  },
  unknownFrom: {
    en: "unknown from \"{value}\": the claim comes from left, across or right (answered " +
      "here from the left)",
    zh: "未知的 from“{value}”：舍牌来自 left（上家）、across（对家）或 right（下家）" +
      "（这里按上家作答）",
  },
  unknownRace: {
    en: "unknown race \"{value}\": race=1 lets the other seats race (at four seats), race=0 " +
      "or none leaves them out",
    zh: "未知的 race“{value}”：race=1 让他家参与竞速（四家时），race=0 或不写则不算",
  },
  unknownTurn: {
    en: "unknown turn \"{value}\": the race starts from a turn 1 to {most} (answered here " +
      "from turn 1)",
    zh: "未知的 turn“{value}”：竞速从第 1 到第 {most} 巡之间开始（这里按第 1 巡作答）",
  },

  // --- the panel's boxes, menus and buttons
  addTile: { en: "add a tile", zh: "添加一张牌" },
  addTileHint: { en: " (hover for its name)", zh: "（鼠标悬停可看牌名）" },
  addTileHintTouch: { en: " (tap one to add it)", zh: "（轻点一张即加入手牌）" },
  pickerSummary: { en: "tile picker", zh: "选牌" },
  theHand: { en: "the hand", zh: "手牌" },
  theHandHint: { en: " (click a tile to remove one copy)", zh: "（点击一张牌可去掉一张）" },
  theHandHintTouch: { en: " (tap a tile to remove one copy)", zh: "（轻点一张牌可去掉一张）" },
  hand: { en: "hand", zh: "手牌" },
  handField: { en: "hand ", zh: "手牌 " },
  handPlaceholder: {
    en: "e.g. 111222333m444s5s or 1万2万3万 东南西北",
    zh: "如 111222333m444s5s 或 1万2万3万 东南西北",
  },
  visibleAria: { en: "visible tiles", zh: "已见牌" },
  visibleField: { en: "visible ", zh: "已见牌 " },
  visiblePlaceholder: { en: "seen tiles, e.g. 55p", zh: "已经见到的牌，如 55p" },
  rules: { en: "rules", zh: "规则" },
  rulesField: { en: "rules ", zh: "规则 " },
  wildAria: { en: "wild tile", zh: "赖子" },
  wildField: { en: "wild 赖子 ", zh: "赖子 " },
  wildTitle: {
    en: "wild tile 赖子: every copy stands for any tile",
    zh: "赖子：每一张都能当任意一张牌",
  },
  none: { en: "none", zh: "无" },
  wildHongzhong: { en: "红中麻将 (hongzhong)", zh: "红中麻将" },
  wildAnyTile: { en: "any tile", zh: "任意一张牌" },
  wildOption: { en: "{name} {zh} ({en})", zh: "{name} {zh}", glosses: ["en"] },
  handChangesLabel: { en: " hand changes 手替わり", zh: " 改良" },
  handChangesTitle: {
    en: "hand changes 手替わり: the chance of winning (and the expected points) let the " +
      "player keep a draw that does not lower the shanten, trading a tile for a better " +
      "shape. Slower: seconds for a hand far from ready; one too far is answered keeping " +
      "only progress, marked ~ (approximate)",
    zh: "改良：计算胡牌概率（和期望得分）时，允许留下不降低向听数的进张，换掉一张牌以求更好的" +
      "牌型。更慢：离听牌远的手牌要算几秒；太远的手牌按只进不退作答，标上 ~（近似）",
  },
  seats: { en: "seats", zh: "座位" },
  seatsField: { en: "seats ", zh: "座位 " },
  seatsTitle: {
    en: "four seats: the three other seats each discard a tile every turn, and a ready " +
      "hand wins on them too (点炮胡); with calls the player may also claim them (碰 from " +
      "any seat, 吃 from the left). Adds columns to the discard table",
    zh: "四家：其他三家每巡各打出一张牌，听牌后也能胡他们打出的牌（点炮胡）；可吃碰时还能" +
      "吃碰这些牌（任何一家的牌都能碰，只能吃上家的牌）。舍牌表会多出几列",
  },
  seatsAlone: { en: "alone: self-drawn wins only", zh: "单人：只算自摸" },
  seatsDiscardWins: { en: "four seats: 点炮胡, wins on discards", zh: "四家：可点炮胡" },
  seatsCalls: { en: "four seats: 点炮胡 and calls 吃 碰", zh: "四家：可点炮胡，可吃碰" },
  raceLabel: { en: " others race too (opponents)", zh: " 他家竞速" },
  raceTitle: {
    en: "the race: at each turn another seat may win first, with the chance the table " +
      "of four measured for its advisor seats (Poyang or riichi rules); the chances at " +
      "four seats, and a claim's, become those of winning before anyone else. Four seats " +
      "only: choose them in the seats menu, or ask a claim",
    zh: "竞速：每一巡都可能有别家先胡，概率取自四人牌桌为参谋座位测得的数据（鄱阳麻将或" +
      "立直麻将规则）；四家的胡牌概率和吃碰胡的概率都变成抢在他家之前胡牌的概率。仅限四家：" +
      "在座位菜单里选四家，或填写别家舍牌",
  },
  turnAria: { en: "turn", zh: "巡目" },
  turnBefore: { en: "from turn ", zh: "从第 " },
  turnAfter: { en: "", zh: " 巡起" },
  turnTitle: {
    en: "your turns taken so far (1: the dealer's first 14 tiles); the race starts " +
      "after it, and the turns left are at most those the table's longest round left",
    zh: "你已经进行的巡数（1：庄家起手的 14 张）；竞速从这一巡之后开始，剩下的巡数最多为" +
      "牌桌上最长一局所剩的巡数",
  },
  claimAria: { en: "claim tile", zh: "别家舍牌" },
  claimField: { en: "claim ", zh: "别家舍牌 " },
  claimFieldTitle: {
    en: "a 13-tile hand: should it claim this discard (吃 碰 胡)?",
    zh: "13 张手牌：要不要吃、碰或胡这张舍牌？",
  },
  claimPlaceholder: { en: "a discard, e.g. 9s", zh: "一张舍牌，如 9s" },
  claimSeatAria: { en: "discarded by", zh: "打出者" },
  fromField: { en: "from ", zh: "来自 " },
  fromLeft: { en: "left 上家", zh: "上家" },
  fromAcross: { en: "across 对家", zh: "对家" },
  fromRight: { en: "right 下家", zh: "下家" },
  analyse: { en: "Analyse", zh: "分析" },
  clear: { en: "Clear", zh: "清空" },
  shareCompact: { en: "open in the analyzer page", zh: "在分析器页面打开" },
  share: { en: "link to this hand", zh: "这手牌的链接" },
  removeTile: { en: "remove one {name} ({zh}, {en})", zh: "去掉一张 {name}（{zh}）",
    glosses: ["en"] },

  // --- tiles and punctuation
  tileTitle: { en: "{name} ({zh}, {en})", zh: "{name}（{zh}）", glosses: ["en"] },
  tileNames: { en: "{zh}, {en}", zh: "{zh}", glosses: ["en"] },
  colon: { en: ":", zh: "：" },
  colonSpace: { en: ": ", zh: "：" },
  commaSpace: { en: ", ", zh: "，" },
  listComma: { en: ", ", zh: "、" },
  listOr: { en: " or ", zh: " 或 " },
  sentence: { en: "{text}.", zh: "{text}。" },

  // --- the quick answer
  handLine: { en: " ({tiles} tiles), ", zh: "（{tiles} 张），" },
  rulesLine: { en: ": {rules}", zh: "：{rules}" },
  wildLabel: { en: "wild 赖子", zh: "赖子" },
  wildLine: { en: " ({zh}, {en}): each copy stands for any tile",
    zh: "（{zh}）：每一张都能当任意一张牌", glosses: ["en"] },
  visible: { en: "visible", zh: "已见牌" },
  shantenLabel: { en: "shanten 向听", zh: "向听数" },
  shantenWin: { en: "−1: the hand is complete", zh: "−1：已经胡牌" },
  shantenReady: { en: "0: ready (听牌 tīngpái), one tile from winning",
    zh: "0：听牌，再来一张就胡" },
  shantenFar: { en: "{shanten}: at least {draws} draws from winning",
    zh: "{shanten}：至少还要摸 {draws} 张牌才能胡" },
  win: { en: "win", zh: "胡牌" },
  winYes: { en: "yes, {forms}", zh: "是，{forms}" },
  winNo: { en: "no", zh: "否" },
  formsSeparator: { en: "; ", zh: "；" },
  readings: { en: "readings", zh: "拆法" },
  readingsCount: { en: " ({count}):", zh: "（{count} 种）：" },
  readingsNone: { en: ": none as melds and a pair", zh: "：拆不成面子加一对将" },
  tileHead: { en: "tile", zh: "牌" },
  nameHead: { en: "name", zh: "名称" },
  leftHead: { en: "left", zh: "剩余" },
  total: { en: "total", zh: "合计" },
  waitsTitle: { en: "waits 听的牌", zh: "听的牌" },
  waitsTotalOne: { en: ": {total} tiles left on {count} wait",
    zh: "：共剩 {total} 张，听 {count} 种牌" },
  waitsTotalMany: { en: ": {total} tiles left on {count} waits",
    zh: "：共剩 {total} 张，听 {count} 种牌" },
  effectiveLabel: { en: "effective tiles", zh: "有效张" },
  effectiveNone: { en: ": none, no draw lowers the shanten",
    zh: "：没有，摸什么牌都不能降低向听数" },
  waits: { en: "waits", zh: "听的牌" },
  notReady: { en: ": none, the hand is not ready (not tenpai). ", zh: "：没有，还没听牌。" },
  effectiveTitle: { en: "effective tiles 有效张", zh: "有效张" },
  effectiveWhat: { en: " (a draw that lowers the shanten):", zh: "（能降低向听数的进张）：" },
  effectiveTotalOne: { en: ": {total} tiles left on {count} kind",
    zh: "：共剩 {total} 张，{count} 种牌" },
  effectiveTotalMany: { en: ": {total} tiles left on {count} kinds",
    zh: "：共剩 {total} 张，{count} 种牌" },

  // --- the discard table and its orders
  discardsTitle: { en: "which tile to discard 打哪张", zh: "打哪张" },
  orderChance: { en: "chance of winning", zh: "胡牌概率" },
  orderChanceText: {
    en: "best first by the chance of winning within {draws} draws (ties: lowest shanten, " +
      "then most effective tiles left)",
    zh: "按 {draws} 次摸牌内的胡牌概率从高到低（相同时先比向听数，再比剩余有效张）",
  },
  orderFour: { en: "four seats", zh: "四家" },
  orderFourText: {
    en: "best first by the chance of winning within {draws} turns at four seats (ties: " +
      "lowest shanten, then most effective tiles left)",
    zh: "按四家 {draws} 巡内的胡牌概率从高到低（相同时先比向听数，再比剩余有效张）",
  },
  orderFourRaceText: {
    en: "best first by the chance of winning before anyone else within {draws} turns at " +
      "four seats, from turn {turn} (ties: lowest shanten, then most effective tiles left)",
    zh: "按四家从第 {turn} 巡起 {draws} 巡内抢先胡牌的概率从高到低（相同时先比向听数，" +
      "再比剩余有效张）",
  },
  orderEffective: { en: "effective tiles", zh: "有效张" },
  orderEffectiveText: {
    en: "best first (lowest shanten, then most effective tiles left)",
    zh: "从好到差（先比向听数，再比剩余有效张）",
  },
  orderAria: { en: "order the discards by", zh: "舍牌的排序方式" },
  orderBy: { en: "order by: ", zh: "排序：" },
  approximateTitle: { en: "approximate: see the line under the table",
    zh: "近似值：见表格下方的说明" },
  approximateTitleAnd: { en: "approximate: see the line under the table; {title}",
    zh: "近似值：见表格下方的说明；{title}" },
  approximateMark: { en: "{mark} approximate", zh: "{mark} 近似" },

  // --- the columns of the discard table and the claim's: each a short head (col*), and
  // what it means with the draws or turns it was asked for (col*Long: the head's tooltip
  // and its entry in the legend under the table).  A head breaks at one place at most, so
  // it takes two lines at most: its other spaces are no-break (\u00a0), its hyphens
  // non-breaking (\u2011)
  colDiscard: { en: "discard", zh: "舍牌" },
  colDiscardLong: { en: "the tile to discard", zh: "要打出的牌" },
  colShanten: { en: "shanten", zh: "向听数" },
  colShantenLong: {
    en: "shanten 向听 after this discard: how many tiles from ready (0: ready)",
    zh: "打出这张后的向听数：离听牌还差几张（0：听牌）",
  },
  colEffective: { en: "effective tiles", zh: "有效张" },
  colEffectiveLong: {
    en: "effective tiles (copies left): after this discard, the draws that lower the " +
      "shanten, each with its copies not in the hand or visible",
    zh: "有效张（剩余张数）：打出这张后能降低向听数的进张，以及每种还剩几张（不在手牌里，也未见）",
  },
  colTotal: { en: "total", zh: "合计" },
  colTotalLong: { en: "the copies left of all these effective tiles",
    zh: "这些有效张合计剩余的张数" },
  colDanger: { en: "deal-in", zh: "点炮率" },
  colDangerLong: { en: "the chance this discard deals in now, at your turn {turn} (放炮 fàngpào)",
    zh: "在你的第 {turn} 巡现在打出这张牌点炮的概率" },
  colChance: { en: "win %", zh: "胡率" },
  colChanceLong: { en: "win within {draws} draws, self-drawn ({policy})",
    zh: "{draws} 次摸牌内自摸胡牌（{policy}）" },
  colPoints: { en: "points", zh: "期望分" },
  colPointsLong: {
    en: "expected Poyang points within {draws} draws, won self-drawn with a concealed hand " +
      "({policy})",
    zh: "{draws} 次摸牌内的鄱阳麻将期望得分，门清自摸胡牌（{policy}）",
  },
  colFour: { en: "4 seats", zh: "四家" },
  colFourCalls: { en: "4\u00a0seats +\u00a0calls", zh: "四家+吃碰" },
  colFourLong: { en: "{what}: win{first} within {draws} turns ({policy}{race})",
    zh: "{what}：{draws} 巡内{first}胡牌（{policy}{race}）" },
  colOnDiscard: { en: "on discard", zh: "点炮胡" },
  colOnDiscardLong: {
    en: "of which on a discard: the part of that chance won on another seat's discard (点炮胡)",
    zh: "其中点炮胡：上述胡牌概率中胡他家舍牌的部分",
  },
  colFourPoints: { en: "4\u2011seat points", zh: "四家期望分" },
  colNetPoints: { en: "net points", zh: "净得分" },
  colFourPointsLong: {
    en: "{what}: expected points{first} within {draws} turns{net} ({policy}{race})",
    zh: "{what}：{draws} 巡内{first}胡牌的期望得分{net}（{policy}{race}）",
  },
  colRoundDealIn: { en: "round deal\u2011in", zh: "本局点炮" },
  colRoundDealInLong: {
    en: "deal-in before the round ends, within {draws} turns: the chance of dealing in " +
      "(放炮 fàngpào) under the play for net points",
    zh: "本局结束前（{draws} 巡内）点炮的概率，按净得分打法",
  },
  colThen: { en: "then", zh: "之后" },
  colThenLong: {
    en: "push: best play keeps trying to win after this discard; fold: it gives up winning " +
      "and throws its safest tiles",
    zh: "进攻：打出这张后最佳打法继续争取胡牌；弃胡：放弃胡牌，改打最安全的牌",
  },
  colOption: { en: "option", zh: "选择" },
  colOptionLong: {
    en: "what to do with the discard: pass, win on it (胡), or claim it for a meld (碰 pèng, " +
      "吃 chī)",
    zh: "怎样处理这张舍牌：过、胡，或碰、吃组成面子",
  },
  colThenDiscard: { en: "then discard", zh: "然后打出" },
  colThenDiscardLong: { en: "the tile to discard after the 碰 or 吃 (–: none)",
    zh: "碰或吃之后要打出的牌（–：不用打）" },
  colClaimWinLong: {
    en: "win{first} within {draws} turns at four seats (wins on discards and calls, " +
      "{policy}{race})",
    zh: "四家 {draws} 巡内{first}胡牌（可点炮胡、可吃碰，{policy}{race}）",
  },
  colReady: { en: "ready", zh: "听牌" },
  colReadyLong: { en: "ready (tenpai) within {draws} turns", zh: "{draws} 巡内听牌" },
  raceFrom: { en: "; the others race too, from your turn {turn}",
    zh: "；他家也在竞速，从你的第 {turn} 巡起" },

  // --- the Poyang score of a win
  scoreTitle: { en: "Poyang score 计分", zh: "鄱阳麻将计分" },
  scoreReading: { en: ": best reading ", zh: "：最佳拆法 " },
  scoreBestOf: { en: " (best of {count})", zh: "（{count} 种拆法中最好的）" },
  wonHead: { en: "won", zh: "胡法" },
  fansHead: { en: "fans 番", zh: "番种" },
  fanHead: { en: "fan", zh: "番数" },
  pointsHead: { en: "points", zh: "得分" },
  wonOnDiscard: { en: "on a discard", zh: "点炮胡" },
  wonSelfDrawn: { en: "self-drawn 自摸", zh: "自摸" },
  fan: { en: "{name} {en} {fan}", zh: "{name} {fan}", glosses: ["en"] },
  fanBare: { en: "{name} {fan}", zh: "{name} {fan}" },
  fanCapped: { en: "{fan} (capped from {total})", zh: "{fan}（封顶，原为 {total}）" },

  // --- the claim question
  claimError: { en: "claim: {message}", zh: "吃碰胡：{message}" },
  claimTitle: { en: "claim it? 吃 碰 胡", zh: "要不要吃、碰、胡" },
  claimLine: {
    en: " ({zh}, {en}) discarded by {seat}; every option, best first by the chance of " +
      "winning within {draws} turns at four seats (wins on discards and calls, keep only " +
      "progress):",
    zh: "（{zh}）由{seat}打出；各种选择按四家 {draws} 巡内的胡牌概率从高到低排列" +
      "（可点炮胡、可吃碰，只进不退）：",
    glosses: ["en"],
  },
  claimLineRace: {
    en: " ({zh}, {en}) discarded by {seat}; every option, best first by the chance of the " +
      "win before anyone else within {draws} turns at four seats (wins on discards and " +
      "calls, keep only progress; the others race too, from turn {turn}):",
    zh: "（{zh}）由{seat}打出；各种选择按四家 {draws} 巡内抢先胡牌的概率从高到低排列" +
      "（可点炮胡、可吃碰，只进不退；他家也在竞速，从第 {turn} 巡起）：",
    glosses: ["en"],
  },
  seatLeft: { en: "the left seat (上家 shàngjiā, who plays just before you)",
    zh: "上家（就在你之前出牌）" },
  seatAcross: { en: "the seat across (对家 duìjiā)", zh: "对家" },
  seatRight: { en: "the right seat (下家 xiàjiā, who plays just after you)",
    zh: "下家（就在你之后出牌）" },
  claimPass: { en: "pass 过", zh: "过" },
  claimWin: { en: "win on it 胡", zh: "胡" },
  claimPon: { en: "碰 pèng", zh: "碰" },
  claimChi: { en: "吃 chī", zh: "吃" },
  noChi: {
    en: "No 吃 chī here: a run is claimed only from the left seat 上家, whose discard comes " +
      "just before your turn; from there this {tile} would make {melds}.",
    zh: "这里不能吃：只能吃上家的牌（上家就在你之前出牌）；如果是上家打出，这张 {tile} " +
      "能组成 {melds}。",
  },
  claimPointsAria: { en: "computing the expected points of each option",
    zh: "正在计算每种选择的期望得分" },
  claimPointsTick: {
    en: "by expected Poyang points: computing each option, in a second worker… {seconds} s",
    zh: "按鄱阳麻将期望得分：正在第二个 worker 中计算每种选择… {seconds} 秒",
  },
  claimPointsFailed: { en: "Expected points were not computed: {why}",
    zh: "未能计算期望得分：{why}" },
  thenDiscard: { en: ", then discard ", zh: "，然后打出 " },
  optionPoints: { en: ": {points} points (wins {win} playing for them)",
    zh: "：{points} 分（按得分打法，胡牌概率 {win}）" },
  optionPointsRace: { en: ": {points} points (wins {win} before anyone else playing for them)",
    zh: "：{points} 分（按得分打法，抢先胡牌概率 {win}）" },
  claimPointsTitle: { en: "By expected Poyang points", zh: "按鄱阳麻将期望得分" },
  claimPointsOrder: {
    en: ", best first (a claim ends 门清 ménqīng, the concealed hand, and its fan):",
    zh: "，从高到低（吃碰之后不再门清，也就没有门清的番）：",
  },

  // --- the deal-in column (the race)
  dealIn: { en: "deal-in", zh: "点炮" },
  dangerNone: { en: ": no column: {why}", zh: "：没有这一列：{why}" },
  dangerNotComputed: { en: "not computed for this hand", zh: "这手牌没有计算" },
  dangerCellTitle: { en: "a ready seat waits on {tile} in {share} of its hands",
    zh: "听牌的一家有 {share} 的牌型在听 {tile}" },
  dangerLegend: {
    en: ": the chance this discard, made now at your turn {turn}, deals in (放炮 fàngpào): " +
      "that one of the {seats} other seats is ready (each is {ready} of the time, as the " +
      "table of four's seats were by then) and waits on it, as its share of the ready hands " +
      "the unseen tiles make do (hover a cell for the share; mjcore.deal_in_chances).",
    zh: "：在你的第 {turn} 巡现在打出这张牌点炮的概率：其他 {seats} 家中有一家已听牌" +
      "（每家听牌的概率为 {ready}，与四人牌桌上各家到这一巡时相同），而且在听这张牌，" +
      "按未见的牌能组成的听牌牌型中听这张的比例计算（鼠标悬停在格子上可看比例；" +
      "mjcore.deal_in_chances）。",
  },

  // --- the slow columns: the player alone
  policyChanges: { en: "with hand changes", zh: "允许改良" },
  policyProgress: { en: "keep only progress", zh: "只进不退" },
  policyPushFold: { en: "keep only progress or fold", zh: "只进不退或弃胡" },
  policyFellBack: { en: "keep only progress: too far for hand changes",
    zh: "只进不退：离听牌太远，无法计算改良" },
  chanceAria: { en: "computing the chance of winning", zh: "正在计算胡牌概率" },
  atLeastChance: {
    en: "at least {value}, the chance keeping only progress: with hand changes, still being " +
      "computed, it can only be higher",
    zh: "至少 {value}，即只进不退的胡牌概率：允许改良的结果仍在计算，只会更高",
  },
  atLeastPoints: {
    en: "at least {value}, the expected points keeping only progress: with hand changes, " +
      "still being computed, they can only be higher",
    zh: "至少 {value}，即只进不退的期望得分：允许改良的结果仍在计算，只会更高",
  },
  atLeastNote: {
    en: "≥ at least: the answers keeping only progress, shown until those with hand " +
      "changes come (hand changes only add choices, so those can only be higher).",
    zh: "≥ 至少：先显示只进不退的结果，直到允许改良的结果算出（改良只增加选择，结果只会更高）。",
  },
  pointsLater: { en: "expected points: computed beside the chance of winning, in a third worker",
    zh: "期望得分：与胡牌概率同时在第三个 worker 中计算" },
  aloneLater: { en: "the player alone comes after the four-seat columns",
    zh: "单人的胡牌概率在四家各列算完后计算" },
  chanceTick: {
    en: "computing the chance of winning within the remaining draws for each discard " +
      "({policy}), in a second worker… {seconds} s",
    zh: "正在第二个 worker 中计算每张舍牌在剩余摸牌内的胡牌概率（{policy}）… {seconds} 秒",
  },
  chanceFailed: { en: "The chance of winning could not be computed: {why}",
    zh: "无法计算胡牌概率：{why}" },
  chanceFailedChanges: {
    en: "The chance of winning with hand changes could not be computed: {why}. Turn hand " +
      "changes off for the chance under keep only progress.",
    zh: "无法计算允许改良时的胡牌概率：{why}。关闭改良即可得到只进不退的胡牌概率。",
  },
  pointsNotEither: { en: "Expected points were not computed either.", zh: "期望得分也未能计算。" },
  readyWithinDraws: { en: "ready (tenpai) within {draws} draws: {chance}",
    zh: "{draws} 次摸牌内听牌：{chance}" },
  chanceDone: {
    en: "Chance of winning within {draws} draws ({policy}) computed in {seconds} s " +
      "(mjcore.win_chances).",
    zh: "{draws} 次摸牌内的胡牌概率（{policy}），用时 {seconds} 秒（mjcore.win_chances）。",
  },
  pointsAria: { en: "computing the expected points", zh: "正在计算期望得分" },
  pointsTick: {
    en: "computing the expected Poyang points of each discard ({policy}), in a third " +
      "worker… {seconds} s",
    zh: "正在第三个 worker 中计算每张舍牌的鄱阳麻将期望得分（{policy}）… {seconds} 秒",
  },
  pointsFailed: { en: "The expected points could not be computed: {why}",
    zh: "无法计算期望得分：{why}" },
  pointsCellTitle: {
    en: "playing for points, this discard wins {chance} of the time within {draws} draws",
    zh: "按得分打法，打这张在 {draws} 次摸牌内胡牌的概率为 {chance}",
  },
  pointsDone: {
    en: "Expected points (Poyang, won self-drawn with a concealed hand; {policy}) computed " +
      "in {seconds} s (mjcore.win_chances, objective \"points\").",
    zh: "期望得分（鄱阳麻将，门清自摸胡牌；{policy}），用时 {seconds} 秒" +
      "（mjcore.win_chances，objective \"points\"）。",
  },

  // --- the slow columns: four seats, the race, deal-ins
  fourSeats: { en: "four seats", zh: "四家" },
  fourSeatsCalls: { en: "four seats with calls (吃 碰)", zh: "四家（可吃碰）" },
  beforeAnyone: { en: " before anyone else", zh: "抢先" },
  fourAria: { en: "computing the chance of winning at four seats",
    zh: "正在计算四家的胡牌概率" },
  fourTick: {
    en: "computing the chance of winning{first} at {what}, wins on the other seats' " +
      "discards included, for each discard, in a second worker… {seconds} s",
    zh: "正在第二个 worker 中计算每张舍牌在{what}{first}胡牌的概率（含胡他家舍牌）… " +
      "{seconds} 秒",
  },
  fourSoFar: { en: " ({done} of {all} discards answered)", zh: "（已算出 {done}/{all} 张舍牌）" },
  fourFailed: { en: "The chance of winning{first} at {what} could not be computed: {why}",
    zh: "无法计算{what}{first}胡牌的概率：{why}" },
  readyWithinTurns: { en: "ready (tenpai) within {draws} turns: {chance}",
    zh: "{draws} 巡内听牌：{chance}" },
  discardShare: { en: "{share} of its wins come on a discard", zh: "其中 {share} 的胡牌来自点炮" },
  fourRace: {
    en: "; the others race too: from your turn {turn}, each turn may begin with another " +
      "seat's win, as often as the table of four saw it",
    zh: "；他家也在竞速：从你的第 {turn} 巡起，每巡开始时都可能有别家先胡，" +
      "频率与四人牌桌上所见相同",
  },
  fourRaceShort: {
    en: "; the others race too: from your turn {turn}, each turn may begin with another " +
      "seat's win, as often as the table of four saw it, and its longest round left " +
      "{draws} turns",
    zh: "；他家也在竞速：从你的第 {turn} 巡起，每巡开始时都可能有别家先胡，" +
      "频率与四人牌桌上所见相同，而牌桌上最长的一局只剩 {draws} 巡",
  },
  fourDone: {
    en: "Chance of winning{first} within {draws} turns at {what} (keep only progress; each " +
      "turn the right, across and left seats discard, then you draw{race}), and the part " +
      "of it won on another seat's discard (点炮胡), computed in {seconds} s " +
      "(mjcore.win_chances, {how}).",
    zh: "{what} {draws} 巡内{first}胡牌的概率（只进不退；每巡下家、对家、上家依次出牌，" +
      "然后你摸牌{race}），以及其中胡他家舍牌（点炮胡）的部分，用时 {seconds} 秒" +
      "（mjcore.win_chances，{how}）。",
  },
  fourPointsAria: { en: "computing the expected points at four seats",
    zh: "正在计算四家的期望得分" },
  fourPointsTick: {
    en: "computing the expected Poyang points{first} at {what}, in a second worker… {seconds} s",
    zh: "正在第二个 worker 中计算{what}{first}胡牌的鄱阳麻将期望得分… {seconds} 秒",
  },
  fourPointsFailed: { en: "Expected points{first} at {what} could not be computed: {why}",
    zh: "无法计算{what}{first}胡牌的期望得分：{why}" },
  netOfDealIns: { en: ", net of deal-ins", zh: "，扣除点炮" },
  fourPointsDone: {
    en: "Expected points{first} at {what} computed in {seconds} s (mjcore.win_chances, " +
      "objective \"points\", {how}).",
    zh: "{what}{first}胡牌的期望得分，用时 {seconds} 秒（mjcore.win_chances，" +
      "objective \"points\"，{how}）。",
  },
  fourPointsDoneNet: {
    en: "Expected points{first} at {what}, net of deal-ins, computed in {seconds} s " +
      "(mjcore.win_chances, objective \"points\", {how}).",
    zh: "{what}{first}胡牌的期望得分（扣除点炮），用时 {seconds} 秒（mjcore.win_chances，" +
      "objective \"points\"，{how}）。",
  },
  push: { en: "push", zh: "进攻" },
  fold: { en: "fold", zh: "弃胡" },
  pushWhy: { en: "best play keeps trying to win", zh: "最佳打法继续争取胡牌" },
  foldWhy: { en: "best play gives up winning and throws its safest tiles",
    zh: "最佳打法放弃胡牌，改打最安全的牌" },
  pushOrFold: { en: "Push or fold", zh: "进攻还是弃胡" },
  pushOrFoldLine: {
    en: ": {answer} ({why}), after {tile}, the best discard by net expected points.",
    zh: "：{answer}（{why}），指打出 {tile} 之后；{tile} 是按净期望得分最好的舍牌。",
  },
  dealInsWords: {
    en: " Deal-in: the chance of dealing in (放炮 fàngpào) before the round ends under that " +
      "play, each deal-in costing {loss} points (the table of four's mean payment); then: " +
      "whether best play keeps trying to win after the discard (push) or gives up and " +
      "throws its safest tiles (fold).",
    zh: "点炮：按此打法在本局结束前点炮的概率，每次点炮损失 {loss} 分（四人牌桌的平均支付）；" +
      "之后：打出后最佳打法是继续争取胡牌（进攻），还是放弃胡牌、改打最安全的牌（弃胡）。",
  },
};

// The English messages that come from Python (bridge.py, mjcore's HandError) and from the
// worker, and their Chinese: see the head of this file.  Each English side is the message
// with holes, compiled into a regular expression over the whole message (pattern()):
// {#} a number (digits, commas, a decimal point, a percent sign), {w} a word without
// spaces, {*} any text (as little as lets the rest match).  A RegExp may stand there too.
// The order matters where two could match: a message inside a message ("visible tiles:
// ...") comes first, so its inside is translated by the others.
const HOLES = { "{#}": "(\\d[\\d,]*(?:\\.\\d+)?%?)", "{w}": "(\\S+)", "{*}": "(.+?)" };

const SEARCH = "one or two draws ahead, valuing the hands it reaches from a table of mean chances";
const SEARCH_ZH = "只往前看一到两次摸牌，用平均概率表估算到达的手牌";
const FLOOR = "too: its chances are a floor under theirs.";
const TIES_OF_FOUR = "the table of four measured the race under the poyang and riichi rules";
export const PATTERNS = [
  // a message about one box or question, with the message inside it
  ["visible tiles: {*}", "已见牌：{@1}"],
  ["claim: {*}", "吃碰胡：{@1}"],
  ["wild: {*}", "赖子：{@1}"],
  ["hand: {*}", "手牌：{@1}"],
  ["visible: {*}", "已见牌：{@1}"],
  // names inside messages and answers: rule sets, arguments, the winning forms
  // (mjcore.hand.analysis.FORM_LABELS)
  ["poyang", "鄱阳麻将"],
  ["riichi", "立直麻将"],
  ["hongzhong", "红中麻将"],
  ["standard", "标准规则"],
  ["{*}, {w} wild", "{@1}，{2} 作赖子"],
  ["hand", "手牌"],
  ["visible", "已见牌"],
  ["wild", "赖子"],
  ["claim", "别家舍牌"],
  ["tile name", "牌名"],
  ["turn", "巡目"],
  ["seat", "座位"],
  ["rules", "规则"],
  ["draws", "摸牌次数"],
  ["four melds and a pair", "四组面子加一对将"],
  ["seven pairs 七对", "七对"],
  ["thirteen orphans 十三幺", "十三幺"],
  ["十三烂 shisanlan", "十三烂"],
  // the Poyang score's reading of a special form (mjcore.scoring.poyang.score)
  ["seven pairs", "七对"],
  ["{*} with wild tiles", "{@1}（用赖子）"],
  // reading a hand (mjcore.base.tiles.parse, tile names, the copies of a tile)
  ["{w} appears {#} times; a tile has {#} copies", "{1} 出现了 {2} 次；每种牌只有 {3} 张"],
  ["'0' at position {#}: these rules have no red fives; write 5",
    "位置 {1} 的“0”：这些规则没有红五，请写 5"],
  ["suit '{*}' at position {#} has no digits before it", "位置 {2} 的花色“{1}”前面没有数字"],
  ["{#}z is not a tile: honours are 1z-7z", "{1}z 不是牌：字牌是 1z-7z"],
  ["digits '{#}' before '{*}' have no suit", "“{2}”前面的数字“{1}”没有花色"],
  ["unknown character {*} at position {#}", "位置 {2} 有无法识别的字符 {1}"],
  ["digits '{#}' at the end have no suit letter (m, p, s or z)",
    "末尾的数字“{1}”后面没有花色字母（m、p、s 或 z）"],
  ["{*} is {#} characters long; at most {#} are read", "{@1}有 {2} 个字符，最多只读 {3} 个"],
  ["{*} is {#} tiles, not one tile", "{1} 是 {2} 张牌，不是一张"],
  ["{w}: {#} in hand and {#} visible make {#}; a tile has {#} copies",
    "{1}：手牌 {2} 张加已见 {3} 张共 {4} 张；每种牌只有 {5} 张"],
  // the hand's size (bridge.py, mjcore's analysis, shanten and searches)
  ["the hand is empty: pick tiles or type a hand such as {w}",
    "手牌是空的：请选牌，或输入一手牌，如 {1}"],
  ["{#} tiles is too many: a hand has at most {#}", "{1} 张牌太多了：一手牌最多 {2} 张"],
  ["a hand to analyse has 3n+1 tiles (waits) or 3n+2 tiles (win), at most {#}; got {#}",
    "要分析的手牌应有 3n+1 张（看听牌）或 3n+2 张（看胡牌），最多 {1} 张；这里是 {2} 张"],
  ["{w} needs 1-14 tiles and not a multiple of 3, got {#}",
    "{1} 需要 1-14 张且张数不是 3 的倍数，这里是 {2} 张"],
  ["{w} needs 3n+1 tiles ({*}), got {#}", "{1} 需要 3n+1 张牌（{2}），这里是 {3} 张"],
  ["{w} needs 3n+2 tiles ({*}), got {#}", "{1} 需要 3n+2 张牌（{2}），这里是 {3} 张"],
  ["win_chances needs 3n+1 or 3n+2 tiles (at most {#}), got {#}",
    "胡牌概率需要 3n+1 或 3n+2 张手牌（最多 {1} 张），这里是 {2} 张"],
  ["this needs a hand of 3n+1 tiles (after the discard), got {#}",
    "这里需要 3n+1 张手牌（打出一张之后），这里是 {1} 张"],
  ["hand must hold 1 to 14 tiles, got {#}", "手牌必须有 1 到 14 张，这里是 {1} 张"],
  ["objective 'points' needs a hand of 13 or 14 tiles, got {#}",
    "期望得分需要 13 或 14 张手牌，这里是 {1} 张"],
  ["claim_advice needs a 13-tile hand (the discard just made), got {#} tiles",
    "手牌应为 13 张（刚打出一张之后），这里是 {1} 张"],
  // the page's other boxes and switches (mjcore.base.checks, rules)
  ["rules must be a mjcore.Rules or one of {*}, got {*}",
    "规则必须是 mjcore.Rules 或 {1} 之一，收到的是 {2}"],
  ["{w} '{*}' have wild tiles ({w}), which this function does not take yet",
    "{@1}“{@2}”带赖子（{3}），这项计算暂不支持赖子"],
  ["{*} must be a whole number, got {*}", "{@1}必须是整数，收到的是 {2}"],
  ["{*} must be {*} or more, got {*}", "{@1}至少为 {2}，收到的是 {3}"],
  ["{*} must be at most {*}, got {*}", "{@1}最多为 {2}，收到的是 {3}"],
  ["{*} must be True or False, got {*}", "{@1}必须是 True 或 False，收到的是 {2}"],
  ["{*} must be one of {*}, got {*}", "{@1}必须是 {2} 之一，收到的是 {3}"],
  ["{*} must be a string, got {*}", "{@1}必须是字符串，收到的是 {2}"],
  // a claim (mjcore.claim_advice)
  ["{w} cannot be discarded: all four are in the hand or visible",
    "{1} 不可能被打出：四张都在手牌里或已见"],
  ["claim_advice needs at least 1 turn left (this one)", "吃碰胡至少要剩 1 巡（就是这一巡）"],
  // the race, four seats, deal-ins (bridge.py and mjcore's searches)
  [`others race too: ${TIES_OF_FOUR}, not {*}`,
    "他家竞速：四人牌桌只测了鄱阳麻将和立直麻将规则下的竞速，没有{@1}"],
  ["opponents=True reads the table's race, measured under the poyang and riichi rules, " +
    "not {*}: pass the chances by turn instead",
  "他家竞速用的是四人牌桌测得的数据，只有鄱阳麻将和立直麻将规则，没有{@1}：请改为逐巡给出概率"],
  ["opponents race at four seats: use discard_wins=True or calls=True",
    "他家竞速只在四家时计算：请选四家（discard_wins=True 或 calls=True）"],
  ["opponents: the curve covers the player's turns 1 to {#}, and turn {#} with {#} draws " +
    "needs turn {#}",
  "他家竞速：数据只覆盖你的第 1 到第 {1} 巡，而从第 {2} 巡起再走 {3} 巡要到第 {4} 巡"],
  ["four seats (discard_wins, calls) with hand_changes are not modelled yet: use one or " +
    "the other", "四家（点炮胡、吃碰）暂不能与改良同时计算：请二选一"],
  ["four seats (discard_wins, calls) under wild rules ({*}) are not modelled yet",
    "四家（点炮胡、吃碰）暂不支持带赖子的规则（{@1}）"],
  ["with four seats each turn shows 4 tiles: {#} turns need {#}, only {#} are unseen",
    "四家时每巡要亮出 4 张牌：{1} 巡需要 {2} 张，未见的牌只剩 {3} 张"],
  ["cannot draw {#} tiles: only {#} are unseen", "无法摸 {1} 张牌：未见的牌只剩 {2} 张"],
  ["objective 'points' scores Poyang hands: use the poyang rules, not {*}",
    "期望得分只计算鄱阳麻将：请用鄱阳麻将规则，而不是{@1}"],
  ["deal_ins weighs wins against losses: use objective='points'",
    "点炮要在胡牌和损失之间权衡：请按期望得分计算（objective='points'）"],
  ["deal_ins plays four seats with wins on discards and no calls: use discard_wins=True " +
    "(calls with deal-ins are not modelled yet)",
  "点炮只在四家可点炮胡、不吃碰时计算：请用 discard_wins=True（吃碰加点炮暂不支持）"],
  ["deal_ins reads the Poyang table's seats: use the poyang rules, not {*}",
    "点炮用的是鄱阳麻将牌桌的数据：请用鄱阳麻将规则，而不是{@1}"],
  ["ready: the table has no curve for rules '{*}'; pass ready= a chance or a list of " +
    "chances by discard",
  "听牌率：牌桌没有规则“{@1}”的数据；请用 ready= 给出一个概率或逐张的概率列表"],
  // a question too big to answer (mjcore.play.bestplay.limits)
  ["calls are searched for hands at most {#} from ready, this one is {#}: use discard_wins " +
    "alone",
  "可吃碰的搜索只支持向听数不超过 {1} 的手牌，这手牌是 {2} 向听：请改为只点炮胡、不吃碰"],
  ["points with calls are searched for hands at most {#} from ready, this one is {#}: use " +
    "objective 'win'",
  "可吃碰时的期望得分只支持向听数不超过 {1} 的手牌，这手牌是 {2} 向听：请改算胡牌概率"],
  ["this hand needs more than {#} positions to search; try a hand closer to ready or fewer " +
    "draws", "这手牌要搜索超过 {1} 个局面；请换一手更接近听牌的牌，或减少摸牌次数"],
  ["with hand changes this hand needs more than {#} positions to search ({#} within two " +
    "draws already); try a hand closer to ready, fewer draws or no hand changes",
  "允许改良时这手牌要搜索超过 {1} 个局面（两次摸牌内就已有 {2} 个）；请换一手更接近听牌的牌、" +
    "减少摸牌次数或关闭改良"],
  ["with wild tiles this hand needs more than {#} shanten evaluations to search; try a " +
    "hand closer to ready or fewer draws",
  "有赖子时这手牌要算超过 {1} 次向听数；请换一手更接近听牌的牌，或减少摸牌次数"],
  // the notes of the slow columns (bridge.py, mjcore.play.approximate)
  ["no expected points with a wild tile: mjcore scores them under Poyang rules without one",
    "有赖子时没有期望得分：mjcore 只计算不带赖子的鄱阳麻将得分"],
  ["no expected points for {#} tiles: mjcore scores them for a hand of {#}",
    "{1} 张牌没有期望得分：mjcore 只为 {2} 张的手牌计算"],
  ["no expected points for this claim: with calls mjcore scores hands at most {#} from " +
    "ready, this one is {#}",
  "这次吃碰胡没有期望得分：可吃碰时 mjcore 只计算向听数不超过 {1} 的手牌，这手牌是 {2} 向听"],
  ["deal-ins are counted only at four seats with wins on discards and no calls (four " +
    "seats: 点炮胡, wins on discards): with calls the expected points leave them out",
  "只有四家可点炮胡、不吃碰时才计算点炮（四家：可点炮胡）：可吃碰时期望得分不计点炮"],
  ["{*} Its search may also look only {*}", "{@1}它的搜索也可能{@2}"],
  [`${SEARCH}; {*}.`, `${SEARCH_ZH}；{@1}。`],
  [`the hand is too far from ready for the exact search, so the search looks ${SEARCH}; {*}.`,
    `这手牌离听牌太远，无法精确搜索，所以${SEARCH_ZH}；{@1}。`],
  ["the hand is too far from ready for the search with hand changes, so the answer keeps " +
    `only progress, a play open with hand changes ${FLOOR}`,
  "这手牌离听牌太远，无法搜索改良，所以按只进不退作答；允许改良时也能这样打，" +
    "所以这个概率是改良时概率的下限。"],
  ["the hand is too far from ready for the search with calls, so the answer plays four " +
    `seats without calls, a play open with calls ${FLOOR}`,
  "这手牌离听牌太远，无法搜索吃碰，所以按四家不吃碰作答；可吃碰时也能这样打，" +
    "所以这个概率是可吃碰时概率的下限。"],
  ["on {#} {w} deals the exact search solves, such chances were off by {#} percentage " +
    "points on average, {#} at worst, and the best discard was the exact one in at least " +
    "{#} of them",
  "在精确搜索能解的 {1} 局{@2}牌局上，这类概率平均相差 {3} 个百分点，最多相差 {4} 个，" +
    "且至少 {5} 的牌局里最佳舍牌与精确结果相同"],
  // a bug, and the worker's start (bridge._as_json, worker.mjs)
  ["mjcore failed on this hand ({*}); please report it",
    "mjcore 算这手牌时出错（{1}）；请报告这个问题"],
  ["{*} is missing from the site (HTTP {#}); the analyzer's files are copied in by " +
    "`make book`", "网站缺少 {1}（HTTP {2}）；分析器的文件由 `make book` 复制到网站里"],
  ["cannot load pyodide/pyodide.mjs from the site ({*})",
    "无法从本站加载 pyodide/pyodide.mjs（{1}）"],
  ["the analyzer's worker has no question {*}", "分析器的 worker 没有“{1}”这个问题"],
].map(([english, zh]) => [pattern(english), zh]);

/** The regular expression of a message with holes (see PATTERNS): the whole message. */
export function pattern(english) {
  if (english instanceof RegExp) return english;
  const source = english.split(/(\{[#w*]\})/).map((part) => HOLES[part] ??
    part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("");
  return new RegExp(`^${source}$`, "s");
}

/** ``template`` with each {name} replaced by ``params[name]`` (a name it lacks stays). */
function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}

/** The text of ``key`` in ``lang`` ("en" or "zh") with ``params`` filled in; an unknown
 *  key is shown as itself. */
export function text(lang, key, params = {}) {
  const entry = STRINGS[key];
  if (!entry) return key;
  return fill(entry[lang] ?? entry.en, params);
}

/** The pattern of PATTERNS that matches ``message`` whole, with its match, or null. */
export function messagePattern(message) {
  for (const [pattern, template] of PATTERNS) {
    const found = pattern.exec(message);
    if (found) return { pattern, template, found };
  }
  return null;
}

/** An English message from Python or the worker in ``lang``: in Chinese by the first
 *  pattern that matches it, else as it came (and always as it came in English). */
export function message(lang, english, depth = 0) {
  if (lang === "en" || typeof english !== "string" || !english || depth > 8) return english;
  const match = messagePattern(english);
  if (!match) return english;
  return match.template.replace(/\{(@?)(\d+)\}/g, (whole, nested, index) => {
    const part = match.found[Number(index)] ?? "";
    return nested ? message(lang, part, depth + 1) : part;
  });
}
