"""The tagged file as it was made before the one-pass writer (``render/pdfstream.py``): the
structure added with pikepdf and the file saved again, XMP by pikepdf's ``open_metadata``.
Kept here only to prove the two equivalent, and a canonical reading of a tagged file's
structure, catalog, pages and XMP that does not depend on object numbers."""

from __future__ import annotations

import io
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

from cutsheet.render.tagging import WITHIN, Node, Tagger


def old_add_structure(pdf: bytes, tagger: Tagger) -> bytes:
    """What ``add_structure`` wrote with pikepdf (the code of commit 3c168a4)."""
    doc = pikepdf.open(io.BytesIO(pdf))
    root = doc.make_indirect(Dictionary(Type=Name.StructTreeRoot))
    document = doc.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Document, P=root))
    root.K = document
    nums: list[object] = []
    top: list[pikepdf.Object] = []
    made: dict[str, tuple[pikepdf.Object, list[pikepdf.Object]]] = {}
    for index, page in enumerate(doc.pages):
        page_obj = page.obj
        page_obj.StructParents = index
        page_obj.Tabs = Name.S
        by_mcid = []
        for tag in tagger.pages.get(index + 1, []):
            parent, kids = document, top
            for node in tag.path:
                found = made.get(node.key)
                if found is None:
                    found = made[node.key] = (_element(doc, node, parent, page_obj), [])
                    kids.append(found[0])
                parent, kids = found
            if tag.mcid is None:
                continue
            if tag.kind == WITHIN:  # a part of its node's content (a split paragraph)
                kids.append(Dictionary(Type=Name.MCR, Pg=page_obj, MCID=tag.mcid))
                by_mcid.append(parent)
                continue
            elem = Dictionary(
                Type=Name.StructElem, S=Name(f"/{tag.kind}"), P=parent, Pg=page_obj, K=tag.mcid
            )
            for key, value in tag.attrs:
                elem[Name(f"/{key}")] = pikepdf.String(value)
            made_elem = doc.make_indirect(elem)
            kids.append(made_elem)
            by_mcid.append(made_elem)
        nums += (index, doc.make_indirect(Array(by_mcid)))
    document.K = Array(top)
    for elem, kids in made.values():
        elem.K = Array(kids)
    root.ParentTree = doc.make_indirect(Dictionary(Nums=Array(nums)))
    root.ParentTreeNextKey = len(doc.pages)
    doc.Root.StructTreeRoot = root
    _old_declare_pdfua(doc)
    out = io.BytesIO()
    doc.save(
        out,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
    )
    return out.getvalue()


def _element(
    doc: pikepdf.Pdf, node: Node, parent: pikepdf.Object, page: pikepdf.Object
) -> pikepdf.Object:
    elem = Dictionary(Type=Name.StructElem, S=Name(f"/{node.kind}"), P=parent, Pg=page)
    for key, value in node.attrs:
        if key == "Scope":
            elem.A = Dictionary(O=Name.Table, Scope=Name(f"/{value}"))
        else:
            elem[Name(f"/{key}")] = pikepdf.String(value)
    return doc.make_indirect(elem)


def _old_declare_pdfua(doc: pikepdf.Pdf) -> None:
    doc.Root.MarkInfo = Dictionary(Marked=True)
    prefs = doc.Root.get("/ViewerPreferences", Dictionary())
    prefs.DisplayDocTitle = True
    doc.Root.ViewerPreferences = prefs
    lang = str(doc.Root.get("/Lang", ""))
    with doc.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        info = {k: v for k, v in doc.docinfo.items() if k != "/Trapped"}
        meta.load_from_docinfo(info, raise_failure=True)
        if lang:
            meta["dc:language"] = [lang]
        meta["pdfuaid:part"] = "1"


def plain(value: Any) -> Any:
    """A direct value as Python data (a stream as its dictionary but for its length)."""
    if isinstance(value, pikepdf.Stream):
        return {"stream": {k: plain(v) for k, v in value.stream_dict.items() if k != "/Length"}}
    if isinstance(value, pikepdf.Array):
        return [plain(v) for v in value]
    if isinstance(value, pikepdf.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, pikepdf.Name):
        return str(value)
    if isinstance(value, pikepdf.String):
        return ("string", str(value))
    if isinstance(value, bool | int):
        return value
    return str(value)


def dump(data: bytes) -> dict[str, Any]:
    """Everything tagging decides in a tagged file, by position rather than object number:
    each structure element in reading order (depth, role, page, parent, MCID or number of
    kids, attributes), the ParentTree by element, the pages' keys and contents, the catalog's
    entries and the XMP's properties."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}
        tree = pdf.Root.StructTreeRoot
        ids: dict[tuple[int, int], int] = {tree.objgen: -1}
        elements: list[tuple[Any, ...]] = []
        _walk(tree.K, 0, ids, pages, elements)
        nums = tree.ParentTree.Nums
        parent_tree = {
            int(nums[i]): [ids[e.objgen] for e in nums[i + 1]] for i in range(0, len(nums), 2)
        }
        with pdf.open_metadata() as meta:
            xmp = {str(k): plain_xmp(v) for k, v in meta.items()}
        return {
            "elements": elements,
            "parent_tree": parent_tree,
            "next_key": int(tree.ParentTreeNextKey),
            "pages": [_page(p.obj) for p in pdf.pages],
            "catalog": {
                k: plain(v) for k, v in pdf.Root.items() if k not in {"/Pages", "/StructTreeRoot"}
            },
            "info": {k: plain(v) for k, v in pdf.docinfo.items()},
            "xmp": xmp,
        }


def plain_xmp(value: Any) -> Any:
    return sorted(value) if isinstance(value, set | list) else value


def _page(page: pikepdf.Object) -> dict[str, Any]:
    keys = {k: plain(v) for k, v in page.items() if k not in {"/Parent", "/Resources"}}
    if "/Contents" in page:
        keys["/Contents"] = page.Contents.read_bytes()
    keys["/Resources"] = sorted(page.Resources.keys())
    return keys


def _walk(
    elem: pikepdf.Object,
    depth: int,
    ids: dict[tuple[int, int], int],
    pages: dict[tuple[int, int], int],
    out: list[tuple[Any, ...]],
) -> None:
    ids[elem.objgen] = len(ids) - 1
    k = elem.K
    attrs = {
        key: plain(value)
        for key, value in elem.items()
        if key not in {"/K", "/P", "/Pg", "/S", "/Type"}
    }
    page = pages.get(elem.Pg.objgen, "elsewhere") if "/Pg" in elem else None
    if isinstance(k, pikepdf.Array):
        content: tuple[Any, ...] = ("kids", len(k))
    elif isinstance(k, pikepdf.Dictionary):  # a marked-content reference (the booklet's)
        content = ("mcr", int(k.MCID), pages[k.Pg.objgen], "/Stm" in k)
    else:
        content = ("mcid", int(k))
    out.append((depth, str(elem.S), str(elem.Type), page, ids[elem.P.objgen], content, attrs))
    if isinstance(k, pikepdf.Array):
        for kid in k:
            if "/S" not in kid:  # a marked-content reference among the kids
                out.append((depth + 1, "mcr", int(kid.MCID), pages[kid.Pg.objgen], "/Stm" in kid))
                continue
            _walk(kid, depth + 1, ids, pages, out)
