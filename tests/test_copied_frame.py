"""A document's frame, deep-copied as ReportLab does before measuring a list of flowables:
the copy equals the frame, shares nothing mutable with it, and ReportLab's own deep copy
gives the same."""

from __future__ import annotations

import copy

from reportlab.platypus import Frame

from cutsheet.flow.frames import CopiedFrame, padded_frame


def test_copy_equals_reportlabs_and_shares_nothing_mutable() -> None:
    frame = padded_frame(10.0, 20.0, 300.0, 400.0, 6.0, "body")
    assert isinstance(frame, CopiedFrame)
    frame._generated_content = ["a", ["b"]]  # what a frame gains while a document is built
    frame._frameBGs = [("#fff", 1)]
    ours = copy.deepcopy(frame)
    theirs = Frame.__new__(CopiedFrame)
    theirs.__dict__.update(copy.deepcopy(vars(frame)))  # ReportLab's (the generic) copy
    assert type(ours) is CopiedFrame and vars(ours) == vars(theirs) == vars(frame)
    assert ours._generated_content is not frame._generated_content
    assert ours._generated_content[1] is not frame._generated_content[1]
    assert ours._frameBGs is not frame._frameBGs


def test_a_frame_met_twice_is_copied_once() -> None:
    frame = padded_frame(0.0, 0.0, 100.0, 100.0, 0.0)
    pair = copy.deepcopy([frame, frame])
    assert pair[0] is pair[1] and pair[0] is not frame
