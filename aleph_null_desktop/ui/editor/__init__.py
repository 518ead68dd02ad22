"""The card editor's screens: the gallery of custom cards, the edit screen with the live preview,
dialogs, and the setup of a ritual with custom cards. The model is ``aleph_null_desktop.editor``."""


def open_editor(app) -> None:
    """Pushes the gallery over the current scene (the title's "Card editor" entry)."""
    from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene

    app.stack.push(GalleryScene(app))
