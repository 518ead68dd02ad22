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


def test_room_is_made_for_a_large_entry_before_it_is_drawn_and_the_owner_hears_what_went():
    image = lambda: pygame.Surface((10, 10), pygame.SRCALPHA)  # 400 bytes
    gone = []
    cache = SurfaceCache("grimoire_pages", budget=1000, on_evict=lambda key, value: gone.append(key))
    cache["a"], cache["b"] = image(), image()
    cache.get("a")
    cache.make_room(500)  # 800 + 500 > 1000: the least recently used goes first
    assert gone == ["b"] and "a" in cache and cache.bytes == 400
    cache["c"] = pygame.Surface((10, 12), pygame.SRCALPHA)  # 480: fits beside "a" without more going
    assert gone == ["b"] and cache.bytes == 880
    cache["d"] = image()
    assert gone == ["b", "a"] and set(cache._entries) == {"c", "d"}
