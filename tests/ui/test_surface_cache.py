import pygame

from aleph_null_desktop.ui.render.surface_cache import SurfaceCache


def test_the_least_recently_used_image_goes_first_once_over_budget():
    image = lambda: pygame.Surface((10, 10), pygame.SRCALPHA)  # 400 bytes
    cache = SurfaceCache("card_faces", budget=1000)
    cache["a"], cache["b"] = image(), image()
    assert cache.get("a") is not None  # "a" is now the most recent
    cache["c"] = image()
    assert "b" not in cache and "a" in cache and "c" in cache
    assert cache.bytes == 800 and cache.evictions == 1
    cache["huge"] = pygame.Surface((40, 40), pygame.SRCALPHA)  # over the budget alone: not kept
    assert "huge" not in cache and len(cache) == 2 and cache.bytes == 800
