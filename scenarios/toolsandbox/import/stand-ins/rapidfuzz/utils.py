"""rapidfuzz's `utils.default_process`."""

from typing import Any


def _is_word_character(character: str) -> bool:
    return character.isalnum()


def default_process(sentence: Any) -> str:
    """Every character that is not a letter or a digit becomes a space, letters are lower-cased one
    by one, and spaces at both ends are trimmed; runs of spaces inside stay."""
    out = []
    for character in str(sentence):
        if not _is_word_character(character):
            out.append(" ")
            continue
        lower = character.lower()
        # rapidfuzz maps each character to one character; only U+0130 lower-cases to two.
        out.append(lower if len(lower) == 1 else lower[0])
    return "".join(out).strip(" ")
