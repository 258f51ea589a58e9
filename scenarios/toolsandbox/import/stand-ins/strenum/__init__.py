"""A stand-in for the `strenum` package: a `str` enum whose `auto()` value is the member's name
(Python's own `enum.StrEnum` lower-cases it, which would rename ToolSandbox's categories)."""

import enum


class StrEnum(str, enum.Enum):
    def _generate_next_value_(name, start, count, last_values):  # type: ignore[override]  # noqa: N805
        return name

    def __str__(self) -> str:
        return str(self.value)
