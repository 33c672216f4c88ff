"""The plan stage: (game, layouts, profile) → a typed, frozen ``GamePlan`` and the located
problems found while filling and measuring it. Runs once per game and profile (and the
build's imposition, which the documents' templates may name); every paper is imposed and
drawn from the same plan."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping, Sequence

from ..diagnostics import Loc, Problem, excerpt
from ..flow.frames import measure_furniture
from ..layouts import Layouts
from ..measure import face_name, missing_glyphs, profile_doc_styles, register
from ..model import Block, Game, PageItem
from ..profiles import Profile
from ..source import Located
from ..symbols import STAND_IN_FILL, broken_icon, project_look
from ..text import literal
from .cards import plan_component
from .context import component_line_locs, component_lines, document_context
from .documents import DocPlanner
from .model import DocBlock, DocPlan, GamePlan, NewPage, PageDoc, Para, Run, Space
from .notation_check import notation_problems

__all__ = ["GamePlan", "plan_game", "collapse_repeats"]


def planner(game: Game, profile: Profile, imposition: str = "duplex") -> DocPlanner:
    styles = profile_doc_styles(profile)
    return DocPlanner(
        profile,
        styles,
        document_context(game, profile.name, imposition),
        examples=game.rules.examples,
        example_locs={k: game.rules_src.key_loc(("examples", k)) for k in game.rules.examples},
        example_parts={
            (k, part): game.rules_src.loc(("examples", k, part))
            for k in game.rules.examples
            for part in ("title", "text")
        },
        component_lines=component_lines(game, profile.name),
        component_locs=component_line_locs(game, profile.name, (styles.body.fontName,)),
    )


def _game_loc(game: Game, *keys: str) -> Loc:
    """Where game.yaml writes the first of ``keys`` that holds a character the body font
    lacks (that is the mistake a line made of them can have), else the first it writes at
    all; the start of rules.yaml when it writes none."""
    written = [key for key in keys if getattr(game.spec, key, None)]
    lacking = [k for k in written if missing_glyphs(str(getattr(game.spec, k)), face_name("bold"))]
    for key in lacking or written:
        return game.game_src.loc((key,))
    return game.rules_src.loc(())


def plan_rules(p: DocPlanner, game: Game) -> DocPlan:
    g = game.spec
    top = game.rules_src.loc(())
    # the rules' own title is a template; the game's title is a value, printed as written
    title_at = game.rules_src.loc(("title",)) if game.rules.title else _game_loc(game, "title")
    title = p.markup(game.rules.title, title_at) if game.rules.title else literal(g.title)
    blocks: list[DocBlock] = [p.para(title, "title", title_at)]
    facts = " · ".join(x for x in (g.subtitle, g.players, g.time) if x)
    facts_at = _game_loc(game, "subtitle", "players", "time")
    blocks.append(p.para(literal(facts), "subtitle", facts_at))
    locs = [title_at, facts_at]
    printed = 0
    for i, section in enumerate(game.rules.sections):
        shown = _shown(section.blocks, p.profile.name)
        if section.blocks and not shown:
            continue  # every block is for other profiles: the section's heading goes too
        printed += 1
        loc = game.rules_src.loc(("sections", i, "heading"))
        blocks.append(p.text(section.heading, "heading", loc, keep=True))
        locs.append(loc)
        for j, block in enumerate(section.blocks):
            bloc = game.rules_src.loc(("sections", i, "blocks", j))
            if block.kind == "heading" and shown and j == shown[-1]:
                what = f"rules: the section {excerpt(section.heading)}"
                _heading_last(p, bloc, what, j < len(section.blocks) - 1)
            inside = functools.partial(_key_at, game.rules_src, ("sections", i, "blocks", j))
            planned = p.block(block, bloc, inside)
            if block.kind == "heading":  # under the section's heading: a level below it
                planned = [_sub(b) for b in planned]
            blocks.extend(planned)
            locs.extend([bloc] * len(planned))
    if game.rules.sections and not printed:
        said = (
            f"rules: every section is for other profiles than {p.profile.name}, whose rules"
            " print only their title (give a section a block for it)"
        )
        p.problems.append(Problem(game.rules_src.key_loc(("sections",)), said, "warning"))
    if g.edition or g.publisher:
        if blocks and isinstance(blocks[-1], Para) and blocks[-1].style == "body":
            # the credit line is kept with the paragraph before it: that paragraph goes on to
            # the next page whole rather than leave the credit (or its last line and the
            # credit) alone there
            blocks[-1] = dataclasses.replace(blocks[-1], keep_with_next=True)
        blocks.append(Space(4))
        credit = ". ".join(x for x in (g.publisher, g.edition) if x) + "."
        credit_at = _game_loc(game, "publisher", "edition")
        blocks.append(p.para(literal(credit), "small", credit_at))
        locs += [credit_at, credit_at]
    return DocPlan(tuple(blocks), top, tuple(locs))


def _sub(block: DocBlock) -> DocBlock:
    """A ``heading:`` block's heading inside a rules section: a sub-heading (H3, set between
    the body's size and the section heading's), not a second section heading."""
    if isinstance(block, Para) and block.style == "heading":
        return dataclasses.replace(block, style="subheading")
    return block


def plan_booklet(p: DocPlanner, game: Game, rules: DocPlan) -> DocPlan:
    """The rules as a booklet: a cover (the title, what the game is, players and time, and
    what is in the box), then the rules from their first section on a fresh page."""
    # the box lists the components' names: a problem of the line is placed at the first name
    # that holds a character the body's font lacks, else at the components' list
    lines = component_lines(game, p.profile.name, notes=False)
    lacking = [
        loc
        for line, loc in zip(lines, p.component_locs, strict=True)
        if missing_glyphs(line, p.styles.body.fontName)
    ]
    names = lacking[0] if lacking else game.game_src.key_loc(("components",))
    box = " · ".join(literal(t) for t in lines)
    cover: list[DocBlock] = [
        *rules.blocks[:2],  # the title and the facts line, as the rules open
        Space(6),
        p.para(f"<b>In the box:</b> {box}", "body", names),  # short, even in large print
        NewPage(),
    ]
    locs = [*rules.locs[:2], names, names, names]
    return DocPlan(tuple(cover) + rules.blocks[2:], rules.loc, tuple(locs) + rules.locs[2:])


def plan_page(p: DocPlanner, page: PageItem, loc_of: Callable[..., Loc]) -> DocPlan:
    blocks: list[DocBlock] = [p.text(page.title, "title", loc_of("title"))]
    locs = [loc_of("title")]
    for i, b in enumerate(page.blocks):
        planned = p.block(b, loc_of("blocks", i), functools.partial(loc_of, "blocks", i))
        blocks.extend(planned)
        locs.extend([loc_of("blocks", i)] * len(planned))
    shown = _shown(page.blocks, p.profile.name)
    if page.blocks and not shown:
        said = (
            f"{page.id}: its sheet prints only its title in the {p.profile.name} profile (every"
            " block is for other profiles: a sheet for some profiles only is a component of"
            " its own, given `profiles:`)"
        )
        p.problems.append(Problem(loc_of("blocks"), said, "warning"))
    elif shown and page.blocks[shown[-1]].kind == "heading":
        last = shown[-1]
        _heading_last(
            p, loc_of("blocks", last), f"{page.id}: its sheet", last < len(page.blocks) - 1
        )
    return DocPlan(tuple(blocks), loc_of(), tuple(locs))


def _key_at(src: Located, block: tuple[str | int, ...], *keys: str | int, key: bool = False) -> Loc:
    path = (*block, *keys)
    return src.key_loc(path) if key else src.loc(path)


def _heading_last(p: DocPlanner, loc: Loc, what: str, profiled: bool = False) -> None:
    """A ``heading:`` block with nothing after it in ``what`` heads nothing: a warning,
    naming the profile where the blocks after it are all for other profiles (``profiled``)."""
    where = f" in the {p.profile.name} profile" if profiled else ""
    said = (
        f"{what} ends with this heading{where}, which heads nothing (move it, or add what it heads)"
    )
    p.problems.append(Problem(loc, said, "warning"))


def _shown(blocks: Sequence[Block], profile: str) -> list[int]:
    """The indices of ``blocks`` that ``profile`` prints (a block's ``profiles:``)."""
    return [j for j, b in enumerate(blocks) if b.in_profile(profile)]


def plan_game(
    game: Game, layouts: Layouts, profile: Profile, imposition: str = "duplex"
) -> tuple[GamePlan, list[Problem]]:
    """Fill and measure every face of every item and every document block; returns the plan
    and its located problems (overflow, glyphs, contrast, geometry, templates).
    ``imposition``: how cards.pdf is printed, for the documents' texts that say so."""
    register()
    broken = {name: problem for name, (_file, problem) in layouts.broken_icons.items()}
    said = frozenset(_not_colours(game, layouts.colours))
    with project_look(
        layouts.icons, layouts.colours, {n: str(p.loc) for n, p in broken.items()}, said
    ) as asked:
        game_plan, problems = _plan_game(game, layouts, profile, imposition)
    if said:  # a contrast with a stand-in fill is not the design's (``symbols.STAND_IN_FILL``)
        problems = [p for p in problems if STAND_IN_FILL not in p.message.upper()]
    return game_plan, broken_icons_said(problems, broken, asked)


def broken_icons_said(
    problems: list[Problem], broken: Mapping[str, Problem], asked: set[str]
) -> list[Problem]:
    """``problems`` with the errors of the project's icon files that cannot be drawn and
    that the game asked for, each said once, at its file (each use of it, said at its box or
    template, is left out: the file is what to mend); a warning for each one it did not ask
    for (it builds without them)."""
    uses = tuple(broken_icon(n, str(broken[n].loc)) for n in asked)
    kept = [p for p in problems if not any(use in p.message for use in uses)]
    return kept + [
        problem
        if name in asked
        else dataclasses.replace(
            problem,
            severity="warning",
            message=problem.message + "; no face or text of this game draws it",
        )
        for name, problem in sorted(broken.items())
    ]


def term_problems(game: Game, named: Mapping[str, str]) -> list[Problem]:
    """A term's ``icon`` that names no icon (built-in or the project's), or its ``fill`` that
    is no colour (``_not_colours``), at that value in game.yaml: said once, there (what reads
    the fill meanwhile gets a stand-in, ``symbols.fill_said``)."""
    from ..colours import unknown
    from ..symbols import icon_ref, unknown_icon

    problems = []
    bad = _not_colours(game, named)
    for word, data in game.spec.terms.items():
        name, fill = data.get("icon"), data.get("fill")
        if isinstance(name, str) and "{" not in name and icon_ref(name) is None:
            message = f"terms.{word}.icon: {unknown_icon(name)}"
            problems.append(Problem(game.game_src.loc(("terms", word, "icon")), message))
        shown = fill.strip() if isinstance(fill, str) else ""
        if shown in bad:
            message = unknown(shown, named, f"terms.{word}.fill:")
            problems.append(Problem(game.game_src.loc(("terms", word, "fill")), message))
    return problems


def _not_colours(game: Game, named: Mapping[str, str]) -> set[str]:
    """The fills of game.yaml's terms that are no colour: not ``#RRGGBB``, a name of the
    layouts' ``named`` colours, none or empty, spaces around it aside, as a box's ``fill``
    takes it; a fill is data, never a template (``{{ x }}`` is no colour either)."""
    from ..colours import resolve

    fills = (data.get("fill") for data in game.spec.terms.values())
    shown = {f.strip() for f in fills if isinstance(f, str)}
    return {f for f in shown if f not in ("", "none") and resolve(f, named) is None}


def _plan_game(
    game: Game, layouts: Layouts, profile: Profile, imposition: str
) -> tuple[GamePlan, list[Problem]]:
    problems = term_problems(game, layouts.colours)
    parts: dict[str, list[Run | PageDoc]] = {"cards": [], "sheets": []}
    checked: set[tuple[str, tuple[float, float]]] = set()
    docs = planner(game, profile, imposition)
    runs: dict[str, Run] = {}
    faulty: set[str] = set()
    components = [c for c in game.components if c.spec.in_profile(profile.name)]
    for comp in components:
        if comp.spec.form != "page":
            run, probs, bad = plan_component(game, comp, layouts, profile, checked)
            problems.extend(probs + notation_problems(game, comp, layouts))
            if run is not None:
                runs[comp.id] = run
            faulty.update(bad)
    # sheets and rules are planned after the cards: they may draw a card as its deck prints it
    docs.faces = {card.item: card.front for run in runs.values() for card in run.cards}
    docs.profiled = {  # what a card's face draws in some profiles only (a when: naming it)
        card.item: _profiled_boxes(layouts, comp.spec.face)
        for comp in components
        if comp.id in runs and comp.spec.face is not None
        for card in runs[comp.id].cards
    }
    docs.faulty = frozenset(faulty)
    docs.card_components = frozenset(c.id for c in game.components if c.spec.form != "page")
    docs.card_sizes = {  # a card component that could not be planned has no size (None)
        c.id: runs[c.id].size if c.id in runs else None for c in components if c.spec.form != "page"
    }
    for comp in components:
        if comp.spec.form != "page":
            if comp.id in runs:
                parts[comp.spec.part].append(runs[comp.id])
            continue
        for item in comp.items:
            assert isinstance(item.model, PageItem)  # a page component's items are pages
            docs.label = item.id  # a sheet's problems name it, as its page problems do
            doc = plan_page(docs, item.model, item.loc)
            parts[comp.spec.part].append(PageDoc(comp.id, item.id, item.copies, doc))
    docs.label = "rules"
    rules = plan_rules(docs, game)
    booklet = plan_booklet(docs, game, rules)
    problems.extend(docs.problems)
    furniture = measure_furniture(profile, game.spec.title)
    cards = {k: tuple(v) for k, v in parts.items()}
    plan = GamePlan(game, profile, cards, rules, furniture, booklet)
    return plan, collapse_repeats(problems)


def _profiled_boxes(layouts: Layouts, face: str) -> frozenset[str]:
    """The boxes of ``face`` whose ``when:`` names the profile: drawn in some profiles only."""
    return frozenset(
        b.name for b in layouts.face(face).boxes if b.when and re.search(r"\bprofile\b", b.when)
    )


_SIZE = re.compile(r"\((\d+\.\d) × (\d+\.\d) mm, ")
"""The size an overlap message gives (``checks.text_overlaps``), different from item to item."""
_ACROSS = re.compile(r"(the badge '[^']*' )(\d+\.\d)( mm across)")
"""The size a badge's value needs (``scale.badges.spilled``), different from item to item."""
_WIDE = re.compile(r"(the badge at least )(\d+(?:\.\d)?)( mm wide in the layout)")
"""The badge's width in the layout that would hold that value (``scale.badges.spilled``)."""


def collapse_repeats(problems: list[Problem]) -> list[Problem]:
    """A layout mistake repeats for every item that uses the box: report it once, with a count.
    The same mistake (kind, place and message) about several subjects is one mistake; two
    boxes' text set over each other, or a badge too small for its values, is one mistake
    whatever its size on each item, said with the largest (``up to``)."""
    groups: dict[tuple[Loc, str, str, str], list[Problem]] = {}
    out: list[Problem] = []
    for p in problems:
        if not p.subject:
            out.append(p)
            continue
        message = p.message
        if p.code == "overlap":
            message = _SIZE.sub("(", message)
        elif p.code == "badge":
            message = _WIDE.sub(r"\1\3", _ACROSS.sub(r"\1\3", message, count=1), count=1)
        groups.setdefault((p.loc, p.code, message, p.severity), []).append(p)
    for group in groups.values():
        first = group[0]
        if len(group) == 1:
            out.append(first)
            continue
        subject = f"{first.subject} (and {len(group) - 1} more)"
        out.append(dataclasses.replace(first, subject=subject, message=_largest(group)))
    return out


def _largest(group: list[Problem]) -> str:
    """The first problem's message; an overlap's with the largest of the group's sizes (by
    area: a size one of the cards has), a badge's with the widest value's need (and the
    width in the layout that holds it), when they differ."""
    message, code = group[0].message, group[0].code
    if code == "badge":  # at the most any item needs
        needs = {float(m[2]) for p in group if (m := _ACROSS.search(p.message))}
        if len(needs) < 2:
            return message
        widths = [float(m[2]) for p in group if (m := _WIDE.search(p.message))]
        if widths:  # the width in the layout that holds the widest value
            message = _WIDE.sub(rf"\g<1>{max(widths):g}\3", message, count=1)
        return _ACROSS.sub(rf"\g<1>up to {max(needs):.1f}\3", message, count=1)
    sizes = [(float(m[1]), float(m[2])) for p in group if (m := _SIZE.search(p.message))]
    if code != "overlap" or len(set(sizes)) < 2:
        return message
    wide, tall = max(sizes, key=lambda size: size[0] * size[1])
    return _SIZE.sub(f"(up to {wide:.1f} × {tall:.1f} mm, ", message, count=1)


__all__ += ["Para", "DocPlan"]
