"""A stand-in for the part of rapidfuzz that ToolSandbox uses: `fuzz.WRatio`, `fuzz.partial_ratio`,
`fuzz.ratio`, `utils.default_process` and `process.extract`.

The scores must be rapidfuzz's exactly, not close: ToolSandbox ranks its distraction tools by
WRatio, so a score that differs in the last digit can reorder the tools a scenario offers. This
is the same algorithm as toolcheck's TypeScript port (`scenarios/toolsandbox/domain/fuzzy-score.ts`)
and is checked against the same scores rapidfuzz itself computed
(`test/toolsandbox/domain/rapidfuzz-vectors.json`).
"""

from . import fuzz, process, utils  # noqa: F401

__version__ = "0.0-toolcheck-stand-in"
