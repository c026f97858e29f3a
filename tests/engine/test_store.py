"""The compiled card store and the caches: lazy loading, per-installation cache files,
atomic writes, damaged files rebuilt, concurrent builders."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import time
from pathlib import Path

import pytest

from deckcheck import cache, carddb
from deckcheck.carddb import store
from deckcheck.matching.index import MatchParams
from deckcheck.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
GAME = "mageknight"   # the smallest shipped card data
NAMES = ["Tovak", "March", "Rage", "Crystallize", "Threaten", "Tovak "]


@pytest.fixture
def installs(tmp_path, monkeypatch):
    """Two "installations": two copies of a game's card folder, one shared cache folder."""
    folders = []
    for name in ("venv", "checkout"):
        folder = tmp_path / name / "cards"
        shutil.copytree(ROOT / "cards" / GAME, folder / GAME)
        folders.append(folder)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path / "user-data"))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    yield folders, tmp_path / "cache"
    data_dir.cache_clear()
    carddb._LOADED.clear()


def _load_from(folder: Path, monkeypatch) -> carddb.CardDB:
    monkeypatch.setenv("DECKCHECK_CARDS_DIR", str(folder))
    data_dir.cache_clear()
    carddb._LOADED.clear()
    return carddb.load(GAME, MatchParams())


def _count_builds(monkeypatch) -> list[str]:
    calls: list[str] = []
    build = carddb._build

    def counting(game, dirs, params):
        calls.append(str(dirs[0]))
        return build(game, dirs, params)

    monkeypatch.setattr(carddb, "_build", counting)
    return calls


def _answers(db: carddb.CardDB) -> list:
    return [(m.kind, m.card.id if m.card else None, m.via, m.label,
             [c.id for c in m.candidates], m.suggestions)
            for m in map(db.index.match, NAMES + ["Tovakk", "Crystalize", "nothing at all"])]


def test_store_answers_like_the_built_database(installs, monkeypatch):
    folders, cache_folder = installs
    calls = _count_builds(monkeypatch)
    built = _load_from(folders[0], monkeypatch)
    stored = _load_from(folders[0], monkeypatch)
    assert len(calls) == 1                            # the second load read the store
    assert isinstance(stored.cards, store.LazyCards)
    found = {stored.find(n).id for n in NAMES}
    assert stored.cards.materialised == len(found)    # only the cards the lookups found
    assert _answers(stored) == _answers(built)
    assert stored.cards.materialised < len(built) // 4
    assert [c.data for c in stored.cards] == [c.data for c in built.cards]
    assert stored.cards.materialised == len(built)
    assert dict(stored.tables) == dict(built.tables)
    some = built.cards[7]
    assert stored.get(some.id) == some and stored.get("no such id") is None
    assert [c.id for c in stored.of_kind("hero")] == [c.id for c in built.of_kind("hero")]
    assert stored.of_kind("hero") and stored.of_kind("no such kind") == []


def test_two_installations_keep_their_caches(installs, monkeypatch):
    folders, cache_folder = installs
    calls = _count_builds(monkeypatch)
    for folder in folders + folders + folders:        # venv, checkout, venv, checkout …
        db = _load_from(folder, monkeypatch)
        assert db.find("Tovak") is not None
    assert len(calls) == 2                            # each built once, never evicted
    assert len(list(cache_folder.glob(f"cards-{GAME}-*.store"))) == 2


def test_a_truncated_cache_file_is_rebuilt(installs, monkeypatch):
    folders, cache_folder = installs
    calls = _count_builds(monkeypatch)
    want = _answers(_load_from(folders[0], monkeypatch))
    (target,) = cache_folder.glob(f"cards-{GAME}-*.store")
    for damage in (lambda b: b[: len(b) // 2], lambda b: b[:20], lambda b: b"",
                   lambda b: b[:-1] + bytes([b[-1] ^ 0xFF])):
        target.write_bytes(damage(target.read_bytes()))
        db = _load_from(folders[0], monkeypatch)      # rebuilt from the YAML …
        assert _answers(db) == want
        db = _load_from(folders[0], monkeypatch)      # … and written whole again
        assert isinstance(db.cards, store.LazyCards) and _answers(db) == want
    assert len(calls) == 5


def _build_in_child(folder: str, cache_folder: str, barrier, out) -> None:
    os.environ["DECKCHECK_CARDS_DIR"] = folder
    os.environ["DECKCHECK_CACHE_DIR"] = cache_folder
    data_dir.cache_clear()
    barrier.wait(timeout=60)
    db = carddb.load(GAME, MatchParams())
    out.put((len(db), db.find("Tovak").id, db.index.match("Crystalize").kind))


def test_concurrent_builders_both_get_a_correct_database(installs, monkeypatch):
    folders, cache_folder = installs
    want = _load_from(folders[0], monkeypatch)
    for f in cache_folder.glob("*"):
        f.unlink()
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_build_in_child,
                         args=(str(folders[0]), str(cache_folder), barrier, out))
             for _ in range(2)]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    expected = (len(want), want.find("Tovak").id, want.index.match("Crystalize").kind)
    assert results == [expected, expected]
    assert not list(cache_folder.glob("*.tmp"))       # no half-written file left behind
    (target,) = cache_folder.glob(f"cards-{GAME}-*.store")
    assert len(carddb.CardDB.from_store(target)) == len(want)


def test_prune_deletes_only_files_unused_for_thirty_days(tmp_path):
    now = time.time()
    ages = {"cards-mtg-aaaa-1.store": 31, "cards-mtg-aaaa-2.store": 29,
            "formats-mtg-bbbb-3.pickle": 45, "cards-mtg-old.pickle": 40,
            "cards-fow-x.store.1234.tmp": 1, "notes.txt": 400}
    for name, days in ages.items():
        p = tmp_path / name
        p.write_bytes(b"x")
        os.utime(p, (now - days * 86400, now - days * 86400))
    gone = {p.name for p in cache.prune(tmp_path, now=now)}
    assert gone == {"cards-mtg-aaaa-1.store", "formats-mtg-bbbb-3.pickle",
                    "cards-mtg-old.pickle", "cards-fow-x.store.1234.tmp"}
    assert {p.name for p in tmp_path.iterdir()} == {"cards-mtg-aaaa-2.store", "notes.txt"}


def test_use_refreshes_a_cache_file(installs, monkeypatch):
    folders, cache_folder = installs
    _load_from(folders[0], monkeypatch)
    (target,) = cache_folder.glob(f"cards-{GAME}-*.store")
    old = time.time() - 20 * 86400
    os.utime(target, (old, old))
    _load_from(folders[0], monkeypatch)
    assert time.time() - target.stat().st_mtime < 3600
    assert not cache.prune(cache_folder)              # in use: kept


def test_hashed_table_and_sections(tmp_path):
    path = tmp_path / "t.store"
    table = {f"name {i}": [i, "x"] for i in range(1000)} | {"": [-1], "名前": [7]}
    records = [{"id": str(i), "name": f"card {i}"} for i in range(50)]
    store.write(path, records, {"game": "g"}, {"names": table}, {"rest": {"a": [1, 2]}})
    st = store.Store(path)
    names = st.hashed("names")
    assert all(names.get(k) == v for k, v in table.items())
    assert names.get("absent") is None and "absent" not in names and "name 5" in names
    assert dict(names.items()) == table
    assert st.section("rest") == {"a": [1, 2]} and st.head["game"] == "g"
    assert [st.record(i) for i in range(len(st))] == records
    data = bytearray(path.read_bytes())
    data[st.offsets[3]:st.offsets[4]] = b"\xff" * (st.offsets[4] - st.offsets[3])
    path.write_bytes(bytes(data))          # a damaged record: the head's checksum still holds
    st = store.Store(path)
    assert st.record(2) == records[2]
    with pytest.raises(store.StoreDamaged, match="deleted: run the command again"):
        st.record(3)
    assert not path.exists()               # the next run rebuilds it
    store.write(path, records, {"game": "g"}, {"names": table}, {})
    path.write_bytes(b"DCKSTORX" + path.read_bytes()[8:])
    with pytest.raises(store.StoreDamaged):
        store.Store(path)


def _synthetic_store(tmp_path: Path, n: int) -> Path:
    from deckcheck.models import Card

    words = ["Ember", "Frost", "Gale", "Stone", "Shadow", "Light", "Vine", "Tide"]
    cards = [Card({"id": f"c{i:05d}", "name": f"{words[i % 8]} {words[i // 8 % 8]} {i}",
                   "names": {"zh-Hans": [f"卡{i}"]}, "types": ["creature"], "sets": ["S1"],
                   "kind": "hero" if i % 500 == 0 else "unit"}) for i in range(n)]
    db = carddb.CardDB("g", cards, {"sets": {"sets": [{"code": "S1"}] * (n // 10)}},
                       MatchParams(), "synthetic")
    path = tmp_path / f"s{n}.store"
    db.write_store(path)
    return path


def test_opening_a_store_does_not_grow_with_the_pool(tmp_path):
    import gc

    def alive() -> int:   # tracked objects, the frozen ones included
        return len(gc.get_objects()) + gc.get_freeze_count()

    def cost(n: int) -> tuple[int, int, int]:
        path = _synthetic_store(tmp_path, n)
        gc.collect()
        before = alive()
        db = carddb.CardDB.from_store(path)
        picked = list(range(0, n, n // 60))[:60]
        wanted = [f"c{i:05d}" for i in picked]
        names = [db.get(cid).name for cid in wanted]
        assert all(db.find(name).id == cid for name, cid in zip(names, wanted))
        assert len(db.of_kind("hero")) == n // 500
        objects = alive() - before
        buckets = sum(len(t._buckets) for t in (db.index.exact, db.index.keys, db._ids))
        touched = set(picked) | set(range(0, n, 500))   # the wanted cards and the heroes
        assert db.cards.materialised == len(touched)
        return objects, db.cards.materialised, buckets

    small, large = cost(1_000), cost(10_000)
    assert large[2] <= 3 * 60 + 3                       # a bucket or so per lookup
    # ten times the cards: the objects a one-deck load creates stay about the same
    assert large[0] < 2 * small[0] + 2_000, (small, large)
