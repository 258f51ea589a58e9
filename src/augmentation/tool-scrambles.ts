// Apart from the augmentation schema, so the report's columns are known without loading it.
/** The per-tool fields of an augmentation, in the order they are described. */
export const TOOL_SCRAMBLES = [
  'scrambledNames',
  'removedDescriptions',
  'removedArgumentDescriptions',
  'removedArgumentTypes',
  'renamedArguments',
] as const

/** One of the per-tool fields of an augmentation. */
export type ToolScramble = (typeof TOOL_SCRAMBLES)[number]
