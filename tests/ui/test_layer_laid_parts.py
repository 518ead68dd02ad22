"""A part new in the board's picture (a card come to rest), with nothing over it and nothing painted
again beneath it, is painted alone over the picture as it is: no background and no panel under it
painted again. The picture is always the fresh paint of its parts."""

import pygame

from aleph_null_desktop.ui.render.layer import Part, PanelLayer

SIZE = (400, 300)


def part(name, rect, colour):
    """A panel filling `rect` with a colour (translucent ones show what lies under them)."""
    rect = pygame.Rect(rect)

    def paint(surface):
        tint = pygame.Surface(rect.size, pygame.SRCALPHA)
        tint.fill(colour)
        surface.blit(tint, rect)

    return Part(name, rect, (tuple(rect), colour), paint)


def background():
    surface = pygame.Surface(SIZE)
    for x in range(0, SIZE[0], 10):
        surface.fill((x % 256, 80, 255 - x % 256), (x, 0, 10, SIZE[1]))
    return surface


def fresh(parts, back):
    layer = PanelLayer()
    layer.update(SIZE, "look", parts, back)
    return pygame.image.tobytes(layer.surface, "RGB")


def updated(before, after, back):
    layer = PanelLayer()
    layer.update(SIZE, "look", before, back)
    painted = layer.painted.copy()
    regions = layer.update(SIZE, "look", after, back)
    return layer, layer.painted - painted, regions


ZONE = part("zone", (20, 20, 360, 200), (200, 180, 120, 120))
CARD = part("card:1", (50, 40, 80, 110), (240, 230, 200, 255))
PILE = part("pile", (250, 200, 100, 80), (30, 30, 30, 200))


def test_a_new_part_with_nothing_over_it_is_painted_alone_over_the_picture():
    back = background()
    new = part("card:2", (150, 60, 80, 110), (90, 140, 220, 160))  # (translucent: the zone shows through)
    layer, painted, regions = updated([ZONE, CARD, PILE], [ZONE, CARD, new, PILE], back)
    assert dict(painted) == {"card:2": 1}  # neither the zone under it nor the background painted again
    assert regions == [new.region]
    assert pygame.image.tobytes(layer.surface, "RGB") == fresh([ZONE, CARD, new, PILE], back)


def test_a_new_part_under_another_or_beside_a_change_is_painted_with_what_lies_there():
    back = background()
    under = part("card:2", (260, 150, 80, 110), (90, 140, 220, 160))  # the pile, after it, overlaps it
    layer, painted, _regions = updated([ZONE, CARD, PILE], [ZONE, CARD, under, PILE], back)
    assert painted["zone"] >= 1 and painted["pile"] >= 1
    assert pygame.image.tobytes(layer.surface, "RGB") == fresh([ZONE, CARD, under, PILE], back)

    moved = part("card:1", (60, 40, 80, 110), (240, 230, 200, 255))  # a neighbour changed where it lands
    beside = part("card:2", (130, 60, 80, 110), (90, 140, 220, 160))
    layer, painted, _regions = updated([ZONE, CARD, PILE], [ZONE, moved, beside, PILE], back)
    assert painted["zone"] >= 1 and painted["card:2"] >= 1
    assert pygame.image.tobytes(layer.surface, "RGB") == fresh([ZONE, moved, beside, PILE], back)

    gone = part("card:2", (60, 50, 80, 110), (90, 140, 220, 160))  # where a part went
    layer, painted, _regions = updated([ZONE, CARD, PILE], [ZONE, gone, PILE], back)
    assert painted["zone"] >= 1
    assert pygame.image.tobytes(layer.surface, "RGB") == fresh([ZONE, gone, PILE], back)


def test_new_parts_overlapping_each_other_are_laid_in_their_order():
    back = background()
    row = [part(f"card:{n}", (60 + 70 * n, 60, 80, 110), (40 * n, 120, 200, 170)) for n in range(2, 6)]
    layer, painted, _regions = updated([ZONE, PILE], [ZONE, *row, PILE], back)
    assert "zone" not in painted and all(painted[p.name] == 1 for p in row)
    assert pygame.image.tobytes(layer.surface, "RGB") == fresh([ZONE, *row, PILE], back)
