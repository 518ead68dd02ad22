"""Test a card by simulation: N rituals with the card set aside in place of a printed card of its
level, and the same N rituals (same seeds, same other interference) with the printed card, played
by an AI player in a worker process. The result is paired: each seed is won or lost with and
without the card, so the difference in win rate has a tight 95 % interval.

    test = CardTest(CardTestSpec(record, replaces="ill_omen", circle="adept", player="greedy", games=100))
    test.start()            # a worker process
    test.poll()             # in the frame loop: takes the finished pairs
    test.summary()          # win rates, difference with its interval, mean scores, losses by reason
    test.cancel()

Also the command line's way to play editor cards: ``load_for_simulation(path)`` splits a file into
pack records (overrides) and editor cards ("custom": true), and ``custom_plan`` gives each game's
(cards, interference pool) so that every editor card really is set aside in place of a printed one.
"""

from __future__ import annotations

import math
import multiprocessing
import queue as queue_module
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from aleph_null_desktop.editor.draft import FLAVOUR_MAX, NAME_MAX
from aleph_null_desktop.editor.ritual import custom_setup, default_replacements, placement_problem, replacement_choices
from aleph_null_desktop.engine.cards import ROMAN, CardDataError, card_from_dict, circles
from aleph_null_desktop.i18n import _, ngettext
from aleph_null_desktop.safe_text import card_text_problem, quote, safe_message

LOSS_ORDER = ("damage", "key_sacrificed", "time", "cards_remain", "negative_score")
QUICK_GAMES = 100  # greedy: about 3 s of CPU for the 200 games (bench/cardtest.py)
EXPERT_GAMES = 20  # the expert: about 2 s of CPU a game
ENDED_GRACE = 0.5  # seconds a worker that ended without a last word is given for it to arrive


def default_circle(level: int) -> str:
    """The first (easiest) Circle that sets aside interference of this level."""
    return next((cid for cid, c in circles().items() if c.set_aside.get(level, 0) > 0), "adept")


@dataclass(frozen=True)
class CardTestSpec:
    record: dict
    replaces: str
    circle: str = "adept"
    player: str = "greedy"
    games: int = QUICK_GAMES
    seed: int = 1

    @property
    def card_id(self) -> str:
        return self.record["id"]


def paired_setups(spec: CardTestSpec, seed: int) -> tuple[tuple[list[dict], dict], tuple[list[dict], dict]]:
    """((cards, pool) with the card, (cards, pool) without it) for one seed: the same pool, but
    the printed card in the card's place."""
    record = dict(spec.record, custom=True)
    cards, pool = custom_setup([record], [spec.card_id], spec.circle, seed, replaces={spec.card_id: spec.replaces})
    baseline = {level: [spec.replaces if cid == spec.card_id else cid for cid in ids] for level, ids in pool.items()}
    return (cards, pool), ([], baseline)


def play_pair(spec: CardTestSpec, seed: int) -> tuple[dict, dict]:
    from aleph_null_desktop.ai.simulate import make_player, play_game

    (cards, pool), (_none, baseline) = paired_setups(spec, seed)
    with_card = play_game(make_player(spec.player), seed, spec.circle, cards, interference_pool=pool)
    without = play_game(make_player(spec.player), seed, spec.circle, None, interference_pool=baseline)
    return asdict(with_card), asdict(without)


def _die_with_parent() -> None:
    """In a worker process: end when the game ends, however it ends (kill -9 included), so no
    worker runs on with parent PID 1. Linux is asked for a signal at the parent's death; on every
    system a thread watches the parent's sentinel (a pipe end that closes when the parent dies)."""
    import os
    import sys
    import threading
    from multiprocessing import parent_process
    from multiprocessing.connection import wait

    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    parent = parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    if not parent.is_alive():  # it died before the signal was asked for
        os._exit(0)


def _worker(spec: CardTestSpec, out, cancel) -> None:
    """The worker process: one message per finished pair, then ("done",) or ("error", text)."""
    _die_with_parent()
    try:
        for i in range(spec.games):
            if cancel.is_set():
                out.put(("cancelled",))
                return
            out.put(("pair",) + play_pair(spec, spec.seed + i))
        out.put(("done",))
    except Exception as err:  # reported to the panel, never a silent stop
        out.put(("error", f"{type(err).__name__}: {err}"))


@dataclass
class CardTest:
    spec: CardTestSpec
    pairs: list[tuple[dict, dict]] = field(default_factory=list)
    state: str = "ready"  # ready, running, done, cancelled, failed
    error: str = ""

    def start(self) -> None:
        ctx = multiprocessing.get_context("spawn")  # no copy of the window's state in the worker
        self._queue = ctx.Queue()
        self._cancel = ctx.Event()
        self._process = ctx.Process(target=_worker, args=(self.spec, self._queue, self._cancel), daemon=True)
        self._process.start()
        self._ended_at: float | None = None  # when the worker was first seen ended without a last word
        self.state = "running"

    def poll(self) -> None:
        """Takes every message the worker has sent so far (never blocks)."""
        if self.state != "running":
            return
        alive = self._process.is_alive()  # looked at first: a message sent before it ended is in the queue
        while True:
            try:
                message = self._queue.get_nowait()
            except queue_module.Empty:
                break
            kind = message[0]
            if kind == "pair":
                self.pairs.append((message[1], message[2]))
            elif kind in ("done", "cancelled"):
                self.state = "done" if kind == "done" else "cancelled"
                self._finish()
                return
            elif kind == "error":
                self.state, self.error = "failed", message[1]
                self._finish()
                return
        if not alive:
            # its last messages may still be on their way through the pipe: a moment's grace,
            # counted across frames, never waited for inside one
            self._ended_at = self._ended_at or time.monotonic()
            if time.monotonic() - self._ended_at > ENDED_GRACE:
                self.state, self.error = "failed", _("the worker process stopped")
                self._finish()

    def cancel(self) -> None:
        """Stops the worker at once and returns at once (the frame loop never waits for it)."""
        if self.state != "running":
            return
        self._cancel.set()
        self.state = "cancelled"
        self._finish()

    def _finish(self) -> None:
        """The worker is ended without waiting (SIGTERM; multiprocessing reaps it later)."""
        process = getattr(self, "_process", None)
        if process is not None and process.is_alive():
            process.terminate()
        queue = getattr(self, "_queue", None)
        if queue is not None:
            queue.close()
            queue.cancel_join_thread()

    @property
    def progress(self) -> float:
        return len(self.pairs) / self.spec.games if self.spec.games else 1.0

    def summary(self) -> dict[str, Any]:
        return summarize_pairs(self.pairs)


def _side(records: list[dict]) -> dict[str, Any]:
    wins = [r for r in records if r["won"]]
    losses = {reason: 0 for reason in LOSS_ORDER}
    for r in records:
        if not r["won"]:
            losses[r["reason"]] = losses.get(r["reason"], 0) + 1
    return {"wins": len(wins), "win_rate": len(wins) / len(records) if records else 0.0,
            "mean_score_of_wins": statistics.fmean(r["score"] for r in wins) if wins else None,
            "losses_by_reason": losses}


def summarize_pairs(pairs: list[tuple[dict, dict]]) -> dict[str, Any]:
    """Win rates with and without the card, the paired difference (with − without) with its 95 %
    interval (normal approximation of the mean of the per-seed differences), mean scores of the
    won rituals and losses by reason."""
    n = len(pairs)
    with_card = _side([a for a, _b in pairs])
    without = _side([b for _a, b in pairs])
    diffs = [int(a["won"]) - int(b["won"]) for a, b in pairs]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.959964 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 1.0
    return {"games": n, "with": with_card, "without": without, "difference": mean,
            "difference_ci95": [mean - half, mean + half],
            "only_with_won": sum(1 for d in diffs if d > 0), "only_without_won": sum(1 for d in diffs if d < 0)}


def verdict(summary: dict[str, Any]) -> str:
    lo, hi = summary["difference_ci95"]
    if summary["games"] < 2:
        return _("Too few rituals to say anything yet.")
    if lo > 0:
        return _("Your card makes the ritual easier to win.")
    if hi < 0:
        return _("Your card makes the ritual harder to win.")
    return ngettext("No clear difference in {n} ritual; more games narrow the interval.",
                    "No clear difference in {n} rituals; more games narrow the interval.",
                    summary["games"]).format(n=summary["games"])


# ----------------------------------------------------------------------------- the command line

def load_for_simulation(path: Path | str) -> tuple[list[dict], list[dict]]:
    """(pack records, editor cards) of a card file for ``simulate --cards``. A card pack's records
    replace printed cards (checked as cardpacks does); editor cards ("custom": true) are checked as
    the gallery does and are played in their level's pool. Raises ValueError with the reason."""
    from aleph_null_desktop.cardpacks import PACK_MAX_BYTES, PACK_MAX_DEPTH, check_pack_doc
    from aleph_null_desktop.storage import files

    path = Path(path)
    try:
        doc, problem = files.read_json(path, max_bytes=PACK_MAX_BYTES, max_depth=PACK_MAX_DEPTH)
    except OSError as err:
        raise ValueError(f"{quote(path.name, 60)}: {err.strerror or err}") from None
    if problem:
        raise ValueError(f"{quote(path.name, 60)}: {safe_message(problem, 300)}")
    records = doc.get("cards") if isinstance(doc, dict) and "cards" in doc else [doc]
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise ValueError(f"{quote(path.name, 60)}: not a card pack or a card")
    custom = [r for r in records if r.get("custom") is True]
    pack = [r for r in records if r.get("custom") is not True]
    for rec in custom:
        try:
            card = card_from_dict(rec)
        except CardDataError as err:
            raise ValueError(f"{quote(path.name, 60)}: {safe_message(err, 300)}") from None
        if not card.is_interference:
            raise ValueError(f"{quote(path.name, 60)}: the editor card {quote(card.id)} is not interference")
        texts = card_text_problem(rec, name_max=NAME_MAX, flavour_max=FLAVOUR_MAX)
        if texts:
            raise ValueError(f"{quote(path.name, 60)}: {quote(card.id)}: {texts[0]}: {texts[1]}")
    if pack:
        result, problem = check_pack_doc({"schema": 1, "cards": pack}, path.stem)
        if problem:
            raise ValueError(f"{quote(path.name, 60)}: {problem}")
        pack = result[1]
    return pack, custom


def custom_plan(custom: list[dict], circle: str, replace_args: list[str] | None = None,
                pack: list[dict] = ()) -> tuple[dict[str, str], Any]:
    """({editor card id: printed card it replaces}, setup(seed) -> (cards, pool)) for a simulation
    in which every editor card is set aside. `replace_args`: "PRINTED_ID" (for the editor cards in
    order) or "CARD_ID=PRINTED_ID". Raises ValueError when a card cannot be placed."""
    ids = [r["id"] for r in custom]
    wishes: dict[str, str] = {}
    plain = []
    for arg in replace_args or []:
        if "=" in arg:
            cid, printed = arg.split("=", 1)
            if cid not in ids:
                raise ValueError(f"--replace {quote(arg)}: {quote(cid)} is not an editor card of the file")
            wishes[cid] = printed
        else:
            plain.append(arg)
    for cid in ids:
        if cid not in wishes and plain:
            wishes[cid] = plain.pop(0)
    if plain:
        raise ValueError(f"--replace {quote(plain[0])}: there is no editor card left for it to replace")
    by_id = {r["id"]: r for r in custom}
    for cid, printed in wishes.items():
        level = by_id[cid].get("level")
        if printed not in replacement_choices(level):
            choices = ", ".join(replacement_choices(level))
            raise ValueError(f"--replace {quote(printed)}: {quote(cid)} is level {ROMAN.get(level, level)}; "
                             f"it can replace one of: {choices}")
    problem = placement_problem(custom, ids, circle)
    if problem:
        raise ValueError(f"the editor cards cannot all be set aside: {problem}; choose another --circle")
    replaces = default_replacements(custom, ids, wishes)
    missing = [cid for cid in ids if cid not in replaces]
    if missing:
        raise ValueError(f"{quote(missing[0])} finds no printed card of its level to replace")
    if len(set(replaces.values())) < len(replaces):
        raise ValueError("two editor cards replace the same printed card")
    def setup(seed: int):
        return custom_setup(custom, ids, circle, seed, replaces=replaces, pack_records=pack)

    return replaces, setup
