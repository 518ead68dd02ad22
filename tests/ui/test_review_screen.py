"""The expert's review through the game (issue 27): R on Judgement runs it in a worker process
with a progress bar, then lists the costliest decisions in words and opens the replay at the
first, its note shown at that move; R on a recorded ritual, then Esc, cancels the worker."""

from __future__ import annotations

import random
import time

import pygame

from aleph_null_desktop.engine import new_game
from aleph_null_desktop.rituals.record import ritual_record
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.scenes.replay import ReplayScene
from aleph_null_desktop.ui.scenes.review import ReviewScene
from aleph_null_desktop.ui.scenes.rituals import RitualsScene


def short_random_ritual():
    """A ritual a random player loses in few moves (so the review is quick): Magus, seed 5."""
    game, rng = new_game(seed=5, circle="magus"), random.Random(5)
    while game.outcome is None:
        game.apply(rng.choice(game.legal_commands()))
    return game


def wait_for(driver, scene, seconds: float = 240.0) -> None:
    start = time.monotonic()
    while scene.job.state == "running" and time.monotonic() - start < seconds:
        driver.frames(1, dt=0.1)
        time.sleep(0.05)


def test_the_review_from_judgement_lists_mistakes_and_opens_the_replay_at_them(app, driver, user_dirs):
    game = short_random_ritual()
    app.show_judgement(game, "magus")
    driver.frames(2)
    assert isinstance(driver.scene, JudgementScene)
    driver.key(pygame.K_r)
    review = driver.scene
    assert isinstance(review, ReviewScene) and review.job.state == "running" and review.job.alive
    assert not review.watch_button.enabled and review.close_button.label == "Cancel"
    wait_for(driver, review)
    assert review.job.state == "done", review.job.error
    assert review.job.done == review.job.total and review.notes  # a random player's ritual has mistakes
    assert all(text.startswith("Turn ") and "The expert would have played" in text for text in review.notes.values())
    driver.key(pygame.K_RETURN)  # Watch with the review
    viewer = driver.scene
    assert isinstance(viewer, ReplayScene) and viewer.move == min(review.notes)
    assert viewer.notes == review.notes
    assert viewer.game.to_dict() == new_game_after(game, viewer.move)


def new_game_after(game, step: int) -> dict:
    from aleph_null_desktop.storage.rituals import replay_ritual

    return replay_ritual(ritual_record(game), step)[0].to_dict()


def test_cancel_stops_the_worker(app, driver, user_dirs):
    app.persist = True
    game = short_random_ritual()
    app.record_ritual(game)
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_t)
    driver.key(pygame.K_p)
    assert isinstance(driver.scene, RitualsScene)
    driver.key(pygame.K_r)
    review = driver.scene
    assert isinstance(review, ReviewScene) and review.job.alive
    driver.key(pygame.K_ESCAPE)  # Cancel
    assert review.job.state == "cancelled" and not review.job.alive
    assert isinstance(driver.scene, RitualsScene)
