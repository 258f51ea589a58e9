"""A stand-in for the small part of polars that building ToolSandbox's scenarios touches.

ToolSandbox keeps its world in polars DataFrames. Building its scenarios only creates frames,
stacks them, filters them with simple column expressions and reads rows back; it never runs a
query that needs a real engine. polars 1.x cannot import ToolSandbox (it rejects an Enum of an
Enum), so where the pinned 0.20 is not installed toolcheck's extractor puts this module on the
path instead. Rows are plain dicts; an expression is a function from a frame to a column.
"""

from __future__ import annotations

import copy as _copy
import builtins
from typing import Any, Callable, Iterable, Iterator, Optional

from . import exceptions  # noqa: F401  (imported as polars.exceptions)

__version__ = "0.0-toolcheck-stand-in"

_len = builtins.len


class DataType:
    """A column type; the stand-in keeps it only to name the columns of a schema."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = args

    def __call__(self, *args: Any, **kwargs: Any) -> "DataType":
        return type(self)(*args, **kwargs)

    def __repr__(self) -> str:
        return type(self).__name__

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) or other is type(self)

    def __hash__(self) -> int:
        return hash(type(self).__name__)


class Int32(DataType): ...
class Int64(DataType): ...
class Float32(DataType): ...
class Float64(DataType): ...
class String(DataType): ...
class Boolean(DataType): ...
class Null(DataType): ...
class Object(DataType): ...


class Enum(DataType):
    def __init__(self, categories: Iterable[Any] = ()) -> None:
        self.categories = list(categories)


class List(DataType):
    def __init__(self, inner: Any = None) -> None:
        self.inner = inner


Utf8 = String


class Series:
    """A named column of values."""

    def __init__(self, name: Any = None, values: Optional[Iterable[Any]] = None, dtype: Any = None) -> None:
        if values is None and not isinstance(name, str) and name is not None:
            name, values = "", name
        self.name = name or ""
        self.values = list(values) if values is not None else []

    def __len__(self) -> int:
        return _len(self.values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values)

    def __getitem__(self, index: Any) -> Any:
        return self.values[index]

    def is_empty(self) -> bool:
        return _len(self.values) == 0

    def max(self) -> Any:
        present = [v for v in self.values if v is not None]
        return max(present) if present else None

    def min(self) -> Any:
        present = [v for v in self.values if v is not None]
        return min(present) if present else None

    def unique(self) -> "Series":
        seen: list[Any] = []
        for value in self.values:
            if value not in seen:
                seen.append(value)
        return Series(self.name, seen)

    def sort(self) -> "Series":
        return Series(self.name, sorted(self.values))

    def to_list(self) -> list[Any]:
        return list(self.values)

    def alias(self, name: str) -> "Series":
        return Series(name, self.values)

    def __repr__(self) -> str:
        return f"Series({self.name!r}, {self.values!r})"


def _broadcast(value: Any, height: int) -> list[Any]:
    return list(value) if isinstance(value, list) else [value] * height


class Expr:
    """A column expression: evaluated against a frame, it gives one value per row."""

    def __init__(self, evaluate: Callable[["DataFrame"], Any], name: str = "literal") -> None:
        self._evaluate = evaluate
        self.name = name

    def evaluate(self, frame: "DataFrame") -> list[Any]:
        return _broadcast(self._evaluate(frame), frame.height)

    def alias(self, name: str) -> "Expr":
        return Expr(self._evaluate, name)

    def _binary(self, other: Any, operation: Callable[[Any, Any], Any]) -> "Expr":
        def evaluate(frame: "DataFrame") -> list[Any]:
            left = self.evaluate(frame)
            right = other.evaluate(frame) if isinstance(other, Expr) else [other] * frame.height
            return [None if a is None or b is None else operation(a, b) for a, b in zip(left, right)]

        return Expr(evaluate, self.name)

    def __eq__(self, other: Any) -> "Expr":  # type: ignore[override]
        return self._binary(other, lambda a, b: a == b)

    def __ne__(self, other: Any) -> "Expr":  # type: ignore[override]
        return self._binary(other, lambda a, b: a != b)

    def __le__(self, other: Any) -> "Expr":
        return self._binary(other, lambda a, b: a <= b)

    def __lt__(self, other: Any) -> "Expr":
        return self._binary(other, lambda a, b: a < b)

    def __ge__(self, other: Any) -> "Expr":
        return self._binary(other, lambda a, b: a >= b)

    def __gt__(self, other: Any) -> "Expr":
        return self._binary(other, lambda a, b: a > b)

    def mul(self, other: Any) -> "Expr":
        return self._binary(other, lambda a, b: a * b)

    __mul__ = mul

    def _logical(self, other: Any, dominant: bool) -> "Expr":
        # Kleene logic, as polars: the dominant value (false for and, true for or) wins over null.
        def evaluate(frame: "DataFrame") -> list[Any]:
            left = self.evaluate(frame)
            right = other.evaluate(frame) if isinstance(other, Expr) else [other] * frame.height
            out: list[Any] = []
            for a, b in zip(left, right):
                if a is dominant or b is dominant:
                    out.append(dominant)
                elif a is None or b is None:
                    out.append(None)
                else:
                    out.append(not dominant)
            return out

        return Expr(evaluate, self.name)

    def __and__(self, other: Any) -> "Expr":
        return self._logical(other, False)

    def __or__(self, other: Any) -> "Expr":
        return self._logical(other, True)

    def and_(self, *others: Any) -> "Expr":
        result = self
        for other in others:
            result = result & other
        return result

    def or_(self, *others: Any) -> "Expr":
        result = self
        for other in others:
            result = result | other
        return result

    def __invert__(self) -> "Expr":
        return Expr(lambda frame: [None if v is None else not v for v in self.evaluate(frame)], self.name)

    def is_null(self) -> "Expr":
        return Expr(lambda frame: [v is None for v in self.evaluate(frame)], self.name)

    def is_not_null(self) -> "Expr":
        return Expr(lambda frame: [v is not None for v in self.evaluate(frame)], self.name)

    def cast(self, *args: Any, **kwargs: Any) -> "Expr":
        return self

    def fill_null(self, value: Any = None, strategy: Any = None) -> "Expr":
        return Expr(lambda frame: [value if v is None else v for v in self.evaluate(frame)], self.name)

    def max(self) -> "Expr":
        return Expr(lambda frame: Series(values=self.evaluate(frame)).max(), self.name)

    def min(self) -> "Expr":
        return Expr(lambda frame: Series(values=self.evaluate(frame)).min(), self.name)

    def is_in(self, values: Iterable[Any]) -> "Expr":
        pool = list(values)
        return Expr(lambda frame: [v in pool for v in self.evaluate(frame)], self.name)

    @property
    def str(self) -> "_StringNamespace":
        return _StringNamespace(self)

    def __hash__(self) -> int:
        return id(self)


class _StringNamespace:
    def __init__(self, expression: Expr) -> None:
        self.expression = expression

    def contains(self, pattern: str, literal: bool = False) -> Expr:
        import re

        def test(value: Any) -> Any:
            if value is None:
                return None
            return pattern in value if literal else re.search(pattern, value) is not None

        return Expr(lambda frame: [test(v) for v in self.expression.evaluate(frame)], self.expression.name)


def col(name: str) -> Expr:
    return Expr(lambda frame: list(frame._column(name)), name)


def lit(value: Any, dtype: Any = None) -> Expr:
    if isinstance(value, Series):
        return Expr(lambda frame: [list(value.values)] * frame.height, value.name)
    return Expr(lambda frame: value, "literal")


def len() -> Expr:  # noqa: A001  (polars' own name)
    return Expr(lambda frame: frame.height, "len")


class _When:
    def __init__(self, condition: Expr) -> None:
        self.condition = condition

    def then(self, value: Any) -> "_Then":
        return _Then(self.condition, value)


class _Then(Expr):
    def __init__(self, condition: Expr, value: Any) -> None:
        self.condition = condition
        self.value = value
        super().__init__(self._compute, value.name if isinstance(value, Expr) else "literal")
        self.otherwise_value: Any = None

    def _compute(self, frame: "DataFrame") -> list[Any]:
        conditions = self.condition.evaluate(frame)
        values = self.value.evaluate(frame) if isinstance(self.value, Expr) else [self.value] * frame.height
        other = (
            self.otherwise_value.evaluate(frame)
            if isinstance(self.otherwise_value, Expr)
            else [self.otherwise_value] * frame.height
        )
        return [v if c else o for c, v, o in zip(conditions, values, other)]

    def otherwise(self, value: Any) -> Expr:
        self.otherwise_value = value
        return Expr(self._compute, self.name)


def when(condition: Expr) -> _When:
    return _When(condition)


def _to_expression(item: Any) -> Expr:
    if isinstance(item, Expr):
        return item
    if isinstance(item, str):
        return col(item)
    if isinstance(item, Series):
        return Expr(lambda frame: list(item.values), item.name)
    raise TypeError(f"polars stand-in: cannot use {item!r} as a column")


def _flatten(items: tuple[Any, ...]) -> list[Any]:
    flat: list[Any] = []
    for item in items:
        if isinstance(item, (list, tuple)):
            flat.extend(item)
        else:
            flat.append(item)
    return flat


class DataFrame:
    """Rows as dicts, in the column order of the schema."""

    def __init__(self, data: Any = None, schema: Any = None, **kwargs: Any) -> None:
        schema_columns: Optional[list[str]] = None
        if isinstance(schema, dict):
            schema_columns = list(schema.keys())
            self.schema = dict(schema)
        elif isinstance(schema, (list, tuple)):
            schema_columns = [s if isinstance(s, str) else s[0] for s in schema]
            self.schema = {name: None for name in schema_columns}
        else:
            self.schema = {}
        rows: list[dict[str, Any]] = []
        if data is None:
            columns = schema_columns or []
        elif isinstance(data, dict):
            columns = list(data.keys())
            values = {k: (list(v) if isinstance(v, (list, tuple, Series)) else [v]) for k, v in data.items()}
            height = max((_len(v) for v in values.values()), default=0)
            for index in range(height):
                rows.append({k: (v[index] if _len(v) > 1 else (v[0] if v else None)) for k, v in values.items()})
        elif isinstance(data, (list, tuple)):
            columns = []
            for row in data:
                for key in row:
                    if key not in columns:
                        columns.append(key)
            rows = [dict(row) for row in data]
        else:
            raise TypeError(f"polars stand-in: cannot build a DataFrame from {type(data).__name__}")
        if schema_columns is not None:
            columns = schema_columns
        else:
            self.schema = {name: None for name in columns}
        self._columns = list(columns)
        self._rows = [{name: row.get(name) for name in self._columns} for row in rows]

    @classmethod
    def _from(cls, columns: list[str], rows: list[dict[str, Any]], schema: dict[str, Any]) -> "DataFrame":
        frame = cls.__new__(cls)
        frame._columns = list(columns)
        frame._rows = rows
        frame.schema = {name: schema.get(name) for name in columns}
        return frame

    # Reading
    @property
    def columns(self) -> list[str]:
        return list(self._columns)

    @property
    def height(self) -> int:
        return _len(self._rows)

    @property
    def width(self) -> int:
        return _len(self._columns)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.height, self.width)

    def __len__(self) -> int:
        return self.height

    def _column(self, name: str) -> list[Any]:
        if name not in self._columns:
            raise exceptions.ColumnNotFoundError(name)
        return [row[name] for row in self._rows]

    def get_column(self, name: str) -> Series:
        return Series(name, self._column(name))

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return self.get_column(key)
        if isinstance(key, int):
            return DataFrame._from(self._columns, [dict(self._rows[key])], self.schema)
        if isinstance(key, tuple) and _len(key) == 2:
            row, column = key
            return self._rows[row][column]
        raise TypeError(f"polars stand-in: unsupported index {key!r}")

    def is_empty(self) -> bool:
        return self.height == 0

    def to_dicts(self) -> list[dict[str, Any]]:
        return [dict(row) for row in self._rows]

    def rows(self, named: bool = False) -> list[Any]:
        return self.to_dicts() if named else [tuple(row[c] for c in self._columns) for row in self._rows]

    def iter_rows(self, named: bool = False) -> Iterator[Any]:
        return iter(self.rows(named=named))

    def row(self, index: int, named: bool = False) -> Any:
        return self.rows(named=named)[index]

    def item(self, row: int = 0, column: Any = 0) -> Any:
        name = self._columns[column] if isinstance(column, int) else column
        return self._rows[row][name]

    def clone(self) -> "DataFrame":
        return _copy.deepcopy(self)

    def equals(self, other: "DataFrame", **kwargs: Any) -> bool:
        return self._columns == other._columns and self._rows == other._rows

    frame_equal = equals

    # Transforming
    def vstack(self, other: "DataFrame", in_place: bool = False) -> "DataFrame":
        rows = self.to_dicts() + [{name: row.get(name) for name in self._columns} for row in other._rows]
        return DataFrame._from(self._columns, rows, self.schema)

    def filter(self, *predicates: Any) -> "DataFrame":
        keep = [True] * self.height
        for predicate in _flatten(predicates):
            values = _to_expression(predicate).evaluate(self)
            keep = [k and v is True for k, v in zip(keep, values)]
        return DataFrame._from(self._columns, [dict(r) for r, k in zip(self._rows, keep) if k], self.schema)

    def with_columns(self, *expressions: Any, **named: Any) -> "DataFrame":
        items = [(e.name, e) for e in map(_to_expression, _flatten(expressions))]
        items += [(name, value if isinstance(value, Expr) else lit(value)) for name, value in named.items()]
        columns = list(self._columns)
        computed = [(name, expression.evaluate(self)) for name, expression in items]
        rows = self.to_dicts()
        for name, values in computed:
            if name not in columns:
                columns.append(name)
            for row, value in zip(rows, values):
                row[name] = value
        return DataFrame._from(columns, rows, self.schema)

    def select(self, *expressions: Any) -> "DataFrame":
        items = [(e.name, e) for e in map(_to_expression, _flatten(expressions))]
        computed = [(name, expression.evaluate(self)) for name, expression in items]
        height = self.height
        rows = [{name: values[i] for name, values in computed} for i in range(height)]
        return DataFrame._from([name for name, _ in items], rows, self.schema)

    def drop(self, *names: Any, **kwargs: Any) -> "DataFrame":
        dropped = set(_flatten(names))
        columns = [c for c in self._columns if c not in dropped]
        return DataFrame._from(columns, [{c: row[c] for c in columns} for row in self._rows], self.schema)

    def rename(self, mapping: dict[str, str]) -> "DataFrame":
        columns = [mapping.get(c, c) for c in self._columns]
        rows = [{mapping.get(k, k): v for k, v in row.items()} for row in self._rows]
        return DataFrame._from(columns, rows, {mapping.get(k, k): v for k, v in self.schema.items()})

    def fill_null(self, value: Any = None, strategy: Any = None, **kwargs: Any) -> "DataFrame":
        rows = [{k: (value if v is None else v) for k, v in row.items()} for row in self._rows]
        return DataFrame._from(self._columns, rows, self.schema)

    def head(self, n: int = 5) -> "DataFrame":
        return DataFrame._from(self._columns, self.to_dicts()[:n], self.schema)

    def tail(self, n: int = 5) -> "DataFrame":
        return DataFrame._from(self._columns, self.to_dicts()[-n:] if n else [], self.schema)

    def __deepcopy__(self, memo: dict[int, Any]) -> "DataFrame":
        return DataFrame._from(self._columns, _copy.deepcopy(self._rows, memo), dict(self.schema))

    def __repr__(self) -> str:
        return f"DataFrame(columns={self._columns!r}, rows={self._rows!r})"




def from_dicts(data: Iterable[dict[str, Any]], schema: Any = None, **kwargs: Any) -> DataFrame:
    return DataFrame(list(data), schema=schema)


def concat(frames: Iterable[DataFrame], **kwargs: Any) -> DataFrame:
    frames = list(frames)
    result = frames[0]
    for frame in frames[1:]:
        result = result.vstack(frame)
    return result


def mean_horizontal(*expressions: Any) -> Expr:
    items = [_to_expression(e) for e in _flatten(expressions)]

    def evaluate(frame: DataFrame) -> list[Any]:
        columns = [e.evaluate(frame) for e in items]
        out = []
        for values in zip(*columns):
            present = [v for v in values if v is not None]
            out.append(sum(present) / _len(present) if present else None)
        return out

    return Expr(evaluate, items[0].name if items else "mean")
