"""The font stacks of every HTML page deckcheck writes (the HTML report, the registration
report and the registration sheets): card, player and event names are often Chinese, so
each stack names the common CJK fonts of Linux, macOS and Windows after the Latin ones, and
a page or element in Traditional Chinese (``lang="zh-Hant"``) puts the Traditional fonts
first (the Simplified fonts draw some shared characters differently)."""

from __future__ import annotations

CJK_SC = ('"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", '
          '"WenQuanYi Micro Hei"')
CJK_TC = ('"Noto Sans CJK TC", "Source Han Sans TC", "PingFang TC", "Microsoft JhengHei"')
MONO = '"DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono CJK SC", monospace'


def sans(latin: str) -> str:
    """A sans-serif stack: ``latin`` first, then the Simplified and Traditional CJK fonts."""
    return f"{latin}, {CJK_SC}, {CJK_TC}, sans-serif"


def lang_rules(latin: str) -> str:
    """CSS that puts the Traditional Chinese fonts first where the text is zh-Hant."""
    return f":lang(zh-Hant) {{ font-family: {latin}, {CJK_TC}, {CJK_SC}, sans-serif; }}\n"
