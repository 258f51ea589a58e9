import type { Augmentation } from './augmentation.ts'
import type { ToolScramble } from './tool-scrambles.ts'
import { TOOL_SCRAMBLES } from './tool-scrambles.ts'
import type { ExtraRowKind } from './extra-row.ts'
import type { PromptInjection } from './prompt-injection.ts'
import type { InjectedFault } from './injected-fault.ts'
import type { UserPerturbation } from './user-perturbation.ts'

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
 * `AUGMENTATION_COLUMNS` order, then the columns of its robustness changes (each named by its
 * family and parameters, see `robustnessColumns`). Each scramble present gives its column, and a
 * paraphrased first message gives `paraphrased`; only when there is no such change does the
 * distraction count give one (`none`, `3 distraction tools`, `all tools`, ...), because
 * ToolSandbox's scrambled columns are all on top of 3 distraction tools and count only as the
 * scramble, and `none` must mean a run exactly as written. So each of the eight
 * `TOOLSANDBOX_VARIANTS` has one column of its own, and a sweep's combined augmentation counts
 * under every scramble it contains.
 */
export function augmentationColumns(augmentation: Augmentation): string[] {
  const scrambles = TOOL_SCRAMBLES.filter((field) => {
    const selection = augmentation[field]
    return selection === 'all' || selection.length > 0
  }).map((field) => SCRAMBLE_COLUMNS[field])
  const changes = [...scrambles, ...(augmentation.paraphrase === null ? [] : ['paraphrased']), ...robustnessColumns(augmentation)]
  return changes.length > 0 ? changes : [distractionColumn(augmentation.distractionTools)]
}

/**
 * The report columns of an augmentation's robustness changes, each once, named by family and
 * parameters: `fault: transient`, `fault: timeout ×2`, `fault: permanent`, `injection: direct in
 * tool result`, `injection: system in tool description`, `user: change of mind`, `user: facts
 * split`, `user: false memory`, `world: near-duplicate rows`, `world: other people's rows`.
 */
export function robustnessColumns(augmentation: Augmentation): string[] {
  const columns = [
    ...(augmentation.faults ?? []).map(faultColumn),
    ...(augmentation.injections ?? []).map(injectionColumn),
    ...(augmentation.user === undefined ? [] : [userColumn(augmentation.user)]),
    ...(augmentation.extraRows ?? []).map((row) => worldColumn(row.kind)),
  ]
  return [...new Set(columns)]
}

/** `fault: <kind>`, with `×<attempts>` when a recoverable fault lasts more than one call. */
export function faultColumn(fault: Pick<InjectedFault, 'kind' | 'attempts'>): string {
  return `fault: ${fault.kind}${fault.kind !== 'permanent' && fault.attempts > 1 ? ` ×${fault.attempts}` : ''}`
}

/** `injection: <style> in tool result` or `injection: <style> in tool description`. */
export function injectionColumn(injection: Pick<PromptInjection, 'style' | 'position'>): string {
  return `injection: ${injection.style} in ${injection.position.kind === 'tool-result' ? 'tool result' : 'tool description'}`
}

/** `user: change of mind`, `user: facts split` or `user: false memory`. */
export function userColumn(perturbation: Pick<UserPerturbation, 'kind'>): string {
  return perturbation.kind === 'change-mind' ? 'user: change of mind' : perturbation.kind === 'split' ? 'user: facts split' : 'user: false memory'
}

/** `world: near-duplicate rows` or `world: other people's rows`. */
export function worldColumn(kind: ExtraRowKind): string {
  return kind === 'near-duplicate' ? 'world: near-duplicate rows' : "world: other people's rows"
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
