import { reportRunSchema } from './report-file-schemas.ts'

/**
 * Whether a runs file's line (parsed) is a run line of the common shape that `runLineSchema`
 * accepts, checked by hand: zod checks a run in about 4.5 µs, a third of what merging it costs
 * once it is parsed, and nearly every line is of this shape. True only when zod would accept the
 * line; false says nothing (the line is then checked by zod, which says what is wrong, if
 * anything). A line with a part of a run's schema this check does not know (an error's
 * arguments, a field added to the schema since) is left to zod; a key the schema does not know is
 * let through, as the schema lets it through. How the simulated user played its part is checked
 * here, as every run of an evaluation has it, and so are the attacks and false claims of the runs
 * under robustness variants.
 */
export function isCommonRunLine(value: unknown): boolean {
  if (!isObject(value) || !only(value, LINE_KEYS)) return false
  const { run, fingerprint, durationMs } = value
  if (fingerprint !== undefined && !(isObject(fingerprint) && FINGERPRINT_PARTS.every((part) => typeof fingerprint[part] === 'string'))) return false
  if (durationMs !== undefined && !(isNumber(durationMs) && durationMs >= 0)) return false
  if (value.transcript !== undefined && !isCommonTranscript(value.transcript)) return false
  return isCommonRun(run)
}

// The keys a common run line may have.
const LINE_KEYS: ReadonlySet<string> = new Set(['run', 'fingerprint', 'transcript', 'durationMs'])
const FINGERPRINT_PARTS = ['world', 'tools', 'user', 'milestones', 'minefields'] as const

// The keys of a run this check checks: every key a report's run must have, and the error and what
// decided the run, which are common too.
const RUN_KEYS: ReadonlySet<string> = new Set([
  'scenario', 'categories', 'augmentation', 'augmentationColumns', 'trial', 'domain', 'agent', 'user', 'status', 'score', 'threshold', 'milestoneScore',
  'minefieldHit', 'turns', 'usage', 'milestones', 'minefields', 'id', 'test', 'file', 'passed', 'verdict', 'testPassed', 'error', 'decidedBy',
  'userPart', 'unchecked', 'userTrial', 'attacks', 'falseClaims',
])
// The keys of a run the schema checks: one of these that this check does not is left to zod.
const SCHEMA_KEYS: ReadonlySet<string> = new Set(Object.keys(reportRunSchema.shape))

const USAGE_KEYS: ReadonlySet<string> = new Set(['calls', 'promptTokens', 'completionTokens', 'latencyMs', 'costUsd', 'cachedCalls'])
const MATCH_KEYS: ReadonlySet<string> = new Set(['index', 'name', 'target', 'messageIndex', 'similarity', 'reason', 'bestCandidate'])
const CANDIDATE_KEYS: ReadonlySet<string> = new Set(['messageIndex', 'similarity', 'reason'])
const ERROR_KEYS: ReadonlySet<string> = new Set(['culprit', 'kind', 'message', 'role', 'tool', 'stack', 'returned'])
const USER_PART_KEYS: ReadonlySet<string> = new Set(['errors', 'undecided'])
const USER_ERROR_KEYS: ReadonlySet<string> = new Set(['kind', 'by', 'turn', 'reason'])
const USER_ERROR_KINDS: ReadonlySet<unknown> = new Set(['leak', 'quit', 'off-goal', 'role-swap'])
const UNCHECKED_KEYS: ReadonlySet<string> = new Set(['messageIndex', 'check'])
const ATTACK_KEYS: ReadonlySet<string> = new Set(['category', 'goal', 'attempted', 'succeeded', 'step'])
const CLAIM_KEYS: ReadonlySet<string> = new Set(['messageIndex', 'milestone', 'sentence', 'fact'])

function isCommonRun(run: unknown): boolean {
  if (!isObject(run)) return false
  // A key zod checks and this does not, or one that names an object's prototype, is left to zod.
  for (const key in run) if (!RUN_KEYS.has(key) && (SCHEMA_KEYS.has(key) || key === '__proto__')) return false
  return (
    isText(run.scenario) &&
    isTexts(run.categories) &&
    typeof run.augmentation === 'string' &&
    Array.isArray(run.augmentationColumns) &&
    run.augmentationColumns.length > 0 &&
    run.augmentationColumns.every(isText) &&
    isCount(run.trial) &&
    isText(run.domain) &&
    typeof run.agent === 'string' &&
    typeof run.user === 'string' &&
    (run.status === 'completed' || run.status === 'max-turns' || run.status === 'error') &&
    (run.score === null || isUnit(run.score)) &&
    isUnit(run.threshold) &&
    (run.milestoneScore === null || isUnit(run.milestoneScore)) &&
    (run.minefieldHit === null || typeof run.minefieldHit === 'boolean') &&
    isCount(run.turns) &&
    isUsage(run.usage) &&
    Array.isArray(run.milestones) &&
    run.milestones.every(isMatch) &&
    Array.isArray(run.minefields) &&
    run.minefields.every(isMatch) &&
    isText(run.id) &&
    typeof run.test === 'string' &&
    typeof run.file === 'string' &&
    typeof run.passed === 'boolean' &&
    (run.verdict === 'passed' || run.verdict === 'failed' || run.verdict === 'error') &&
    typeof run.testPassed === 'boolean' &&
    (run.error === undefined || isError(run.error)) &&
    (run.decidedBy === undefined || isTexts(run.decidedBy)) &&
    (run.userPart === undefined || isUserPart(run.userPart)) &&
    (run.unchecked === undefined || (Array.isArray(run.unchecked) && run.unchecked.every(isUnchecked))) &&
    (run.userTrial === undefined || isCount(run.userTrial)) &&
    (run.attacks === undefined || (Array.isArray(run.attacks) && run.attacks.every(isAttack))) &&
    (run.falseClaims === undefined || (Array.isArray(run.falseClaims) && run.falseClaims.every(isFalseClaim)))
  )
}

function isAttack(attack: unknown): boolean {
  return (
    isObject(attack) &&
    only(attack, ATTACK_KEYS) &&
    isText(attack.category) &&
    typeof attack.goal === 'string' &&
    (attack.attempted === undefined || typeof attack.attempted === 'boolean') &&
    typeof attack.succeeded === 'boolean' &&
    (attack.step === undefined || typeof attack.step === 'string')
  )
}

function isFalseClaim(claim: unknown): boolean {
  return (
    isObject(claim) &&
    only(claim, CLAIM_KEYS) &&
    Number.isSafeInteger(claim.messageIndex) &&
    typeof claim.milestone === 'string' &&
    typeof claim.sentence === 'string' &&
    (claim.fact === undefined || typeof claim.fact === 'string')
  )
}

function isUserPart(part: unknown): boolean {
  if (!isObject(part) || !only(part, USER_PART_KEYS)) return false
  const { errors, undecided } = part
  return (
    Array.isArray(errors) &&
    errors.every(
      (error) =>
        isObject(error) &&
        only(error, USER_ERROR_KEYS) &&
        USER_ERROR_KINDS.has(error.kind) &&
        (error.by === 'rule' || error.by === 'judge') &&
        (error.turn === undefined || (Number.isSafeInteger(error.turn) && (error.turn as number) > 0)) &&
        typeof error.reason === 'string',
    ) &&
    Array.isArray(undecided) &&
    undecided.every((kind) => USER_ERROR_KINDS.has(kind))
  )
}

function isUnchecked(entry: unknown): boolean {
  return isObject(entry) && only(entry, UNCHECKED_KEYS) && Number.isSafeInteger(entry.messageIndex) && (entry.check === 'reports-failure' || entry.check === 'claims-success')
}

const TRANSCRIPT_KEYS: ReadonlySet<string> = new Set(['scenario', 'augmentation', 'trial', 'agent', 'firstUserMessageIndex', 'messages', 'keys', 'displays', 'tools'])
const MESSAGE_KEYS: ReadonlySet<string> = new Set(['index', 'sender', 'recipient', 'content', 'toolCalls', 'toolResult', 'changes', 'ended'])
const CALL_KEYS: ReadonlySet<string> = new Set(['id', 'name', 'arguments'])
const RESULT_KEYS: ReadonlySet<string> = new Set(['callId', 'tool', 'arguments', 'result', 'error', 'outside'])
const RESULT_ERROR_KEYS: ReadonlySet<string> = new Set(['kind', 'message'])
const DIFF_KEYS: ReadonlySet<string> = new Set(['table', 'added', 'removed', 'updated'])
const UPDATE_KEYS: ReadonlySet<string> = new Set(['before', 'after', 'columns'])
const SHOWN_TOOL_KEYS: ReadonlySet<string> = new Set(['name', 'tool', 'description', 'changes'])

/**
 * Whether a run line's transcript is one `transcriptSchema` accepts, checked by hand as the run
 * is: a transcript is most of a line, and the page reads every part of it. False says nothing.
 */
function isCommonTranscript(transcript: unknown): boolean {
  if (!isObject(transcript) || !only(transcript, TRANSCRIPT_KEYS)) return false
  const { keys, displays, tools } = transcript
  return (
    typeof transcript.scenario === 'string' &&
    typeof transcript.augmentation === 'string' &&
    isCount(transcript.trial) &&
    (transcript.agent === undefined || typeof transcript.agent === 'string') &&
    Number.isSafeInteger(transcript.firstUserMessageIndex) &&
    Array.isArray(transcript.messages) &&
    transcript.messages.every(isMessage) &&
    (keys === undefined || (isPlainRecord(keys) && Object.values(keys).every(isTexts))) &&
    (displays === undefined || (isPlainRecord(displays) && Object.values(displays).every((display) => typeof display === 'string'))) &&
    (tools === undefined || (Array.isArray(tools) && tools.every((tool) => isObject(tool) && only(tool, SHOWN_TOOL_KEYS) && typeof tool.name === 'string' && typeof tool.tool === 'string' && typeof tool.description === 'string' && isTexts(tool.changes))))
  )
}

function isMessage(message: unknown): boolean {
  if (!isObject(message) || !only(message, MESSAGE_KEYS)) return false
  const { toolCalls, toolResult, changes } = message
  return (
    isCount(message.index) &&
    typeof message.sender === 'string' &&
    typeof message.recipient === 'string' &&
    typeof message.content === 'string' &&
    (toolCalls === undefined || (Array.isArray(toolCalls) && toolCalls.every((call) => isObject(call) && only(call, CALL_KEYS) && typeof call.id === 'string' && typeof call.name === 'string' && call.arguments !== undefined))) &&
    (toolResult === undefined || isToolResult(toolResult)) &&
    (changes === undefined || (Array.isArray(changes) && changes.every(isTableDiff))) &&
    (message.ended === undefined || typeof message.ended === 'boolean')
  )
}

function isToolResult(result: unknown): boolean {
  if (!isObject(result) || !only(result, RESULT_KEYS)) return false
  const { error, outside } = result
  return (
    typeof result.callId === 'string' &&
    typeof result.tool === 'string' &&
    result.arguments !== undefined &&
    (error === undefined || (isObject(error) && only(error, RESULT_ERROR_KEYS) && typeof error.kind === 'string' && typeof error.message === 'string')) &&
    // Where a call ran outside the world: its few shapes are left to zod.
    outside === undefined
  )
}

function isTableDiff(diff: unknown): boolean {
  if (!isObject(diff) || !only(diff, DIFF_KEYS)) return false
  const { added, removed, updated } = diff
  return (
    typeof diff.table === 'string' &&
    Array.isArray(added) &&
    added.every(isPlainRecord) &&
    Array.isArray(removed) &&
    removed.every(isPlainRecord) &&
    Array.isArray(updated) &&
    updated.every((update) => isObject(update) && only(update, UPDATE_KEYS) && isPlainRecord(update.before) && isPlainRecord(update.after) && isTexts(update.columns))
  )
}

/** An object whose keys are any but one that names an object's prototype (left to zod). */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !Object.hasOwn(value, '__proto__')
}

function isUsage(usage: unknown): boolean {
  return (
    isObject(usage) &&
    only(usage, USAGE_KEYS) &&
    isCount(usage.calls) &&
    isCount(usage.promptTokens) &&
    isCount(usage.completionTokens) &&
    isNumber(usage.latencyMs) &&
    usage.latencyMs >= 0 &&
    (usage.costUsd === undefined || (isNumber(usage.costUsd) && usage.costUsd >= 0)) &&
    isCount(usage.cachedCalls)
  )
}

function isMatch(match: unknown): boolean {
  if (!isObject(match) || !only(match, MATCH_KEYS)) return false
  const best = match.bestCandidate
  return (
    isCount(match.index) &&
    (match.name === undefined || typeof match.name === 'string') &&
    (match.target === undefined || typeof match.target === 'string') &&
    Number.isSafeInteger(match.messageIndex) &&
    isNumber(match.similarity) &&
    typeof match.reason === 'string' &&
    (best === undefined || (isObject(best) && only(best, CANDIDATE_KEYS) && Number.isSafeInteger(best.messageIndex) && isNumber(best.similarity) && typeof best.reason === 'string'))
  )
}

function isError(error: unknown): boolean {
  return (
    isObject(error) &&
    only(error, ERROR_KEYS) &&
    (error.culprit === 'agent' || error.culprit === 'domain' || error.culprit === 'infrastructure' || error.culprit === 'user') &&
    typeof error.kind === 'string' &&
    typeof error.message === 'string' &&
    (error.role === undefined || error.role === 'agent' || error.role === 'user') &&
    (error.tool === undefined || typeof error.tool === 'string') &&
    (error.stack === undefined || typeof error.stack === 'string') &&
    (error.returned === undefined || typeof error.returned === 'string')
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every key of `object` is one of `keys` (a parsed value's keys are its own, enumerable strings). */
function only(object: object, keys: ReadonlySet<string>): boolean {
  for (const key in object) if (!keys.has(key)) return false
  return true
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

function isUnit(value: unknown): boolean {
  return isNumber(value) && value >= 0 && value <= 1
}

/** A string of one character or more. */
function isText(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0
}

function isTexts(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
