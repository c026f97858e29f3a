"""SARIF 2.1.0 for code-scanning tools (GitHub code scanning, IDE viewers).

One run: the tool's rule descriptors (every rule of the checked games, documented by its
docstring), one result per finding with an explicit level and a repository-relative
location, and an invocation whose notifications name the decks that could not be read.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import quote

from deckcheck import __version__
from deckcheck.i18n import located, t
from deckcheck.models import DeckResult, Finding
from deckcheck.reporting.base import (LEVELS, Reporter, UndocumentedRule, error_text, is_stdin,
                                      ordered_findings, relative_path, report_root)
from deckcheck.safetext import json_exact

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"


class SarifReporter(Reporter):
    name = "sarif"
    keeps = "findings"     # never shows the parsed deck: held without it

    def document(self, results: list[DeckResult]) -> dict:
        root = report_root(self.options)
        rules = self._rules(results)
        index = {r.code: i for i, r in enumerate(rules)}
        sarif_results: list[dict] = []
        notifications: list[dict] = []
        artifacts: list[dict] = []
        for r in results:
            location = self._artifact_location(r.path, root)
            if location is not None:
                artifacts.append({"location": location, "roles": ["analysisTarget"]})
            if r.error is not None:
                note: dict = {"level": "error", "message": {"text": f"{r.path}: {error_text(r)}"}}
                if location is not None:
                    note["locations"] = [{"physicalLocation": {"artifactLocation": location}}]
                notifications.append(note)
                continue
            for f in ordered_findings(r):
                if f.code not in index:  # a code no registered rule documents
                    index[f.code] = len(rules)
                    rules.append(UndocumentedRule(f))
                sarif_results.append(self._result(r, f, index[f.code], location,
                                                  self.options.lang))
        run: dict = {
            "tool": {"driver": {"name": "deckcheck", "version": __version__,
                                "semanticVersion": __version__,
                                "rules": [self._descriptor(rule) for rule in rules]}},
            "originalUriBaseIds": {SRCROOT: {"uri": _dir_uri(root)}},
            "invocations": [{"executionSuccessful": not notifications,
                             "toolExecutionNotifications": notifications}],
            "artifacts": artifacts,
            "results": sarif_results,
            "columnKind": "unicodeCodePoints",
        }
        return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}

    def render(self, results: list[DeckResult]) -> str:
        # exact content; hidden characters and "##[" / "::" written as \u escapes
        return json_exact(json.dumps(self.document(results), ensure_ascii=False, indent=2,
                                     default=str)) + "\n"

    # -- pieces -----------------------------------------------------------------------------
    @staticmethod
    def _rules(results: list[DeckResult]) -> list:
        """The DCK rules and every rule of the games that were checked, in code order."""
        from deckcheck.rules.base import all_rules

        games = sorted({r.game for r in results if r.game})
        found: dict[str, object] = {}
        for rule in all_rules(None) if not games else []:
            if rule.game is None:
                found[rule.code] = rule
        for game in games:
            for rule in all_rules(game):
                found[rule.code] = rule
        return [found[c] for c in sorted(found)]

    @staticmethod
    def _descriptor(rule) -> dict:
        doc = rule.doc or rule.summary or rule.name
        return {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary or rule.name},
            "fullDescription": {"text": doc},
            "help": {"text": doc, "markdown": doc},
            "defaultConfiguration": {"level": LEVELS[rule.severity]},
            "properties": {"game": rule.game or "all",
                           "tags": ["deckcheck", rule.game or "all-games"]},
        }

    @staticmethod
    def _artifact_location(path: str, root: Path) -> dict | None:
        if is_stdin(path):
            return None
        rel = relative_path(path, root)
        if rel is not None:
            return {"uri": quote(rel, safe="/"), "uriBaseId": SRCROOT}
        return {"uri": Path(path).absolute().as_uri()}

    @staticmethod
    def _result(r: DeckResult, f: Finding, rule_index: int, location: dict | None,
                lang: str = "en") -> dict:
        # with no file there is no region: the message says which line it is
        text = f.message if location is not None else located(f, lang)
        if f.suggestion and f.suggestion not in text:
            text += t(" Suggestion: {suggestion}.", lang, suggestion=f.suggestion)
        out: dict = {"ruleId": f.code, "ruleIndex": rule_index, "level": LEVELS[f.severity],
                     "message": {"text": text}}
        if location is not None:
            physical: dict = {"artifactLocation": dict(location)}
            if f.line is not None and f.line >= 1:
                physical["region"] = {"startLine": f.line}
            out["locations"] = [{"physicalLocation": physical}]
        # the same problem keeps its fingerprint when lines move or counts change
        where = location["uri"] if location is not None else r.path
        key = "\0".join((where, f.code, f.zone or "", f.card or "",
                         re.sub(r"\d+", "#", f.message)))
        out["partialFingerprints"] = {
            "deckcheckFinding/v1": hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]}
        props = {k: v for k, v in (("game", r.game), ("format", r.format), ("zone", f.zone),
                                   ("card", f.card), ("expected", f.expected),
                                   ("actual", f.actual), ("suggestion", f.suggestion))
                 if v is not None}
        if props:
            out["properties"] = props
        return out


def _dir_uri(root: Path) -> str:
    uri = root.absolute().as_uri()
    return uri if uri.endswith("/") else uri + "/"
