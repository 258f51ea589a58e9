"""polars' type aliases that ToolSandbox imports for annotations only."""

from typing import Any

IntoExprColumn = Any
IntoExpr = Any
