"""The fixed words of the card schema (types, zones, kinds of move) and its error type."""

from __future__ import annotations

from aleph_null_desktop.i18n import N_, _

CARD_TYPES = ("key", "demon", "tanist", "artifact", "magical_power", "interference")
TYPE_NAMES = {  # marked for translation; translate where shown
    "key": N_("Key"),
    "demon": N_("Demon"),
    "tanist": N_("Tanist"),
    "artifact": N_("Artifact"),
    "magical_power": N_("Magical Power"),
    "interference": N_("Interference"),
}
SIDES = ("church", "hell")
MOVE_KINDS = ("sacrifice", "scrap", "discard")
CHOOSE_ZONES = ("hand", "play", "discard")


class CardDataError(ValueError):
    """A card file that cannot be used; names the file, the card and the field at fault.
    `reason` is the message without the place; `kind` names the fault for code that says it in its
    own words (the editor), so nothing has to match the words of the message."""

    def __init__(self, message: str, *, source: str = "", card_id: str = "", field_name: str = "",
                 kind: str = ""):
        self.source, self.card_id, self.field_name = source, card_id, field_name
        self.reason, self.kind = message, kind
        where = ", ".join(
            part
            for part in (
                _("file {name}").format(name=source) if source else "",
                _("card {id!r}").format(id=card_id) if card_id else "",
                _("field {name}").format(name=field_name) if field_name else "",
            )
            if part
        )
        super().__init__(f"{where}: {message}" if where else message)
