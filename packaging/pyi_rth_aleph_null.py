# PyInstaller runtime hook (packaging/aleph-null.spec): runs before the game's code in the
# frozen build. pygame's "Hello from the pygame community" banner is noise in a packaged game.
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
