"""rapidfuzz's scorers: `ratio`, `partial_ratio`, `token_set_ratio`, `token_sort_ratio`,
`partial_token_ratio` and `WRatio`, computed the way rapidfuzz computes them."""

from typing import Any, Callable, Optional, Sequence

_UNBASE_SCALE = 0.95


def _prepare(a: Any, b: Any, processor: Optional[Callable[[Any], str]]) -> tuple[str, str]:
    if processor is not None:
        return processor(a), processor(b)
    return str(a), str(b)


def _lcs(a: Sequence[str], b: Sequence[str]) -> int:
    """The length of the longest common subsequence, by the bit-parallel algorithm rapidfuzz uses:
    one machine-word pass per character of `b` (Python's integers make the word as long as `a`)."""
    if not a or not b:
        return 0
    masks: dict[str, int] = {}
    for position, character in enumerate(a):
        masks[character] = masks.get(character, 0) | (1 << position)
    full = (1 << len(a)) - 1
    row = full
    for character in b:
        matches = row & masks.get(character, 0)
        row = ((row + matches) | (row - matches)) & full
    return len(a) - bin(row).count("1")


def _indel_similarity(a: Sequence[str], b: Sequence[str]) -> float:
    total = len(a) + len(b)
    if total == 0:
        return 1.0
    distance = total - 2 * _lcs(a, b)
    return 1 - distance / total


def _partial_alignment(needle: Sequence[str], haystack: Sequence[str]) -> float:
    letters = set(needle)
    length = len(needle)
    best = 0.0
    for end in range(1, length):
        if haystack[end - 1] not in letters:
            continue
        best = max(best, _indel_similarity(needle, haystack[:end]))
        if best == 1:
            return 100.0
    for start in range(0, len(haystack) - length):
        if haystack[start + length - 1] not in letters:
            continue
        best = max(best, _indel_similarity(needle, haystack[start : start + length]))
        if best == 1:
            return 100.0
    for start in range(max(0, len(haystack) - length), len(haystack)):
        if haystack[start] not in letters:
            continue
        best = max(best, _indel_similarity(needle, haystack[start:]))
        if best == 1:
            return 100.0
    return best * 100


def _partial(a: str, b: str) -> float:
    if not a and not b:
        return 100.0
    shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
    score = _partial_alignment(shorter, longer)
    if score != 100 and len(a) == len(b):
        score = max(score, _partial_alignment(longer, shorter))
    return score


def _words(text: str) -> list[str]:
    return [word for word in text.split(" ") if word]


def _unique(words: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for word in words:
        seen.setdefault(word, None)
    return list(seen)


def _sorted_join(words: list[str]) -> str:
    return " ".join(sorted(words))


def _word_sets(a: str, b: str) -> tuple[list[str], list[str], list[str], list[str], list[str]]:
    first = _unique(_words(a))
    second = _unique(_words(b))
    in_first = set(first)
    in_second = set(second)
    shared = [w for w in first if w in in_second]
    only_first = [w for w in first if w not in in_second]
    only_second = [w for w in second if w not in in_first]
    return first, second, shared, only_first, only_second


def _normalized_distance_score(distance: int, length: int) -> float:
    return 100.0 if length == 0 else 100 - (100 * distance) / length


def _token_set_ratio(a: str, b: str) -> float:
    first, second, shared, only_first, only_second = _word_sets(a, b)
    if not first or not second:
        return 0.0
    if shared and (not only_first or not only_second):
        return 100.0
    first_rest = _sorted_join(only_first)
    second_rest = _sorted_join(only_second)
    shared_length = len(" ".join(shared))
    gap = 0 if shared_length == 0 else 1
    with_first = shared_length + gap + len(first_rest)
    with_second = shared_length + gap + len(second_rest)
    rest_distance = len(first_rest) + len(second_rest) - 2 * _lcs(first_rest, second_rest)
    result = _normalized_distance_score(rest_distance, with_first + with_second)
    if shared_length == 0:
        return result
    first_score = _normalized_distance_score(gap + len(first_rest), shared_length + with_first)
    second_score = _normalized_distance_score(gap + len(second_rest), shared_length + with_second)
    return max(result, first_score, second_score)


def _token_ratio(a: str, b: str) -> float:
    return max(_token_set_ratio(a, b), _indel_similarity(_sorted_join(_words(a)), _sorted_join(_words(b))) * 100)


def _partial_token_ratio(a: str, b: str) -> float:
    first_words = _words(a)
    second_words = _words(b)
    _, _, shared, only_first, only_second = _word_sets(a, b)
    if shared:
        return 100.0
    result = _partial(_sorted_join(first_words), _sorted_join(second_words))
    if len(first_words) == len(only_first) and len(second_words) == len(only_second):
        return result
    return max(result, _partial(_sorted_join(only_first), _sorted_join(only_second)))


def _cutoff(score: float, score_cutoff: Optional[float]) -> float:
    return score if score_cutoff is None or score >= score_cutoff else 0.0


def ratio(s1: Any, s2: Any, *, processor: Optional[Callable[[Any], str]] = None, score_cutoff: Optional[float] = None) -> float:
    a, b = _prepare(s1, s2, processor)
    return _cutoff(_indel_similarity(a, b) * 100, score_cutoff)


def partial_ratio(s1: Any, s2: Any, *, processor: Optional[Callable[[Any], str]] = None, score_cutoff: Optional[float] = None) -> float:
    a, b = _prepare(s1, s2, processor)
    return _cutoff(_partial(a, b), score_cutoff)


def token_set_ratio(s1: Any, s2: Any, *, processor: Optional[Callable[[Any], str]] = None, score_cutoff: Optional[float] = None) -> float:
    a, b = _prepare(s1, s2, processor)
    return _cutoff(_token_set_ratio(a, b), score_cutoff)


def token_sort_ratio(s1: Any, s2: Any, *, processor: Optional[Callable[[Any], str]] = None, score_cutoff: Optional[float] = None) -> float:
    a, b = _prepare(s1, s2, processor)
    return _cutoff(_indel_similarity(_sorted_join(_words(a)), _sorted_join(_words(b))) * 100, score_cutoff)


def partial_token_ratio(s1: Any, s2: Any, *, processor: Optional[Callable[[Any], str]] = None, score_cutoff: Optional[float] = None) -> float:
    a, b = _prepare(s1, s2, processor)
    return _cutoff(_partial_token_ratio(a, b), score_cutoff)


def WRatio(s1: Any, s2: Any, *, processor: Optional[Callable[[Any], str]] = None, score_cutoff: Optional[float] = None) -> float:  # noqa: N802  (rapidfuzz's name)
    """Token comparisons count 95 %, partial comparisons 90 % (60 % when one text is eight or more
    times longer than the other); the best weighted score wins."""
    a, b = _prepare(s1, s2, processor)
    if not a or not b:
        return 0.0
    length_ratio = len(a) / len(b) if len(a) > len(b) else len(b) / len(a)
    best = _indel_similarity(a, b) * 100
    if length_ratio < 1.5:
        return _cutoff(max(best, _token_ratio(a, b) * _UNBASE_SCALE), score_cutoff)
    partial_scale = 0.9 if length_ratio < 8 else 0.6
    best = max(best, _partial(a, b) * partial_scale)
    return _cutoff(max(best, _partial_token_ratio(a, b) * _UNBASE_SCALE * partial_scale), score_cutoff)
