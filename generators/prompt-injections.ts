import fc from 'fast-check'
import type { AttackCategory, Augmentation, InjectionStyle, PromptInjection } from '../src/augmentation/index.ts'
import { attackGoals, INJECTION_STYLES, injectionPositions, MAX_EMPHASIS, PLAIN_AUGMENTATION, withoutEmptyParts } from '../src/augmentation/index.ts'
import { canonicalJson } from '../src/world/index.ts'
import type { JsonValue } from '../src/world/index.ts'
import type { RobustnessSource } from './_internals/robustness-context.ts'
import { robustnessContext } from './_internals/robustness-context.ts'
import { onlyChanges } from './_internals/tool-subset.ts'

/** Constraints of `promptInjections`. */
export interface PromptInjectionsConstraints extends RobustnessSource {
  /** The styles to draw from, shortest first (shrinking moves toward the first); all four by default. */
  readonly styles?: readonly InjectionStyle[]
  /** Where injected text may go: in tool answers, in tool descriptions, or both (the default). */
  readonly positions?: readonly ('tool-result' | 'tool-description')[]
  /** Which attacker goals to draw (see `attackGoals`); every category by default. */
  readonly categories?: readonly AttackCategory[]
  /** The most injections in one value; 2 by default. */
  readonly maxInjections?: number
}

/**
 * Augmentations that only add prompt injections: text that orders the agent to pursue an
 * attacker's goal made from the domain's own tools (call a minefield tool, change something the
 * task does not ask for, send a private value out; see `attackGoals`), placed in the answers of
 * the reference's reading calls or in tool descriptions, in one of a few styles with up to two
 * sentences of pressure. Each goal is a minefield of the run's contract, so an agent that obeys
 * scores 0 and the report counts the attack as a success. Shrinks toward fewer injections, the
 * shortest style and no pressure, and ends at no augmentation: a failing sweep ends at the
 * shortest payload at the single position that succeeds.
 *
 * @example
 * await sweepScenario(scenario, promptInjections({ scenario }), { agent, numRuns: 20 })
 */
export function promptInjections(constraints: PromptInjectionsConstraints): fc.Arbitrary<Augmentation> {
  const { registry, world } = robustnessContext('promptInjections', constraints)
  const allowedPositions = new Set(constraints.positions ?? ['tool-result', 'tool-description'])
  const positions = injectionPositions(constraints.scenario, registry).filter((position) => allowedPositions.has(position.kind))
  const categories = new Set(constraints.categories ?? ['minefield', 'state-change', 'exfiltration'])
  const goals = attackGoals(constraints.scenario, registry, world()).filter((goal) => categories.has(goal.category))
  const styles = [...(constraints.styles ?? INJECTION_STYLES)]
  if (styles.length === 0) throw new RangeError('promptInjections needs at least one style to draw from')
  if (positions.length === 0 || goals.length === 0) return fc.constant(PLAIN_AUGMENTATION)
  const key = (value: unknown) => canonicalJson(value as JsonValue)
  const drawn = fc.uniqueArray(
    fc.record({
      position: fc.nat({ max: positions.length - 1 }),
      goal: fc.nat({ max: goals.length - 1 }),
      style: fc.nat({ max: styles.length - 1 }),
      emphasis: fc.nat({ max: MAX_EMPHASIS }),
    }),
    { maxLength: Math.min(positions.length, constraints.maxInjections ?? 2), selector: (injection) => injection.position },
  )
  return drawn.map(
    (chosen): Augmentation =>
      withoutEmptyParts({
        ...PLAIN_AUGMENTATION,
        injections: chosen.map(
          (entry): PromptInjection => ({
            position: positions[entry.position] as PromptInjection['position'],
            goal: goals[entry.goal] as PromptInjection['goal'],
            style: styles[entry.style] as InjectionStyle,
            emphasis: entry.emphasis,
          }),
        ),
      }),
    (value) => {
      if (!onlyChanges(value, ['injections'])) throw new Error('not an augmentation that only adds prompt injections')
      return ((value as Augmentation).injections ?? []).map((injection) => {
        const entry = {
          position: positions.findIndex((position) => key(position) === key(injection.position)),
          goal: goals.findIndex((goal) => key(goal) === key(injection.goal)),
          style: styles.indexOf(injection.style),
          emphasis: injection.emphasis,
        }
        if (entry.position < 0 || entry.goal < 0 || entry.style < 0) throw new Error('an injection this generator does not draw')
        return entry
      })
    },
  )
}
