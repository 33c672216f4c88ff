"""Text is data: templates are sandboxed, strict, and data prints literally."""

from __future__ import annotations

import inspect
import re
import sys

import pytest
from reportlab.platypus import Paragraph

from cutsheet.measure import face_name
from cutsheet.symbols import expand
from cutsheet.text import TemplateProblem, evaluate, render


@pytest.mark.parametrize(
    "value", ["5R>G and 8R>B", "Fish & Chips", "a < b", 'say "hi"', "it's", "<b>x</b>"]
)
def test_data_prints_literally(value):
    markup = render("{{ v }}", {"v": value})
    assert Paragraph(markup).getPlainText() == value


def test_template_markup_stays_markup():
    markup = render("<b>{{ v }}</b>", {"v": "R>G"})
    para = Paragraph(markup)
    assert para.getPlainText() == "R>G"
    assert para.frags[0].bold == 1


def test_unknown_names_are_errors_not_blanks():
    with pytest.raises(TemplateProblem, match="'nmae' is undefined"):
        render("{{ nmae }}", {"name": "x"})


def test_the_sandbox_blocks_python_internals():
    with pytest.raises(TemplateProblem):
        render("{{ ''.__class__.__mro__[1].__subclasses__() }}", {})


def test_filters():
    assert render("{{ d|counts(', ') }}", {"d": {"WATER": 3, "FUEL": 1}}) == "WATER 3, FUEL 1"
    assert render("{{ 2|signed }} {{ (-3)|signed }}", {}) == "+2 −3"


def test_printing_a_method_is_an_error():
    with pytest.raises(TemplateProblem, match="prints a method"):
        render("{{ s.get }}", {"s": {"get": "WATER"}})
    assert render("{{ s['get'] }}", {"s": {"get": "WATER"}}) == "WATER"


def test_a_constant_method_is_refused_not_printed_with_its_address():
    # Jinja folds a constant while compiling and escapes it before ``finalize`` sees it:
    # the method's text, with a memory address, would be printed (a different PDF each run)
    for source in ('{{ "a".upper }}', '{{ "{}".format }}', "{{ (1).conjugate }}"):
        with pytest.raises(TemplateProblem, match="prints a method"):
            render(source, {})
    assert render('{{ "a".upper() }}', {}) == "A"


@pytest.mark.parametrize(
    "source",
    [
        "{{ [3, 1]|reverse }}",
        "{{ ['b', 'a']|unique }}",
        "{{ 'ab'|slice(2) }}",
        "{{ ['a', 'b']|batch(1) }}",
        "{{ {'b': 1}|items }}",
    ],
)
def test_a_constant_iterator_is_refused_not_printed_with_its_address(source):
    """A hostile-input probe: a filter of constants alone, folded while compiling, printed
    '<list_reverseiterator object at 0x…>' (check passed, each build a different PDF); the
    same filter of a field was refused. Both are."""
    with pytest.raises(TemplateProblem, match="prints an iterator"):
        render(source, {})
    assert render("{{ [3, 1]|reverse|list|join(',') }}", {}) == "1,3"


@pytest.mark.parametrize(
    "source",
    [
        "{% set _ = terms.update({'R': 'x'}) %}{{ terms.R }}",
        "{% set _ = costs.append(9) %}{{ costs|join(',') }}",
        "{{ terms.pop('R') }}",
        "{% set seen = [] %}{% set _ = seen.append(1) %}{{ seen }}",
        "{{ dict.update(terms, {'R': 'x'}) }}",  # the method read off the type, a global
        "{{ (dict|attr('clear'))(terms) }}",
    ],
)
def test_a_template_cannot_change_what_cards_share(source):
    # ``terms`` and an item's lists are the same objects for every card: a change in place
    # would print on the next card, and how jobs are ordered would change the PDFs
    context = {"terms": {"R": "red"}, "costs": [1, 2]}
    with pytest.raises(TemplateProblem, match="in place, which templates may not do"):
        render(source, context)
    assert context == {"terms": {"R": "red"}, "costs": [1, 2]}
    counted = "{% set n = namespace(t=0) %}{% for c in costs %}{% set n.t = n.t + c %}{% endfor %}"
    assert render(counted + "{{ n.t }}", context) == "3"


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("{{ cycler(1, 2) }}", "Cycler object"),
        ("{{ [terms.get] }}", "prints a method"),
        ("{{ id.upper|string }}", "prints a method"),
        ("{{ id.upper ~ '' }}", "prints a method"),
        ("{{ '{0.upper}'.format(id) }}", "format field names an argument"),
        ("{{ costs|reverse }}", "iterator"),
        ("{{ costs|map('string') }}", "iterator"),
        ("{{ (terms.keys() - [])|join(' ') }}", "set's items in turn"),
        ("{{ (terms.keys() - [])|list }}", "set's items in turn"),
        ("{% for k in terms.keys() - [] %}{{ k }}{% endfor %}", "loops over a set"),
        ("{{ '%s'|format(terms.keys() - []) }}", "prints a set"),
        ("{{ id|replace('X', cycler(1)) }}", "Cycler object"),
        ("{{ costs|random }}", "No filter named 'random'"),
    ],
)
def test_a_template_cannot_print_what_changes_from_run_to_run(source, why):
    """An object's text holds its memory address, a set's order follows each run's string
    hashes, ``random`` is random: any of them would make the same content print a different
    PDF each run."""
    context = {"terms": {"R": "red", "G": "green"}, "costs": [1, 2], "id": "X"}
    with pytest.raises(TemplateProblem, match=re.escape(why)):
        render(source, context)
    assert render("{{ (terms.keys() - [])|sort|join(',') }}", context) == "G,R"
    assert render("{{ costs|reverse|list|join(',') }} {{ terms }}", context) == (
        "2,1 {&#39;R&#39;: &#39;red&#39;, &#39;G&#39;: &#39;green&#39;}"
    )


def test_glyphs_mark_cube_runs_only():
    terms = {"R": {"fill": "#D55E00"}, "G": {"fill": "#009E73"}, "B": {"fill": "#56B4E9"}}
    markup = render("{{ t|glyphs(terms) }}", {"t": "5R>G, RRRR, 3R<>G & Bank", "terms": terms})
    expanded = expand(markup, 10, 14, face_name("bold"))
    para = Paragraph(expanded)
    assert para.getPlainText() == "5R>G, RRRR, 3R<>G & Bank"  # the letters stay text
    assert expanded.count('name="cs_cube"') == 2 + 4 + 2  # Bank's B is a letter, not a cube
    # each notation run is one ActualText span: 5R>G, RRRR, 3R<>G
    assert expanded.count('name="cs_text"') == 3 == expanded.count('name="cs_end"')
    # read as the notation (ActualText), said in words (a letter without a name as itself)
    assert 'label="5R&gt;G|5 R for 1 G"' in expanded


def test_a_cube_fill_that_is_no_colour_is_the_games_own_problem_or_the_templates():
    """A fill of game.yaml's terms that is no colour is said there, once
    (``plan.term_problems``; the look holds it, ``symbols.fill_said``): glyphs measures its
    cube with a stand-in and says nothing, whatever mapping it is given (a copy of the
    terms). Any other fill that is no colour is the template's (its own terms). None or
    empty makes the letter no cube."""
    from cutsheet.symbols import STAND_IN_FILL, project_look

    bad = {"R": {"fill": "orangey"}, "G": {"fill": "none"}, "B": {"fill": " #56B4E9 "}}
    with project_look({}, {}, None, frozenset({"orangey"})):
        markup = render("{{ '2R+G+B'|glyphs(terms) }}", {"terms": bad})
        copied = render("{{ '2R'|glyphs(dict(terms)) }}", {"terms": bad})
    expanded = expand(markup, 10, 14, face_name("bold"))
    assert expanded.count('name="cs_cube"') == 2  # R (stand-in) and B; G is a letter
    assert STAND_IN_FILL in markup and "#56B4E9" in markup and STAND_IN_FILL in copied
    with pytest.raises(TemplateProblem, match="terms R: fill 'orangey' is not a colour"):
        render("{{ '2R'|glyphs(terms) }}", {"terms": bad})  # said nowhere else: here


def test_glyphs_read_cube_groups_joined_by_plus_as_one_run():
    """``2R+1B`` (a designer's cost) is one run of notation: every cube a tile, the plus a
    letter between them, said "2 red and 1 blue"; before, the whole word was left as text
    while ``2R`` beside it became tiles, and a deck mixed the two with no warning."""
    terms = {"R": {"fill": "#D55E00", "name": "Red"}, "B": {"fill": "#56B4E9", "name": "Blue"}}
    markup = render("{{ t|glyphs(terms) }}", {"t": "2R+1B or +2", "terms": terms})
    expanded = expand(markup, 10, 14, face_name("bold"))
    assert Paragraph(expanded).getPlainText() == "2R+1B or +2"
    assert expanded.count('name="cs_cube"') == 2  # "+2" has no cube: left as it is
    assert 'label="2R+1B|2 red and 1 blue"' in expanded


def test_said_keeps_what_is_shown_and_gives_the_words_to_say():
    """A letter that stands for a word (a cube's ``R``) is printed as it is, read as itself by
    copy and search (ActualText) and said as the words (the span's expansion, /E); data
    stays data in both (``<``, ``&`` and quotes print literally)."""
    ctx = {"c": "R&D <x>", "w": 'red "cube" & <b>'}
    expanded = expand(render("{{ c|said(w) }}", ctx), 10, 14, face_name("bold"))
    assert Paragraph(expanded).getPlainText() == "R&D <x>"
    assert expanded.count('name="cs_text"') == 1 == expanded.count('name="cs_end"')
    assert 'label="R&amp;D &lt;x&gt;|red &#34;cube&#34; &amp; &lt;b&gt;"' in expanded
    assert render("{{ c|said('  ') }}", {"c": "R"}) == "R"  # nothing to say: as it is


@pytest.mark.parametrize(
    "source",
    ["{{ '5R>G'|glyphs(terms)|said('x') }}", "{{ 'R'|said('bolt'|icon) }}"],
)
def test_said_refuses_a_symbol(source):
    """A run of notation or an icon says itself already: said around (or as) one is an
    error, not a span inside a span."""
    terms = {"R": {"fill": "#D55E00"}, "G": {"fill": "#009E73"}}
    with pytest.raises(TemplateProblem, match="said: "):
        render(source, {"terms": terms})


# ------------------------------------------------------------------ bounds and markup
@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("{{ 'x' * 10**9 }}", "repeats 1 item 1,000,000,000 times"),
        ("{{ [0] * 10**9 }}", "repeats 1 item 1,000,000,000 times"),
        ("{{ range(10**9)|list }}", "builds a list of 1,000,000,000 items"),
        ("{% for i in range(10**9) %}{% endfor %}", "builds a list of 1,000,000,000 items"),
        (
            "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
            "loop turns",
        ),
        ("{% for i in range(3) %}{{ 'x' * 50000 }}{% endfor %}", "prints more than 100,000"),
        ("{{ 9 ** (9 ** 9) }}", "a number of over 10,000 bits"),
        ("{{ 'x'|center(10**9) }}", "passes 1000000000 to a filter"),
        ("{{ '%1000000000s' % 1 }}", "formats with a width"),
        ("{{ '{:>1000000000}'.format(1) }}", "formats with a width"),
        ("{{ ('x' * 100000).replace('', 'yy') }}", "builds a text of 300,002 characters"),
        ("{{ ['x' * 100000] * 100000 }}", "prints a value of over 100,000 characters"),
        ("{{ (['x' * 100000] * 100000)|join }}", "joins more than 100,000"),
        (
            "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
            "{% endfor %}",
            "builds a text of 131,072 items",
        ),
        ("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", "calls itself too deeply"),
        (
            "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}",
            "loop turns and calls",
        ),
        ("{% include 'x' %}", "'{% include %}' is not allowed"),
        ("{% import 'x' as y %}", "'{% import %}' is not allowed"),
        ("{% from 'x' import y %}", "'{% from … import %}' is not allowed"),
        ("{% extends 'x' %}", "'{% extends %}' is not allowed"),
        ("{{ 1 / 0 }}", "template error: division by zero"),
        (
            "{{ [1][5] }}",
            r"looks up item \[5\] of a list of 1 item, past its end",
        ),
        ("{{ 'a' + 5 }}", "can only concatenate"),
        ("{{ lipsum(5) }}", "'lipsum' is undefined"),
    ],
)
def test_templates_are_bounded_and_fail_as_template_problems(template, message):
    with pytest.raises(TemplateProblem, match=message.replace("(", r"\(").replace("*", r"\*")):
        render(template, {})


def test_a_syntax_error_is_said_whole_with_its_line():
    """Jinja's syntax errors end with what matters (which block to close): said whole (up to
    400 characters, where they were cut at 120)."""
    with pytest.raises(TemplateProblem) as said:
        render("{% if a %}\n{% for x in b %}\n{% endif %}", {})
    assert str(said.value) == (
        "template error (its line 3): Encountered unknown tag 'endif'. You probably made a"
        " nesting mistake. Jinja is expecting this tag, but currently looking for 'endfor' or"
        " 'else'. The innermost block that needs to be closed is 'for'."
    )


@pytest.mark.parametrize(
    "template",
    [
        "{%% macro f(n) %%}{%% if n %%}{{ f(n-1) }}{%% endif %%}{%% endmacro %%}{{ f(%d) }}",
        "{%% for x in %s recursive %%}{{ loop(x) }}{%% endfor %%}",
    ],
)
def test_calls_nest_50_deep_and_stop_before_pythons_own_limit(template):
    """A template's own depth bound stops a runaway macro, not Python's RecursionError: at
    that limit the garbage collector's finalisers fail too (multiprocessing's heap was left
    half updated, and a later test's workers failed with KeyError)."""

    def source(n: int) -> str:
        return template % (n if "macro" in template else "[" * n + "]" * n)

    assert render(source(45), {}) == ""
    # room for 100 levels of Python's stack, so only cutsheet's bound can stop 60
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, len(inspect.stack(0)) + 900))
    try:
        with pytest.raises(TemplateProblem, match="calls itself too deeply"):
            render(source(60), {})
    finally:
        sys.setrecursionlimit(old)


@pytest.mark.parametrize(
    ("markup", "message"),
    [
        ("<img src='/etc/passwd'/>", r"<img> is not allowed \(pictures go in an image box\)"),
        ("<IMG SRC=x>", "<img> is not allowed"),
        ('<onDraw name="x" label="y"/>', "<ondraw> is not allowed"),
        ('<a href="file:///etc/passwd">x</a>', "<a> is not allowed"),
        ("<font name='Courier'>x</font>", "only cutsheet's fonts"),
        ("<font face=Helvetica>x</font>", "only cutsheet's fonts"),
        ("<font size='0'>x</font>", "size must be a number from 1 to 200"),
        ("<font size='nan'>x</font>", "size must be a number from 1 to 200"),
        ("<b onclick='x'>x</b>", "<b onclick=…> is not allowed"),
        ("<game>", "<game> is not allowed"),
        ("a<br\xa0/>b", r"<br…>: a U\+00A0 space after the tag's name makes it another tag"),
        ("<b\u2003>x</b>", r"<b…>: a U\+2003 space after the tag's name"),
        ("A </br> B", "markup </br> is not a line break; write <br/>"),  # ReportLab crashed
        ("A<br>B", "markup <br>: a line break closes itself; write <br/>"),
        ("A <![foo[ x ]]> B", r"markup <!\[foo\[ x \]\]> is not allowed"),  # an AssertionError
        ("A <![if x]> B", r"markup <!\[if x\]> is not allowed"),
        ("A <!x> B", "markup <!x> is not allowed"),  # the parser dropped it: printed nothing
        ("A <?pi x?> B", r"markup <\?pi x\?> is not allowed"),
        ('<font color="0xa00">x</font>', "write a colour as #RRGGBB"),  # also read as #000A00
        ("A <![CDATA[x]]> B", r"markup <!\[CDATA\[x\]\]> is not allowed"),  # printed nothing
        ("A <!DOCTYPE x> B", "markup <!DOCTYPE x> is not allowed"),
        ('<font color="#a00">x</font>', "write a colour as #RRGGBB"),  # read as #000A00
        ("<span backcolor='#12345'>x</span>", "write a colour as #RRGGBB"),
    ],
)
def test_markup_is_only_what_cutsheet_writes(markup, message):
    with pytest.raises(TemplateProblem, match=message):
        render(markup, {})
    with pytest.raises(TemplateProblem, match=message):  # however the template builds it
        render("{{ m|safe }}", {"m": markup})


def test_allowed_markup_and_cutsheets_own_symbols_pass():
    markup = render(
        "<b>a</b> <i>b</i> <br/> <font size='8' color='#FF0000' name='Atkinson-Bold'>c</font>"
        " {{ 'drop'|icon }} {{ '2R'|glyphs(terms) }}",
        {"terms": {"R": {"fill": "#D55E00"}}},
    )
    expanded = expand(markup, 10, 14, face_name("bold"))
    assert 'name="cs_icon"' in expanded and "<img src=" in expanded  # its own pad image
    Paragraph(expanded)


@pytest.mark.parametrize(
    "markup",
    [
        "A<br/>B",
        "A<BR />B",
        "A<br\t/>B",
        '<font color="#AA0000">x</font>',
        '<font color="0xAA0000">x</font>',
        "A <!-- a comment --> B",
    ],
)
def test_line_breaks_and_six_digit_colours_pass(markup):
    assert render(markup, {}) == markup


def test_an_upper_case_hex_reference_is_read_as_html_reads_it():
    """``&#X41;`` crashed check (ReportLab reads only ``&#x41;``): it is that character."""
    assert render("Q&#X41; &#x42;", {}) == "Q&#x41; &#x42;"


def test_markup_reportlab_fails_on_is_a_markup_error_not_a_crash():
    """Whatever ReportLab's parser raises on markup that reaches it (rules text, a
    project's own code) is a located markup error, never a traceback."""
    from reportlab.lib.styles import ParagraphStyle

    from cutsheet.measure import MarkupError, parsed

    for markup in ("A </br> B", "A <![foo[ x ]]> B"):
        with pytest.raises(MarkupError, match="ReportLab cannot read it"):
            parsed(markup, ParagraphStyle("body"))


def test_an_unknown_when_name_is_an_error_not_false():
    assert evaluate("cost", {"cost": None}) is None  # an optional field left empty
    with pytest.raises(TemplateProblem, match="'cots' is undefined"):
        evaluate("cots", {"cost": 3})
    with pytest.raises(TemplateProblem, match="division by zero"):
        evaluate("1 / 0", {})


def test_icon_markers_typed_into_content_are_not_drawn():
    from cutsheet.symbols import icon

    markup = render("{{ v }}", {"v": f"x {icon('nope')} y"})
    assert "cs_icon" not in expand(markup, 10, 14, face_name("bold"))


@pytest.mark.parametrize(
    ("template", "printed"),
    [
        ("{{ kw|first }}", ""),
        ("{{ kw|last }}", ""),
        ("{{ kw|max }}", ""),
        ("{{ kw|abs }}", ""),
        ("{{ kw|length }}", "0"),
        ("{{ kw|count }}", "0"),
        ("{{ kw|sum }}", "0"),
        ("{{ kw|sort|join(', ') }}", ""),
        ("{{ kw|sort }}", ""),
        ("{{ kw|list }}", ""),
        ("{{ kw|dictsort }}", ""),
        ("{{ kw|slice(2)|list }}", ""),
        ("{{ kw|sort|first }}", ""),
        ("{{ kw|list|last }}", ""),
        ("{{ kw|sort|max }}", ""),
        ("{{ kw|map('upper')|join }}", ""),
        ("{{ kw|batch(2)|list|length }}", "0"),
        ("{{ kw|items|list|length }}", "0"),
        ("{{ kw|default('-') }}", "-"),
        ("{{ kw|int }}", "0"),
    ],
)
def test_a_value_left_out_prints_nothing_through_a_filter_over_its_items(template, printed):
    """An optional list an item leaves out reached ``|first``, ``|length``, ``|sort`` … as
    None, and the card failed with Python's "'NoneType' object is not iterable"; the guide
    says such a value prints as nothing through any filter. It is now an empty list (a
    mapping for ``|items``), and one item picked from it (``|first``, ``|max``) nothing."""
    assert render(template, {"kw": None}) == printed
    assert evaluate("kw|length == 0", {"kw": None}) is True


@pytest.mark.parametrize("text", ["Income: +2R each turn", "3R+ then", "R++B"])
def test_a_plus_that_starts_or_ends_a_word_leaves_it_as_text(text):
    """'+2R' is a gain of two Red, not a run: tiled, it was said '2 red', the sign lost."""
    terms = {"R": {"fill": "#D55E00"}, "B": {"fill": "#56B4E9"}}
    markup = render("{{ t|glyphs(terms) }}", {"t": text, "terms": terms})
    assert "cs_cube" not in expand(markup, 10, 14, face_name("bold"))
