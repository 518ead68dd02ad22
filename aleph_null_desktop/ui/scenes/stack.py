"""The scene stack: title, table, judgement, pause… Each scene handles events, updates and
draws; only the top scene gets events; scenes below an overlay are drawn first.

The stack tells each scene what happens to it, once, when it happens: `on_enter` (put on the
stack), `on_leave` (taken off it), `on_cover` (another scene hides it: it is no longer drawn) and
`on_uncover` (it is the top scene again, or drawn again under an overlay). Nothing is polled per
frame."""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import current_language
from aleph_null_desktop.ui import style
from aleph_null_desktop.ui.render.veil import darken, darken_around


class Scene:
    overlay = False  # True: the scene below is drawn first (a pause menu over the table)
    # an overlay that changes nothing under it while it is open (the pause menu): what is under
    # it is drawn once, darkened by `veil`, and that picture is shown again every frame
    keeps_under = False
    veil = 0
    # set by `draw`: True when that frame left the screen exactly as it was (nothing to present)
    kept_screen = False
    # set by `draw` (App.step sets None before it): the regions of the screen that frame changed,
    # all of them; None: anywhere. Only these are copied to the window (App.present)
    drawn_region: list[pygame.Rect] | None = None

    def __init__(self, app) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        """One input; True when the scene used it."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def next_change(self) -> float | None:
        """When this scene changes by itself, without input: 0 while something moves (every frame
        is drawn), in so many seconds for a timer (a caret's blink, a hover's pause), None when only
        input changes it. The frame loop sleeps until then (ui.frame_loop)."""
        return None

    def leave(self) -> None:
        """Back to the scene underneath, or to the title when this scene is the only one."""
        if len(self.app.stack.scenes) > 1 and self.app.stack.top is self:
            self.app.stack.pop()
        else:
            self.app.show_title()

    def restyle(self) -> None:
        """The UI scale, contrast, cues or language changed: redraw anything cached."""

    def covers(self) -> pygame.Rect | None:
        """A `keeps_under` overlay: the part of the screen it paints over whole on every frame, or
        None. What is under it is kept only around that part (the Grimoire's book: 1.8 MB of a
        screen's 8 MB)."""
        return None

    def repaint_region(self, surface: pygame.Surface) -> pygame.Rect | None:
        """A `keeps_under` overlay, asked before a frame whose picture of what is under it is still
        kept: when the screen still shows the scene's last frame but for one part, that part (what
        is under it is restored there alone, and the scene paints only there: a Grimoire page's
        turning leaf); None: the whole screen is painted."""
        return None

    # ------------------------------------------------------------------ lifecycle (called by SceneStack)
    def on_enter(self) -> None:
        """The scene was put on the stack (pushed, or the only one)."""

    def on_leave(self) -> None:
        """The scene was taken off the stack: it is not shown again."""

    def on_cover(self) -> None:
        """Another scene hides this one (a screen over it, or an overlay that keeps a picture of
        it): it is not drawn until `on_uncover`, so its screen-sized pictures may go."""

    def on_uncover(self) -> None:
        """The scene is the top one again, or drawn again under an overlay: the screen holds
        another scene's picture, so whatever it knew of the screen is gone."""

    def add_to_log(self, text) -> bool:
        """A line for this scene's log (a notice, the card pack in play); False when it keeps none."""
        return False

    def spoken(self) -> str:
        """The screen in words for speech (its title and what can be done), said when speech is
        turned on; "" when the scene says itself otherwise."""
        return ""


class SceneStack:
    def __init__(self, on_left=None) -> None:
        self.scenes: list[Scene] = []
        self.on_left = on_left  # called after a scene was taken off (App frees its pictures soon after)
        self._hidden: list[Scene] = []  # scenes told `on_cover`, not yet `on_uncover`
        # (key, pieces) of what is under a `keeps_under` overlay: [(picture, where)], the whole
        # screen, or the bands around what the overlay covers
        self._under: tuple | None = None
        self._under_untouched = False  # the last `draw` restored nothing of what is under the top scene
        self._under_only_in = False  # the last `draw` restored what is under the top scene only where it asked
        self._still_shown: Scene | None = None  # the top scene until another was pushed and drew (`shows`)
        # scenes whose picture under a `keeps_under` overlay was just kept: told `on_cover` as the
        # next frame begins, by its first event or its update (letting their pictures go cost the
        # overlay's first frame 0.4 ms; that frame makes nothing big after it: the Grimoire draws
        # the spread it opens at in `covers`, before the scenes under it are drawn)
        self._cover_due: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def shows(self, scene: Scene) -> bool:
        """Whether the screen shows `scene`'s last frame: it is the top scene, or was until one was
        pushed over it that has not drawn yet (an overlay opening over it: drawn under it as it was)."""
        return scene is self.top or scene is self._still_shown

    def push(self, scene: Scene) -> None:
        self._tell_cover_due()
        self._still_shown = self.top
        self.scenes.append(scene)
        self._under = None
        scene.on_enter()
        self._tell_covered(self.scenes[:self._first_drawn()])

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._under = self._still_shown = None
        self._cover_due = []  # (shown again, or under what is shown again)
        self._forget(scene)
        scene.on_leave()
        self._tell_uncovered()
        if self.on_left is not None:
            self.on_left()
        return scene

    def replace_all(self, scene: Scene) -> None:
        left, self.scenes, self._hidden, self._under, self._still_shown = self.scenes, [scene], [], None, None
        self._cover_due = []
        for old in reversed(left):
            old.on_leave()
        scene.on_enter()
        if left and self.on_left is not None:
            self.on_left()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The top scene's answer: True when it used the event."""
        self._tell_cover_due()  # (before the event makes anything new)
        return bool(self.top.handle_event(event)) if self.top else False

    def update(self, dt: float) -> None:
        self._tell_cover_due()  # (before the top scene makes new pictures)
        if self.top:
            self.top.update(dt)

    def next_change(self) -> float | None:
        """The top scene's `next_change` (only the top scene is updated)."""
        return self.top.next_change() if self.top else None

    def screen_kept(self) -> bool:
        """Whether the last `draw` left the screen as it was: only the top scene was drawn (or a
        `keeps_under` overlay that asked nothing of what is under it restored), and it changed nothing."""
        top = self.top
        if top is None or not top.kept_screen:
            return False
        return self._first_drawn() == len(self.scenes) - 1 or self._under_untouched

    def drawn_region(self) -> list[pygame.Rect] | None:
        """Where the last `draw` changed the screen, when only the top scene was drawn (or a
        `keeps_under` overlay that had what is under it restored only in its `repaint_region`,
        which its `drawn_region` then holds) and it said (`Scene.drawn_region`); None: anywhere."""
        top = self.top
        if top is None or (self._first_drawn() != len(self.scenes) - 1 and not self._under_only_in):
            return None
        return top.drawn_region

    def _first_drawn(self) -> int:
        """The lowest scene drawn: the top one and those under overlays."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return max(first, 0)

    def _tell_covered(self, scenes) -> None:
        for scene in scenes:
            if not any(scene is hidden for hidden in self._hidden):
                self._hidden.append(scene)
                scene.on_cover()

    def _tell_cover_due(self) -> None:
        due, self._cover_due = self._cover_due, []
        self._tell_covered(due)

    def _forget(self, scene: Scene) -> None:
        self._hidden = [hidden for hidden in self._hidden if hidden is not scene]

    def _tell_uncovered(self) -> None:
        """After a pop: the new top scene, and those drawn again under overlays, hear it once."""
        top = self.top
        for scene in self.scenes[self._first_drawn():]:
            if scene is top or any(scene is hidden for hidden in self._hidden):
                self._forget(scene)
                scene.on_uncover()

    def draw(self, surface: pygame.Surface) -> None:
        try:
            self._draw(surface)
        finally:
            self._still_shown = None

    def _draw(self, surface: pygame.Surface) -> None:
        first = self._first_drawn()
        top = self.top
        self._under_untouched = self._under_only_in = False
        if top is None or not top.keeps_under or first == len(self.scenes) - 1:
            self._under = None
            for scene in self.scenes[first:]:
                scene.draw(surface)
            return
        # the scenes under the top one are not updated while it is open: their picture is kept
        covered = top.covers()
        covered = None if covered is None else covered.clip(surface.get_rect())
        key = (id(top), id(surface), surface.get_size(), current_language(), style.current(),
               None if covered is None else tuple(covered))
        if self._under is not None and self._under[0] == key:
            region = top.repaint_region(surface)
            self._under_untouched = region is not None and not region.w
            self._under_only_in = region is not None
            if region is not None:
                surface.set_clip(region)
            for picture, where in self._under[1]:
                surface.blit(picture, where)
            surface.set_clip(None)
        else:
            under = self.scenes[first:-1]
            for scene in under:
                if any(scene is hidden for hidden in self._hidden):  # drawn once more for the picture
                    self._forget(scene)
                    scene.on_uncover()
                scene.draw(surface)
            if top.veil:  # (not where the top scene paints over whole: the book's pages)
                darken_around(surface, covered, top.veil) if covered is not None else darken(surface, top.veil)
            self._under = None  # (the old picture goes before the new one is made)
            self._under = (key, [(surface.subsurface(band).copy(), band.topleft)
                                 for band in around(surface.get_rect(), covered) if band.w and band.h])
            self._cover_due = under  # kept: their own pictures go before the top one makes new ones
        top.draw(surface)


def around(screen: pygame.Rect, covered: pygame.Rect | None) -> list[pygame.Rect]:
    """The screen less `covered`: the bands above and below it, and left and right of it."""
    if covered is None or not covered.w or not covered.h:
        return [screen]
    return [pygame.Rect(screen.x, screen.y, screen.w, covered.y - screen.y),
            pygame.Rect(screen.x, covered.bottom, screen.w, screen.bottom - covered.bottom),
            pygame.Rect(screen.x, covered.y, covered.x - screen.x, covered.h),
            pygame.Rect(covered.right, covered.y, screen.right - covered.right, covered.h)]
