"""What ToolSandbox would show an agent for any tool lists: its own code, run on a checkout.

For the tool-cross-check test: toolcheck's built-in scenarios are not ToolSandbox's, so
`named_scenarios()` says nothing about them; this applies `named_scenarios()`'s eight variants to
each given allow and deny list, with ToolSandbox's own ranking (`rank_tools_by_similarity`), its
execution context (`get_available_tools`, scrambled names) and its tool conversion, as
`named_scenarios()` does for its own lists. Packages come from the importer's extractor (its
stand-ins where the machine lacks them).

    python3 toolsandbox-presentation.py <extract.py> <checkout>  < [{"id", "allow", "deny"}]

prints [{"id", "augmentation", "tools": [{"name", "tool", "description", "parameters"}]}], the
augmentation named as the extractor names it (`none`, `3_distraction_tools`, ...).
"""

import importlib.util
import json
import sys
from pathlib import Path
from types import SimpleNamespace


def main(extract_path: str, checkout: str) -> None:
    spec = importlib.util.spec_from_file_location("toolsandbox_extract", extract_path)
    assert spec is not None and spec.loader is not None
    extract = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extract)
    extract.install_packages()
    extract.import_toolsandbox(Path(checkout).resolve())

    import rapidfuzz.fuzz
    import tool_sandbox.tools

    # The same pairs of tool names are scored again in every ranking; WRatio is pure Python where
    # the stand-in serves, so each pair is scored once (the scores are WRatio's, unchanged).
    wratio = rapidfuzz.fuzz.WRatio
    scored: dict = {}

    def cached_wratio(first, second, *args, **kwargs):
        key = (first, second, args, tuple(sorted((name, id(value)) for name, value in kwargs.items())))
        if key not in scored:
            scored[key] = wratio(first, second, *args, **kwargs)
        return scored[key]

    rapidfuzz.fuzz.WRatio = cached_wratio
    from tool_sandbox.common.execution_context import ExecutionContext, ScenarioCategories
    from tool_sandbox.common.tool_discovery import ToolBackend, rank_tools_by_similarity

    # named_scenarios()'s eight: (name, distraction tools (None: all), tool augmentation).
    variants = [
        ("none", 0, None),
        ("3_distraction_tools", 3, None),
        ("10_distraction_tools", 10, None),
        ("all_tools", None, None),
        ("tool_description_scrambled", 3, ScenarioCategories.TOOL_DESCRIPTION_SCRAMBLED),
        ("arg_type_scrambled", 3, ScenarioCategories.ARG_TYPE_SCRAMBLED),
        ("arg_description_scrambled", 3, ScenarioCategories.ARG_DESCRIPTION_SCRAMBLED),
        ("tool_name_scrambled", 3, ScenarioCategories.TOOL_NAME_SCRAMBLED),
    ]
    # One context serves every case: a case is its allow, deny and augmentation lists, which
    # `get_available_tools` reads afresh each time (building a context is the slow part).
    context = ExecutionContext()
    shown = SimpleNamespace(starting_context=context)
    cases = []
    for config in json.load(sys.stdin):
        # Every ToolSandbox scenario allows the user's end_conversation.
        allow = list(config["allow"]) + ["end_conversation"]
        similar = rank_tools_by_similarity(allow, tool_sandbox.tools, preferred_tool_backend=ToolBackend.DEFAULT)
        for name, count, augmentation in variants:
            context.tool_allow_list = allow + (similar if count is None else similar[:count])
            context.tool_deny_list = list(config["deny"]) or None
            context.tool_augmentation_list = [] if augmentation is None else [augmentation]
            tools = extract.presented_tools(shown)
            cases.append({"id": config["id"], "augmentation": name, "tools": tools})
    json.dump(cases, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
