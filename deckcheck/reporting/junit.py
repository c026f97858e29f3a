"""JUnit XML for CI test-report views (GitLab, Jenkins, Azure, test-reporter actions).

One ``<testsuite>`` per deck (named by its path, with the game, format, date and verdict as
properties) holding one ``<testcase>``: the deck. A deck with an error finding (with
``--strict`` also a warning) fails; the ``<failure>`` lists every failing finding, one a line
(``path:line: severity: CODE message``), and the other findings go to ``<system-out>``. A deck
that could not be read is a test carrying an ``<error>``. Built with ElementTree, so all text is escaped;
hidden characters are shown as escapes (:func:`deckcheck.safetext.visible`) and ``::`` or
``##[`` are written with character references, so the XML printed to a CI log runs nothing.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deckcheck.i18n import t
from deckcheck.models import DeckResult, Finding
from deckcheck.reporting.base import Reporter, error_text, is_failure, ordered_findings
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
        counts["tests"] = 1
        case_name = _xml_text(r.path)
        if r.error is not None:
            case = ET.SubElement(suite, "testcase", name=case_name, classname="deckcheck",
                                 time="0")
            message = _xml_text(error_text(r))
            err = ET.SubElement(case, "error", message=message, type="unreadable")
            err.text = message
            counts["errors"] = 1
        else:
            props = ET.SubElement(suite, "properties")
            for key, value in (("game", r.game), ("format", r.format), ("date", r.date),
                               ("legal", "true" if r.legal else "false")):
                if value is not None:
                    ET.SubElement(props, "property", name=key, value=_xml_text(value))
            case = ET.SubElement(suite, "testcase", name=case_name,
                                 classname=_xml_text(f"deckcheck.{r.format or r.game or 'deck'}"),
                                 time="0")
            findings = ordered_findings(r)
            failing = [f for f in findings if is_failure(f, self.options.strict)]
            if failing:
                first = failing[0]
                message = _xml_text(f"{first.code} {first.message}" if len(failing) == 1 else
                                    t("{n} findings; first: {message}", lang,
                                      n=len(failing), message=f"{first.code} {first.message}"))
                failure = ET.SubElement(case, "failure", message=message,
                                        type=first.severity.value)
                failure.text = "\n".join(_finding_line(r, f, lang) for f in failing)
                counts["failures"] = 1
            others = [f for f in findings if not is_failure(f, self.options.strict)]
            if others:
                out = ET.SubElement(case, "system-out")
                out.text = "\n".join(_finding_line(r, f, lang) for f in others)
        for key, value in counts.items():
            suite.set(key, str(value))
        suite.set("time", "0")
        return suite


def _finding_line(r: DeckResult, f: Finding, lang: str = "en") -> str:
    where = f"{r.path}:{f.line}" if f.line is not None else r.path
    return _xml_text(f"{where}: {t(f.severity.value, lang)}: {f.code} {f.message}")


def _xml_text(value: object) -> str:
    """Text XML 1.0 can hold: ElementTree escapes markup but not control characters, which
    are shown as escapes; the noncharacters U+FFFE/U+FFFF become U+FFFD."""
    return "".join(ch if ch in "\t\n\r" or (ord(ch) >= 0x20 and ch not in "\ufffe\uffff"
                                              and not 0xD800 <= ord(ch) <= 0xDFFF)
                   else "\ufffd" for ch in visible(value))
