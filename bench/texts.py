"""Deterministic card texts shared by the synthetic deck and the reference script: a short
title and a two-sentence effect per card, varied so that no two neighbours are the same."""

from __future__ import annotations

ADJECTIVES = ("Amber", "Quiet", "Northern", "Hollow", "Gilded", "Rusty", "Silver", "Wild")
NOUNS = ("Harbour", "Orchard", "Bridge", "Market", "Lantern", "Quarry", "Mill", "Garden")
RESOURCES = ("water", "fuel", "fibre", "stone", "grain")
VERBS = ("Gain", "Take", "Collect", "Receive")


def card_title(index: int) -> str:
    """A two-word title, unique together with the card's number."""
    adjective = ADJECTIVES[index % len(ADJECTIVES)]
    noun = NOUNS[(index // len(ADJECTIVES)) % len(NOUNS)]
    return f"{adjective} {noun}"


def card_effect(index: int) -> str:
    """Two sentences of rules text, about 30 words."""
    verb = VERBS[index % len(VERBS)]
    first = RESOURCES[index % len(RESOURCES)]
    second = RESOURCES[(index + 2) % len(RESOURCES)]
    gain = 1 + index % 3
    pay = 2 + index % 4
    return (
        f"{verb} {gain} {first} when you play this card, then pass it to the player on your "
        f"left. At the end of the round, each other player may pay {pay} {second} to copy "
        f"this effect once."
    )
