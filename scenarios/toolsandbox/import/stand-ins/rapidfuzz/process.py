"""rapidfuzz's `process.extract`: the best `limit` choices by score, best first (ties keep the
choices' order), dropping those under `score_cutoff`."""

from typing import Any, Callable, Optional

from . import fuzz


def extract(
    query: Any,
    choices: Any,
    *,
    scorer: Callable[..., float] = fuzz.WRatio,
    processor: Optional[Callable[[Any], str]] = None,
    limit: Optional[int] = 5,
    score_cutoff: Optional[float] = None,
    **kwargs: Any,
) -> list[tuple[Any, float, Any]]:
    items = list(choices.items()) if isinstance(choices, dict) else list(enumerate(choices))
    processed_query = processor(query) if processor is not None else query
    results = []
    for key, choice in items:
        if choice is None:
            continue
        processed_choice = processor(choice) if processor is not None else choice
        score = scorer(processed_query, processed_choice)
        if score_cutoff is not None and score < score_cutoff:
            continue
        results.append((choice, score, key))
    ordered = sorted(enumerate(results), key=lambda pair: (-pair[1][1], pair[0]))
    found = [result for _, result in ordered]
    return found if limit is None else found[:limit]


def extractOne(query: Any, choices: Any, **kwargs: Any) -> Optional[tuple[Any, float, Any]]:  # noqa: N802
    found = extract(query, choices, limit=1, **kwargs)
    return found[0] if found else None
