"""Freed memory goes back to the system (Linux, glibc; elsewhere only the collection runs).

The game draws and frees many images, and most of its scenes hold themselves in reference cycles
(buttons call their scene's methods), so a scene that is left keeps its pictures until Python's
full collection, which may not come for minutes. Measured in bench/session.py: 60 MB of such
garbage at the end of one ritual. Three things keep the resident memory near what is in use:

- `limit_heap()` (once, at startup): images of 256 KB or more get their own pages from the
  system, and give them back when freed. By default glibc raises that threshold to the largest
  block freed so far (an 8 MB screen), after which every page of the Grimoire (3.4 MB) comes
  from the heap and stays in the process when freed.
- `release()` after a scene was left (App.step; scenes left within half a second go together):
  a full collection (about 3 ms), then `trim`.
- `trim()` every few seconds of play (App.step): the heap's free pages back to the system.

`set_aside_startup()` (once, as the first App is made) keeps what the game is built of (its
modules, classes and functions: some 21,000 objects, made once and never let go) out of the full
collection, which then costs about 1 ms instead of 9-12 ms: `release()` runs inside a frame.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)
MMAP_THRESHOLD = 256 * 1024  # a 200 px card face and up; text lines and glyphs stay on the heap


def _load_libc():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim  # noqa: B018 (a C library without it: musl)
        libc.mallopt  # noqa: B018
        return libc
    except (OSError, AttributeError):
        return None


_libc = _load_libc()
_set_aside = False


def limit_heap() -> bool:
    """Large blocks from their own pages, handed back when freed; False where that is not glibc."""
    return _libc is not None and bool(_libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def trim() -> None:
    """Hands the heap's free pages back to the system (a few milliseconds at most)."""
    if _libc is not None:
        _libc.malloc_trim(0)


def release() -> None:
    """After a scene is left: its reference cycles collected (a few milliseconds), then `trim`."""
    gc.collect()
    trim()


def set_aside_startup() -> None:
    """What exists now (after the imports; collected first) is left out of later collections
    (gc.freeze): it is never freed anyway. Once per process."""
    global _set_aside
    if _set_aside:
        return
    _set_aside = True
    gc.collect()
    gc.freeze()
