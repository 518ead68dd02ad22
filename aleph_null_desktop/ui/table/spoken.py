"""The table in spoken words (speech for screen-reader users): the focused card, pile or button, the
whole hand, the table's state, the open panel. Every fact is the engine's or the presenter's (costs,
reasons, End Turn's explanation) and every word the i18n layer's, as on the screen; no pygame."""

from __future__ import annotations

from aleph_null_desktop.engine.cards import ROMAN, hour_pages
from aleph_null_desktop.engine.words.text import card_text_lines
from aleph_null_desktop.i18n import _, ngettext
from aleph_null_desktop.ui.table.panels import token_words
from aleph_null_desktop.ui.table.wording import without_rule_numbers

PILE_ZONES = {"deck": "deck", "discard": "discard", "sacrifice": "sacrificed", "set_aside": "set_aside"}


def sentences(*parts) -> str:
    """Parts joined as sentences: each ends with a full stop unless it has its own mark."""
    said = []
    for part in parts:
        part = " ".join(str(part or "").split())
        if part:
            said.append(part if part[-1] in ".!?:;…" else part + ".")
    return " ".join(said)


def cost_words(game, uid: int) -> str:
    card = game.cards[game.card(uid).card_id]
    if card.cost is None:
        return _("special cost")
    return _("cost {n}P").format(n=game.summon_cost(uid) if game.zone_of(uid) == "hand" else card.cost)


def card_words(game, presenter, uid: int) -> str:
    """Name, type and cost; where it is; why it cannot be used now; whether a choice may take it."""
    card = game.cards[game.card(uid).card_id]
    zone = game.zone_of(uid)
    where = {"hand": _("in your hand"), "play": _("in play")}.get(zone, "")
    parts = [", ".join(p for p in (card.name, card.type_name, cost_words(game, uid), where) if p)]
    targets = presenter.target_options()
    if targets is not None and uid in targets:
        parts.append(_("can be chosen: Enter"))
    elif uid in presenter.unusable:
        parts.append(_("Not now: {reason}").format(reason=without_rule_numbers(presenter.unusable[uid])))
    return sentences(*parts)


def rules_words(card) -> str:
    """The card's whole text: its type and level, its rules, its actions (cost → effect)."""
    return sentences(f"{card.name}, {card.type_name}", *card_text_lines(card))


def hand_words(game) -> str:
    hand = game.zone("hand")
    if not hand:
        return _("Your hand is empty.")
    cards = [f"{n}: {game.cards[c.card_id].name}, {cost_words(game, c.uid)}" for n, c in enumerate(hand, 1)]
    return sentences(_("Hand ({n} of {size})").format(n=len(hand), size=game.hand_size), *cards)


def count_words(name: str, n: int) -> str:
    return {
        "deck": ngettext("Deck: {n} card", "Deck: {n} cards", n),
        "discard": ngettext("Discard pile: {n} card", "Discard pile: {n} cards", n),
        "sacrificed": ngettext("Sacrificed: {n} card", "Sacrificed: {n} cards", n),
        "set_aside": ngettext("Set aside: {n} interference card", "Set aside: {n} interference cards", n),
    }[name].format(n=n)


def hour_words(game) -> str:
    page = hour_pages().get(game.hour)
    hour = _("Hour {hour}").format(hour=ROMAN.get(game.hour, game.hour))
    return sentences(f"{hour} — {page.name}" if page else hour,
                     _("last Hour: {hour}").format(hour=ROMAN.get(game.last_hour, game.last_hour)))


def state_words(game, presenter) -> str:
    """Hour, power, damage, tokens, the piles, what is in play, what ending the turn costs now."""
    play = [game.cards[c.card_id].name for c in game.zone("play")]
    return sentences(
        hour_words(game),
        _("{n} power").format(n=game.power),
        _("damage {n} of 3").format(n=game.damage),
        token_words(game),
        *(count_words(zone, len(game.zone(zone))) for zone in ("deck", "discard", "sacrificed", "set_aside")),
        _("In play: {cards}").format(cards=", ".join(play)) if play else _("Nothing in play."),
        presenter.end_turn_detail(),
    )


def zone_words(game, name: str) -> str:
    if name in PILE_ZONES:
        return count_words(PILE_ZONES[name], len(game.zone(PILE_ZONES[name])))
    if name == "tokens":
        return token_words(game)
    if name == "grimoire":
        return hour_words(game)
    return ""


def button_words(presenter, button, name: str) -> str:
    """A table button: its words, what End Turn costs now, why a greyed one does nothing."""
    if not button.enabled:
        return sentences(button.label, presenter.disabled_reason(name))
    if name == "end_turn":
        return sentences(button.label, presenter.end_turn_detail(), presenter.hour_warning())
    return sentences(button.label, button.detail)


def stop_words(focus, log_lines: list[str], stop) -> str:
    """The focused stop of the table (ui.table.focus: its presenter, buttons and "Choose none") in
    words; the log's newest line when the log is outlined."""
    if stop is None:
        return ""
    kind, key = stop
    presenter = focus.presenter
    if kind == "card":
        return card_words(presenter.game, presenter, key)
    if kind == "zone" and key == "log":
        return sentences(_("What happened"), log_lines[-1] if log_lines else "")
    if kind == "zone":
        return zone_words(presenter.game, key)
    if kind == "button":
        return button_words(presenter, focus.buttons[key], key)
    if kind == "none":
        return focus.none_button.label
    return ""


def option_words(decision) -> list[str]:
    return [f"{n}: {option.label}" for n, option in enumerate(decision.options, 1)]


def pending_words(game) -> str:
    """The open decision: its prompt and its options, numbered as the keys choose them."""
    pending = game.pending
    if pending is None:
        return ""
    return sentences(pending.prompt, *option_words(pending))


def judgement_words(game) -> str:
    """The outcome as Judgement shows it: won or lost, the rank, the score, why it was lost."""
    from aleph_null_desktop.ui.scenes.judgement import LOSS_RULES

    outcome = game.outcome
    if outcome is None:
        return ""
    if outcome.won:
        headline = _("BAPHOMET answers. Rank: {rank}").format(rank=_(outcome.rank) if outcome.rank else "")
    else:
        headline = _("The ritual has failed")
    hour = ROMAN.get(outcome.hour or game.hour, "")
    return sentences(_("JUDGEMENT").capitalize(), headline, outcome.message,
                     _("Hour {hour} · damage {damage} of 3").format(hour=hour, damage=game.damage),
                     _(LOSS_RULES[outcome.reason]) if not outcome.won and outcome.reason in LOSS_RULES else "")


def button_label(button) -> str:
    return sentences(button.label, button.detail)


def modal_words(modal) -> str:
    """An open panel when it opens: its title or question, then what can be chosen."""
    from aleph_null_desktop.ui.table import overlays

    view = getattr(modal, "view", None)  # the table as the panel sees it
    if isinstance(modal, overlays.ActionMenu):
        return sentences(modal.title, modal.empty, *(f"{n}: {button_label(b)}" for n, b in enumerate(modal.buttons, 1)))
    if isinstance(modal, overlays.ChoicePicker):
        return pending_words(view.game)
    if isinstance(modal, overlays.ConfirmDialog):
        return sentences(modal.title, modal.text, *(button_label(b) for b in modal.buttons))
    if isinstance(modal, overlays.InterferenceSpotlight):
        return sentences(_("Interference!"), rules_words(modal.carddef), modal.words(),
                         *(button_label(b) for b in modal.buttons))
    if isinstance(modal, overlays.PileViewer):
        return pile_words(view.game, modal.zone)
    return ""


def pile_words(game, zone: str) -> str:
    """A pile looked through: how many cards, and each by name (set-aside interference by level)."""
    cards = game.zone(zone)
    if zone == "set_aside":
        names = [_("Interference, level {level}").format(level=game.cards[c.card_id].level) for c in cards]
    else:
        names = [game.cards[c.card_id].name for c in cards]
    return sentences(count_words(zone, len(cards)), ", ".join(names))


def modal_focus_words(modal) -> str:
    """The option or button the keyboard moved to in an open panel."""
    from aleph_null_desktop.ui.table import overlays

    if isinstance(modal, overlays.ChoicePicker):
        options = modal.option_rects()
        if not options:
            return ""
        index = options[min(modal.focus, len(options) - 1)][0]
        return f"{index + 1}: {modal.decision.options[index].label}"
    if isinstance(modal, overlays.PileViewer):
        return pile_words(modal.view.game, modal.zone)
    buttons = getattr(modal, "buttons", [])
    if 0 <= modal.focus < len(buttons):
        return button_label(buttons[modal.focus])
    return ""
