"""The analyzer's words (book/analyzer/strings.mjs), read by Node: both languages of each
key, and the Chinese of the English messages Python sends the page.

``STRINGS`` holds every word of the panel by key, in English and Chinese, with the same
parameters in both (but the English glosses a key lists).  ``PATTERNS`` turn the English
messages of bridge.py and mjcore (its refusals, HandError, and the notes of the slow
columns) into Chinese: each message a reader can bring about from the page is made here,
by the bridge under CPython or by the mjcore check that words it, and must be matched.
The English page shows every message as it came.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
from types import SimpleNamespace

import pytest
from conftest import ROOT, missing

from mjcore.base.checks import HandError
from mjcore.base.rules import POYANG, PRESETS, RIICHI, WILD_PRESETS, with_wild
from mjcore.base.tiles import parse
from mjcore.hand.analysis import FORM_LABELS
from mjcore.play.approximate import approximate_note
from mjcore.play.bestplay import limits

STRINGS_FILE = ROOT / "book" / "analyzer" / "strings.mjs"
BRIDGE_FILE = ROOT / "book" / "analyzer" / "bridge.py"

READ = """
import { STRINGS, PATTERNS, message, messagePattern, language, text }
  from %s;
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const messages = JSON.parse(input);
  const out = {
    strings: STRINGS,
    patterns: PATTERNS.map(([pattern, zh]) => ({ source: pattern.source, flags: pattern.flags,
      groups: new RegExp(`${pattern.source}|`).exec("").length - 1, zh })),
    languages: Object.fromEntries(["zh-CN", "zh", "ZH_tw", "en", "en-GB", "", "fr"].map(
      (tag) => [tag, language(tag)])),
    english: Object.fromEntries(Object.keys(STRINGS).map((key) => [key, text("en", key)])),
    messages: messages.map((english) => ({ english, zh: message("zh", english),
      en: message("en", english), matched: messagePattern(english) !== null })),
  };
  process.stdout.write(JSON.stringify(out));
});
"""

PARAMETER = re.compile(r"\{(\w+)\}")
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
# Latin words the Chinese may keep: names of programs and code (mjcore, objective "points"
# as the status lines quote the call), units, and the address's own parameters (hc=1,
# fs=calls, from=left, ...: the reader types them as they are).
KEPT = {"Python", "Pyodide", "Web", "Worker", "worker", "analyzer", "mjcore", "objective",
        "points", "HTTP", "MB", "hc", "fs", "race", "turn", "from", "left", "across", "right"}


def load_bridge():
    spec = importlib.util.spec_from_file_location("mj_analyzer_bridge_strings", BRIDGE_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def refusal(check, *args) -> str:
    """The message of a mjcore check that refuses ``args``."""
    with pytest.raises(HandError) as refused:
        check(*args)
    return str(refused.value)


def page_messages() -> list[str]:
    """Every English message from Python a reader can bring about from the page: bad hand
    text, a wrong size, too many copies, bad visible tiles, a bad address (rules, wild
    tile, turn), a claim mjcore cannot answer, rules without the race, a question too
    big to answer, and the notes of the slow columns; with the names the page shows
    through the same table (rule sets, winning forms, the Poyang score's readings)."""
    bridge = load_bridge()
    h14, h13 = "12389m456p78s9p11z4z", "12389m456p78s11z4z"
    errors = [
        bridge.analysis(hand, rules, visible, wild)["error"]
        for hand, rules, visible, wild in [
            ("1112z8z", "poyang", "", ""), ("111m", "poyang", "", ""),
            ("", "poyang", "", ""), ("1111222233334444m", "poyang", "", ""),
            ("11111m", "poyang", "", ""), ("05m", "poyang", "", ""), ("m1", "poyang", "", ""),
            ("12東", "poyang", "", ""), ("12x", "poyang", "", ""), ("123", "poyang", "", ""),
            ("1" * 1001, "poyang", "", ""), ("1112345678999m", "poyang", "11m", ""),
            ("111m", "poyang", "8z", ""), ("111m", "poyang", "5m5", ""),
            ("111m", "xyz", "", ""), ("111m", "poyang", "", "8z"),
            ("111m", "poyang", "", "12m"), ("111m", "poyang", "", "x" * 50)]]
    errors += [
        bridge.chances(h14, rules, "", wild, changes, None, seats, race, turn)["error"]
        for rules, wild, changes, seats, race, turn in [
            ("poyang", "", True, "discard_wins", False, 1),
            ("poyang", "7z", False, "calls", False, 1),
            ("poyang", "", False, "calls", True, 16), ("poyang", "", False, "calls", True, 0),
            ("poyang", "", False, "calls", True, ""),
            ("standard", "", False, "calls", True, 3)]]
    errors.append(bridge.points(h14, "riichi")["error"])
    errors += [bridge.claim(hand, tile, seat, "poyang", visible)["error"]
               for hand, tile, seat, visible in [
                   (h14, "9s", "left", ""), (h13, "8z", "left", ""), (h13, "12m", "left", ""),
                   (h13, "9s", "left", "9999s"), ("2468m13579p246s1z", "3z", "across", ""),
                   (h13, "9s", "north", "")]]
    errors += [bridge.danger(h14, rules, "", wild, True, turn)["error"]
               for rules, wild, turn in [("standard", "", 3), ("poyang", "7z", 3),
                                         ("poyang", "", 16)]]
    assert all(errors), errors  # each of them a message
    errors.append(json.loads(bridge._as_json(lambda: 1 / 0))["error"])  # a bug, reported
    # the bounds of the searches (mjcore.play.bestplay.limits), each as it words it
    far = parse("2468m13579p246s1z")
    errors += [refusal(limits._refuse), refusal(limits._refuse_early, 123_456),
               refusal(limits._refuse_wild), refusal(limits._check_draws, 17, 12),
               refusal(limits._check_calls_shanten, far, POYANG, True),
               refusal(limits._check_four_seats, 17, 60, POYANG, False),
               refusal(limits._check_opponents, True, 15, 17, RIICHI, True),
               refusal(limits._check_opponents, True, 1, 17, with_wild(POYANG, "7z"), True),
               refusal(limits._check_deal_ins, True, "win", True, False, POYANG),
               refusal(limits._check_deal_ins, True, "points", True, True, POYANG),
               refusal(limits._check_deal_ins, True, "points", True, False, RIICHI)]
    notes = [bridge.points_column(with_wild(POYANG, "7z"), 14)[1],
             bridge.points_column(POYANG, 11)[1], bridge.DEAL_INS_NOTE,
             bridge.claim("1379m258p46s1237z", "3z", "across")["points_note"]]
    far_answer = [SimpleNamespace(exact=False)]
    notes += [approximate_note(far_answer, hand_changes=changes, calls=calls, rules=rules)
              for changes, calls, rules in [
                  (True, False, "poyang"), (True, False, "riichi"), (False, True, "poyang"),
                  (False, True, "riichi"), (False, False, "riichi"),
                  (False, False, "hongzhong"), (True, False, "hongzhong")]]
    names = [*PRESETS, *WILD_PRESETS, with_wild(POYANG, "7z").name,
             with_wild(RIICHI, "5z").name, *FORM_LABELS.values(), "seven pairs",
             "seven pairs with wild tiles", "十三烂 with wild tiles"]
    return errors + notes + names


# What the worker says when the site lacks its files (worker.mjs), as it words it.
WORKER_MESSAGES = [
    "/analyzer/bridge.py is missing from the site (HTTP 404); the analyzer's files are "
    "copied in by `make book`",
    "cannot load pyodide/pyodide.mjs from the site (Failed to fetch dynamically imported "
    "module)",
]


def read_table(messages: list[str]) -> dict:
    """strings.mjs as Node reads it, with ``messages`` in both languages."""
    node = shutil.which("node")
    if node is None:
        missing("node is not installed: apt-get install nodejs")
    script = READ % json.dumps(STRINGS_FILE.as_uri())
    run = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=False, input=json.dumps(messages))
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.fixture(scope="module")
def table() -> dict:
    return read_table([*page_messages(), *WORKER_MESSAGES, "a message no pattern knows"])


def test_every_key_has_both_languages_with_the_same_parameters(table: dict) -> None:
    strings = table["strings"]
    assert len(strings) > 200
    for key, entry in strings.items():
        assert set(entry) <= {"en", "zh", "glosses"}, key
        en, zh = entry["en"], entry["zh"]
        assert isinstance(en, str) and isinstance(zh, str) and zh, key
        glosses = set(entry.get("glosses", []))
        english = set(PARAMETER.findall(en))
        assert glosses <= english, key
        assert set(PARAMETER.findall(zh)) == english - glosses, key
        assert table["english"][key] == en  # an English text is its template, as it is


def test_the_chinese_is_chinese(table: dict) -> None:
    """Each Chinese text without its parameters is in Chinese characters, but for the names
    of programs and code, units and the address's own parameters."""
    for key, entry in table["strings"].items():
        zh = PARAMETER.sub("", entry["zh"])
        words = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\b\w+(\.\w+)+\b|\w+=\w*", "", zh)))
        assert words <= KEPT, (key, words - KEPT)
        if entry["en"].strip(" .:,;()") and zh.strip():
            assert CJK.search(zh) or entry["en"] == zh, key


def test_the_page_language_is_the_documents(table: dict) -> None:
    assert table["languages"] == {"zh-CN": "zh", "zh": "zh", "ZH_tw": "zh", "en": "en",
                                  "en-GB": "en", "": "en", "fr": "en"}


def test_patterns_match_whole_messages_and_name_their_parts(table: dict) -> None:
    assert len(table["patterns"]) > 60
    for entry in table["patterns"]:
        assert entry["source"].startswith("^") and entry["source"].endswith("$"), entry
        used = {int(n) for n in re.findall(r"\{@?(\d+)\}", entry["zh"])}
        assert used <= set(range(1, entry["groups"] + 1)), entry
        assert CJK.search(entry["zh"]), entry


def test_every_message_from_python_is_shown_in_chinese(table: dict) -> None:
    """Each message a reader can bring about has a pattern; the Chinese is Chinese, with
    nothing of the template left; the English page shows each as it came."""
    messages = table["messages"]
    assert len(messages) > 60
    for found in messages:
        if found["english"] == "a message no pattern knows":
            assert not found["matched"] and found["zh"] == found["english"]
            continue
        assert found["matched"], found["english"]
        assert found["zh"] != found["english"] and CJK.search(found["zh"]), found
        assert not re.search(r"\{@?\d+\}", found["zh"]), found
        assert found["en"] == found["english"]


@pytest.mark.parametrize(("english", "chinese"), [
    ("8z is not a tile: honours are 1z-7z", "8z 不是牌：字牌是 1z-7z"),
    ("visible tiles: 1m appears 5 times; a tile has 4 copies",
     "已见牌：1m 出现了 5 次；每种牌只有 4 张"),
    ("turn must be at most 15, got 16", "巡目最多为 15，收到的是 16"),
    ("rules 'poyang, 7z wild' have wild tiles (7z), which this function does not take yet",
     "规则“鄱阳麻将，7z 作赖子”带赖子（7z），这项计算暂不支持赖子"),
    ("claim: '12m' is 2 tiles, not one tile", "吃碰胡：'12m' 是 2 张牌，不是一张"),
])
def test_a_message_inside_a_message_is_translated_too(english: str, chinese: str) -> None:
    [found] = read_table([english])["messages"]
    assert (found["zh"], found["en"]) == (chinese, english)
