"""Languages (--lang zh-Hans / zh-Hant): every rule's message, the report headings, zone
names and Chinese card names; English stays the default and unchanged.

The message tests run every case deck of ``tests/cases/`` in English and in both Chinese
scripts and compare the findings one by one, so each registered rule code is checked with
the arguments its rule really passes.
"""

from __future__ import annotations

import os
import re
import string
from contextlib import contextmanager
from pathlib import Path

import pytest

from deckcheck.api import Options, check_file, check_source
from deckcheck.config import Config
from deckcheck.games.registry import game_ids, game_of_code
from deckcheck.i18n import LANGS, Render, _locale, catalog, t, zone_name
from deckcheck.i18n_tables import section, section_title
from deckcheck.reading import SourceText
from deckcheck.rules.base import all_rules

from conftest import ROOT, SHARED, run_cli
from test_rule_cases import FILES, _config_with_formats, _deck_text

CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
#: characters that exist only in Simplified Chinese (their Traditional forms differ)
SIMPLIFIED_ONLY = set("张这规则组备检问题说级别区没数据为发现读库领个经开门见长")
ZH = ("zh-Hans", "zh-Hant")


@contextmanager
def _env(name: str, value: str | None):
    old = os.environ.get(name)
    if value is not None:
        os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old


def _run_case(data: dict, case: dict, lang: str, tmp: Path):
    if case.get("needs_shared") and SHARED is None:
        return None
    config = _config_with_formats(case["formats"], tmp) if case.get("formats") else None
    cache = None
    if case.get("cards"):
        config = config or Config(root=tmp)
        config.cards = {game: ROOT / folder for game, folder in case["cards"].items()}
        cache = str(ROOT / ".deckcheck-cache" / "case-cards")
    date = case.get("date")
    opts = Options(format_id=case.get("format"), date=str(date) if date else None, lang=lang,
                   config=config)
    with _env("DECKCHECK_CACHE_DIR", cache):
        if "file" in case:
            target = (ROOT / case["file"]).resolve()
            if not target.exists():
                return None
            result = check_file(target, opts)
        else:
            src = SourceText(path=case.get("path", f"{case['name']}.txt"),
                             text=_deck_text(data, case), encoding="utf-8")
            result = check_source(src, opts)
    return None if result.error else result


@pytest.fixture(scope="module")
def pairs(tmp_path_factory) -> dict[str, list]:
    """lang -> [(English finding, translated finding, case id)] over every case deck."""
    out: dict[str, list] = {lang: [] for lang in ZH}
    for path, data in FILES:
        for case in data.get("cases") or []:
            results = {lang: _run_case(data, case, lang, tmp_path_factory.mktemp("case"))
                       for lang in ("en",) + ZH}
            if any(r is None for r in results.values()):
                continue
            for lang in ZH:
                en, zh = results["en"].findings, results[lang].findings
                assert [f.code for f in en] == [f.code for f in zh], case["name"]
                out[lang] += [(a, b, f"{path.stem}:{case['name']}") for a, b in zip(en, zh)]
    return out


# ---------------------------------------------------------------------------------------
# the catalogue


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}


def _templates(entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


@pytest.mark.parametrize("lang", ZH)
def test_every_rule_code_has_a_template(lang):
    messages = catalog(lang)
    patterns = _locale(lang).get("patterns") or {}
    missing = [r.code for r in all_rules() if r.code not in messages and r.code not in patterns]
    assert not missing, f"no {lang} template for {missing}"
    for code, entry in messages.items():
        for template in _templates(entry):
            assert CJK.search(template), f"{code}: {template!r} is not Chinese"
            string.Formatter().parse(template)


def test_catalogue_has_no_unknown_codes():
    codes = {r.code for r in all_rules()}
    for lang in ZH:
        unknown = set(catalog(lang)) - codes
        assert not unknown, f"{lang}: templates for codes no rule has: {unknown}"


#: arguments i18n derives from others (see deckcheck/i18n.py: Render.prepare and adapters)
DERIVED = {"card_name", "zone_id", "expected_or", "best_name", "variant_name",
           "format_variant_name", "want_name", "mage_variant_name"}


def _allowed(args: dict) -> set[str]:
    out = set(args) | DERIVED
    for key in args:
        for suffix in ("_key", "_list", "_items"):
            if key.endswith(suffix):
                out.add(key[: -len(suffix)])
    return out


@pytest.mark.parametrize("lang", ZH)
def test_placeholders_are_arguments_the_rule_passes(pairs, lang):
    """Each template (and variant) uses only the finding's own arguments, or ones derived
    from them, and fills completely with the arguments real findings carry."""
    loc = _locale(lang)
    problems = []
    for en, zh, case in pairs[lang]:
        render = Render(loc, lang, game_of_code(en.code), None, en)
        template, args = render.template()
        if template is None:
            problems.append(f"{case} {en.code}: no template applies to {en.message!r}")
            continue
        unknown = _fields(template) - _allowed(args)
        if unknown:
            problems.append(f"{case} {en.code}: {sorted(unknown)} not among {sorted(args)}")
        render.prepare(args)
        missing = _fields(template) - set(args)
        if missing:
            problems.append(f"{case} {en.code}: {sorted(missing)} not filled")
    assert not problems, "\n".join(problems[:20])


def test_every_rule_code_is_exercised_in_chinese(pairs):
    """The case decks raise every registered code, so every template above was filled."""
    seen = {en.code for en, _, _ in pairs["zh-Hans"]}
    if SHARED is None:
        pytest.skip("some codes are only raised by cases that need ../shared")
    missing = sorted({r.code for r in all_rules()} - seen)
    assert not missing, f"codes no case deck raised: {missing}"


@pytest.mark.parametrize("lang", ZH)
def test_no_finding_keeps_its_english_message(pairs, lang):
    bad = []
    for en, zh, case in pairs[lang]:
        text = zh.message
        if text == en.message or not CJK.search(text) or PLACEHOLDER.search(text):
            bad.append(f"{case} {en.code}: {text}")
    assert not bad, f"{len(bad)} findings not translated:\n" + "\n".join(bad[:20])


def test_traditional_messages_use_traditional_characters(pairs):
    bad = []
    for en, zh, case in pairs["zh-Hant"]:
        # the user's own input and card names may be Simplified; the rest may not
        text = re.sub(r"「[^」]*」|\[[^\]]*\]", "", zh.message)
        chars = SIMPLIFIED_ONLY & set(text)
        if chars:
            bad.append(f"{case} {en.code}: {''.join(sorted(chars))} in {zh.message}")
    assert not bad, "\n".join(bad[:20])


def test_translations_keep_the_findings_data(pairs):
    """Only the message changes: code, severity, zone, card, line and counts stay."""
    for lang in ZH:
        for en, zh, case in pairs[lang]:
            assert (en.code, en.severity, en.zone, en.card, en.line, en.expected, en.actual) == \
                (zh.code, zh.severity, zh.zone, zh.card, zh.line, zh.expected, zh.actual), case


def test_chinese_card_names_in_messages(pairs):
    names = [zh.message for en, zh, _ in pairs["zh-Hans"] if en.code == "MTG102"]
    assert any("Loyal Cathar [忠诚护教军]" in m for m in names)
    names = [zh.message for en, zh, _ in pairs["zh-Hant"] if en.code == "MTG102"]
    assert any("Loyal Cathar [忠誠護教軍]" in m for m in names)


def test_game_terminology():
    """Spot checks of each game's own Chinese words."""
    def msg(lang, code, variant="default"):
        entry = catalog(lang)[code]
        return entry[variant] if isinstance(entry, dict) else entry

    assert "魔石牌库" in msg("zh-Hans", "FOW103") and "魔石牌庫" in msg("zh-Hant", "FOW103")
    assert "领主" in msg("zh-Hans", "FOW104") and "領主" in msg("zh-Hant", "FOW104")
    assert "列表牌" in msg("zh-Hans", "MTG303") and "雙面牌" in msg("zh-Hant", "MTG303")
    assert "主宰英雄" in msg("zh-Hans", "WOW116") and "声望" in msg("zh-Hans", "WOW111")
    assert "法术书" in msg("zh-Hans", "MWR101") and "法師" in msg("zh-Hant", "MWR106")
    assert "执行牌组" in msg("zh-Hans", "MKN111") and "荣誉" in msg("zh-Hans", "MKN301")
    # Taiwan words replace a character conversion where usage differs
    assert "資料" in msg("zh-Hant", "MTG205") and "数据" in msg("zh-Hans", "MTG205")
    assert "「" in msg("zh-Hant", "MTG205")
    assert t("mana value", "zh-Hans") == "法术力值" and t("mana value", "zh-Hant") == "魔法力值"


# ---------------------------------------------------------------------------------------
# zones, headings, tables


def test_every_zone_of_every_game_has_a_name():
    from deckcheck.formats import compiled_game

    for game in game_ids():
        zones = compiled_game(game)["game"]["zones"]
        for lang in ZH:
            for zone in zones:
                shown = zone_name(game, zone, lang)
                assert CJK.search(shown), f"{game} zone {zone} has no {lang} name"
        assert zone_name(game, zones[0], "en") == zones[0]


@pytest.mark.parametrize("lang", ZH)
def test_report_headings(lang):
    keys = ["zone", "cards", "code", "severity", "card", "line", "message", "legal", "illegal",
            "unreadable", "error", "warning", "info", "no findings", "deck", "format",
            "errors", "warnings", "deckcheck report", "not selected", "notice",
            "type", "kind", "copies", "mana value", "School/Level"]
    for key in keys:
        assert CJK.search(t(key, lang)), f"{key!r} has no {lang} heading"
    assert "检查了" in t("summary", "zh-Hans", decks=1, legal=0, illegal=1, errors=2, warnings=0)
    assert t(" on {date}", "en", date="2012-02-03") == " on 2012-02-03"
    for lang_ in LANGS:
        assert "2012" in t("on {date}", lang_, date="2012-02-03")


def test_report_tables_of_the_games():
    """A game's report titles and cells built from parts are phrases: translated by their
    ids and arguments, never by the shape of the English."""
    from deckcheck.games.mageknight.hooks import DEED_BY_KIND_HERO, N_OF_M, UNDER_UNITS
    from deckcheck.games.mtg.hooks import MAIN_CREATURES, SIDEBOARD
    from deckcheck.games.wowtcg.hooks import HERO_TABLE
    from deckcheck.games.wowtcg.traits import CLASS_TALENT
    from deckcheck.parsing.phrases import Joined

    assert section_title("mtg", MAIN_CREATURES.say(n=28), "zh-Hans") == "主牌：生物（28）"
    assert section_title("mtg", SIDEBOARD.say(n=15), "zh-Hant") == "備牌（15）"
    # the same words as plain text are not a phrase: no translation is guessed from them
    assert section_title("mtg", "Main deck: creatures (28)", "zh-Hans") == \
        "Main deck: creatures (28)"
    traits = Joined(" · ", ["Alliance", CLASS_TALENT.say(classes="Priest", talent="Holy"),
                            "Dwarf", Joined("/", ["Enchanting", "Tailoring"])])
    assert traits == "Alliance · Priest (Holy) · Dwarf · Enchanting/Tailoring"
    title, headers, rows = section("wowtcg", HERO_TABLE.say(), ["hero", "traits"],
                                   [["Boris Brightbeard", traits]], "zh-Hans")
    assert (title, headers) == ("英雄", ["英雄", "特性"])
    assert rows == [["Boris Brightbeard [亮须波瑞斯]", "联盟 · 牧师（神圣） · 矮人 · 附魔/裁缝"]]
    title, _, rows = section("mageknight",
                             DEED_BY_KIND_HERO.say(hero="Tovak", expansions="lost-legion"),
                             ["kind", "card", "copies"],
                             [[UNDER_UNITS.say(kind="Basic Action"), "Rage", N_OF_M.say(n=2, m=2)]],
                             "zh-Hans")
    assert title == "执行卡各种类张数（Tovak；失落军团）"
    assert rows == [["基础动作（列在部队下，不计入）", "Rage", "2/2"]]
    # English is returned as it is
    assert section("mtg", SIDEBOARD.say(n=15), ["#", "card"], [[1, "Fling"]], "en") == \
        ("Sideboard (15)", ["#", "card"], [[1, "Fling"]])


# ---------------------------------------------------------------------------------------
# the command line


def test_text_report_headings_are_chinese():
    # the full report (--show-info): zone and card-type tables, every finding with its columns
    proc = run_cli("check", "--lang", "zh-Hans", "--no-config", "-f", "fow-classic",
                   "--show-info", "examples/fow/illegal/ruler-in-main.txt")
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 1, out
    for word in ("区域", "张数", "代码", "级别", "卡牌", "说明", "不合法", "主牌库", "魔石牌库",
                 "领主区", "主牌库各类型张数", "检查了 1 副套牌"):
        assert word in out, word
    assert "FOW108" in out and "不能放在主牌库中" in out
    assert "zone" not in out and "message" not in out and "deck checked" not in out


def test_traditional_list_shows_traditional_text_and_card_names():
    proc = run_cli("check", "--lang", "zh-Hant", "--no-config", "-f", "mtg-standard",
                   "--date", "2012-01-10", "--show-info", "examples/mtg/humans-zh-hant.txt")
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 1, out
    for word in ("區域", "張數", "說明", "不合法", "主牌", "備牌", "賽事日期", "尚未進入", "黑影籠罩",
                 "Loyal Cathar [忠誠護教軍]", "Thalia, Guardian of Thraben [瑟班守護者莎利雅]",
                 "主牌：生物", "魔法力值曲線", "檢查了 1 副套牌"):
        assert word in out, word
    body = re.sub(r"\[[^\]]*\]", "", out)
    assert not SIMPLIFIED_ONLY & set(body), SIMPLIFIED_ONLY & set(body)


def test_english_is_the_default_and_unchanged():
    args = ("check", "--no-config", "-f", "mtg-standard", "--date", "2012-01-10",
            "--show-info", "examples/mtg/humans-zh-hant.txt")
    wide = {"COLUMNS": "250"}     # messages on one line each
    default = run_cli(*args, env=wide).stdout.decode("utf-8")
    english = run_cli(*args[:1], "--lang", "en", *args[1:], env=wide).stdout.decode("utf-8")
    assert default == english
    assert "Loyal Cathar is not legal in Standard on 2012-01-10" in default
    assert "1 deck checked" in default and "zone" in default
    unquoted = re.sub(r'"[^"]*"', "", default)        # the list's own Chinese names, quoted
    assert not CJK.search(unquoted), "Chinese in the English report"


def test_magic_formats_are_named_as_players_say_them():
    """{format} in a Magic message is the format's display name ("Standard"), in Chinese the
    locale's term (标准 / 標準); a format without a term keeps its English name."""
    from deckcheck.api import check_text

    deck = "4 Jace, the Mind Sculptor\n56 Island\n"
    by_lang = {lang: check_text(deck, "mtg-standard", "2012-02-25", lang=lang)
               for lang in ("en", "zh-Hans", "zh-Hant")}
    shown = {lang: [f.message for f in r.findings if f.code == "MTG201"]
             for lang, r in by_lang.items()}
    assert "is not legal in Standard on 2012-02-25" in shown["en"][0]
    assert "mtg-standard" not in shown["en"][0]
    assert "在 标准 中不合法" in shown["zh-Hans"][0]
    assert "在 標準 中不合法" in shown["zh-Hant"][0]
    premodern = check_text(deck, "mtg-premodern", "2003-06-01", lang="zh-Hans")
    assert any("Premodern" in f.message for f in premodern.findings if f.code == "MTG201")


@pytest.mark.parametrize("fmt,words", [
    ("markdown", ["| 套牌 | 赛制 | 合法 | 错误数 | 警告数 |", "领主区", "检查了"]),
    ("html", ["<title>deckcheck 报告</title>", "领主区", "各类型张数"]),
    ("junit", ["错误: FOW105 声明了 2 张领主"]),
    ("github", ["deckcheck：检查了 1 副套牌", "不合法（fow-classic，1 个错误）"]),
])
def test_other_reports_in_chinese(fmt, words):
    proc = run_cli("check", "--lang", "zh-Hans", "--no-config", "-f", "fow-classic",
                   "--output-format", fmt, "examples/fow/illegal/two-rulers.txt")
    out = proc.stdout.decode("utf-8")
    for word in words:
        assert word in out, f"{fmt}: {word!r} not in\n{out[:3000]}"
