// A worker thread of `toolcheck eval` (see src/cli/eval-pool.ts): loads the scenarios, the
// domains and the roles once, then plays the runs the command hands it, each as a scenario test
// plays it, and sends back each run's line for the runs file. Each run gets the user's domain
// modules afresh, and is contained (run-containment.ts): what its code breaks ends it alone.
import { parentPort, workerData } from 'node:worker_threads'
import type { ScenarioVariant } from '../../augmentation/index.ts'
import { safeText } from '../../conversation/safe-text.ts'
import type { AnyDomain } from '../../domain/index.ts'
import { isDomain } from '../../domain/index.ts'
import { reportRunOf } from '../../reporter/report-run-of.ts'
import { runLineText } from '../../reporter/run-line-text.ts'
import { agentFromSpec, userFromSpec } from '../../roles/from-spec.ts'
import { ModelBudget, useModelBudget } from '../../roles/endpoint/model-budget.ts'
import type { User } from '../../roles/types.ts'
import type { AnyAgent } from '../../roles/turn-agent.ts'
import { scenarioAsWritten } from '../../run/index.ts'
import type { PreparedRun, ScenarioCase, ScenarioFingerprint } from '../../runner/index.ts'
import { buildTranscript, FINGERPRINT_PARTS, notPlayedBecause, playPreparedRun, prepareRun, runId, scenarioFingerprint, scenarioTable, toRunRecord } from '../../runner/index.ts'
import type { EvalOutcome, EvalUnit, EvalWorkerSetup, FinishedUnit, FromWorker, ToWorker } from './eval-messages.ts'
import { domainModulePaths, EVAL_FILE } from './eval-settings.ts'
import { variantsOf } from './eval-variants.ts'
import { closeUserModules, importFreshUserModules, userCodeFingerprint } from './import-user-module.ts'
import { loadJudge } from '../../evaluation/judge/judge-from-spec.ts'
import { loadEvalAgent } from './load-eval-agent.ts'
import { loadEvalUser } from './load-eval-user.ts'
import { loadEvalScenarios } from './load-eval-scenarios.ts'
import { containedRun, containRuns, playContained } from './run-containment.ts'
import { selectScenarios } from './select-scenarios.ts'
import { BoundedMap } from '../../cache/bounded-map.ts'
import { WatchMemory } from './watch-memory.ts'

const setup = workerData as EvalWorkerSetup
// How many cases' prepared runs a worker keeps (see `preparedCases`).
const PREPARED_CASES = 64
const port = parentPort
if (port === null) throw new Error('eval-worker.ts runs as a worker thread of toolcheck eval')
const send = (message: FromWorker) => port.postMessage(message)

// Units finished and not yet told: told in one message once the turn that finished them is over.
let finished: FinishedUnit[] = []
function finish(unit: EvalUnit, outcome: EvalOutcome): void {
  finished.push({ unit, outcome })
  if (finished.length > 1) return
  setImmediate(() => {
    const told = finished
    finished = []
    send({ type: 'done', finished: told })
  })
}

/** What the worker plays with, once loaded. */
interface Loaded {
  readonly cases: readonly ScenarioCase[]
  readonly domains: readonly AnyDomain[]
  readonly agent: AnyAgent
  readonly user: User | undefined
}

containRuns(new WatchMemory(setup.watch))
if (setup.budget !== undefined) useModelBudget(new ModelBudget(setup.budget.limits, setup.budget.buffer))
// The judge the command names, asked only where the built-in judge cannot tell.
const judge = await loadJudge(setup.judgeSpec, process.env, '--judge')
// The runs of the report being resumed, each with its fingerprint's place in `keptFingerprints` (-1: none).
const kept = new Map<string, number>()
let keptFingerprints: readonly ScenarioFingerprint[] = []
// Runs played again after their user broke its part: the fresh user trial of each (`--replay-user-errors`).
const userTrials = new Map<string, number>()
const loaded = await load()
if (loaded === undefined) await stop()
else
  port.on('message', (message: ToWorker) => {
    if (message.type === 'keep') {
      const { ids, fingerprints, fingerprintOf } = message.runs
      keptFingerprints = fingerprints
      for (const [position, id] of ids.entries()) kept.set(id, fingerprintOf[position] as number)
      for (const replay of message.userReplays ?? []) userTrials.set(replay.id, replay.userTrial)
    }
    else if (message.type === 'play') for (const unit of message.units) void play(loaded, unit).then((outcome) => finish(unit, outcome))
    else void stop()
  })

/** Lets the thread end: the vite server of the user's modules closed, the port too. */
async function stop(): Promise<void> {
  await closeUserModules()
  port?.close()
}

/** Loads what the settings name and says so (with the cases, when this worker lists them); on a problem, says what failed, and returns nothing. */
async function load(): Promise<Loaded | undefined> {
  const { settings } = setup
  try {
    const { scenarios, domains, categories } = await loadEvalScenarios(settings)
    // The --agent module is loaded here, in each worker, through vite like the user's other modules.
    const agent = settings.agentModule === undefined ? agentFromSpec(setup.agentSpec) : await loadEvalAgent(settings.agentModule)
    // So is the --user module; without it, TOOLCHECK_USER names the user.
    const user = settings.userModule !== undefined ? await loadEvalUser(settings.userModule) : setup.userSpec === 'scripted' ? undefined : userFromSpec(setup.userSpec)
    const selected = selectScenarios(scenarios, settings.filter)
    if (selected.length === 0) {
      send({ type: 'ready', cases: [], empty: categories().join(', ') })
      return { cases: [], domains, agent, user }
    }
    const table = scenarioTable(selected, variantsOf(settings.variants), { domains })
    const codeFingerprint = setup.listCases ? await userCodeFingerprint() : undefined
    send({
      type: 'ready',
      ...(codeFingerprint === undefined ? {} : { codeFingerprint }),
      ...(setup.listCases ? { cases: table.cases.map((testCase) => ({ test: testCase.name, scenario: testCase.scenario.id, categories: [...testCase.scenario.categories], ...(testCase.scenario.scoring === undefined ? {} : { scoring: testCase.scenario.scoring }) })) } : {}),
      problems: table.problems.map((problem) => ({ file: EVAL_FILE, test: problem.name, message: problem.message })),
    })
    return { cases: table.cases, domains, agent, user }
  } catch (error) {
    send({ type: 'failed', problems: [safeText(error instanceof Error ? error.message : String(error))] })
    return undefined
  }
}

/**
 * Plays one run as a scenario test plays it: the variant placed (a recipe with no place skips
 * it), the run's id checked against the report being resumed (the same run of the same scenario
 * is kept, not played), then played, scored and recorded under the test's name. A run that does
 * not end within the time limit, even after its cancellation, or that breaks before it could be
 * recorded, is a problem of the harness.
 */
async function play(from: Loaded, unit: EvalUnit): Promise<EvalOutcome> {
  const testCase = from.cases[unit.case] as ScenarioCase
  const started = performance.now()
  const contained = containedRun(unit)
  try {
    // Decided by the scenario and the agent alone: asked before any module is loaded or run prepared.
    const unplayable = notPlayedBecause(from.agent, testCase.scenario)
    if (unplayable !== undefined) return { kind: 'skipped', reason: unplayable }
    const variant: ScenarioVariant | undefined = testCase.variant
    const domain = await freshDomain(testCase.scenario.domain)
    const prepared = domain === undefined ? preparedCases.get(unit.case) : undefined
    const ready = prepared !== undefined ? prepared.ready : await prepareRun(testCase.scenario, { ...(variant === undefined ? {} : { augmentation: variant }), ...(domain === undefined ? {} : { domain }), domains: from.domains })
    if (ready === undefined) return { kind: 'skipped', reason: `${variant?.label} has no place in ${testCase.scenario.id}` }
    const fingerprint = prepared?.fingerprint ?? scenarioFingerprint(scenarioAsWritten(ready.scenario))
    // Only a built-in domain's preparation is kept: a --domain module's is new for each run.
    if (domain === undefined && prepared === undefined) preparedCases.set(unit.case, { ready, fingerprint })
    // The run's id is looked up only in what a resumed report keeps or plays again (a hash a run
    // otherwise: the report names the run by the record).
    const id = kept.size === 0 && userTrials.size === 0 ? undefined : runId({ scenario: testCase.scenario.id, augmentation: ready.presentation?.label ?? 'none', trial: unit.trial, agent: from.agent.name, user: from.user?.name ?? 'scripted' })
    const keptAt = id === undefined ? undefined : kept.get(id)
    if (id !== undefined && keptAt !== undefined && sameFingerprint(keptFingerprints[keptAt], fingerprint)) return { kind: 'kept', id }
    // A timer of our own, cleared when the run ends: AbortSignal.timeout's timer would live on
    // for the whole time limit after each run, and a long evaluation would hold thousands. It
    // cancels the run through its containment's controller, so the run has one signal, aborted by
    // whichever comes first: the time limit, or a fault of its code.
    const timer = setTimeout(() => contained.cancel.abort(new DOMException(`the run did not end within ${setup.runTimeoutMs} ms`, 'TimeoutError')), setup.runTimeoutMs)
    const userTrial = id === undefined ? undefined : userTrials.get(id)
    const signal = contained.cancel.signal
    const run = await playContained(contained, () =>
      withinTime(
        playPreparedRun(ready, { agent: from.agent, ...(from.user === undefined ? {} : { user: from.user }), ...(judge === undefined ? {} : { judge }), trial: unit.trial, ...(userTrial === undefined ? {} : { userTrial }), ...(setup.scoring === undefined ? {} : { scoring: setup.scoring }), signal, domains: from.domains }),
        setup.runTimeoutMs + GRACE_MS,
      ).finally(() => clearTimeout(timer)),
    )
    if (run === undefined) return problem(testCase, `the run did not end within ${setup.runTimeoutMs} ms, nor when it was cancelled then`)
    // An error its code threw outside any call (a tool's timer, a promise left rejected) ends the run as that code's.
    const trajectory = contained.fault === undefined ? run.trajectory : { ...run.trajectory, status: 'error' as const, error: contained.fault }
    const { fingerprint: _, ...record } = toRunRecord(run.scenario, trajectory, run.evaluation ?? never(), unit.trial, { augmentationColumns: run.augmentationColumns, threshold: MINIMUM_SCORE, attacks: ready.prepared?.attacks, userPart: run.userPart, userTrial })
    // A scenario test passes when its run does: no error, and the score at least the threshold.
    const provisional = reportRunOf(record, { fullName: testCase.name, file: EVAL_FILE, passed: false })
    const reported = { ...provisional, testPassed: provisional.passed }
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000
    const line = runLineText({ run: reported, fingerprint, transcript: buildTranscript(trajectory, unit.trial, run.scenario), durationMs })
    return { kind: 'run', line, ending: { status: reported.status, ...(reported.error === undefined ? {} : { error: { kind: reported.error.kind, ...(reported.error.culprit === undefined ? {} : { culprit: reported.error.culprit }) } }) } }
  } catch (error) {
    return problem(testCase, error instanceof Error ? error.message : String(error))
  } finally {
    contained.ended = true
  }
}

/**
 * The domain named `name` as a new instance of its module, when it comes from a `--domain`
 * module: each run gets the module's variables as they are when it loads, so state a tool keeps
 * there (a counter, a cache) cannot carry from one run to the next, whichever worker plays them
 * and in whatever order. `undefined` for a built-in domain (toolcheck's own keep no state).
 */
async function freshDomain(name: string): Promise<AnyDomain | undefined> {
  // Scenario modules may define their domain themselves (defineScenario attaches it).
  const paths = domainModulePaths(setup.settings)
  if (paths.length === 0) return undefined
  const modules = await importFreshUserModules(paths)
  return modules.flatMap((exported) => Object.values(exported ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value]))).find((value): value is AnyDomain => isDomain(value) && value.name === name)
}

/**
 * Each case's run as prepared (its variant placed, its tools and distraction rankings made) and
 * its scenario's fingerprint, kept for the case's other trials: preparing costs as much as a
 * short run, and gives the same for every trial. Bounded, the oldest case dropped first, so an
 * evaluation of many cases holds no more than this many.
 */
const preparedCases = new BoundedMap<number, { readonly ready: PreparedRun; readonly fingerprint: ScenarioFingerprint }>(PREPARED_CASES)

// The score a run needs to pass, as a scenario test of the built-in suites asks.
const MINIMUM_SCORE = 1

// How long a cancelled run may take to stop before it is given up on.
const GRACE_MS = 5_000

function problem(testCase: ScenarioCase, message: string): EvalOutcome {
  return { kind: 'problem', problem: { file: EVAL_FILE, test: testCase.name, message: safeText(message) } }
}

function sameFingerprint(a: ScenarioFingerprint | undefined, b: ScenarioFingerprint): boolean {
  return a !== undefined && FINGERPRINT_PARTS.every((part) => a[part] === b[part])
}

/** The promise's value, or `undefined` when it has not settled within `milliseconds`. */
async function withinTime<T>(promise: Promise<T>, milliseconds: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), milliseconds)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

function never(): never {
  throw new Error('a played run has its evaluation')
}
