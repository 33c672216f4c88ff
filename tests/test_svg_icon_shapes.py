"""An SVG icon that cannot be drawn as it is written: said at the element, in cutsheet's words,
by check and build alike (it was svglib's "float division by zero", "Group.transform
_isTransform(…)" or a recursion error with no line; a use bomb or a huge icon hung them)."""

from __future__ import annotations

import pytest

from cutsheet.cli import main

from . import test_probe_findings
from .test_project_files_refused import SVG, check_and_build, run, use_icon

own = test_probe_findings.own  # the fixture: a project of our own

ROOT = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
BOX = "; a viewBox's width and height are at least 0.000001 and at most 1,000,000"
LOOP = "inside the part it names, so it would draw itself without end"
CIRCLE = '<circle cx="12" cy="12" r="10"/>'
DASH = (
    " of its units, under 1/10,000 of the icon's size as drawn: too fine to print, and some"
    " viewers take minutes to draw it (leave the dashes out for a solid line)"
)
PATHS = (
    "each <use> counted as all it draws; an SVG icon has at most 50,000: simplify it, or make"
    " it a PNG icon"
)


def bomb(levels: int) -> str:
    """Each level a group of two <use> of the level below: 2**levels circles."""
    parts = [f'{SVG}<defs><circle id="l0" r="1"/>']
    parts += [
        f'<g id="l{i}"><use href="#l{i - 1}"/><use href="#l{i - 1}"/></g>'
        for i in range(1, levels + 1)
    ]
    return "\n".join([*parts, f'</defs><use href="#l{levels}"/></svg>'])


CASES = {  # the icon -> where and what check and build say
    f'{ROOT}\n  viewBox="0 0 0 0">\n  {CIRCLE}\n</svg>': (
        f"1:1: error: icon 'mine.svg' has viewBox '0 0 0 0', 0 wide and 0 high{BOX}"
    ),
    f'{SVG}\n<svg viewBox="0 0 -5 24" width="9" height="9">{CIRCLE}</svg></svg>': (
        f"2:1: error: icon 'mine.svg' has viewBox '0 0 -5 24', -5 wide and 24 high{BOX}"
    ),
    f'{ROOT} width="24" height="24" viewBox="0 0 24 0">{CIRCLE}</svg>': (
        f"1:1: error: icon 'mine.svg' has viewBox '0 0 24 0', 24 wide and 0 high{BOX}"
    ),
    f'{ROOT} viewBox="0 0 24">{CIRCLE}</svg>': (
        "1:1: error: icon 'mine.svg' has viewBox '0 0 24': a viewBox is four numbers,"
        " x y width height"
    ),
    f"{ROOT}>{CIRCLE}</svg>": (
        "1:1: error: icon 'mine.svg' has no size: give its <svg> a viewBox (\"0 0 24 24\") or"
        " a width and a height"
    ),
    f'{SVG}\n<g id="a">\n  <use xlink:href="#a"/>\n</g>\n</svg>': f"3:3: error: icon 'mine.svg'"
    f" has a <use> of '#a' {LOOP}",
    f'{SVG}\n<use id="a" href="#a"/></svg>': f"2:1: error: icon 'mine.svg' has a <use> of"
    f" '#a' {LOOP}",
    f'{SVG}<defs>\n<g id="a"><use href="#b"/></g>\n<g id="b"><use href="#a"/></g>\n</defs>'
    '<use href="#a"/></svg>': f"3:11: error: icon 'mine.svg' has a <use> of '#a' {LOOP}",
    f'{SVG}\n<use xlink:href="#nosuch"/>{CIRCLE}</svg>': (
        "2:1: error: icon 'mine.svg' has a <use> of '#nosuch', but no part of it has that id"
    ),
    f'{SVG}\n<circle fill="url(#nograd)" r="3"/></svg>': (
        "2:1: error: icon 'mine.svg' has fill 'url(#nograd)', but no part of it has that id"
    ),
    f"{SVG}\n{'<g>' * 300}{CIRCLE}{'</g>' * 300}</svg>": (  # svglib dropped the circle
        f"2:{3 * 200 + 1}: error: icon 'mine.svg' nests its parts more than 100 deep"
        " (through each <use> too); flatten its groups"
    ),
    bomb(30): (
        "13:13: error: icon 'mine.svg' has 12,884,901,791 elements, each <use> counted as all"
        " it draws; an SVG icon has at most 5,000: simplify it, or make it a PNG icon"
    ),
    f'{SVG}\n<circle fill="nosuchcolour" r="3"/></svg>': (
        "2:1: error: icon 'mine.svg' has the colour 'nosuchcolour', which cutsheet cannot"
        " draw; give it as #RRGGBB"
    ),
    # a probe: a colour in a <style> rule was said with no place (one in an attribute had one)
    f'{SVG}\n<circle r="2"/>\n<style>\ncircle {{ fill: bogus }}\n</style>\n<circle r="3"/></svg>': (
        "3:1: error: icon 'mine.svg' has the colour 'bogus', which cutsheet cannot draw; give"
        " it as #RRGGBB"
    ),
    # a hostile-input probe: these passed check, and build failed on ReportLab's
    # "float division by zero" or "number too large" with no line
    f'{SVG}\n<rect width="5" height="5" transform="scale(0)"/></svg>': (
        "2:1: error: icon 'mine.svg' has transform 'scale(0)', which shrinks what it draws"
        " to nothing; leave that part out instead"
    ),
    f'{SVG}\n<g transform="translate(2) matrix(1 2 2 4 0 0)">{CIRCLE}</g></svg>': (
        "2:1: error: icon 'mine.svg' has transform 'translate(2) matrix(1 2 2 4 0 0)', which"
        " shrinks what it draws to nothing; leave that part out instead"
    ),
    f'{SVG}\n<g transform="scale(1e7) scale(0)">{CIRCLE}</g></svg>': (
        "2:1: error: icon 'mine.svg' has transform 'scale(1e7) scale(0)', which shrinks what"
        " it draws to nothing; leave that part out instead"
    ),
    f'{ROOT} viewBox="0 0 1e-30 1e-30"><rect width="1e-30" height="1e-30"/></svg>': (
        f"1:1: error: icon 'mine.svg' has viewBox '0 0 1e-30 1e-30', 1e-30 wide and 1e-30 high{BOX}"
    ),
    f'{ROOT} width="1e-30" height="1e-30"><rect width="1e-30" height="1e-30"/></svg>': (
        "1:1: error: icon 'mine.svg' is 1e-30 × 1e-30; an SVG icon's width and height are at"
        " least 0.000001 and at most 1,000,000"
    ),
    f'{SVG}\n<path d="M0 0{" L1 1" * 20_000}"/>\n<path d="M0 0{" L1 1" * 6_000}"/></svg>': (
        f"3:1: error: icon 'mine.svg' draws paths and points of 52,004 numbers, {PATHS}"
    ),
    f'{SVG}<defs>\n<path id="p" d="M0 0{" L1 1" * 10_000}"/></defs>\n<g>'
    + '<use href="#p"/>' * 5
    + "</g></svg>": (  # the <defs> drawn only where used; said at the use that tips it over
        f"3:36: error: icon 'mine.svg' draws paths and points of 100,010 numbers, {PATHS}"
    ),
    f'{SVG}\n<polyline points="{" 1,1" * 30_000}"/></svg>': (
        f"2:1: error: icon 'mine.svg' draws paths and points of 60,000 numbers, {PATHS}"
    ),
    # a hostile-input probe: a dash every 0.000001 passed, and poppler then took 79 s to draw
    # the page; said at the element, in an attribute or in a style
    f'{SVG}\n<circle r="9" stroke="#000" stroke-dasharray="0.000001"/></svg>': (
        f"2:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every 2e-06{DASH}"
    ),
    f'{SVG}\n<circle r="9"\n style="stroke:#000;stroke-dasharray:.0001 .0001"/></svg>': (
        f"2:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every 0.0002{DASH}"
    ),
    # a probe: each scale within the limit, nested past it (poppler drew nothing, mupdf and
    # Ghostscript filled the box); and nested to nothing, which drew nothing unsaid
    f'{SVG}\n<g transform="scale(1e6)"><g transform="scale(1e6)">\n<rect width="9" height="9"'
    ' transform="scale(1e6)"/></g></g></svg>': (
        "2:27: error: icon 'mine.svg' has a transform that, with those of the elements around"
        " it, grows what it draws over 1,000,000 times; draw the shapes at their size instead"
    ),
    f'{SVG}\n<g transform="scale(0.0001)">\n<g transform="scale(0.0001)">{CIRCLE}</g></g></svg>': (
        "3:1: error: icon 'mine.svg' has a transform that, with those of the elements around"
        " it, shrinks what it draws to nothing"
    ),
    # a review: the pattern is judged as drawn, through the viewBox and the groups around it
    f'{ROOT} width="0.01" height="0.01" viewBox="0 0 24 24">\n<circle r="9" stroke="#000"'
    ' stroke-dasharray="0.000001"/></svg>': (
        f"2:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every 2e-06{DASH}"
    ),
    f'{ROOT} viewBox="0 0 1000 1000">\n<g>\n<path d="M0 0 L900 900" stroke="#000"'
    ' stroke-dasharray="0.02 0.03"/></g></svg>': (
        f"3:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every 0.05{DASH}"
    ),
    # a second review: judged in the direction a group squashes most; written with units or
    # in a <style> rule, said where it is written; an infinity written as a number
    f'{SVG}\n<g transform="scale(10000,0.0001)">\n<path d="M0 0 L0 200000" stroke="#000"'
    ' stroke-dasharray="0.01"/></g></svg>': (
        f"3:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every 0.02{DASH}"
    ),
    f'{SVG}\n<circle r="9" stroke="#000" stroke-dasharray="0.0001mm"/></svg>': (
        f"2:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every"
        f" 0.000566929{DASH}"
    ),
    f"{SVG}\n<style>circle {{ stroke: #000; stroke-dasharray: 1e-6 }}</style>\n"
    '<circle r="9"/></svg>': (
        f"2:1: error: icon 'mine.svg' has a stroke-dasharray whose pattern repeats every 2e-06{DASH}"
    ),
    f'{SVG}\n<g transform="rotate(1e999)">{CIRCLE}</g></svg>': (
        "2:1: error: icon 'mine.svg' has transform 'rotate(1e999)', with a number that is not"
        " finite"
    ),
    f'{SVG}\n<g transform="rotate(inf)">{CIRCLE}</g></svg>': (
        "2:1: error: icon 'mine.svg' has transform 'rotate(inf)', with a number that is not finite"
    ),
    '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>': (
        "1:1: error: icon 'mine.svg' is no SVG: its outermost element is <html>, not <svg>"
    ),
    '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "aaaaaaaaaa">\n'
    + "".join(f'<!ENTITY a{i} "{("&a" + str(i - 1) + ";") * 10}">\n' for i in range(1, 10))
    + f"]>\n{SVG}<desc>&a9;</desc></svg>": (
        "14:113: error: icon 'mine.svg' declares entities that grow past any icon's size"
        " (entities of entities)"
    ),
}


@pytest.mark.parametrize("svg", CASES, ids=range(len(CASES)))
def test_an_svg_icon_that_cannot_be_drawn_is_a_located_error(own, capsys, svg):
    (use_icon(own) / "mine.svg").write_text(svg.replace("&a0;", "&a;"))
    message = f"icons/mine.svg:{CASES[svg]}"
    assert check_and_build(capsys) == [(1, [message]), (1, [message])]


def test_svglib_says_nothing_on_stderr(own, capsys):
    (use_icon(own) / "mine.svg").write_text(f'{SVG}<circle fill="RED" r="3"/></svg>')
    assert main(["check", "own"]) == 1
    err = capsys.readouterr().err
    assert "Can't handle" not in err and "has the colour 'RED'" in err, err


def test_a_skew_of_90_degrees_stays_refused_by_check_and_build_alike(own, capsys):
    """A guard: the number a skew of 90 degrees makes is said by the drawing's number check,
    which the transform check leaves it to."""
    (use_icon(own) / "mine.svg").write_text(f'{SVG}\n<g transform="skewX(90)">{CIRCLE}</g></svg>')
    (check, said), (build, built) = check_and_build(capsys)
    assert check == build == 1 and said == built and len(said) == 1, (said, built)
    assert said[0].startswith("icons/mine.svg:") and "which cannot be printed" in said[0]


def test_a_part_in_defs_counts_only_where_it_is_used(own, capsys):
    """A review: a 9,000-number glyph in <defs> used five times (45,000 numbers drawn) was
    refused for 54,000: the <defs> was counted as drawn too."""
    glyph = f'<path id="g" d="M0 0{" L1 1" * 4_499}"/>'
    uses = '<use href="#g"/>' * 5
    (use_icon(own) / "mine.svg").write_text(f"{SVG}<defs>{glyph}</defs>{uses}</svg>")
    assert check_and_build(capsys) == [(0, []), (0, [])]


def test_an_svg_icon_with_ordinary_transforms_builds(own, capsys):
    (use_icon(own) / "mine.svg").write_text(
        f'{SVG}<g transform="translate(12 12) rotate(30, 1, 1) scale(0.5, 2) skewX(20)">'
        f'{CIRCLE}</g><rect transform="matrix(0.001 0 0 0.001 1 1)" width="9" height="9"/>'
        '<circle transform="scale(1e-5)" r="3"/><circle transform="scale(1e-7) scale(1e7)"'
        ' r="2"/></svg>'
    )
    assert check_and_build(capsys) == [(0, []), (0, [])]


@pytest.mark.parametrize(
    "svg",
    [
        f'{SVG}<circle r="9" stroke="#000" stroke-dasharray="1 0.5"/>'
        '<circle r="5" style="stroke:#000;stroke-dasharray:0.01 0.01"/></svg>',
        # a review: fine in the icon's units, not as drawn (an Inkscape page, an inch, a scale)
        f'{ROOT} width="210mm" height="297mm" viewBox="0 0 210 297"><path d="M0 0 L200 280"'
        ' stroke="#000" stroke-dasharray="0.04 0.03"/></svg>',
        f'{ROOT} width="1in" height="1in" viewBox="0 0 1 1"><path d="M0 0 L1 1"'
        ' stroke="#000" stroke-dasharray="0.003 0.003"/></svg>',
        f'{ROOT} viewBox="0 0 2400 2400"><g transform="scale(100)"><path d="M0 0 L20 20"'
        ' stroke="#000" stroke-dasharray="0.1 0.1"/></g></svg>',
        # an odd list repeats (0.0015 every 0.003, over 24/10,000); a negative one draws solid
        f'{SVG}<path d="M0 0 L20 20" stroke="#000" stroke-dasharray="0.0015"/>'
        '<path d="M0 0 L20 2" stroke="#000" stroke-dasharray="-0.000001 0.000001"/></svg>',
    ],
    ids=["ordinary", "inkscape page", "an inch", "scaled group", "odd and negative"],
)
def test_an_svg_icon_with_a_dash_that_prints_builds(own, capsys, svg):
    (use_icon(own) / "mine.svg").write_text(svg)
    assert check_and_build(capsys) == [(0, []), (0, [])]


def test_an_svg_icon_that_uses_a_later_part_and_a_clip_builds(own, capsys):
    (use_icon(own) / "mine.svg").write_text(
        f'{SVG}<clipPath id="c"><rect width="12" height="12"/></clipPath>'
        f'<use href="#later" clip-path="url(#c)"/><g id="later">{CIRCLE}</g></svg>'
    )
    assert check_and_build(capsys) == [(0, []), (0, [])]


def test_a_gradient_or_pattern_paint_is_a_located_warning_and_the_icon_builds(own, capsys):
    """svglib paints no gradient or pattern (nor the colour given after one): the shape would
    silently vanish. check and build both say so at the element, and still build."""
    (use_icon(own) / "mine.svg").write_text(
        f'{SVG}<defs><linearGradient id="g"><stop offset="0" stop-color="#D55E00"/>'
        '</linearGradient></defs>\n<rect width="9" height="9" fill="#0072B2"/>\n'
        '<circle r="3" style="stroke: #000; fill:url(#g) #D55E00"/></svg>'
    )
    warning = (
        "icons/mine.svg:3:1: warning: icon 'mine.svg' has fill 'url(#g) #D55E00': a gradient"
        " or pattern is not drawn, so this shape is drawn without its fill; give it a colour"
        " (#RRGGBB)"
    )
    for command in (["check", "own"], ["build", "own", "--jobs", "1", "--paper", "a4"]):
        code, errors, err = run(capsys, *command)
        assert (code, errors) == (0, []), err
        assert [line for line in err.splitlines() if ": warning: " in line] == [warning]
    assert (own / "build" / "own" / "standard-a4" / "cards.pdf").is_file()


def test_a_style_rule_that_paints_with_a_gradient_is_a_warning_at_the_style(own, capsys):
    """A <style> rule that fills with url() leaves the shapes it styles unpainted too; an
    attribute of another namespace (x:fill) is none of the SVG's paints and says nothing."""
    icon = use_icon(own) / "mine.svg"
    icon.write_text(
        f"{SVG.replace('<svg ', '<svg xmlns:x=' + chr(34) + 'urn:x' + chr(34) + ' ')}\n"
        '<linearGradient id="g"/><circle r="3" fill="#0072B2" x:fill="url(#g)"/></svg>'
    )
    code, errors, err = run(capsys, "check", "own")
    assert (code, errors) == (0, []) and ": warning: " not in err, err
    icon.write_text(
        f'{SVG}<linearGradient id="g"><stop offset="0" stop-color="#D55E00"/></linearGradient>'
        '\n  <style>.a { stroke: #000; fill: url(#g) }</style><circle class="a" r="3"/></svg>'
    )
    code, errors, err = run(capsys, "check", "own")
    assert (code, errors) == (0, []), err
    assert (
        "icons/mine.svg:2:3: warning: icon 'mine.svg' has a <style> rule with fill 'url(#g)': a"
        " gradient or pattern is not drawn, so the shapes it styles are drawn without their"
        " fill; give them a colour (#RRGGBB)"
    ) in err.splitlines(), err
