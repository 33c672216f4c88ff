"""The garbage collector while jobs run: full collections rare and young ones after many
objects (``rare_full_collections``), and, in a process that ends after its jobs, a plan
moved out of the collector's sight once made (``plans_unwalked``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

RARE_FULL = 1_000
"""The oldest generation's threshold while jobs run (``rare_full_collections``)."""
YOUNG = 60_000
"""The youngest generation's threshold while jobs run (Python's is 700). Measured on a cold
build: 17 young collections, 52 ms, against 25 and 66 ms at 20,000 (more of what a part
draws is garbage before it is walked) and 64 ms at 200,000 (each walk longer)."""
_ending: list[bool] = []  # the command ends once its jobs are done (``ends_after_jobs``)


def ends_after_jobs() -> None:
    """Say that this process ends once its jobs are done (``cutsheet build``, not
    ``watch``): the collector's thresholds are then left as the jobs had them (see
    ``rare_full_collections``), for the rest of the process. The command line says so when
    it reads ``sys.argv`` (``cli.main()`` without arguments): a program that calls it that
    way and goes on keeps the raised thresholds (``gc.set_threshold`` puts them back)."""
    _ending.append(True)


@contextmanager
def rare_full_collections() -> Iterator[None]:
    """While jobs run, the garbage collector's full collections (which walk every object
    the plan and the loaded games hold, 0.7 s of a 10,000-card deck) come 100 times less
    often, and the young generation is collected after ``YOUNG`` new objects, not 700: a
    job's objects mostly live as long as its plan, so each young collection only moved
    them on to the middle one, whose 28 collections walked them again (0.08 s of a cold
    build's 0.2 s of collecting; none now). Garbage cycles still die young. Workers forked
    inside inherit it; it is undone after, unless the process ends then
    (``ends_after_jobs``): the jobs' young collections leave the middle generation's count
    past Python's threshold, so the next young collection would collect the middle one
    too, walking every object the finished build still holds (0.05 s of a cold build) to
    free nothing the few steps left need."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG), middle, max(old, RARE_FULL))
    try:
        yield
    finally:
        if not _ending:
            gc.set_threshold(young, middle, old)


@contextmanager
def plans_unwalked() -> Iterator[None]:
    """While a job plans, in a process that ends after its jobs (``ends_after_jobs``: a
    build or a check, not ``watch``), the collector is paused, and what planning made is
    then moved out of its sight (``gc.freeze``): a plan lives as long as its job, is a tree
    of frozen values with no cycles, and every young collection while it was made walked it
    only to keep it (14 of them, 0.04-0.12 s of a cold build; 3 ms this way). The garbage
    the jobs before it left is collected first, so none is frozen with the plan. Measured
    on 10,000 delivery cards: the same peak memory, standard and large print."""
    if not _ending or not gc.isenabled():
        yield
        return
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()
