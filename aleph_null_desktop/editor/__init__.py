"""The card editor's model (no pygame): drafts of custom interference cards and their records,
the effect menus built from the engine's vocabulary, validation, the custom card library on disk
(save, load, delete, duplicate, rename, export, import) and the setup of a ritual with custom cards.
The screens are in ``aleph_null_desktop.ui.editor``."""

from aleph_null_desktop.editor.draft import Action, CardDraft, Validation, slug, unique_id, validate
from aleph_null_desktop.editor.library import EditorError, ImportResult, Library
from aleph_null_desktop.editor.ritual import (
    RitualChoice, custom_setup, default_replacements, placement_problem, replacement_choices, replacement_problem,
    slots,
)

__all__ = ["Action", "CardDraft", "EditorError", "ImportResult", "Library", "RitualChoice", "Validation",
           "custom_setup", "default_replacements", "placement_problem", "replacement_choices",
           "replacement_problem", "slots", "slug", "unique_id", "validate"]
