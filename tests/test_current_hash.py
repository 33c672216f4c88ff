"""The manifest check at a commit reads a file again unless this build already hashed it,
unchanged since (``cache.current_hash``): a file replaced or rewritten since is read again."""

from __future__ import annotations

import os

from cutsheet.cache import STABLE_NS, current_hash, file_hash


def test_current_hash_sees_a_file_replaced_since(tmp_path):
    path = tmp_path / "a.pdf"
    path.write_bytes(b"old")
    old = os.stat(path).st_mtime_ns - 2 * STABLE_NS
    os.utime(path, ns=(old, old))  # unchanged for a while: remembered with its stat
    first = file_hash.__wrapped__(str(path))
    assert current_hash(str(path)) == first
    tmp = tmp_path / "b"
    tmp.write_bytes(b"new")
    os.utime(tmp, ns=(old, old))
    os.replace(tmp, path)  # a commit's rename: another inode
    assert current_hash(str(path)) == file_hash.__wrapped__(str(path)) != first


def test_a_file_rewritten_in_place_is_read_again(tmp_path):
    path = tmp_path / "a.pdf"
    path.write_bytes(b"one")
    old = os.stat(path).st_mtime_ns - 2 * STABLE_NS
    os.utime(path, ns=(old, old))
    first = file_hash.__wrapped__(str(path))
    assert current_hash(str(path)) == first
    path.write_bytes(b"two")  # same inode, new size and times
    assert current_hash(str(path)) == file_hash.__wrapped__(str(path)) != first
