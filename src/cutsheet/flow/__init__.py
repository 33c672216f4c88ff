"""Flowing documents (full-page sheets and rules) as Platypus flowables, shared by the plan,
which wraps and splits them to find blocks no page can hold, and the renderer, which draws
them. Everything here is geometry: where things go and how big they are. Marking what is
drawn for the structure tree (tags, artifacts) is the renderer's, in ``render/documents.py``,
by subclasses that override only how a flowable draws, so the plan measures what is drawn.
"""
