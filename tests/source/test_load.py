"""The safe YAML loader: positions of every value, and every way a hostile file is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from cpu import cpu_within
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import playa_rules as pr
from playa_rules import resources
from playa_rules.checks.schema import schema_diagnostics
from playa_rules.errors import LoadError, PlayaRulesError
from playa_rules.source.load import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, load_file, load_text, pointer_of

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).parent.parent / "cases" / "load"
REFERENCE = resources.games_dir() / "playa-pirata.yaml"

# file, then every diagnostic expected: (code, message fragment, line, column)
BAD_FILES = [
    (
        "billion-laughs.yaml",
        [("alias-limit", "aliases expand to more than 100000 values (expanding *e)", 7, 8)],
    ),
    (
        "duplicate-keys.yaml",
        [
            ("duplicate-key", "duplicate key 'title' (first defined at line 3)", 5, 1),
            ("duplicate-key", "duplicate key 'deck' (first defined at line 7)", 8, 3),
        ],
    ),
    ("deep-nesting.yaml", [("too-deep", f"nested more than {MAX_DEPTH} levels deep", 3, 71)]),
    ("python-tag.yaml", [("unsafe-tag", "tag '!!python/object/apply:os.system' is not allowed", 3, 8)]),
    ("invalid-utf8.yaml", [("not-utf8", "not valid UTF-8: byte 0xe9 at line 2, column 11", 2, 11)]),
    ("syntax-error.yaml", [("yaml-syntax", "expected ',' or ']', but got ':'", 3, 6)]),
    ("undefined-alias.yaml", [("yaml-syntax", "found undefined alias 'nowhere'", 2, 8)]),
    ("recursive-alias.yaml", [("alias-limit", "alias *loop refers to a value that contains it", 3, 19)]),
    (
        "bad-key.yaml",
        [
            ("bad-key", "key 'on' is read by YAML as true", 3, 3),
            ("bad-key", "a key must be a name or a number, not a list", 4, 3),
        ],
    ),
    ("non-finite.yaml", [("bad-value", "'.inf' is not a finite number", 3, 10)]),
]


@pytest.mark.parametrize("name, expected", BAD_FILES, ids=[case[0] for case in BAD_FILES])
def test_bad_file_is_refused_with_located_diagnostics(name, expected):
    # refused promptly, not after expanding (~0.1 s here; a billion values would take hours)
    with cpu_within(5.0, f"refusing {name}"), pytest.raises(LoadError) as info:
        load_file(CASES / name)
    got = [(d.code, d.line, d.column) for d in info.value.diagnostics]
    assert got == [(code, line, column) for code, _, line, column in expected]
    for diagnostic, (_, fragment, _, _) in zip(info.value.diagnostics, expected):
        assert fragment in diagnostic.message
        assert diagnostic.file == str(CASES / name)
        assert diagnostic.source_line is not None or diagnostic.code == "not-utf8"


def test_huge_file_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text("# padding\n" * (MAX_BYTES // 10 + 1))
    with cpu_within(0.5, "refusing a huge file"):
        with pytest.raises(LoadError) as info:
            load_file(path)
        assert info.value.diagnostic.code == "too-large"
        assert "larger than 2 MiB" in info.value.diagnostic.message
        with pytest.raises(LoadError) as info:
            load_text("x" * (MAX_BYTES + 1))
        assert info.value.diagnostic.code == "too-large"


def test_too_many_alias_uses():
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    with pytest.raises(LoadError) as info:
        load_text(text)
    assert info.value.diagnostic.code == "alias-limit"
    assert f"more than {MAX_ALIASES} alias uses" in info.value.diagnostic.message


def test_unreadable_files(tmp_path):
    with pytest.raises(LoadError) as info:
        load_file(tmp_path / "missing.yaml")
    assert info.value.diagnostic.code == "unreadable"
    assert info.value.diagnostic.file == str(tmp_path / "missing.yaml")
    with pytest.raises(LoadError) as info:
        load_file(tmp_path)
    assert info.value.diagnostic.code == "unreadable"


@pytest.mark.parametrize(
    "text, code, fragment",
    [
        ("a: 1\n---\nb: 2\n", "yaml-syntax", "expected a single document"),
        ("a: \x00\n", "yaml-syntax", "U+0000 is not allowed"),
        ("a: !local 1\n", "unsafe-tag", "'!local'"),
        ("a: !!binary aGk=\n", "unsafe-tag", "'!!binary'"),
        ("a: !!map [1]\n", "bad-value", "'!!map' cannot be used on a list"),
        ("a: !!int twelve\n", "bad-value", "'twelve' is not an integer"),
        ("a: 1.0e+999\n", "bad-value", "not a finite number"),
        ("a: &x 1\nb: &x 2\n", "yaml-syntax", "duplicate anchor 'x'"),
        ("~: 1\n", "bad-key", "read by YAML as null"),
        ("1.5: 1\n", "bad-key", "decimal number"),
        ("1: a\n'1': b\n", "duplicate-key", "duplicate key '1'"),
        ("a: &m {<<: *m}\n", "alias-limit", "merge key"),
        ("a: {<<: 3}\n", "bad-value", "merge key (<<) needs a mapping"),
    ],
)
def test_small_refusals(text, code, fragment):
    with pytest.raises(LoadError) as info:
        load_text(text)
    assert info.value.diagnostic.code == code
    assert fragment in info.value.diagnostic.message


def test_a_key_yaml_reads_as_null_is_named_in_the_hint_with_the_key_for_no_value():
    with pytest.raises(LoadError) as info:
        load_text("symbols: {null: '.', 0: X}\n")
    found = info.value.diagnostic
    assert found.code == "bad-key"
    assert found.hint == (
        "quote the key to make it a name: 'null': ... (a display symbol for no value, none, is keyed 'none')"
    )


def test_a_tab_indent_says_to_use_spaces():
    with pytest.raises(LoadError) as info:
        load_text("parameters:\n\thand_size: 4\n")
    found = info.value.diagnostic
    assert (found.code, found.line, found.column) == ("yaml-syntax", 2, 1)
    assert found.hint == "YAML indents with spaces, never tabs: replace the tab with spaces"


def test_reference_file_loads_like_safe_load():
    doc = load_file(REFERENCE)
    assert doc.data == yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    assert doc.file == str(REFERENCE)
    assert doc.data["parameters"]["hand_size"] == {2: 5, 3: 4, 4: 3}


def test_plain_data_choices():
    doc = load_text("when: 2014-05-01\nbad_date: 2014-13-45\n1: one\n0x10: sixteen\nyes_: yes\n")
    assert doc.data == {"when": "2014-05-01", "bad_date": "2014-13-45", 1: "one", 16: "sixteen", "yes_": True}


def test_merge_keys_and_alias_positions():
    doc = load_text("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\nsame: *b\n")
    assert doc.data["use"] == {"x": 1, "y": 3}
    assert doc.locate("/use/y") == (4, 6)
    assert doc.locate("/use/x") == (1, 14)  # where the merged value was written
    assert doc.locate("/same") == (5, 7)  # the alias use itself
    assert doc.locate("/same/y") == (1, 20)


def test_locate_and_key_location():
    doc = load_file(REFERENCE)
    line, column = doc.locate("/actions/bury/effect")
    assert doc.source_line(line)[column - 1 :] == "move card to beach"
    line, column = doc.key_location("/actions/bury")
    assert doc.source_line(line)[column - 1 :] == "bury:"
    line, column = doc.locate("/parameters/hand_size/3")
    assert doc.source_line(line)[column - 1] == "4"
    # nearest located ancestor for a path that is not there
    assert doc.locate("/actions/bury/no/such/thing") == doc.locate("/actions/bury")
    assert doc.locate("actions/bury") == doc.locate("/actions/bury")
    assert doc.key_location("/phases/0") == doc.locate("/phases/0")
    assert doc.source_line(0) == "" and doc.source_line(10**6) == ""


def test_pointer_escaping():
    doc = load_text("a/b: 1\nc~d:\n  e: 2\n")
    assert pointer_of(["a/b"]) == "/a~1b" and pointer_of(["c~d", "e"]) == "/c~0d/e"
    assert doc.locate("/a~1b") == (1, 6)
    assert doc.locate("/c~0d/e") == (3, 6)
    assert doc.key_location("/c~0d") == (2, 1)


def test_positions_with_crlf_bom_and_anchors():
    doc = load_text("\ufeffa: 1\r\nb: &x !!str  two\r\n")
    assert doc.locate("/a") == (1, 4)
    assert doc.source_line(2) == "b: &x !!str  two"
    assert doc.locate_in_scalar("/b", 1, 2) == (2, 15)


SCALARS = """\
plain: move card to beach
single: 'it''s here'
double: "tab\\there \\"quoted\\" end"
literal: |
  shuffle supply
    deal 3
  move top(supply)
folded: >-
  if a then b
  else c

  last line
multi: first part
  second part
  third
quoted_multi: "one
  two \\
  three"
"""


@pytest.mark.parametrize(
    "key, line, column, expected",
    [
        ("plain", 1, 6, (1, 13)),
        ("single", 1, 3, (2, 12)),  # the doubled quote counts once
        ("single", 1, 4, (2, 14)),
        ("single", 1, 6, (2, 16)),
        ("double", 1, 4, (3, 13)),  # \t is one character of the value
        ("double", 1, 5, (3, 15)),
        ("double", 1, 10, (3, 20)),  # \" likewise
        ("double", 1, 11, (3, 22)),
        ("literal", 2, 3, (6, 5)),
        ("literal", 3, 1, (7, 3)),
        ("folded", 1, 13, (10, 3)),  # 'else' after the folded line break
        ("folded", 2, 1, (12, 3)),  # an empty line keeps a real line break
        ("multi", 1, 12, (14, 3)),
        ("multi", 1, 24, (15, 3)),
        ("quoted_multi", 1, 5, (17, 3)),
        ("quoted_multi", 1, 9, (18, 3)),  # escaped line break: no space
    ],
)
def test_locate_in_scalar(key, line, column, expected):
    doc = load_text(SCALARS)
    assert doc.locate_in_scalar(f"/{key}", line, column) == expected


def _strings(data, parts=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, parts + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, parts + (index,))
    elif isinstance(data, str):
        yield pointer_of(parts), data


def _assert_maps_onto_itself(doc, pointer, value, skip=""):
    for line_no, line in enumerate(value.split("\n"), start=1):
        for col_no, char in enumerate(line, start=1):
            if char.isspace() or char in skip:
                continue
            line_at, column_at = doc.locate_in_scalar(pointer, line_no, col_no)
            assert doc.source_line(line_at)[column_at - 1] == char, (pointer, line_no, col_no)


def test_every_string_of_the_reference_maps_onto_its_source():
    doc = load_file(REFERENCE)
    for pointer, value in _strings(doc.data):
        _assert_maps_onto_itself(doc, pointer, value)


@settings(max_examples=150, deadline=None)  # wall-clock deadlines fail on a busy machine
@given(
    value=st.text(alphabet="ab c'\"\\:#-\n", min_size=1, max_size=60),
    style=st.sampled_from([None, "'", '"', "|", ">"]),
    width=st.integers(min_value=5, max_value=40),
    indent=st.integers(min_value=2, max_value=6),
)
def test_locate_in_scalar_for_any_dumped_string(value, style, width, indent):
    text = yaml.safe_dump({"key": value}, default_style=style, width=width, indent=indent, allow_unicode=True)
    doc = load_text(text)
    assert doc.data == yaml.safe_load(text)  # not always {"key": value}: PyYAML's dump is not exact
    _assert_maps_onto_itself(doc, "/key", doc.data["key"], skip="'\"\\:#-")


# -- fuzzing: nothing but a PlayaRulesError may ever come out ---------------------------

REFERENCE_TEXT = REFERENCE.read_text(encoding="utf-8")
NOISE = st.lists(
    st.sampled_from(
        list(":-[]{}&*!|>'\"#%@`,?~<= \t\n\r\\a1")
        + [
            "\x00",
            "\ufeff",
            "\u2028",
            "\x85",
            "é",
            "!!python/",
            "<<",
            "*a",
            "&a ",
            "  ",
            "\n  ",
            "yes",
            "1.0e+9",
        ]
    ),
    max_size=12,
).map("".join)


@st.composite
def mutated_reference(draw):
    text = REFERENCE_TEXT
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "duplicate", "dedent"]))
        if kind == "insert":
            text = text[:at] + draw(NOISE) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(min_value=1, max_value=40)) :]
        elif kind == "replace":
            text = text[:at] + draw(NOISE) + text[at + 1 :]
        elif kind == "duplicate":
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:at] + text[at:].replace("\n  ", "\n", 1)
    return text


def _load_and_validate(text):
    with cpu_within(2.0, "loading and checking a fuzzed file"):
        try:
            doc = load_text(text, "fuzz.yaml")
        except LoadError as error:
            assert error.diagnostics and all(d.code != "internal-error" for d in error.diagnostics), error
            return
        try:
            for diagnostic in schema_diagnostics(doc):
                assert diagnostic.code == "schema" and diagnostic.message
        except PlayaRulesError:
            pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # bound: cpu_within
@given(text=st.text(max_size=300) | NOISE.map(lambda s: s * 5))
def test_fuzz_random_text(text):
    _load_and_validate(text)


@settings(
    max_examples=150,
    deadline=None,  # bound: cpu_within in _load_and_validate
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(text=mutated_reference())
def test_fuzz_mutated_reference(text):
    _load_and_validate(text)


def test_a_file_is_named_as_each_caller_spells_it(tmp_path, monkeypatch):
    """Documents are cached per file version; the name in messages is still the caller's."""
    import playa_rules as pr

    bad = tmp_path / "bad.yaml"
    bad.write_text("game: x\ntitle: X\nplayers: two\nactions: {}\nphases: []\n", encoding="utf-8")
    first = pr.validate(str(bad))
    monkeypatch.chdir(tmp_path)
    second = pr.validate("bad.yaml")
    assert first[0].file == str(bad)
    assert second[0].file == "bad.yaml"


def test_libyaml_events_compose_the_same_tree_as_the_pure_python_parser():
    """Files are scanned and parsed by libyaml (fast) and composed in Python (bounded); the
    tree, with every position, is the one the pure-Python parser builds."""
    import yaml

    from playa_rules.source import compose as C

    root = Path(__file__).resolve().parents[2]
    files = [
        *root.glob("spec/**/*.yaml"),
        *root.glob("docs/examples/**/*.yaml"),
        *root.glob("tests/games/*.yaml"),
        *root.glob("tests/variants/*.yaml"),
    ]

    def same(a, b, seen):
        if isinstance(a, C.Alias):  # an alias use (*name): the same anchor, written at the same place
            return (
                isinstance(b, C.Alias)
                and a.anchor == b.anchor
                and (a.start_mark.line, a.start_mark.column) == (b.start_mark.line, b.start_mark.column)
                and same(a.node, b.node, seen)
            )
        if id(a) in seen:
            return True
        seen.add(id(a))
        if (
            type(a) is not type(b)
            or a.tag != b.tag
            or (a.start_mark.line, a.start_mark.column, a.start_mark.index)
            != (b.start_mark.line, b.start_mark.column, b.start_mark.index)
        ):
            return False
        if isinstance(a, yaml.ScalarNode):
            return a.value == b.value and a.style == b.style
        if isinstance(a, yaml.SequenceNode):
            return len(a.value) == len(b.value) and all(same(x, y, seen) for x, y in zip(a.value, b.value))
        return len(a.value) == len(b.value) and all(
            same(k1, k2, seen) and same(v1, v2, seen) for (k1, v1), (k2, v2) in zip(a.value, b.value)
        )

    checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            plain = C.PlainComposer(text).get_single_node()
        except yaml.YAMLError:
            continue
        fast = C.BoundedComposer(text).get_single_node()
        assert same(fast, plain, set()), path
        checked += 1
    assert checked > 30


def test_loading_leaves_the_garbage_collector_as_it_found_it(tmp_path):
    """load and validate pause the cyclic collector while they compile (a fifth of a cold
    load) and give it back as it was: on, off, and after a file that fails to load."""
    import gc

    import playa_rules as pr
    from playa_rules import rules as rules_module

    bad = tmp_path / "bad.yaml"
    bad.write_text("game: x\nplayers: [2]\nactions: {a: {require: {c: 'nonsense(('}}}\n", encoding="utf-8")
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            rules_module._CACHE.clear()
            pr.load("playa-pirata")
            assert gc.isenabled() is enabled
            with pytest.raises(pr.PlayaRulesError):
                pr.load(bad)
            assert gc.isenabled() is enabled
            assert pr.validate(bad) and gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_duplicate_key_hides_no_other_problem_of_the_file(tmp_path):
    """An outside tester's Crazy Eights with `target` given twice reported that error alone;
    with the line removed, eight others. The first value is read and every problem reported
    in one run (validation.md), the duplicate key among them."""
    kuhn = (ROOT / "docs" / "examples" / "kuhn-poker.yaml").read_text(encoding="utf-8")
    text = kuhn.replace("players: [2]\n", "players: [2]\nparameters:\n  ante: 1\n  ante: 2\n", 1)
    text = text.replace("deal 1 from deck to each hand", "deal ante from dekc to each hand", 1)
    path = tmp_path / "kuhn.yaml"
    path.write_text(text, encoding="utf-8")
    got = [(d.code, d.line) for d in pr.validate(path) if d.severity == "error"]
    assert got == [("duplicate-key", 12), ("unknown-name", 31)]
    (duplicate,) = [d for d in pr.validate(path) if d.code == "duplicate-key"]
    assert duplicate.message == "duplicate key 'ante' (first defined at line 11)"
    with pytest.raises(pr.SpecError) as info:
        pr.load(path)
    assert [d.code for d in info.value.diagnostics] == ["duplicate-key", "unknown-name"]


def test_a_duplicate_key_in_a_variant_is_reported_with_its_other_mistakes(tmp_path):
    variant = tmp_path / "dup.yaml"
    variant.write_text(
        "extends: playa-pirata\nvariant: dup\nparameters:\n"
        "  hand_size: {2: 5, 3: 4, 4: 3}\n  hand_size: {2: 6, 3: 5, 4: 4}\n"
        "actions:\n  bury:\n    effect: move card to beech\n",
        encoding="utf-8",
    )
    got = [(d.code, d.file, d.line) for d in pr.validate(variant) if d.severity == "error"]
    assert got == [("duplicate-key", str(variant), 5), ("unknown-name", str(variant), 8)]
