"""JUnit XML for CI test-report views (GitLab, Jenkins, Azure, test-reporter actions).

One ``<testsuite>`` per deck (named by its path) and one ``<testcase>`` per rule checked,
named ``CODE rule-name`` so names are unique within the suite. A rule with an error finding
(with ``--strict`` also a warning) is a ``<failure>``; its other findings go to
``<system-out>``. Rules the user left out are ``<skipped>``. A deck that could not be read is a
suite with one test carrying an ``<error>``. Built with ElementTree, so all text is escaped;
hidden characters are shown as escapes (:func:`deckcheck.safetext.visible`) and ``::`` or
``##[`` are written with character references, so the XML printed to a CI log runs nothing.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deckcheck.i18n import t
from deckcheck.models import DeckResult, Finding
from deckcheck.reporting.base import (Reporter, error_text, is_failure, ordered_findings,
                                      rules_checked)
from deckcheck.safetext import markup_exact, visible


class JunitReporter(Reporter):
    name = "junit"
    keeps = "findings"     # never shows the parsed deck: held without it

    def tree(self, results: list[DeckResult]) -> ET.Element:
        root = ET.Element("testsuites", name="deckcheck")
        totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
        for r in results:
            suite = self._suite(r)
            root.append(suite)
            for key in totals:
                totals[key] += int(suite.get(key, "0"))
        for key, value in totals.items():
            root.set(key, str(value))
        root.set("time", "0")
        return root

    def render(self, results: list[DeckResult]) -> str:
        root = self.tree(results)
        ET.indent(root)
        body = markup_exact(ET.tostring(root, encoding="unicode"))
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"

    # -- one deck ---------------------------------------------------------------------------
    def _suite(self, r: DeckResult) -> ET.Element:
        lang = self.options.lang
        suite = ET.Element("testsuite", name=_xml_text(r.path))
        counts = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
        if r.error is not None:
            case = ET.SubElement(suite, "testcase", name="read deck", classname=_xml_text(r.path),
                                 time="0")
            message = _xml_text(error_text(r))
            err = ET.SubElement(case, "error", message=message, type="unreadable")
            err.text = message
            counts["tests"] = counts["errors"] = 1
        else:
            props = ET.SubElement(suite, "properties")
            for key, value in (("game", r.game), ("format", r.format), ("date", r.date),
                               ("legal", "true" if r.legal else "false")):
                if value is not None:
                    ET.SubElement(props, "property", name=key, value=_xml_text(value))
            by_code: dict[str, list[Finding]] = {}
            for f in ordered_findings(r):
                by_code.setdefault(f.code, []).append(f)
            for rule, selected in rules_checked(r, self.options):
                case = ET.SubElement(suite, "testcase", name=f"{rule.code} {rule.name}",
                                     classname=_xml_text(r.path), time="0")
                counts["tests"] += 1
                findings = by_code.get(rule.code, [])
                if not selected and not findings:
                    ET.SubElement(case, "skipped", message=t("not selected", lang))
                    counts["skipped"] += 1
                    continue
                failing = [f for f in findings if is_failure(f, self.options.strict)]
                if failing:
                    first = failing[0]
                    message = _xml_text(first.message if len(failing) == 1 else
                                        t("{n} findings; first: {message}", lang,
                                          n=len(failing), message=first.message))
                    failure = ET.SubElement(case, "failure", message=message,
                                            type=first.severity.value)
                    failure.text = "\n".join(_finding_line(r, f, lang) for f in failing)
                others = [f for f in findings if not is_failure(f, self.options.strict)]
                if others:
                    out = ET.SubElement(case, "system-out")
                    out.text = "\n".join(_finding_line(r, f, lang) for f in others)
                if failing:
                    counts["failures"] += 1
        for key, value in counts.items():
            suite.set(key, str(value))
        suite.set("time", "0")
        return suite


def _finding_line(r: DeckResult, f: Finding, lang: str = "en") -> str:
    where = f"{r.path}:{f.line}" if f.line is not None else r.path
    return _xml_text(f"{where}: {t(f.severity.value, lang)}: {f.message}")


def _xml_text(value: object) -> str:
    """Text XML 1.0 can hold: ElementTree escapes markup but not control characters, which
    are shown as escapes; the noncharacters U+FFFE/U+FFFF become U+FFFD."""
    return "".join(ch if ch in "\t\n\r" or (ord(ch) >= 0x20 and ch not in "\ufffe\uffff"
                                              and not 0xD800 <= ord(ch) <= 0xDFFF)
                   else "\ufffd" for ch in visible(value))
