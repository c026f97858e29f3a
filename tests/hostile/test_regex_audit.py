"""Every regular expression of deckcheck stays linear on hostile input (issue 13, item 3).

1. a static check: every pattern the package uses (collected automatically, see
   :func:`collect_package` and :data:`DYNAMIC_SOURCES`) is parsed and checked for the shapes
   of super-linear backtracking below; no timing;
2. a work-bounded run of every pattern, as the package uses it, on hostile strings up to the
   line cap, bounded by CPU time (growth when the input grows 4x, and a budget);
3. through the CLI: the list of blank runs that took 20+ s, and a config glob of many stars,
   within a multiple of a calibration run's CPU time.

The analyser parses a pattern with Python's own parser (``re._parser``, the ``sre_parse`` of
older versions) and flags the two shapes that make a backtracking engine try many ways of
consuming the same text:

* **adjacent quantifiers**: two unbounded repeats (``*``, ``+``, ``{n,}``; greedy or lazy)
  with nothing between them but optional items (``x?``, ``(?:…)?``, anchors, lookarounds) and
  character sets that overlap, as in ``\\s*:?\\s*``: a run of blanks can be split between
  them in n ways, and with a search from every position that is O(n²) per pair; so are two
  separated only by single characters both can take (``[^/]*a[^/]*``, a glob's ``*a*``);
* **nested quantifiers**: an unbounded repeat whose body holds an unbounded repeat that the
  text after it inside the loop - the rest of the body, or the next iteration when the rest
  is optional - can also consume (``(a+)+``, ``(\\w+\\d)+``, ``(\\d+\\s?)+``), or whose body
  is a choice between alternatives that can start with the same character (``(\\w|\\d)+``):
  the iterations can then be cut in exponentially many ways.

Possessive repeats (``*+``, ``++``, ``?+``) and atomic groups (``(?>…)``) never give back
what they consumed, so they take part in neither shape; their bodies are still checked on
their own. Repeats with a small upper bound (``{1,40}``) are not unbounded.

Character sets are compared on a finite universe: ASCII, the blanks, digits, dashes,
brackets and CJK punctuation that deck lists use, and every character the pattern itself
names, which is exact for the overlaps that matter here.
"""

from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
import re
import re._constants as C
import re._parser as P
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hostile_support import CPUBudgetExceeded, cpu_budget, run_bounded

from deckcheck.parsing.text import MAX_LINE

#: a repeat whose upper bound is above this counts as unbounded
BOUND = 64

_EXTRA = ("\u00a0\u0085\u1680\u2000\u2002\u2003\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
          "\u00d7\u2013\u2014\u2015\u2212\u30fc\uff0d\uff1a\uff1b\uff0c\u3001\u3002\u00b7"
          "\u30fb\u2022\uff08\uff09\u3010\u3011\u300c\u300d\uff3b\uff3d\uff5b\uff5d"
          "\uff10\uff11\uff19\u0663\u00e9\u00df\u0130\u017f\u212a\u4e2d\u5f20\u5f35\u70b9"
          "\u9ede\u679a\u5171\uac00\u3042\u2605\ufeff\U0001f600")


def _universe(pattern: str) -> frozenset[str]:
    chars = {chr(i) for i in range(128)} | set(_EXTRA) | set(pattern)
    for ch in list(chars):
        chars |= {ch.lower(), ch.upper(), ch.swapcase()}
    return frozenset(c for c in chars if len(c) == 1)


def _category(cat, ch: str) -> bool:
    name = str(cat)
    negate = "NOT_" in name
    if "DIGIT" in name:
        hit = ch.isdecimal() if "UNI" in name or "LOC" not in name else ch.isdigit()
    elif "SPACE" in name:
        hit = ch.isspace()
    elif "WORD" in name:
        hit = ch.isalnum() or ch == "_"
    elif "LINEBREAK" in name:
        hit = ch == "\n"
    else:                                  # an unknown category: assume it matches
        hit = True
    return hit != negate


def _in_class(items, ch: str) -> bool:
    negate = False
    hit = False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            hit = hit or ord(ch) == av
        elif op is C.RANGE:
            hit = hit or av[0] <= ord(ch) <= av[1]
        elif op is C.CATEGORY:
            hit = hit or _category(av, ch)
        else:
            hit = True                     # unknown item: be conservative
    return hit != negate


@dataclass
class _Info:
    """What the analyser knows of one node: whether it can match the empty string, the
    characters it can consume anywhere and first, and the unbounded backtracking repeats
    that can begin or end its match (with their character sets)."""
    nullable: bool
    chars: frozenset
    first: frozenset
    heads: list = field(default_factory=list)     # [(description, first chars, all chars)]
    tails: list = field(default_factory=list)     # [(description, all chars)]
    single: bool = False                          # consumes exactly one character


class Analyser:
    """Finds the super-linear shapes of one pattern; :attr:`problems` lists them."""

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern = pattern
        self.universe = _universe(pattern)
        self.problems: list[str] = []
        self._infos: dict[int, _Info] = {}
        tree = P.parse(pattern, flags)
        self._walk(list(tree), tree.state.flags)

    # -- character sets -------------------------------------------------------------
    def _set(self, test, flags: int) -> frozenset:
        if flags & re.IGNORECASE:
            return frozenset(c for c in self.universe
                             if any(test(v) for v in {c, c.lower(), c.upper()} if len(v) == 1))
        return frozenset(c for c in self.universe if test(c))

    def _one(self, op, av, flags: int) -> frozenset | None:
        """The set of a node that consumes exactly one character, else None."""
        if op is C.LITERAL:
            return self._set(lambda c: ord(c) == av, flags)
        if op is C.NOT_LITERAL:
            return self._set(lambda c: ord(c) != av, flags)
        if op is C.ANY:
            return self.universe if flags & re.DOTALL else self.universe - {"\n"}
        if op is C.IN:
            return self._set(lambda c: _in_class(av, c), flags)
        return None

    # -- what each node can match (no reports) -----------------------------------------
    def _seq_info(self, items, flags: int) -> _Info:
        nullable, chars, first, heads, tails = True, frozenset(), frozenset(), [], []
        infos = [self._info(op, av, flags) for op, av in items]
        for info in infos:
            chars |= info.chars
            if nullable:
                first |= info.first
                heads += info.heads
            nullable = nullable and info.nullable
        for info in reversed(infos):
            tails += info.tails
            if not info.nullable:
                break
        return _Info(nullable, chars, first, heads, tails)

    def _info(self, op, av, flags: int) -> _Info:
        key = (id(av), op, flags)
        if key not in self._infos:
            self._infos[key] = self._compute(op, av, flags)
        return self._infos[key]

    def _compute(self, op, av, flags: int) -> _Info:
        one = self._one(op, av, flags)
        if one is not None:
            return _Info(False, one, one, single=True)
        if op in (C.AT, C.GROUPREF, C.ASSERT, C.ASSERT_NOT):
            return _Info(True, frozenset(), frozenset())      # consumes nothing
        if op is C.SUBPATTERN:
            _group, add, remove, sub = av
            return self._seq_info(list(sub), (flags | add) & ~remove)
        if op is C.ATOMIC_GROUP:
            inner = self._seq_info(list(av), flags)
            return _Info(inner.nullable, inner.chars, inner.first)   # gives nothing back
        if op in (C.BRANCH, C.GROUPREF_EXISTS):
            out = _Info(False, frozenset(), frozenset())
            for info in (self._seq_info(b, flags) for b in _branches(op, av)):
                out.nullable = out.nullable or info.nullable
                out.chars |= info.chars
                out.first |= info.first
                out.heads += info.heads
                out.tails += info.tails
            return out
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, high, sub = av
            body = self._seq_info(list(sub), flags)
            info = _Info(low == 0 or body.nullable, body.chars, body.first)
            if _backtracking_loop(op, high):
                name = _describe(self.pattern, op, av)
                info.heads = [(name, body.first, body.chars)]   # what it can take from its left
                info.tails = [(name, body.chars)]     # what it can give to its right
            elif op is not C.POSSESSIVE_REPEAT and high >= 1:    # x?, x{2,5}: x's own
                info.heads, info.tails = body.heads, body.tails
            return info
        raise AssertionError(f"regex_audit: unknown node {op} in {self.pattern!r}")

    # -- the reports ----------------------------------------------------------------------
    def _walk(self, items, flags: int) -> None:
        """Report adjacent overlapping repeats in this sequence and everything inside it."""
        infos = [self._info(op, av, flags) for op, av in items]
        for i, left in enumerate(infos):
            for lname, lset in left.tails:
                passed: list[frozenset] = []     # one-character items between the two
                for right in infos[i + 1:]:
                    for rname, rfirst, rchars in right.heads:
                        if lset & rfirst and all(p & lset & rchars for p in passed):
                            self.problems.append(
                                f"adjacent repeats {lname} and {rname} can consume the same "
                                f"characters ({_show(lset & rfirst)})")
                    if right.nullable:
                        continue
                    # "[^/]*a[^/]*": a character both repeats can take does not part them
                    if right.single and right.chars & lset:
                        passed.append(right.chars)
                        continue
                    break
        for op, av in items:
            for sub, sub_flags in _children(op, av, flags):
                self._walk(sub, sub_flags)
            if op in (C.MAX_REPEAT, C.MIN_REPEAT) and _backtracking_loop(op, av[1]):
                body = self._seq_info(list(av[2]), flags)
                self._loop(list(av[2]), flags, body.first, _describe(self.pattern, op, av))

    def _loop(self, items, flags: int, after: frozenset, loop: str) -> None:
        """Inside the body of the backtracking loop ``loop``: report an inner unbounded
        repeat that what follows it (``after`` at the end of ``items``: the next iteration,
        or what follows the enclosing item) can also consume, and a choice whose
        alternatives can start alike - either lets the iterations be cut in many ways."""
        infos = [self._info(op, av, flags) for op, av in items]
        for i, (op, av) in enumerate(items):
            follow = frozenset()
            for nxt in infos[i + 1:]:
                follow |= nxt.first
                if not nxt.nullable:
                    break
            else:
                follow |= after
            if op in (C.MAX_REPEAT, C.MIN_REPEAT) and _backtracking_loop(op, av[1]):
                common = infos[i].chars & follow
                if common:
                    self.problems.append(
                        f"nested repeat {_describe(self.pattern, op, av)} inside {loop}: what "
                        f"follows it in the loop can consume the same characters "
                        f"({_show(common)})")
                self._loop(list(av[2]), flags, follow | infos[i].first, loop)
            elif op is C.SUBPATTERN:
                self._loop(list(av[3]), (flags | av[1]) & ~av[2], follow, loop)
            elif op in (C.BRANCH, C.GROUPREF_EXISTS):
                alternatives = _branches(op, av)
                firsts = []
                for b in alternatives:
                    alt = self._seq_info(b, flags)
                    firsts.append(alt.first | (follow if alt.nullable else frozenset()))
                for a in range(len(firsts)):
                    for b in range(a + 1, len(firsts)):
                        if firsts[a] & firsts[b]:
                            self.problems.append(
                                f"alternatives inside {loop} can start with the same "
                                f"characters ({_show(firsts[a] & firsts[b])})")
                for b in alternatives:
                    self._loop(b, flags, follow, loop)
            elif op is C.MAX_REPEAT or op is C.MIN_REPEAT:      # a bounded repeat: x?, x{2,5}
                if av[0] < av[1] and infos[i].first & follow:
                    self.problems.append(
                        f"optional {_describe(self.pattern, op, av)} inside {loop} can be "
                        f"taken or left to what follows ({_show(infos[i].first & follow)})")
                self._loop(list(av[2]), flags, follow | infos[i].first, loop)
            # atomic groups and possessive repeats give nothing back: not re-cut by the loop


def _backtracking_loop(op, high) -> bool:
    return op is not C.POSSESSIVE_REPEAT and (high is C.MAXREPEAT or high > BOUND)


def _branches(op, av) -> list[list]:
    if op is C.BRANCH:
        return [list(b) for b in av[1]]
    _group, yes, no = av                              # GROUPREF_EXISTS
    return [list(yes), list(no) if no is not None else []]


def _children(op, av, flags: int):
    """The sub-sequences of a node, with the flags that hold in each."""
    if op is C.SUBPATTERN:
        return [(list(av[3]), (flags | av[1]) & ~av[2])]
    if op is C.ATOMIC_GROUP:
        return [(list(av), flags)]
    if op in (C.ASSERT, C.ASSERT_NOT):
        return [(list(av[1]), flags)]
    if op in (C.BRANCH, C.GROUPREF_EXISTS):
        return [(b, flags) for b in _branches(op, av)]
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return [(list(av[2]), flags)]
    return []


def _describe(pattern: str, op, av) -> str:
    """A repeat written back as regular-expression text, for the messages."""
    text = _render([(op, av)])
    return text if len(text) <= 60 else text[:57] + "..."


_CATEGORIES = {"DIGIT": r"\d", "NOT_DIGIT": r"\D", "SPACE": r"\s", "NOT_SPACE": r"\S",
               "WORD": r"\w", "NOT_WORD": r"\W"}


def _render(items) -> str:
    out = []
    for op, av in items:
        if op is C.LITERAL:
            out.append(re.escape(chr(av)))
        elif op is C.NOT_LITERAL:
            out.append(f"[^{re.escape(chr(av))}]")
        elif op is C.ANY:
            out.append(".")
        elif op is C.IN:
            parts = []
            for iop, iav in av:
                if iop is C.NEGATE:
                    parts.append("^")
                elif iop is C.LITERAL:
                    parts.append(re.escape(chr(iav)))
                elif iop is C.RANGE:
                    parts.append(f"{re.escape(chr(iav[0]))}-{re.escape(chr(iav[1]))}")
                elif iop is C.CATEGORY:
                    name = str(iav).replace("CATEGORY_", "").replace("UNI_", "")
                    parts.append(_CATEGORIES.get(name, name))
            body = "".join(parts)
            out.append(body if len(av) == 1 and av[0][0] is C.CATEGORY else f"[{body}]")
        elif op is C.SUBPATTERN:
            out.append(f"({_render(av[3])})")
        elif op is C.ATOMIC_GROUP:
            out.append(f"(?>{_render(av)})")
        elif op is C.BRANCH:
            out.append("|".join(_render(b) for b in av[1]))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, high, sub = av
            inner = _render(sub)
            if len(sub) != 1 or sub[0][0] in (C.BRANCH,):
                inner = f"(?:{inner})"
            mark = {C.MIN_REPEAT: "?", C.POSSESSIVE_REPEAT: "+"}.get(op, "")
            quant = {(0, C.MAXREPEAT): "*", (1, C.MAXREPEAT): "+", (0, 1): "?"}.get(
                (low, high), f"{{{low},{'' if high is C.MAXREPEAT else high}}}")
            out.append(inner + quant + mark)
        elif op is C.AT:
            out.append({"AT_BEGINNING": "^", "AT_END": "$", "AT_BOUNDARY": r"\b"}.get(
                str(av), ""))
        else:
            out.append("…")
    return "".join(out)


def _show(chars: frozenset) -> str:
    sample = sorted(chars)[:6]
    return " ".join(repr(c) for c in sample) + (" …" if len(chars) > 6 else "")


def problems(pattern: str, flags: int = 0) -> list[str]:
    """The super-linear shapes of ``pattern`` (empty when it is safe), deduplicated."""
    return list(dict.fromkeys(Analyser(pattern, flags).problems))


# ---------------------------------------------------------------------------------------
# collecting the package's patterns

PACKAGE = "deckcheck"
_RE_FUNCTIONS = {"compile", "match", "search", "fullmatch", "sub", "subn", "split",
                 "findall", "finditer"}
#: where the ``flags`` argument sits among the positional arguments of each function
_FLAGS_AT = {"compile": 1, "match": 2, "search": 2, "fullmatch": 2, "findall": 2,
             "finditer": 2, "split": 3, "sub": 4, "subn": 4}


@dataclass(frozen=True)
class Found:
    pattern: str
    flags: int
    where: str          # module:attribute, or file:line of an inline call


@dataclass
class Collected:
    patterns: dict = field(default_factory=dict)        # (pattern, flags) -> [where]
    dynamic_sites: list = field(default_factory=list)    # "file:line in function"
    uses: dict = field(default_factory=dict)             # (pattern, flags) -> {method}
    attribute_uses: dict = field(default_factory=dict)   # NAME of "NAME.search(" -> {method}

    def add(self, pattern: str, flags: int, where: str, method: str | None = None) -> None:
        flags &= ~re.UNICODE         # implied for str patterns; equal patterns compare equal
        self.patterns.setdefault((pattern, flags), []).append(where)
        if method:
            self.uses.setdefault((pattern, flags & ~re.UNICODE), set()).add(method)


def package_modules() -> list:
    pkg = importlib.import_module(PACKAGE)
    names = [PACKAGE] + [m.name for m in pkgutil.walk_packages(pkg.__path__, PACKAGE + ".")]
    return [importlib.import_module(n) for n in sorted(names)]


def _gather_objects(value, where: str, out: Collected, depth: int = 0) -> None:
    if isinstance(value, re.Pattern):
        if isinstance(value.pattern, str):
            out.add(value.pattern, value.flags, where)
    elif depth < 4 and isinstance(value, (list, tuple, set, frozenset)):
        for i, item in enumerate(value):
            _gather_objects(item, f"{where}[{i}]", out, depth + 1)
    elif depth < 4 and isinstance(value, dict):
        for key, item in value.items():
            _gather_objects(item, f"{where}[{key!r}]", out, depth + 1)


def _literal(node):
    """The value of a string-literal expression (concatenations and ``%`` of literals
    included), or None."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            left, right = _literal(node.left), _literal(node.right)
            if isinstance(left, str) and isinstance(right, str):
                return left + right if isinstance(node.op, ast.Add) else None
        return None
    return value if isinstance(value, str) else None


def _flags_value(node) -> int | None:
    try:
        return int(eval(compile(ast.Expression(node), "<flags>", "eval"), {"re": re}))
    except Exception:           # noqa: BLE001 - a flags expression of names: unknown
        return None


def _scan_source(path: Path, module: str, out: Collected) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    scopes: list[str] = []

    class Visitor(ast.NodeVisitor):
        def visit_FunctionDef(self, node):
            scopes.append(node.name)
            self.generic_visit(node)
            scopes.pop()

        visit_AsyncFunctionDef = visit_FunctionDef
        visit_ClassDef = visit_FunctionDef

        def visit_ImportFrom(self, node):
            if node.module == "re":
                out.dynamic_sites.append(f"{module}:{node.lineno} imports from re directly")
            self.generic_visit(node)

        def visit_Call(self, node):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in _RE_FUNCTIONS
                    and isinstance(func.value, ast.Name) and func.value.id == "re"):
                self._re_call(node, func.attr)
            elif isinstance(func, ast.Attribute) and func.attr in _RE_FUNCTIONS:
                owner = func.value
                name = owner.id if isinstance(owner, ast.Name) else (
                    owner.attr if isinstance(owner, ast.Attribute) else None)
                if name:
                    out.attribute_uses.setdefault(name, set()).add(func.attr)
            self.generic_visit(node)

        def _re_call(self, node, name):
            arg = node.args[0] if node.args else next(
                (k.value for k in node.keywords if k.arg == "pattern"), None)
            text = _literal(arg) if arg is not None else None
            where = f"{module}:{node.lineno}"
            if text is None:
                if scopes:              # built at run time inside a function
                    out.dynamic_sites.append(f"{where} in {'.'.join(scopes)}")
                return                  # at module level: the import-time walk sees it
            flags_node = next((k.value for k in node.keywords if k.arg == "flags"), None)
            if flags_node is None and len(node.args) > _FLAGS_AT[name]:
                flags_node = node.args[_FLAGS_AT[name]]
            flags = 0 if flags_node is None else _flags_value(flags_node)
            if flags is None:
                out.dynamic_sites.append(f"{where} in {'.'.join(scopes) or 'module'} "
                                         "(flags not literal)")
                return
            out.add(text, flags, where, None if name == "compile" else name)

    Visitor().visit(tree)


def collect_package() -> Collected:
    """Every pattern the package compiles: module- and class-level ``re.Pattern`` objects
    (also inside module-level lists, tuples and dicts) after importing every module, and
    every literal pattern passed to an ``re`` function anywhere in the source. Calls whose
    pattern is built at run time inside a function are listed in ``dynamic_sites``: the
    audit must know where their patterns come from."""
    out = Collected()
    for module in package_modules():
        for attr, value in vars(module).items():
            _gather_objects(value, f"{module.__name__}.{attr}", out)
            if isinstance(value, type) and value.__module__ == module.__name__:
                for cattr, cvalue in vars(value).items():
                    _gather_objects(cvalue, f"{module.__name__}.{attr}.{cattr}", out)
        source = getattr(module, "__file__", None)
        if source and source.endswith(".py"):
            _scan_source(Path(source), module.__name__, out)
    return out


# ---------------------------------------------------------------------------------------
# patterns built at run time inside a function: where each comes from
#
# Every call of an ``re`` function whose pattern is not a literal, inside a function, must be
# listed here with a provider that yields the patterns it can build; a new such call fails
# ``test_every_dynamic_pattern_has_a_provider`` until it is added (or made module-level).

class _Recorder:
    """Stands in for the ``re`` module of one module and records every pattern given."""

    def __init__(self, seen: list):
        self._seen = seen

    def __getattr__(self, name):
        real = getattr(re, name)
        if name not in _RE_FUNCTIONS:
            return real

        def call(pattern, *args, **kwargs):
            flags = kwargs.get("flags", args[_FLAGS_AT[name] - 1]
                               if len(args) >= _FLAGS_AT[name] else 0)
            self._seen.append((pattern, int(flags)))
            return real(pattern, *args, **kwargs)
        return call


def _fdk_key_patterns():
    """``_key_span`` searches ``"<key>"\\s*:\\s*`` for every key of the file, which a stranger
    writes: record what it builds for the real keys and for hostile ones."""
    from deckcheck.games.fow import fdk
    seen: list = []
    keys = list(fdk.KEYS) + ["name", " " * 50, "a" * 300, ".*" * 20, "(a+)+", "\\s*\\s*", "共 1"]
    original = fdk.re
    fdk.re = _Recorder(seen)
    try:
        for key in keys:
            fdk._key_span('{"%s" : 1}' % key, key)
    finally:
        fdk.re = original
    assert len(seen) == len(keys), "fdk._key_span no longer builds a pattern per key"
    for pattern, flags in seen:
        yield pattern, flags, "deckcheck.games.fow.fdk._key_span", "search"


DYNAMIC_SOURCES = {
    "deckcheck.games.fow.fdk:_key_span": _fdk_key_patterns,
}


def _site_key(site: str) -> str:
    module, rest = site.split(":", 1)
    return f"{module}:{rest.split(' in ', 1)[-1].split('.')[-1].split(' ')[0]}"


SEARCHING = {"search", "sub", "subn", "split", "findall", "finditer"}


def all_patterns() -> tuple[dict, list, dict]:
    """(pattern, flags) -> [where] for every pattern the package uses, the dynamic call
    sites, and (pattern, flags) -> the methods it is used with ("search", "match",
    "fullmatch"; all three when the use is not known)."""
    found = collect_package()
    out = {key: list(where) for key, where in found.patterns.items()}
    uses = {key: set(methods) for key, methods in found.uses.items()}
    for key, wheres in found.patterns.items():
        for where in wheres:
            attr = where.split("[", 1)[0].rsplit(".", 1)[-1]
            if ":" not in where:
                uses.setdefault(key, set()).update(found.attribute_uses.get(attr, ()))
    for provider in DYNAMIC_SOURCES.values():
        for pattern, flags, where, method in provider():
            key = (pattern, flags & ~re.UNICODE)
            out.setdefault(key, []).append(where)
            uses.setdefault(key, set()).add(method)
    methods = {}
    for key in out:
        used = uses.get(key) or {"search", "match", "fullmatch"}
        methods[key] = {"search" if m in SEARCHING else m for m in used}
    return out, found.dynamic_sites, methods


# ---------------------------------------------------------------------------------------
# 1. the static check


#: the pattern that made a 30 KB list of 100 lines of blanks take 20+ s (issue 13, item 3)
OLD_HEADER_COUNT = (
    r"\s*[:：]?\s*(?:[(\[（【]\s*(?:共\s*)?\d+(?:\s*(?:of|/)\s*\d+)?\s*(?:张|張|点|點|枚|cards?|pts)?"
    r"\s*[)\]）】]|[:：]\s*(?:共\s*)?\d+\s*(?:张|張|点|點|枚)?|\s\d+)\s*[:：]?$")
#: the glob translation config.glob_match used: "*a*a*a*a*a*a*a*b" took hours
OLD_GLOB = "^" + r"[^/]*a" * 8 + r"[^/]*b$"

KNOWN_BAD = [
    (OLD_HEADER_COUNT, re.IGNORECASE),
    (OLD_GLOB, 0),
    (r"(a+)+$", 0),
    (r"\s*\s*x", 0),
    (r"(\w|\d\d)+$", 0),
    (r"(a|aa)+$", 0),
    (r"(\w+\d)+$", 0),
    (r"(\d+\s?)+$", 0),
    (r"(?:.*?,)+$", 0),
    (r"^(?P<name>.+?)\s*$", 0),
    (r"\d+\s*:?\s*\d+", 0),
    (r"(?i:x+)X+", 0),
    (r"^(\s*[:：]?\s*)+$", 0),
]

KNOWN_SAFE = [
    r"\s*+\s*x",                 # the first takes every blank and gives none back
    r"(?>\s*)\s*x",
    r"(?:a+)++",
    r"(?>a+)*b",
    r'"((?:[^"\\]|\\.)*)"',
    r"(?:\s+(?:\*[A-Z]\*|#[\w-]+))+$",
    r"\d+(?:[+/]\d+)*",
    r"^(?P<name>.*?\S)\s*+$",
    r"[^:：]{1,40}?\s*[:：]",     # bounded: at most 40 steps from each position
    # folded by re._parser into the single class [\w\d] (one way to match each character),
    # so CPython runs it in linear time; "(\w|\d\d)+$" above is the real textbook case
    r"(\w|\d)+$",
]


@pytest.mark.parametrize("pattern,flags", KNOWN_BAD, ids=range(len(KNOWN_BAD)))
def test_the_analyser_flags_textbook_super_linear_patterns(pattern, flags):
    assert problems(pattern, flags), f"{pattern!r} was not flagged"


@pytest.mark.parametrize("pattern", KNOWN_SAFE, ids=range(len(KNOWN_SAFE)))
def test_the_analyser_passes_linear_patterns(pattern):
    assert problems(pattern) == []


@functools.cache
def _package():
    return all_patterns()


#: the number of distinct patterns the package uses (321 when the audit was written; then
#: the catalogue's ten patterns over English messages went when messages were translated by
#: their ids, and a few patterns the games' readers shared became one, 308; then the
#: catalogue's 66 ``fragments`` over the readers' English went when the readers' phrases were
#: translated by their ids, 242; then the 33 ``sections`` and cell ``_patterns`` over the report
#: tables' English went when their titles and cells became phrases too); a drop means that the
#: collector stopped seeing some (a pattern moved into a function, a module not imported)
AUDITED_AT_LEAST = 209


def test_every_dynamic_pattern_has_a_provider():
    _, sites, _ = _package()
    unknown = sorted({_site_key(s) for s in sites} - set(DYNAMIC_SOURCES))
    assert not unknown, ("these calls build a regular expression at run time; make the pattern "
                         "module-level or add a provider to DYNAMIC_SOURCES: " + ", ".join(
                             s for s in sites if _site_key(s) in unknown))


def test_the_audit_sees_every_pattern():
    patterns, _, _ = _package()
    assert len(patterns) >= AUDITED_AT_LEAST, len(patterns)
    wheres = " ".join(w for where in patterns.values() for w in where)
    for expected in ("deckcheck.parsing.text._HEADER_COUNT", "deckcheck.fixing._LINE",
                     "deckcheck.games.fow.fdk",
                     "deckcheck.games.wowtcg.importing.deckbuilding._ALLOW_COMPILED",
                     "deckcheck.games.mtg.importer:"):
        assert expected in wheres, expected


def test_no_pattern_of_the_package_backtracks_super_linearly():
    patterns, _, _ = _package()
    report = []
    for (pattern, flags), where in sorted(patterns.items(), key=lambda kv: kv[1]):
        for problem in problems(pattern, flags):
            report.append(f"{', '.join(where)}: {pattern!r}: {problem}")
    assert not report, "\n".join(report)


# ---------------------------------------------------------------------------------------
# 2. a work-bounded run of every pattern on hostile strings


BLANKS = (" ", "\t", "\u3000", "\u00a0")
SEPARATORS = "-–—:|/"
BRACKETS = "([{（【"
CJK = "，。：；、·・共张點"


def hostile_strings(n: int) -> list[str]:
    """Strings of about ``n`` characters that make backtracking patterns work hardest: runs
    of one kind of character (which repeats can share out in many ways) with a character at
    the end that makes the match fail, and mixtures of them."""
    out = []
    for blank in BLANKS:
        out += [blank * n, "a" + blank * n + "b", blank * n + "1", (blank + "1") * (n // 2),
                ":" + blank * n + ":", "(" + blank * n, "x" + blank * n + "x"]
    out += ["a" * n, "a" * n + "!", "1" * n, "1" * n + "x", "1" * n + " ", ("1 " * n)[:n] + "a", ("1x" * n)[:n] + "!",
            "x" * n + "1", "×" * n, "x1 " * (n // 3)]
    for ch in SEPARATORS + BRACKETS + CJK:
        out += [ch * n, (ch + " ") * (n // 2) + "a", ("a" + ch) * (n // 2), ("1" + ch) * (n // 2)]
    out += ["[" + "a" * n, "{" * n, "#" * n + " x", "# " * (n // 2), "SB: " + "1" * n,
            ("Hero Required " * n)[:n], "Deck" + " " * n + "building", "a:" * (n // 2)]
    mixture = " \t\u30001x×-–—:|/([{（【，。：；、共张aA#*."
    rng = __import__("random").Random(n)
    out += ["".join(rng.choice(mixture) for _ in range(n)) for _ in range(6)]
    return out


def _cpu(rx: re.Pattern, methods, strings: list[str], repeat: int = 3,
         min_total: float = 0.0) -> float:
    """The least CPU time of one pass of ``rx`` over ``strings`` in ``repeat`` tries; with
    ``min_total``, each try repeats the pass until it has used that much CPU time and counts
    the mean, so a pass far shorter than the clock's tick (4 ms on some machines) is still
    measured well."""
    calls = [getattr(rx, m) for m in sorted(methods)]
    best = float("inf")
    for _ in range(repeat):
        passes, start = 0, time.process_time()
        while True:
            for text in strings:
                for call in calls:
                    call(text)
            passes += 1
            spent = time.process_time() - start
            if spent >= min_total or passes >= 256:
                break
        best = min(best, spent / passes)
    return best


#: below this much CPU time at the long length a pattern is fast whatever its growth
FLOOR = 0.005
#: how much CPU time may grow when the input grows 4 times: linear is 4, quadratic 16, cubic
#: 64. A pattern matched at a given place (match, fullmatch) must stay well below quadratic;
#: one searched for (search, sub, split, findall) is tried from every position, so a pattern
#: that starts with a repeat (``\s*x``) is quadratic there - bounded by the line cap - but no
#: more: super-linear backtracking on top of that (the old header pattern) is cubic
MAX_GROWTH = {"match": 8.0, "fullmatch": 8.0, "search": 32.0}
#: CPU time one pattern may use on all the hostile strings of the line cap
PATTERN_BUDGET = 0.5


def growth(rx: re.Pattern, methods, n: int, careful: bool = False) -> tuple[float, float]:
    """CPU time of ``rx`` on the hostile strings of length ``n // 4`` and ``n``; ``careful``
    repeats each pass until it has used enough CPU time to be measured well."""
    small, big = hostile_strings(n // 4), hostile_strings(n)
    with cpu_budget(PATTERN_BUDGET * (8 if careful else 4)):
        t_small = _cpu(rx, methods, small, min_total=0.05 if careful else 0.0)
        t_big = _cpu(rx, methods, big, repeat=1 if t_small * 16 > PATTERN_BUDGET else 3,
                     min_total=0.05 if careful else 0.0)
    return t_small, t_big


def _verdict(rx: re.Pattern, methods=("search", "match", "fullmatch"), n: int = MAX_LINE):
    """Why ``rx`` used with ``methods`` does too much work on hostile strings, or None.

    A quick measurement clears most patterns; one whose growth looks too steep is measured
    again, carefully, twice, and is reported only when every measurement says so (on a busy
    machine one short measurement can be off; a super-linear pattern is slow every time).
    """
    verdict = None
    for careful in (False, True, True):
        verdict = _one_verdict(rx, methods, n, careful)
        if verdict is None:
            return None
    return verdict


def _one_verdict(rx: re.Pattern, methods, n: int, careful: bool) -> str | None:
    limit = max(MAX_GROWTH[m] for m in methods)
    try:
        t_small, t_big = growth(rx, methods, n, careful)
    except CPUBudgetExceeded as e:
        return f"ran out of its CPU budget ({e})"
    if t_big < FLOOR:
        return None
    if t_big > PATTERN_BUDGET:
        return f"{t_big:.2f}s of CPU on the hostile strings of {n} characters"
    ratio = t_big / max(t_small, FLOOR / 4)     # a time below the floor is noise
    if ratio >= limit:
        return (f"CPU time grows {ratio:.1f}x when the input grows 4x "
                f"({t_small * 1000:.1f} ms -> {t_big * 1000:.1f} ms) with {sorted(methods)}")
    return None


def test_the_work_bound_catches_the_old_patterns():
    """The bound can fail: the old header pattern (searched, by ``sub``) and a glob of three
    stars (matched) trip it. A verdict clears a pattern on one measurement that looks linear,
    which a busy machine can give even a super-linear one; such a pattern is slow every time,
    so it trips the bound in at least one of three verdicts."""
    for rx, methods, n in ((re.compile(OLD_HEADER_COUNT, re.IGNORECASE), {"search"}, 120),
                           (re.compile(r"^[^/]*a[^/]*a[^/]*b$"), {"match"}, 240)):
        assert any(_verdict(rx, methods, n=n) for _ in range(3)), rx.pattern


def test_every_pattern_stays_linear_on_hostile_strings():
    """Each pattern, used as the package uses it, on hostile strings up to the line cap
    (:data:`deckcheck.parsing.text.MAX_LINE`)."""
    patterns, _, methods = _package()
    slow = []
    for (pattern, flags), where in patterns.items():
        verdict = _verdict(re.compile(pattern, flags), methods[(pattern, flags)])
        if verdict:
            slow.append(f"{', '.join(where)}: {pattern!r}: {verdict}")
    assert not slow, "\n".join(slow)


# ---------------------------------------------------------------------------------------
# 3. end to end: the list that took 20+ s


ROOT = Path(__file__).resolve().parents[2]


def _hostile_header_list() -> str:
    """100 lines of 300 characters: a word, blanks of one kind, a digit and a letter - the
    old header pattern split each run of blanks between its three ``\\s*`` in every way
    before failing on the letter, from every position (O(n³) a line)."""
    lines = []
    for i in range(100):
        blank = BLANKS[i % 2]                   # spaces and tabs (lines are stripped of U+3000)
        lines.append(("a" + blank * (MAX_LINE - 3) + "1x")[:MAX_LINE])
    return "\n".join(lines) + "\n"


def test_a_list_of_blank_runs_is_answered_in_linear_time(tmp_path):
    hostile = _hostile_header_list()
    deck = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text("utf-8")
    normal = ""
    while len(normal) < len(hostile):
        normal += deck if deck.endswith("\n") else deck + "\n"
    (tmp_path / "normal.txt").write_text(normal, encoding="utf-8")
    (tmp_path / "hostile.txt").write_text(hostile, encoding="utf-8")
    calibration = run_bounded("check", "-f", "fow-classic", "normal.txt", cwd=tmp_path)
    assert not calibration.hung and calibration.returncode in (0, 1, 2), str(calibration)
    run = run_bounded("check", "-f", "fow-classic", "hostile.txt", cwd=tmp_path)
    assert not run.hung, str(run)
    assert run.returncode in (1, 2), str(run)
    assert "Traceback" not in run.stdout + run.stderr, str(run)
    limit = 10 * calibration.cpu_seconds + 1.0
    assert run.cpu_seconds <= limit, f"more than {limit:.2f}s of CPU: {run}"


# the config's globs (include, exclude, formats, per-file-ignores) come from a pull request:
# the regular expression config.glob_match built from "*a*a*a*a*a*a*a*b" backtracked for hours

MANY_STARS = "*a" * 8 + "*b"


def test_a_glob_of_many_stars_matches_in_bounded_work():
    from deckcheck.config import glob_match
    name = "a" * 200

    def spent(pattern: str) -> float:
        start = time.process_time()
        for _ in range(20):
            glob_match(name, pattern)
        return time.process_time() - start

    calibration = spent("*" * 17 + "b")        # as long, one way to match
    with cpu_budget(50 * calibration + 2.0):
        assert not glob_match(name, MANY_STARS)
        assert spent(MANY_STARS) <= 50 * calibration + 1.0
    assert glob_match(name + "b", MANY_STARS) and glob_match("x/" + name, "x/" + MANY_STARS[:-2])


def test_a_config_glob_of_many_stars_through_the_cli(tmp_path):
    deck = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text("utf-8")
    (tmp_path / ".git").mkdir()
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "deck.txt").write_text(deck, encoding="utf-8")
    (decks / ("a" * 200 + ".txt")).write_text(deck, encoding="utf-8")
    (tmp_path / ".deckcheck.yaml").write_text(
        'include: ["decks/**"]\nformats:\n  - {path: "decks/deck.txt", format: fow-classic}\n',
        encoding="utf-8")
    calibration = run_bounded("check", "-f", "fow-classic", ".", cwd=tmp_path)
    assert not calibration.hung, str(calibration)
    (tmp_path / ".deckcheck.yaml").write_text(
        f'include: ["decks/**"]\nexclude: ["decks/{MANY_STARS}"]\nformats:\n'
        f'  - {{path: "decks/{MANY_STARS}", format: fow-classic}}\n'
        f'  - {{path: "decks/**", format: fow-classic}}\n', encoding="utf-8")
    run = run_bounded("check", "-f", "fow-classic", ".", cwd=tmp_path)
    assert not run.hung, str(run)
    assert "Traceback" not in run.stdout + run.stderr, str(run)
    limit = 10 * calibration.cpu_seconds + 1.0
    assert run.cpu_seconds <= limit, f"more than {limit:.2f}s of CPU: {run}"
