"""A safe XML reader for deck files: no DTDs, no entities, no external resources.

Deck files from strangers may carry billion-laughs or external-entity payloads, so XML is
read only through defusedxml's SAX parser, which refuses all of them. The result is a tiny
element tree that keeps each element's line number (for findings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.handler import ContentHandler

from deckcheck.reading import MAX_LINES

#: as many elements as a text deck list may have lines
MAX_ELEMENTS = MAX_LINES


class XMLDeckError(Exception):
    """The XML is malformed or unsafe; the message says where."""


@dataclass(slots=True)
class Node:
    tag: str
    attrs: dict[str, str]
    line: int | None
    text: str = ""
    children: list["Node"] = field(default_factory=list)

    def find(self, tag: str) -> "Node | None":
        tag = tag.casefold()
        return next((c for c in self.children if c.tag.casefold() == tag), None)

    def findall(self, tag: str) -> list["Node"]:
        tag = tag.casefold()
        return [c for c in self.children if c.tag.casefold() == tag]

    def iter(self, tag: str):
        tag = tag.casefold()
        for c in self.children:
            if c.tag.casefold() == tag:
                yield c
            yield from c.iter(tag)

    def attr(self, name: str, default: str | None = None) -> str | None:
        low = name.casefold()
        for k, v in self.attrs.items():
            if k.casefold() == low:
                return v
        return default


class _Builder(ContentHandler):
    def __init__(self):
        super().__init__()
        self.stack: list[Node] = []
        self.root: Node | None = None
        self.locator = None
        self.depth = 0
        self.elements = 0
        self.chunks: list[list[str]] = []   # character data per open element, joined at its end

    def setDocumentLocator(self, locator):
        self.locator = locator

    def startElement(self, name, attrs):
        self.depth += 1
        if self.depth > 64:
            raise XMLDeckError("elements nested more than 64 deep")
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise XMLDeckError(f"more than {MAX_ELEMENTS:,} elements; a deck file has one "
                               "element per card line (is this really a deck file?)")
        line = self.locator.getLineNumber() if self.locator else None
        node = Node(name, {k: attrs[k] for k in attrs.getNames()}, line)
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            self.root = node
        self.stack.append(node)
        self.chunks.append([])

    def endElement(self, name):
        self.depth -= 1
        # expat delivers text in many small pieces (one per line or entity reference):
        # joining once keeps a long <notes> linear instead of quadratic
        self.stack.pop().text = "".join(self.chunks.pop())

    def characters(self, content):
        if self.chunks:
            self.chunks[-1].append(content)


def parse_xml(text: str, path: str = "<input>") -> Node:
    import defusedxml.sax
    from defusedxml import DefusedXmlException
    from xml.sax import SAXParseException

    if text.startswith("\ufeff"):
        text = text[1:]
    if "<!DOCTYPE" in text[:4096].upper() or "<!ENTITY" in text.upper():
        raise XMLDeckError(f"{path}: XML with a DOCTYPE or entity declarations is refused "
                           "(deck files never need them)")
    builder = _Builder()
    parser = defusedxml.sax.make_parser()
    parser.setContentHandler(builder)
    for feature in ("http://xml.org/sax/features/external-general-entities",
                    "http://xml.org/sax/features/external-parameter-entities"):
        try:
            parser.setFeature(feature, False)
        except Exception:  # not every SAX driver knows every feature
            pass
    import io

    # a lone surrogate (only possible in text given through the API) becomes bytes expat
    # reports as malformed, with its line
    data = text.encode("utf-8", "surrogatepass")
    # the text is already decoded: drop any encoding declaration so expat reads UTF-8
    if data.lstrip().startswith(b"<?xml"):
        end = data.find(b"?>")
        data = b'<?xml version="1.0" encoding="utf-8"?>' + data[end + 2:]
    try:
        parser.parse(io.BytesIO(data))
    except SAXParseException as exc:
        raise XMLDeckError(f"{path}:{exc.getLineNumber()}: malformed XML: "
                           f"{exc.getMessage()}") from None
    except DefusedXmlException as exc:
        raise XMLDeckError(f"{path}: unsafe XML refused ({type(exc).__name__})") from None
    except XMLDeckError as exc:
        raise XMLDeckError(f"{path}: {exc}") from None
    if builder.root is None:
        raise XMLDeckError(f"{path}: no XML element found")
    return builder.root
