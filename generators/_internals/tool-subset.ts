import fc from 'fast-check'
import type { Augmentation, ToolScramble } from '../../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION, ROBUSTNESS_FIELDS } from '../../src/augmentation/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { allowedTools } from '../../src/scenario/index.ts'
import { requireScenario } from './require-scenario.ts'

/** Constraints shared by the per-tool scramble generators. */
export interface ToolScrambleConstraints {
  /** The scenario whose tools are scrambled. */
  readonly scenario: Pick<Scenario, 'tools'>
  /** The tools to choose from; the scenario's allowed tools (minus denied ones) by default. */
  readonly tools?: readonly string[]
  /** The most tools one value scrambles; all of them by default. */
  readonly maxTools?: number
}

/**
 * Subsets of the scenario's tools, turned into an augmentation that applies one scramble to them.
 * `subarray` shrinks by dropping tools, so a failing sweep narrows down to the one tool whose
 * scramble matters, and ends at the empty subset: no augmentation.
 */
export function toolSubset(field: ToolScramble, constraints: ToolScrambleConstraints): fc.Arbitrary<Augmentation> {
  requireScenario(GENERATOR_OF[field], constraints)
  const tools = [...(constraints.tools ?? allowedTools(constraints.scenario))]
  const maxLength = Math.min(tools.length, constraints.maxTools ?? tools.length)
  return fc.subarray(tools, { minLength: 0, maxLength }).map(
    (selected): Augmentation => ({ ...PLAIN_AUGMENTATION, [field]: selected }),
    (value) => selectionOf(value, field),
  )
}

/** The generator that applies each scramble, for the message when it is called without a scenario. */
const GENERATOR_OF: Readonly<Record<ToolScramble, string>> = {
  scrambledNames: 'scrambledToolNames',
  removedDescriptions: 'scrambledDescriptions',
  removedArgumentDescriptions: 'scrambledArgumentDescriptions',
  removedArgumentTypes: 'scrambledArgumentTypes',
  renamedArguments: 'scrambledArgumentNames',
}

/** The tool list an augmentation applies `field` to, when it changes nothing else; throws otherwise. */
export function selectionOf(value: unknown, field: ToolScramble): string[] {
  const augmentation = value as Partial<Augmentation> | null
  const selection = augmentation?.[field]
  if (!Array.isArray(selection) || !onlyChanges(value, [field])) throw new Error(`not an augmentation that only sets ${field}`)
  return [...selection]
}

/**
 * Whether `value` is an augmentation that differs from the plain one only in `fields` (an absent
 * or empty robustness field changes nothing).
 */
export function onlyChanges(value: unknown, fields: readonly (keyof Augmentation)[]): boolean {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  const unchanged = (key: keyof Augmentation): boolean => {
    if (!(ROBUSTNESS_FIELDS as readonly string[]).includes(key)) return JSON.stringify(record[key]) === JSON.stringify(PLAIN_AUGMENTATION[key])
    const given = record[key]
    return given === undefined || (Array.isArray(given) && given.length === 0)
  }
  return [...(Object.keys(PLAIN_AUGMENTATION) as (keyof Augmentation)[]), ...ROBUSTNESS_FIELDS].every((key) => fields.includes(key) || unchanged(key))
}
