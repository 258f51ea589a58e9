"""A stand-in for the two things ToolSandbox asks of `dill` while building scenarios: a deep copy
of an execution context (whose interactive console holds modules, which the standard library
will not copy) and `dumps`, which serialises that console."""

import copy as _copy
import pickle as _pickle
import types as _types
from typing import Any

# A module is shared, not copied, as dill's copy shares it in effect.
_copy._deepcopy_dispatch[_types.ModuleType] = _copy._deepcopy_atomic  # type: ignore[attr-defined]


def copy(value: Any, *args: Any, **kwargs: Any) -> Any:
    """A deep copy that does not call the value's own `__deepcopy__` (which calls this)."""
    memo: dict[int, Any] = {}
    reduced = value.__reduce_ex__(4)
    return _copy._reconstruct(value, memo, *reduced)  # type: ignore[attr-defined]


def dumps(value: Any, *args: Any, **kwargs: Any) -> bytes:
    try:
        return _pickle.dumps(value)
    except Exception:
        return b""


def loads(data: bytes, *args: Any, **kwargs: Any) -> Any:
    return _pickle.loads(data)
