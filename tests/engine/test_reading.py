"""Reading deck files: encodings, size and binary refusal, line endings."""

from __future__ import annotations

import codecs

import pytest

from deckcheck.reading import (MAX_BYTES, MAX_LINE_CHARS, ReadError, check_limits, decode,
                               read_path, split_lines)

TRAD = "Format: fow-classic\n領主：Grimm, the Fairy Tale Prince\n主牌庫\n4 Thunder\n魔石牌庫\n6 Magic Stone of Flame\n備牌\n2 Bloody Moon\n"
SIMP = "Format: fow-classic\n领主：Grimm, the Fairy Tale Prince\n主牌库\n4 Thunder\n魔石牌库\n6 Magic Stone of Flame\n备牌\n2 Bloody Moon\n法师: 兽王 巨熊皮甲 群兽法杖\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be",
                                      "utf-32", "gb18030", "big5"])
def test_traditional_list_decodes_identically(encoding):
    data = TRAD.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):
        pass  # no BOM: recognised by the NUL pattern of ASCII text
    src = decode(data, "x.txt")
    assert src.text == TRAD


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "gb18030"])
def test_simplified_list_decodes_identically(encoding):
    assert decode(SIMP.encode(encoding), "x.txt").text == SIMP


def test_windows_1252_accents():
    text = "4 Séance\n2 Schrödinger, the Fallen Black Cat\n"
    src = decode(text.encode("cp1252"), "x.txt")
    assert src.text == text and src.encoding == "cp1252"


def test_bom_is_removed():
    assert decode(codecs.BOM_UTF8 + b"4 Thunder\n").text == "4 Thunder\n"


@pytest.mark.parametrize("data,needle", [
    (b"", "empty"),
    (b"  \n\n\t ", "empty"),
    (b"\x00\x01\x02\x03binary", "binary"),
    (bytes(range(1, 32)) * 50, "binary"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
])
def test_refused_inputs_say_why(data, needle):
    with pytest.raises(ReadError) as err:
        decode(data, "deck.txt")
    assert needle in str(err.value) and "deck.txt" in str(err.value)


def test_size_limit(tmp_path):
    big = tmp_path / "big.txt"
    with big.open("wb") as fh:
        fh.seek(MAX_BYTES + 10)
        fh.write(b"x")
    with pytest.raises(ReadError) as err:
        read_path(big)
    assert "limited" in str(err.value)


def test_a_line_over_the_cap_is_refused_with_its_number():
    text = "4 Island\n" * 3 + "4 " + "A" * MAX_LINE_CHARS + "\n4 Island\n"
    with pytest.raises(ReadError) as err:
        check_limits("deck.txt", text=text)
    assert str(err.value).startswith(f"deck.txt: line 4 has {MAX_LINE_CHARS + 2:,} characters")
    check_limits("deck.txt", text=text.replace("A" * MAX_LINE_CHARS, "A" * (MAX_LINE_CHARS - 2)))


def test_xml_and_json_documents_on_one_line_are_left_to_their_readers():
    for doc in ("<Deck>" + "<Cards/>" * 2000 + "</Deck>",
                '\ufeff [{"name": "' + "A" * MAX_LINE_CHARS + '"}]',
                "{" + '"a": 1, ' * 2000 + "}"):
        check_limits("deck.dek", text=doc)
    with pytest.raises(ReadError):     # a forum tag opens a text list, not a JSON document
        check_limits("deck.txt", text="[deck]" + " 4 Island" * 2000)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(ReadError, match="no such file"):
        read_path(tmp_path / "nope.txt")
    with pytest.raises(ReadError, match="directory"):
        read_path(tmp_path)


def test_line_endings_keep_editor_line_numbers():
    assert split_lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"]
    assert split_lines("a\n\nb\n") == ["a", "", "b"]
    # form feeds and other Unicode separators are not line ends here
    assert split_lines("a\x0cb\u2028c\n") == ["a\x0cb\u2028c"]


def test_invalid_utf8_that_is_no_other_encoding():
    with pytest.raises(ReadError):
        decode(b"4 Card \xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\x80\x81\x82", "x.txt")
