"""The scene stack and the screens that are one module each (title, judgement, pause, settings,
statistics, a yes-or-no question)."""
