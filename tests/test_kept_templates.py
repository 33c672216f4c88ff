"""Compiled templates are kept from one run to the next beside the package's bytecode
(``text.kept``): a kept template runs exactly as a fresh one, reads the same names, and is
used only from a file whose header is this interpreter's, this Jinja's and this sandbox's."""

from __future__ import annotations

import marshal
import sys

import pytest

from cutsheet.text import kept, rendering


@pytest.fixture
def kept_in(tmp_path, monkeypatch):
    """The kept file in a scratch folder, and a fresh process's view of it."""
    path = tmp_path / "__pycache__" / "templates.bin"
    monkeypatch.setattr(kept, "kept_file", lambda: path)
    monkeypatch.setattr(kept, "_KEPT", kept._Kept())
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return path


def _fresh_process(monkeypatch) -> None:
    """Forget what this process compiled: the next compile reads the file again."""
    monkeypatch.setattr(kept, "_KEPT", kept._Kept())
    rendering._compile.cache_clear()
    rendering._compile_expr.cache_clear()


SOURCE = (
    "{% for c in cubes %}{{ c|upper }}{% if not loop.last %}, {% endif %}{% endfor %} > {{ n * 2 }}"
)


def test_a_kept_template_runs_as_a_fresh_one(kept_in, monkeypatch):
    _fresh_process(monkeypatch)
    fresh = rendering._compile(SOURCE)
    fresh_expr = rendering._compile_expr("effects and n > 2")
    kept.save()
    assert kept_in.is_file()

    _fresh_process(monkeypatch)
    compiled = []
    env = rendering.environment()
    real = type(env)._parse
    monkeypatch.setattr(type(env), "_parse", lambda *a: compiled.append(a) or real(*a))
    again = rendering._compile(SOURCE)
    again_expr = rendering._compile_expr("effects and n > 2")
    assert compiled == []  # nothing parsed: both came from the file
    context = {"cubes": ["r", "g<b"], "n": 3}
    assert again.run.render(context) == fresh.run.render(context) == "R, G&lt;B > 6"
    assert (again.names, again.filters) == (fresh.names, fresh.filters)
    assert again.names == {"cubes", "n"} and again.filters == {"upper"}
    assert again_expr.run(effects="x", n=3) is fresh_expr.run(effects="x", n=3) is True
    assert again_expr.names == fresh_expr.names == {"effects", "n"}


def test_the_sandbox_still_holds_for_a_kept_template(kept_in, monkeypatch):
    source = "{{ ''.__class__.__mro__ }}"
    _fresh_process(monkeypatch)
    with pytest.raises(Exception, match="unsafe|__class__"):
        rendering._compile(source).run.render({})
    kept.save()
    _fresh_process(monkeypatch)
    assert kept.find("template", source) is not None
    with pytest.raises(Exception, match="unsafe|__class__"):
        rendering._compile(source).run.render({})


def test_a_file_of_another_header_or_garbage_is_not_read(kept_in, monkeypatch):
    _fresh_process(monkeypatch)
    rendering._compile("{{ a }}!")
    kept.save()
    good = kept_in.read_bytes()
    entries = marshal.loads(good[len(kept.header()) :])
    kept_in.write_bytes(b"another header\n" + marshal.dumps(entries))
    _fresh_process(monkeypatch)
    assert kept.find("template", "{{ a }}!") is None
    kept_in.write_bytes(kept.header() + b"\x00garbage")
    _fresh_process(monkeypatch)
    assert kept.find("template", "{{ a }}!") is None
    assert rendering._compile("{{ a }}!").run.render({"a": 1}) == "1!"


def test_nothing_is_written_where_bytecode_may_not_be(kept_in, monkeypatch):
    _fresh_process(monkeypatch)
    rendering._compile("{{ b }}?")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    kept.save()
    assert not kept_in.exists()


def test_a_template_that_does_not_compile_is_not_kept(kept_in, monkeypatch):
    _fresh_process(monkeypatch)
    assert rendering._compiled("{{ oops", expression=False) is None
    kept.save()
    assert not kept_in.exists() or kept.find("template", "{{ oops") is None


def test_the_file_is_bounded(kept_in, monkeypatch):
    _fresh_process(monkeypatch)
    long = "{{ a }}" + "x" * kept.MAX_SOURCE
    rendering._compile(long)  # too long to keep
    monkeypatch.setattr(kept, "MAX_BYTES", 6_000)
    for i in range(40):
        rendering._compile(f"{{{{ a }}}} #{i}")
    kept.save()
    assert len(kept_in.read_bytes()) <= len(kept.header()) + 6_000
    _fresh_process(monkeypatch)
    assert kept.find("template", long) is None
    assert kept.find("template", "{{ a }} #39") is not None  # the newest stay
    assert kept.find("template", "{{ a }} #0") is None  # the oldest went


def test_an_entry_that_is_not_a_template_is_compiled_afresh(kept_in, monkeypatch):
    """An entry whose names or filters are no set of names (a damaged or foreign file with
    this header) is never used, and never stops the template from compiling."""
    _fresh_process(monkeypatch)
    rendering._compile("{{ a }}!")
    kept.save()
    entries = marshal.loads(kept_in.read_bytes()[len(kept.header()) :])
    key = ("template", "{{ a }}!")
    code, _names, _filters = marshal.loads(entries[key])
    for names, filters in ((7, []), (["a"], None), ([["a"]], []), ([3], []), (code, [])):
        entries[key] = marshal.dumps((code, names, filters))
        kept_in.write_bytes(kept.header() + marshal.dumps(entries))
        _fresh_process(monkeypatch)
        assert kept.find("template", "{{ a }}!") is None, names
        assert rendering._compile("{{ a }}!").run.render({"a": 1}) == "1!"
