"""Speech for screen-reader users (optional, Settings → Speech)."""

from aleph_null_desktop.speech.speaker import Speaker

__all__ = ["Speaker"]
