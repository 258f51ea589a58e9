import type { FillConversion } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { canonicalJson } from '../world/index.ts'
import type { ConstraintSetup } from './compiled-constraint.ts'
import { checkMilestoneReference } from './compiled-constraint.ts'
import { EvaluationScenarioError } from './evaluation-error.ts'
import type { FillValues } from './extractors.ts'
import { valueAtPath } from './extractors.ts'
import { convertedText, convertFillValue } from './fill-conversion.ts'

/** The `fill` of a tool-call or message constraint. */
export interface FillSpec {
  readonly milestone: number
  readonly extractor?: string | undefined
  readonly values?: Readonly<Record<string, string>> | undefined
  readonly convert?: Readonly<Record<string, FillConversion>> | undefined
}

/**
 * Reads fill values from the tool result at the message where another milestone was placed.
 * Each distinct set of alternatives gets a key, so constraints cache by key rather than by
 * message. Key −1: that message offers no values (no tool result, or nothing extractable).
 */
export class FillSource {
  readonly milestone: number
  readonly #setup: ConstraintSetup
  readonly #spec: FillSpec
  readonly #keys = new Map<number, number>()
  readonly #alternatives: (readonly FillValues[])[] = []
  readonly #keyOfContent = new Map<string, number>()

  constructor(spec: FillSpec, setup: ConstraintSetup) {
    checkMilestoneReference(spec.milestone, setup, 'a fill')
    if (spec.extractor !== undefined && !Object.hasOwn(setup.extractors, spec.extractor)) {
      const names = Object.keys(setup.extractors).sort()
      throw new EvaluationScenarioError(`${setup.label}: no extractor named ${JSON.stringify(spec.extractor)}; available: ${names.join(', ')} (add your own with the extractors option)`)
    }
    this.milestone = spec.milestone
    this.#setup = setup
    this.#spec = spec
  }

  /** The key of the values at `messageIndex`. */
  key(messageIndex: number): number {
    let key = this.#keys.get(messageIndex)
    if (key === undefined) {
      const alternatives = this.#extract(messageIndex)
      if (alternatives.length === 0) key = -1
      else {
        const content = canonicalJson(alternatives as unknown as JsonValue)
        key = this.#keyOfContent.get(content)
        if (key === undefined) {
          key = this.#alternatives.length
          this.#alternatives.push(alternatives)
          this.#keyOfContent.set(content, key)
        }
      }
      this.#keys.set(messageIndex, key)
    }
    return key
  }

  /** The alternative value sets of a key (none for −1). */
  alternatives(key: number): readonly FillValues[] {
    return key < 0 ? [] : (this.#alternatives[key] ?? [])
  }

  /**
   * How a value reads inside a `{name}` placeholder: converted values as Python prints them
   * (`3.0` for a float), others undefined (the template's own rule applies).
   */
  textOf(name: string, value: JsonValue): string | undefined {
    const conversion = this.#spec.convert?.[name]
    return conversion === undefined ? undefined : convertedText(value, conversion)
  }

  /** Why a message gave no values, for reasons. */
  describeMissing(messageIndex: number): string {
    const trace = this.#setup.index.trace(messageIndex)
    const where = `${this.#setup.role} ${this.milestone}'s message ${messageIndex}`
    if (trace === undefined) return `${where} carries no tool result to fill from`
    if (trace.error !== undefined) return `${where} is a failed call of ${trace.tool}, which has no result to fill from`
    return `${where} (${trace.tool}) did not provide the values`
  }

  #extract(messageIndex: number): FillValues[] {
    const trace = this.#setup.index.trace(messageIndex)
    if (trace === undefined) return []
    const input = { tool: trace.tool, arguments: trace.arguments, result: trace.result }
    let alternatives: FillValues[] = [{}]
    if (this.#spec.extractor !== undefined) {
      const extractor = this.#setup.extractors[this.#spec.extractor]
      let extracted: ReturnType<NonNullable<typeof extractor>>
      try {
        extracted = extractor?.(input)
      } catch {
        // An extractor that trips over an unexpected result shape means "nothing to fill with".
        extracted = undefined
      }
      if (extracted === undefined) return []
      alternatives = Array.isArray(extracted) ? [...(extracted as readonly FillValues[])] : [extracted as FillValues]
      if (alternatives.length === 0) return []
    }
    if (this.#spec.values !== undefined) {
      const fromPaths: Record<string, JsonValue> = {}
      for (const [name, path] of Object.entries(this.#spec.values)) {
        const value = valueAtPath(input, path)
        if (value !== undefined) fromPaths[name] = value
      }
      alternatives = alternatives.map((values) => ({ ...values, ...fromPaths }))
    }
    for (const [name, conversion] of Object.entries(this.#spec.convert ?? {})) alternatives = alternatives.flatMap((values) => converted(values, name, conversion))
    return alternatives.filter((values) => Object.keys(values).length > 0)
  }
}

/**
 * The alternatives one conversion makes of a set of values: a value that cannot be converted
 * drops the set (ToolSandbox's extractor would raise and extract nothing); `decimals` makes four.
 */
function converted(values: FillValues, name: string, conversion: FillConversion): FillValues[] {
  const value = values[name]
  if (value === undefined) return [values]
  return convertFillValue(value, conversion).map((replacement) => ({ ...values, [name]: replacement }))
}
