import type { ToolTalkCall } from '../domain/index.ts'
import { dayOf, parseDateTime } from '../domain/index.ts'
import type { JsonObject, JsonValue } from '../../../src/world/index.ts'
import { jsonEqual } from '../../../src/world/index.ts'
import type { TextSimilarity } from './text-similarity.ts'
import { lexicalSimilarity, TOOLTALK_THRESHOLDS } from './text-similarity.ts'

/** Options of ToolTalk's comparison. */
export interface ToolTalkCompareOptions {
  /**
   * Fix the known upstream bugs instead of reproducing them (default false):
   * SendMessage also compares `receiver`; Weather `location` and HistoricWeather `month` compare
   * as the tools read them (case-insensitive, location trimmed); `attendees` and `new_attendees`
   * compare as sets; a similarity that is not a number fails instead of passing.
   */
  readonly strict?: boolean
  /** The free-text similarity; `lexicalSimilarity` by default. */
  readonly similarity?: TextSimilarity
}

/** Whether a prediction is equivalent to a ground-truth call, and why (not). */
export interface Equivalence {
  readonly equivalent: boolean
  readonly reason: string
}

const yes = (reason = 'equivalent'): Equivalence => ({ equivalent: true, reason })
const no = (reason: string): Equivalence => ({ equivalent: false, reason })

type Rule = (prediction: Call, groundTruth: Call, settings: Settings) => Promise<Equivalence>
interface Call extends ToolTalkCall {
  readonly parameters: JsonObject
}
interface Settings {
  readonly strict: boolean
  readonly similarity: TextSimilarity
}

/**
 * ToolTalk's per-tool rule for "prediction P is equivalent to ground truth G" (see the facts file
 * §2b). Both calls carry their outcome; P's parameters include the session token the executor
 * passed. Upstream crashes in a few cases (a prediction whose arguments could not be read; an
 * AddReminder `due_date` of null when G has one; a superset check on a failed call); here those
 * are simply not equivalent, with the reason saying so.
 */
export async function toolTalkCallsEquivalent(prediction: ToolTalkCall, groundTruth: ToolTalkCall, options: ToolTalkCompareOptions = {}): Promise<Equivalence> {
  if (prediction.apiName !== groundTruth.apiName) return no(`different tool: ${prediction.apiName} instead of ${groundTruth.apiName}`)
  if (prediction.parameters === null) return no('the prediction\'s arguments could not be read (ToolTalk itself would crash here)')
  if (groundTruth.parameters === null) return no('the ground-truth call has no parameters')
  const rule = RULES[groundTruth.apiName] ?? defaultRule
  return rule(prediction as Call, groundTruth as Call, { strict: options.strict ?? false, similarity: options.similarity ?? lexicalSimilarity })
}

function sameException(prediction: Call, groundTruth: Call): Equivalence | undefined {
  if (prediction.exception === groundTruth.exception) return undefined
  return no(`exception differs: ${show(prediction.exception)} instead of ${show(groundTruth.exception)}`)
}

function sameResponse(prediction: Call, groundTruth: Call): Equivalence | undefined {
  return jsonEqual(prediction.response, groundTruth.response) ? undefined : no(`response differs: ${short(prediction.response)} instead of ${short(groundTruth.response)}`)
}

function sameSession(prediction: Call, groundTruth: Call): Equivalence | undefined {
  return jsonEqual(prediction.parameters.session_token ?? null, groundTruth.parameters.session_token ?? null) ? undefined : no('session_token differs')
}

/** The parameter loop every default-style rule shares: each ground-truth key present and equal. */
async function sameParameters(
  prediction: Call,
  groundTruth: Call,
  settings: Settings,
  special: (key: string, predicted: JsonValue, expected: JsonValue) => Promise<Equivalence | undefined> = async () => undefined,
): Promise<Equivalence | undefined> {
  for (const [key, expected] of Object.entries(groundTruth.parameters)) {
    if (!Object.hasOwn(prediction.parameters, key)) return no(`argument ${key} is missing (expected ${short(expected)})`)
    const predicted = prediction.parameters[key] as JsonValue
    const verdict = await special(key, predicted, expected)
    if (verdict !== undefined) {
      if (!verdict.equivalent) return verdict
      continue
    }
    if (!jsonEqual(predicted, expected) && !(settings.strict && strictlyEqual(groundTruth.apiName, key, predicted, expected)))
      return no(`argument ${key} is ${short(predicted)}, expected ${short(expected)}`)
  }
  return undefined
}

/** The corrected comparisons of strict mode for values the default rule compares exactly. */
function strictlyEqual(tool: string, key: string, predicted: JsonValue, expected: JsonValue): boolean {
  if (typeof predicted === 'string' && typeof expected === 'string') {
    if (key === 'location' && ['CurrentWeather', 'ForecastWeather', 'HistoricWeather'].includes(tool))
      return predicted.toLowerCase().trim() === expected.toLowerCase().trim()
    if (key === 'month' && tool === 'HistoricWeather') return predicted.toLowerCase() === expected.toLowerCase()
  }
  if ((key === 'attendees' || key === 'new_attendees') && Array.isArray(predicted) && Array.isArray(expected)) return sameSet(predicted, expected)
  return false
}

async function similar(settings: Settings, key: string, predicted: JsonValue, expected: JsonValue, threshold: number): Promise<Equivalence> {
  if (typeof predicted !== 'string' || typeof expected !== 'string') return no(`argument ${key} is ${short(predicted)}, not a text to compare with ${short(expected)}`)
  const score = await settings.similarity(predicted, expected)
  // ToolTalk fails only when score < threshold, so a NaN score passes there.
  const fails = settings.strict ? !(score >= threshold) : score < threshold
  return fails ? no(`argument ${key} has similarity ${format(score)} < ${threshold}: ${short(predicted)} vs ${short(expected)}`) : yes()
}

function idsInclude(prediction: Call, groundTruth: Call, list: string, id: string): Equivalence {
  const predictedIds = new Set(itemsOf(prediction.response, list).map((item) => item[id]))
  const missing = itemsOf(groundTruth.response, list).map((item) => item[id]).filter((value) => !predictedIds.has(value))
  return missing.length === 0 ? yes() : no(`result lacks ${missing.map((value) => String(value)).join(', ')} from ${list}`)
}

const defaultRule: Rule = async (prediction, groundTruth, settings) =>
  sameResponse(prediction, groundTruth) ?? sameException(prediction, groundTruth) ?? (await sameParameters(prediction, groundTruth, settings)) ?? yes()

const freeTextRule =
  (fields: readonly string[], checkResponse: boolean): Rule =>
  async (prediction, groundTruth, settings) =>
    (checkResponse ? sameResponse(prediction, groundTruth) : undefined) ??
    sameException(prediction, groundTruth) ??
    (await sameParameters(prediction, groundTruth, settings, async (key, predicted, expected) => {
      if (predicted === null) return no(`argument ${key} is null`)
      if (fields.includes(key)) return similar(settings, key, predicted, expected, TOOLTALK_THRESHOLDS.default)
      return undefined
    })) ??
    yes()

const supersetRule =
  (list: string, id: string): Rule =>
  async (prediction, groundTruth) =>
    sameException(prediction, groundTruth) ?? sameSession(prediction, groundTruth) ?? idsInclude(prediction, groundTruth, list, id)

const RULES: Readonly<Record<string, Rule>> = {
  AddAlarm: async (prediction, groundTruth, settings) => sameException(prediction, groundTruth) ?? (await sameParameters(prediction, groundTruth, settings)) ?? yes(),
  FindAlarms: supersetRule('alarms', 'alarm_id'),
  CreateEvent: freeTextRule(['name', 'description', 'location'], false),
  ModifyEvent: freeTextRule(['new_name', 'new_description', 'new_location'], true),
  QueryCalendar: supersetRule('events', 'event_id'),
  SearchInbox: supersetRule('emails', 'email_id'),
  SearchMessages: supersetRule('messages', 'message_id'),
  SendEmail: async (prediction, groundTruth, settings) => {
    const early = sameException(prediction, groundTruth) ?? sameSession(prediction, groundTruth)
    if (early !== undefined) return early
    const predictedTo = prediction.parameters.to
    const expectedTo = groundTruth.parameters.to
    if (!Array.isArray(predictedTo) || !Array.isArray(expectedTo) || !sameSet(predictedTo, expectedTo))
      return no(`recipients ${short(predictedTo ?? null)} are not the set ${short(expectedTo ?? null)}`)
    const subject = await similar(settings, 'subject', prediction.parameters.subject ?? null, groundTruth.parameters.subject ?? null, TOOLTALK_THRESHOLDS.default)
    if (!subject.equivalent) return subject
    return similar(settings, 'body', prediction.parameters.body ?? null, groundTruth.parameters.body ?? null, TOOLTALK_THRESHOLDS.body)
  },
  SendMessage: async (prediction, groundTruth, settings) => {
    const early = sameException(prediction, groundTruth) ?? sameSession(prediction, groundTruth)
    if (early !== undefined) return early
    // Upstream compares the predicted receiver with itself, so any receiver passes; strict fixes it.
    if (settings.strict && !jsonEqual(prediction.parameters.receiver ?? null, groundTruth.parameters.receiver ?? null))
      return no(`receiver is ${short(prediction.parameters.receiver ?? null)}, expected ${short(groundTruth.parameters.receiver ?? null)}`)
    return similar(settings, 'message', prediction.parameters.message ?? null, groundTruth.parameters.message ?? null, TOOLTALK_THRESHOLDS.body)
  },
  AddReminder: async (prediction, groundTruth, settings) =>
    sameException(prediction, groundTruth) ??
    (await sameParameters(prediction, groundTruth, settings, async (key, predicted, expected) => {
      if (key === 'due_date') {
        if (typeof predicted !== 'string' || typeof expected !== 'string')
          return no(`due_date is ${short(predicted)}, expected ${short(expected)} (ToolTalk itself would crash comparing them)`)
        return sameDay(predicted, expected)
      }
      if (key === 'task') return similar(settings, key, predicted, expected, TOOLTALK_THRESHOLDS.default)
      return undefined
    })) ??
    yes(),
  GetReminders: async (prediction, groundTruth) => {
    if (!jsonEqual(prediction.parameters, groundTruth.parameters)) return no(`request differs: ${short(prediction.parameters)} instead of ${short(groundTruth.parameters)}`)
    return sameException(prediction, groundTruth) ?? idsInclude(prediction, groundTruth, 'reminders', 'reminder_id')
  },
}

/** ToolTalk compares AddReminder due dates by calendar day, ignoring the time. */
function sameDay(predicted: string, expected: string): Equivalence {
  // Both sides are read as ToolTalk reads them: strptime('%Y-%m-%d %H:%M:%S'), then the date.
  const day = (text: string) => {
    try {
      return dayOf(parseDateTime(text, 'due_date'))
    } catch {
      return undefined
    }
  }
  const predictedDay = day(predicted)
  const expectedDay = day(expected)
  if (predictedDay === undefined || expectedDay === undefined) return no(`due_date ${short(predicted)} cannot be compared with ${short(expected)}`)
  return predictedDay === expectedDay ? yes() : no(`due_date is on another day: ${predicted} instead of ${expected}`)
}

function itemsOf(response: JsonValue, list: string): JsonObject[] {
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return []
  const items = response[list]
  return Array.isArray(items) ? items.filter((item): item is JsonObject => item !== null && typeof item === 'object' && !Array.isArray(item)) : []
}

function sameSet(a: readonly JsonValue[], b: readonly JsonValue[]): boolean {
  const key = (value: JsonValue) => JSON.stringify(value)
  const setA = new Set(a.map(key))
  const setB = new Set(b.map(key))
  return setA.size === setB.size && [...setA].every((value) => setB.has(value))
}

function show(exception: string | null): string {
  return exception === null ? 'none' : JSON.stringify(exception)
}

function short(value: JsonValue): string {
  const text = JSON.stringify(value) ?? 'undefined'
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

function format(score: number): string {
  return Number.isNaN(score) ? 'NaN' : score.toFixed(3)
}
