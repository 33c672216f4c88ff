"""The garbage collector while jobs run (``collector``): its thresholds raised for the jobs,
put back after them, left raised when the process ends then; a plan moved out of its sight
once made, only in a process that ends after its jobs."""

from __future__ import annotations

import gc

from cutsheet import collector


def test_thresholds_raised_while_jobs_run_and_put_back_after() -> None:
    before = gc.get_threshold()
    with collector.rare_full_collections():
        young, middle, old = gc.get_threshold()
        assert young >= collector.YOUNG and middle == before[1] and old >= collector.RARE_FULL
    assert gc.get_threshold() == before


def test_left_raised_when_the_process_ends_after_its_jobs() -> None:
    before = gc.get_threshold()
    collector.ends_after_jobs()
    try:
        with collector.rare_full_collections():
            raised = gc.get_threshold()
        # put back, the middle generation's count (raised by the jobs' young collections)
        # would set off a walk of everything the build holds at the next young collection
        assert gc.get_threshold() == raised != before
    finally:
        collector._ending.clear()
        gc.set_threshold(*before)


def test_a_plan_is_made_unwalked_only_where_the_process_ends_after_its_jobs() -> None:
    frozen = gc.get_freeze_count()
    with collector.plans_unwalked():  # watch, a program: nothing changes
        assert gc.isenabled()
        kept = [[n] for n in range(100)]
    assert gc.get_freeze_count() == frozen
    collector.ends_after_jobs()
    try:
        with collector.plans_unwalked():
            assert not gc.isenabled()  # paused while the plan is made
            kept = [[n] for n in range(100)]
        assert gc.isenabled() and gc.get_freeze_count() >= frozen + len(kept)
    finally:
        collector._ending.clear()
        gc.unfreeze()
