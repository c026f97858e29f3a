"""Reports: one module per output format, chosen from a name -> class table."""

from __future__ import annotations

import importlib

REPORTERS: dict[str, str] = {
    "text": "deckcheck.reporting.text:TextReporter",
    "json": "deckcheck.reporting.json_report:JsonReporter",
    "jsonl": "deckcheck.reporting.jsonl:JsonlReporter",
    "concise": "deckcheck.reporting.concise:ConciseReporter",
    "sarif": "deckcheck.reporting.sarif:SarifReporter",
    "junit": "deckcheck.reporting.junit:JunitReporter",
    "github": "deckcheck.reporting.github:GithubReporter",
    "markdown": "deckcheck.reporting.markdown:MarkdownReporter",
    "html": "deckcheck.reporting.html:HtmlReporter",
}


def reporter_names() -> list[str]:
    return list(REPORTERS)


def get_reporter(name: str):
    target = REPORTERS.get(name)
    if target is None:
        raise KeyError(name)
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)
