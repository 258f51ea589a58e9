"""Reads ToolSandbox's scenarios out of a ToolSandbox checkout by running the checkout's own code,
and prints them as JSON for toolcheck's importer (`toolcheck import toolsandbox <checkout>`).

ToolSandbox's scenarios are Python code, not data: the only faithful way to read them is to build
them as ToolSandbox does (`named_scenarios()`, with Python's `random` seeded as its CLI seeds it)
and look at the objects. This script does that with the user's `python3`, and prints what it finds.

Command line
------------
    python3 extract.py --checkout <dir> [--mode scenarios|tools] [--seed 42]
                       [--now <epoch seconds>] [--time-zone <IANA zone>]

  --checkout   the ToolSandbox checkout (the folder that holds `tool_sandbox/`).
  --mode       `scenarios` (default): the 129 base scenarios, as the importer converts them.
               `tools`: every one of the 1,032 `named_scenarios()` cases with the tools it presents.
  --seed       the seed of Python's `random` before `named_scenarios()` (ToolSandbox's CLI: 42).
  --now        the frozen "now" every `datetime.now()` returns while scenarios are built, so seeded
               timestamps and calendar-dependent targets are exact offsets from it (default: the
               current time).
  --time-zone  the local time zone while scenarios are built (default: the machine's).

Python packages: the checkout's own code imports polars, rapidfuzz and others. Where the user's
package imports (and, for polars, is the 0.x series ToolSandbox is written for), it is used.
Otherwise the stand-ins in `stand-ins/` next to this file take its place (polars, rapidfuzz,
strenum, dill), and packages that scenario construction imports but never calls (openai,
langchain_core, rouge_score, pint, geopy, holidays, ccy, phonenumbers, tqdm, ...) become
placeholders. Which stand-ins were used is reported in `standIns`.

Output (one JSON document on stdout; problems go to stderr and the exit code is 2)
------
Common fields: `{ "toolsandbox": { "seed", "now", "timeZone", "standIns": [names] } }`.

--mode tools:
    { "toolsandbox": {...},
      "cases": [                              # in named_scenarios() order, 1,032 of them
        { "name": "get_cellular_3_distraction_tools_tool_name_scrambled",
          "base": "get_cellular",             # the base scenario's name
          "augmentation": "tool_name_scrambled" | "3_distraction_tools" | "10_distraction_tools"
                          | "all_tools" | "none" | "tool_description_scrambled"
                          | "arg_type_scrambled" | "arg_description_scrambled",
          "categories": ["SINGLE_TOOL_CALL", ..., "THREE_DISTRACTION_TOOLS", ...],
          "allowList": [tool names in ToolSandbox's shuffled allow-list order],
          "denyList": [tool names] | null,
          "tools": [                          # what the agent is shown, in the order it is shown
            { "name": "setting_0",            # the name shown to the agent
              "tool": "get_cellular_service_status",   # the real tool behind it
              "description": "...",           # as presented (scrambled variants: as scrambled)
              "parameters": { "type": "object",
                              "properties": { "<arg>": { "type"?: ..., "description"?: ... } },
                              "required": [...] } } ] } ] }

--mode scenarios:
    { "toolsandbox": {...},
      "userInstruction": "...",               # the role-play text every user-simulator prompt starts with
      "scenarios": [                          # the 129 base scenarios, in ToolSandbox's order
        { "name", "categories": [...], "file": "multiple_tool_call_scenarios",
          "baseWorld": "base" | "base_wifi_off" | ...,
          "allowList": [...], "denyList": [...] | null,      # as authored (not shuffled)
          "messages": [ { "sender", "recipient", "content", "visibleTo": [...] | null } ],
          "tables": { "SETTING": [rows], "CONTACT": [rows], "MESSAGING": [rows], "REMINDER": [rows] },
          "milestones": [ <milestone> ], "milestoneEdges": [[from, to]] | null,
          "minefields": [ <milestone> ], "minefieldEdges": [[from, to]] | null } ],
      "failed": [ { "name", "error" } ] }
    <milestone> = { "guardrails": [namespaces] | null, "guardrailExclusions": [namespaces] | null,
                    "constraints": [ { "namespace", "similarity": "snapshot_similarity" | ...,
                                       "options": { "fill_to"?, "extractor"? },
                                       "reference": int | null,
                                       "target": { "columns": [...], "rows": [ {column: value} ] } | null,
                                       "columns": { "<column>": { "similarity": name, "atol"?: {...} } }
                                     } ] }
    `columns` lists only the column similarities the author set (the namespace's defaults omitted).
    Table rows and targets hold ToolSandbox's values as they are; timestamps stay epoch seconds
    (the importer turns them into offsets from `now`).
"""

from __future__ import annotations

import argparse
import datetime as _datetime
import functools
import importlib
import importlib.abc
import importlib.machinery
import json
import math
import os
import random
import sys
import time
import traceback
import types
from pathlib import Path
from typing import Any, Optional

HERE = Path(__file__).resolve().parent
STAND_INS = HERE / "stand-ins"

# Packages with a working stand-in in `stand-ins/`.
REAL_STAND_INS = ("polars", "rapidfuzz", "strenum", "dill")
# Packages scenario construction imports but never calls: a placeholder is enough.
PLACEHOLDERS = (
    "openai",
    "langchain_core",
    "rouge_score",
    "pint",
    "geopy",
    "holidays",
    "ccy",
    "phonenumbers",
    "tqdm",
    "requests",
    "anthropic",
    "vertexai",
    "huggingface_hub",
    "transformers",
    "sentencepiece",
    "tree_sitter",
    "tree_sitter_languages",
    "mistral_common",
    "cohere",
    "tenacity",
    "jsonschema",
)

AUGMENTATION_SUFFIXES = (
    ("_3_distraction_tools_tool_description_scrambled", "tool_description_scrambled"),
    ("_3_distraction_tools_arg_type_scrambled", "arg_type_scrambled"),
    ("_3_distraction_tools_arg_description_scrambled", "arg_description_scrambled"),
    ("_3_distraction_tools_tool_name_scrambled", "tool_name_scrambled"),
    ("_3_distraction_tools", "3_distraction_tools"),
    ("_10_distraction_tools", "10_distraction_tools"),
    ("_all_tools", "all_tools"),
)


class ExtractError(Exception):
    """A problem the user can fix, reported as one line on stderr."""


# ---------------------------------------------------------------------------------------------
# Packages


class _Placeholder:
    """Anything: a class to subclass, a callable, an attribute holder. Never called while
    scenarios are built; if it is, the scenario that called it fails with a clear message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __class_getitem__(cls, item: Any) -> Any:
        return cls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _Placeholder()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Placeholder()


class _PlaceholderModule(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        # A fresh class per name, so `class X(module.Y)` and `isinstance` both work.
        value = type(name, (_Placeholder,), {})
        setattr(self, name, value)
        return value


class _PlaceholderFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, roots: set[str]) -> None:
        self.roots = roots

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname.split(".")[0] not in self.roots:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: Any) -> types.ModuleType:
        module = _PlaceholderModule(spec.name)
        module.__path__ = []  # a package, so `import a.b.c` works
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


def _imports(name: str) -> bool:
    try:
        module = importlib.import_module(name)
    except Exception:
        return False
    if name == "polars":
        # polars 1.x imports, but cannot import ToolSandbox (it rejects an Enum of an Enum).
        version = str(getattr(module, "__version__", "0"))
        if not version.startswith("0."):
            return False
    return True


def install_packages() -> list[str]:
    """Puts stand-ins and placeholders on the path for the packages that are missing or unusable,
    and returns their names."""
    used: list[str] = []
    for name in REAL_STAND_INS:
        if not _imports(name):
            for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
                del sys.modules[loaded]
            used.append(name)
    if used:
        sys.path.insert(0, str(STAND_INS))
    placeholders = {name for name in PLACEHOLDERS if not _imports(name)}
    if placeholders:
        sys.meta_path.append(_PlaceholderFinder(placeholders))
    return used + sorted(placeholders)


# ---------------------------------------------------------------------------------------------
# The clock


def freeze_clock(now: float, time_zone: Optional[str]) -> None:
    """Makes every `datetime.now()` return `now`, in `time_zone`, while scenarios are built."""
    if time_zone:
        os.environ["TZ"] = time_zone
        time.tzset()

    base = _datetime.datetime

    class FrozenDateTime(base):  # type: ignore[misc, valid-type]
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return base.fromtimestamp(now, tz)

        @classmethod
        def today(cls) -> Any:
            return base.fromtimestamp(now)

        @classmethod
        def utcnow(cls) -> Any:
            return base.utcfromtimestamp(now)

    _datetime.datetime = FrozenDateTime  # type: ignore[misc]
    time.time = lambda: now  # type: ignore[assignment]


# ---------------------------------------------------------------------------------------------
# Reading scenarios


def import_toolsandbox(checkout: Path) -> Any:
    if not (checkout / "tool_sandbox" / "scenarios" / "__init__.py").is_file():
        raise ExtractError(
            f"{checkout} is not a ToolSandbox checkout: it has no tool_sandbox/scenarios/__init__.py"
        )
    sys.path.insert(0, str(checkout))
    try:
        scenarios_module = importlib.import_module("tool_sandbox.scenarios")
    except Exception as error:  # noqa: BLE001  (any failure of the checkout's code is reported)
        raise ExtractError(
            f"the checkout's code failed to import: {type(error).__name__}: {error}"
        ) from error
    return scenarios_module


def function_name(function: Any) -> tuple[str, dict[str, Any]]:
    """The name of a similarity function or extractor, and the options a `partial` binds."""
    if isinstance(function, functools.partial):
        name, options = function_name(function.func)
        for key, value in function.keywords.items():
            options[key] = function_name(value)[0] if callable(value) else value
        return name, options
    return getattr(function, "__name__", repr(function)), {}


def jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        # JSON has no infinity; ToolSandbox uses it as "any difference" in tolerances.
        return "Infinity" if value > 0 else ("-Infinity" if value < 0 else None)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if hasattr(value, "to_list"):
        return [jsonable(item) for item in value.to_list()]
    return str(value)


def frame(dataframe: Any) -> Optional[dict[str, Any]]:
    if dataframe is None:
        return None
    return {"columns": list(dataframe.columns), "rows": jsonable(dataframe.to_dicts())}


def milestone_json(milestone: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    constraints = []
    for constraint in milestone.snapshot_constraints:
        similarity, options = function_name(constraint.snapshot_constraint)
        namespace = str(constraint.database_namespace)
        columns: dict[str, Any] = {}
        for column, measure in (constraint.column_similarity_measure or {}).items():
            name, bound = function_name(measure)
            default_name, default_bound = function_name(defaults[namespace].get(column))
            if (name, bound) == (default_name, default_bound):
                continue
            entry: dict[str, Any] = {"similarity": name}
            if "atol_dict" in bound:
                entry["atol"] = jsonable(bound["atol_dict"])
            columns[column] = entry
        constraints.append(
            {
                "namespace": namespace,
                "similarity": similarity,
                "options": jsonable(options),
                "reference": constraint.reference_milestone_node_index,
                "target": frame(constraint.target_dataframe),
                "columns": columns,
            }
        )

    def namespaces(values: Any) -> Any:
        return None if values is None else [str(value) for value in values]

    return {
        "guardrails": namespaces(milestone.guardrail_database_list),
        "guardrailExclusions": namespaces(milestone.guardrail_database_exclusion_list),
        "constraints": constraints,
    }


def read_scenarios(seed: int, variants: bool) -> tuple[dict[str, Any], dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """Builds the scenarios (`named_scenarios()` when `variants`, else only the base scenarios) and
    records, for each base scenario, its extension as authored."""
    from tool_sandbox.common import evaluation, scenario as scenario_module
    from tool_sandbox.common.execution_context import DatabaseNamespace
    from tool_sandbox.common.tool_discovery import ToolBackend
    from tool_sandbox.scenarios import named_scenarios
    from tool_sandbox.scenarios.base_scenarios import named_base_scenarios

    defaults = {str(key): value for key, value in evaluation._default_dbs_column_similarities.items()}
    base_worlds = named_base_scenarios(preferred_tool_backend=ToolBackend.DEFAULT)
    authored: dict[str, dict[str, Any]] = {}
    failed: list[dict[str, Any]] = []
    original = scenario_module.ScenarioExtension.get_extended_scenario

    def recording(extension: Any) -> Any:
        # Read the milestones before the matcher adds its guardrails to them.
        milestones = [milestone_json(m, defaults) for m in extension.milestones]
        minefields = [milestone_json(m, defaults) for m in extension.minefields]
        caller = sys._getframe(1).f_globals.get("__name__", "").rsplit(".", 1)[-1]
        result = original(extension)
        context = result[extension.name].starting_context
        try:
            authored[extension.name] = {
                "name": extension.name,
                "baseWorld": base_world_name(context, base_worlds),
                "allowList": list(extension.tool_allow_list or []),
                "denyList": None if extension.tool_deny_list is None else list(extension.tool_deny_list),
                "messages": [
                    {
                        "sender": str(row["sender"]),
                        "recipient": str(row["recipient"]),
                        "content": row["content"],
                        "visibleTo": None if row["visible_to"] is None else [str(v) for v in row["visible_to"]],
                    }
                    for row in context.get_database(
                        DatabaseNamespace.SANDBOX, get_all_history_snapshots=True
                    ).to_dicts()
                ],
                "tables": {
                    str(namespace): jsonable(context.get_database(namespace).to_dicts())
                    for namespace in (
                        DatabaseNamespace.SETTING,
                        DatabaseNamespace.CONTACT,
                        DatabaseNamespace.MESSAGING,
                        DatabaseNamespace.REMINDER,
                    )
                },
                "milestones": milestones,
                "milestoneEdges": None if extension.milestone_edge_list is None else [list(e) for e in extension.milestone_edge_list],
                "minefields": minefields,
                "minefieldEdges": None if extension.minefield_edge_list is None else [list(e) for e in extension.minefield_edge_list],
                "file": caller,
            }
        except Exception as error:  # noqa: BLE001  (one scenario's problem does not stop the rest)
            failed.append({"name": extension.name, "error": f"{type(error).__name__}: {error}"})
        return result

    scenario_module.ScenarioExtension.get_extended_scenario = recording  # type: ignore[method-assign]
    try:
        random.seed(seed)
        if variants:
            scenarios = named_scenarios(preferred_tool_backend=ToolBackend.DEFAULT)
        else:
            scenarios = {}
            for builder in base_builders():
                scenarios.update(builder(preferred_tool_backend=ToolBackend.DEFAULT))
    finally:
        scenario_module.ScenarioExtension.get_extended_scenario = original  # type: ignore[method-assign]
    return scenarios, authored, failed


def base_builders() -> list[Any]:
    """The four functions that build ToolSandbox's base scenarios, in `named_scenarios()`'s order."""
    from tool_sandbox.scenarios import (
        named_insufficient_information_scenarios,
        named_multiple_tool_call_scenarios,
        named_multiple_user_turn_scenarios,
        named_single_tool_call_scenarios,
    )

    return [
        named_single_tool_call_scenarios,
        named_multiple_tool_call_scenarios,
        named_multiple_user_turn_scenarios,
        named_insufficient_information_scenarios,
    ]


def base_world_name(context: Any, base_worlds: dict[str, Any]) -> str:
    """The name of the base world whose settings a scenario starts from."""
    from tool_sandbox.common.execution_context import DatabaseNamespace

    settings = context.get_database(DatabaseNamespace.SETTING).to_dicts()
    for name, world in base_worlds.items():
        if world.starting_context.get_database(DatabaseNamespace.SETTING).to_dicts() == settings:
            return name
    return "base"


def split_name(name: str) -> tuple[str, str]:
    for suffix, augmentation in AUGMENTATION_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)], augmentation
    return name, "none"


def presented_tools(scenario: Any) -> list[dict[str, Any]]:
    """The tools the agent is shown in a scenario, as ToolSandbox's agents are given them."""
    from tool_sandbox.common.execution_context import RoleType, new_context
    from tool_sandbox.common.tool_conversion import convert_to_openai_tools

    with new_context(scenario.starting_context) as context:
        available = context.get_available_tools(scrambling_allowed=True)
        available = {
            name: tool
            for name, tool in available.items()
            if RoleType.AGENT in getattr(tool, "visible_to", (RoleType.AGENT,))
        }
        converted = convert_to_openai_tools(available)
    return [
        {
            "name": entry["function"]["name"],
            "tool": tool.__name__,
            "description": entry["function"]["description"],
            "parameters": jsonable(entry["function"]["parameters"]),
        }
        for entry, tool in zip(converted, available.values())
    ]


def tools_document(scenarios: dict[str, Any]) -> list[dict[str, Any]]:
    cases = []
    for name, scenario in scenarios.items():
        base, augmentation = split_name(name)
        context = scenario.starting_context
        cases.append(
            {
                "name": name,
                "base": base,
                "augmentation": augmentation,
                "categories": [str(category) for category in scenario.categories],
                "allowList": list(context.tool_allow_list or []),
                "denyList": None if context.tool_deny_list is None else list(context.tool_deny_list),
                "tools": presented_tools(scenario),
            }
        )
    return cases


def scenarios_document(scenarios: dict[str, Any], authored: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for name, scenario in scenarios.items():
        if name not in authored:
            continue
        entry = dict(authored[name])
        entry["categories"] = [str(c) for c in scenario.categories]
        found.append(entry)
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Print a ToolSandbox checkout's scenarios as JSON.")
    parser.add_argument("--checkout", required=True)
    parser.add_argument("--mode", choices=("scenarios", "tools"), default="scenarios")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--now", type=float, default=None)
    parser.add_argument("--time-zone", default=None)
    arguments = parser.parse_args(argv)
    now = time.time() if arguments.now is None else arguments.now
    try:
        freeze_clock(now, arguments.time_zone)
        stand_ins = install_packages()
        import_toolsandbox(Path(arguments.checkout).resolve())
        scenarios, authored, failed = read_scenarios(arguments.seed, variants=arguments.mode == "tools")
        header = {"seed": arguments.seed, "now": now, "timeZone": arguments.time_zone or "", "standIns": stand_ins}
        if arguments.mode == "tools":
            document: dict[str, Any] = {"toolsandbox": header, "cases": tools_document(scenarios)}
        else:
            from tool_sandbox.scenarios.user_simulator_few_shot_examples import USER_INSTRUCTION

            document = {
                "toolsandbox": header,
                "userInstruction": USER_INSTRUCTION,
                "scenarios": scenarios_document(scenarios, authored),
                "failed": failed,
            }
    except ExtractError as error:
        print(str(error), file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001  (the checkout's code may fail in any way)
        last = traceback.extract_tb(error.__traceback__)[-1]
        print(
            f"building ToolSandbox's scenarios failed: {type(error).__name__}: {error} (at {last.filename}:{last.lineno})",
            file=sys.stderr,
        )
        return 2
    json.dump(document, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
