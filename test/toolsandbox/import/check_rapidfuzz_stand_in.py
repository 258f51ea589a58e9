"""Scores every case of rapidfuzz-vectors.json with the Python rapidfuzz stand-in that the
ToolSandbox importer ships, and prints the cases that disagree with rapidfuzz's own scores as JSON."""

import json
import sys
from pathlib import Path

stand_ins, vectors_file = sys.argv[1], sys.argv[2]
sys.path.insert(0, stand_ins)
from rapidfuzz import fuzz, process, utils  # noqa: E402  (the stand-in, from the path above)

vectors = json.loads(Path(vectors_file).read_text(encoding="utf-8"))
mismatches = []
for case in vectors["cases"]:
    processed = [utils.default_process(case["query"]), utils.default_process(case["choice"])]
    found = {
        "processed": processed,
        "wratio": fuzz.WRatio(case["query"], case["choice"], processor=utils.default_process),
        "partialRatio": fuzz.partial_ratio(case["query"], case["choice"], processor=utils.default_process),
        "ratio": fuzz.ratio(case["query"], case["choice"], processor=utils.default_process),
    }
    for key, value in found.items():
        expected = case[key]
        same = value == expected if key == "processed" else abs(value - expected) <= 1e-9
        if not same:
            mismatches.append({"query": case["query"], "choice": case["choice"], "score": key, "found": value, "expected": expected})
for search in vectors["searches"]:
    found = [
        [key, score]
        for _, score, key in process.extract(
            search["query"], search["choices"], scorer=fuzz.WRatio, processor=utils.default_process, score_cutoff=search["threshold"]
        )
    ]
    expected = search["extract"]
    if len(found) != len(expected) or any(f[0] != e[0] or abs(f[1] - e[1]) > 1e-9 for f, e in zip(found, expected)):
        mismatches.append({"query": search["query"], "score": "extract", "found": found, "expected": expected})
print(json.dumps({"cases": len(vectors["cases"]), "searches": len(vectors["searches"]), "mismatches": mismatches}))
