"""Rule references shared by the games."""

from __future__ import annotations


def ruling_ref(game_title: str, name: str) -> str:
    """The reference of a mythlab ruling of ``game_title``, as shown to users.

    >>> ruling_ref("Agea", "ties")
    "Agea · mythlab ruling 'ties'"
    """
    return f"{game_title} · mythlab ruling '{name}'"
