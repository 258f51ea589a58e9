import type { Augmentation, ToolScramble } from './augmentation.ts'
import { TOOL_SCRAMBLES } from './augmentation.ts'

/**
 * The report column of each per-tool scramble, in words that say what it did. ToolSandbox names
 * three of its columns "scrambled" (tool description, argument description, argument type) but
 * removes what they name, as these do, so they are called `removed` here; names are scrambled,
 * and arguments renamed (our addition).
 */
export const SCRAMBLE_COLUMNS: Readonly<Record<ToolScramble, string>> = Object.freeze({
  scrambledNames: 'tool names scrambled',
  removedDescriptions: 'tool descriptions removed',
  removedArgumentDescriptions: 'argument descriptions removed',
  removedArgumentTypes: 'argument types removed',
  renamedArguments: 'arguments renamed',
})

/** The columns that reports written before the rename call by ToolSandbox's word, by their current name. */
const FORMER_COLUMNS: Readonly<Record<string, string>> = Object.freeze({
  'tool descriptions scrambled': SCRAMBLE_COLUMNS.removedDescriptions,
  'argument descriptions scrambled': SCRAMBLE_COLUMNS.removedArgumentDescriptions,
  'argument types scrambled': SCRAMBLE_COLUMNS.removedArgumentTypes,
})

/**
 * An augmentation label or column of an older report in today's words: the parts joined by `, `
 * (they were joined by ` + `), and the descriptions and types that scrambles remove called
 * `removed` (`3 distraction tools + tool descriptions scrambled` becomes `3 distraction tools, tool
 * descriptions removed`), so that a comparison with a baseline written before pairs the same
 * cells. A label with a part toolcheck never wrote (a presentation's own) is returned as it is.
 */
export function currentAugmentationLabel(label: string): string {
  const parts = label.split(/ \+ |, /)
  const current = parts.map((part) => FORMER_COLUMNS[part] ?? part)
  if (!current.every((part) => AUGMENTATION_COLUMNS.includes(part) || /^(\d+ distraction tools?|all tools)$/.test(part))) return label
  return current.join(', ')
}

/**
 * The report's augmentation columns in order: the columns of ToolSandbox's table 5 (no
 * augmentation; 3, 10 and all distraction tools; tool names scrambled; tool descriptions,
 * argument descriptions and argument types removed), then ours (`arguments renamed`, `paraphrased`).
 * Other columns (`5 distraction tools`, a hand-made presentation's label) come after these.
 */
export const AUGMENTATION_COLUMNS: readonly string[] = Object.freeze([
  'none',
  '3 distraction tools',
  '10 distraction tools',
  'all tools',
  ...TOOL_SCRAMBLES.map((field) => SCRAMBLE_COLUMNS[field]),
  'paraphrased',
])

/**
 * The columns of ToolSandbox's table 5 a run under `augmentation` counts under, in
 * `AUGMENTATION_COLUMNS` order. Each scramble present gives its column, and a paraphrased first
 * message gives `paraphrased`; only when there is no such change does the distraction count give
 * one (`none`, `3 distraction tools`, `all tools`, ...), because ToolSandbox's scrambled columns
 * are all on top of 3 distraction tools and count only as the scramble, and `none` must mean a
 * run exactly as written. So each of the eight
 * `TOOLSANDBOX_VARIANTS` has one column of its own, and a sweep's combined augmentation counts
 * under every scramble it contains.
 */
export function augmentationColumns(augmentation: Augmentation): string[] {
  const scrambles = TOOL_SCRAMBLES.filter((field) => {
    const selection = augmentation[field]
    return selection === 'all' || selection.length > 0
  }).map((field) => SCRAMBLE_COLUMNS[field])
  const changes = augmentation.paraphrase === null ? scrambles : [...scrambles, 'paraphrased']
  return changes.length > 0 ? changes : [distractionColumn(augmentation.distractionTools)]
}

/**
 * The columns of a run known only by its presentation's label (the plain presentation, or one
 * made by hand rather than from an augmentation): `['none']` for the plain label, else the label.
 */
export function labelColumns(label: string): string[] {
  // The plain presentation's label is already `none`, the plain column.
  return [label]
}

function distractionColumn(count: number | 'all'): string {
  if (count === 'all') return 'all tools'
  if (count === 0) return 'none'
  return count === 1 ? '1 distraction tool' : `${count} distraction tools`
}
