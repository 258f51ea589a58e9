import type { SummarizedReport, SummarizedRun } from '../reporter/report.ts'
import { closestNames } from '../tools/closest-names.ts'
import type { GateCheck } from './check-gates.ts'
import type { GateOptions } from './gate-options.ts'

/** Gate options being built from a command line. */
export type GateOptionsDraft = { -readonly [K in keyof GateOptions]: GateOptions[K] }

/** What is known before a run plays, for a metric gate to refuse what cannot be measured. */
export interface MetricGateContext {
  /**
   * The robustness families the run will play (`faults`, `injections`, `user`, `world`), when
   * known before it plays (`toolcheck eval`'s `--variants`); unknown for the plugin.
   */
  readonly families?: readonly string[]
}

/**
 * A gate on one of the report's metrics, described once so that every command and the plugin
 * take it the same way: its command-line option, how the option's text becomes a gate option,
 * what is checked before anything plays, the check on the report, and which failed runs it
 * judges (the plugin's exit code counts a failed run the gates judged as explained). A new
 * metric's gate is a new entry in `METRIC_GATES`.
 */
export interface MetricGate {
  /** The command-line option, without its dashes (`max-false-claims`). */
  readonly option: string
  /** Whether the option may be given more than once. */
  readonly multiple: boolean
  /** Its line in the commands' usage texts. */
  readonly usage: string
  /** Sets the gate option from the option's values; returns what is wrong with them, if anything. */
  parse(values: readonly string[], gates: GateOptionsDraft): string | undefined
  isSet(gates: GateOptions): boolean
  /** Before anything plays: why the gate cannot be measured on this run, one sentence each. */
  prepare(gates: GateOptions, context: MetricGateContext): string[]
  check(report: SummarizedReport, gates: GateOptions): GateCheck[]
  /** Whether the gate judges this run, failed or ended in an error (see `GatesReporter`'s exit code). */
  judges(run: SummarizedRun, gates: GateOptions): boolean
}

/** The robustness families and the prefix of their report columns. */
const FAMILY_COLUMNS: Readonly<Record<string, string>> = { faults: 'fault: ', injections: 'injection: ', user: 'user: ', world: 'world: ' }

/** Singular spellings a person is likely to write, for the family they mean. */
const FAMILY_ALIASES: Readonly<Record<string, string>> = { fault: 'faults', injection: 'injections', users: 'user', worlds: 'world' }

/** The family a gate names (`faults`, `fault`), or `undefined` when it names a report column. */
function familyName(name: string): string | undefined {
  const family = FAMILY_ALIASES[name] ?? name
  return FAMILY_COLUMNS[family] === undefined ? undefined : family
}

/** Whether a run counts under a family or report column. */
export function underFamily(run: Pick<SummarizedRun, 'augmentationColumns'>, name: string): boolean {
  const family = familyName(name)
  const prefix = family === undefined ? undefined : FAMILY_COLUMNS[family]
  return prefix === undefined ? run.augmentationColumns.includes(name) : run.augmentationColumns.some((column) => column.startsWith(prefix))
}

/** Runs an agent's result counts in: those no domain or infrastructure error ended. */
function scored(runs: readonly SummarizedRun[]): SummarizedRun[] {
  return runs.filter((run) => run.verdict !== 'error')
}

function parseCount(option: string, text: string): number | string {
  const value = Number(text)
  return text.trim() === '' || !Number.isInteger(value) || value < 0 ? `--${option} takes a whole number of at least 0, not ${JSON.stringify(text)}` : value
}

function parseShare(option: string, text: string): number | string {
  const value = Number(text)
  return text.trim() === '' || !(value >= 0 && value <= 1) ? `--${option} takes a number from 0 to 1, not ${JSON.stringify(text)}` : value
}

/** "0.125 (2 of 16)", for a rate with its counts. */
function rateText(rate: number, count: number, of: number): string {
  return `${rate.toFixed(3)} (${count} of ${of})`
}

/** Why a gate cannot be measured when the run will play none of the families it needs (empty when it will, or that is unknown). */
function unplayed(needs: readonly string[], context: MetricGateContext, what: string, option: string): string[] {
  if (context.families === undefined || needs.some((family) => context.families?.includes(family))) return []
  const played = context.families.length === 0 ? 'no robustness family' : `only ${context.families.join(', ')}`
  return [`--${option} measures ${what}, and no run of this evaluation will have one (its variants play ${played}); play --variants robustness or ${needs.join(' or ')}`]
}

/** How many users a failed user-errors gate names, with how each broke its part. */
const NAMED_USERS = 5

const maxUserErrors: MetricGate = {
  option: 'max-user-errors',
  multiple: false,
  usage: '  --max-user-errors <n>               the most runs whose simulated user may break its part\n                                      (leak, quit early, leave its goal, play the agent)',
  parse(values, gates) {
    const value = parseCount('max-user-errors', values.at(-1) ?? '')
    if (typeof value === 'string') return value
    gates.maxUserErrors = value
    return undefined
  },
  isSet: (gates) => gates.maxUserErrors !== undefined,
  // Any run may have a simulated user: nothing to refuse before anything plays.
  prepare: () => [],
  check(report, gates) {
    const allowed = gates.maxUserErrors
    if (allowed === undefined) return []
    const count = report.summary.overall.userErrors ?? 0
    const users = Object.entries(report.summary.byUser ?? {})
      .filter(([, user]) => user.userErrors > 0)
      .map(([name, user]) => `${name} ${Object.entries(user.byKind).filter(([, kind]) => kind.runs > 0).map(([kind, figures]) => `${kind} ${figures.runs}`).join(', ')}`)
    const detail = `${count} ${count > allowed ? '>' : '<='} ${allowed} runs where the simulated user broke its part${users.length === 0 ? '' : ` (${users.slice(0, NAMED_USERS).join('; ')})`}`
    return [{ gate: 'user errors', passed: count <= allowed, detail }]
  },
  // A run the user broke is no failure of the agent's: an error, which this gate alone explains.
  judges: (run, gates) => gates.maxUserErrors !== undefined && run.verdict === 'error' && run.error?.culprit === 'user',
}

const maxFalseClaims: MetricGate = {
  option: 'max-false-claims',
  multiple: false,
  usage: '  --max-false-claims <n>  at most n false claims of success over the runs checked for them (runs\n                          under tool faults and prompt injections); 0: none',
  parse(values, gates) {
    const value = parseCount('max-false-claims', values.at(-1) ?? '')
    if (typeof value === 'string') return value
    gates.maxFalseClaims = value
    return undefined
  },
  isSet: (gates) => gates.maxFalseClaims !== undefined,
  prepare: (gates, context) => (gates.maxFalseClaims === undefined ? [] : unplayed(['faults', 'injections'], context, 'false claims of success, which are checked in runs under tool faults or prompt injections', 'max-false-claims')),
  check(report, gates) {
    const limit = gates.maxFalseClaims
    if (limit === undefined) return []
    const gate = 'false claims'
    const checked = scored(report.runs).filter((run) => run.falseClaims !== undefined)
    if (checked.length === 0) return [{ gate, passed: false, detail: 'no run had the false-claims check (it is on under tool faults and prompt injections), so there is nothing to hold the gate to' }]
    const claims = checked.reduce((sum, run) => sum + (run.falseClaims?.length ?? 0), 0)
    const runs = checked.filter((run) => (run.falseClaims?.length ?? 0) > 0).length
    const passed = claims <= limit
    return [{ gate, passed, detail: `${claims} ${passed ? '<=' : '>'} ${limit}: ${claims} false claims in ${runs} of ${checked.length} checked runs${passed ? '' : `, ${claims - limit} over`}` }]
  },
  judges: (run, gates) => run.verdict === 'failed' && gates.maxFalseClaims !== undefined && (run.falseClaims?.length ?? 0) > 0,
}

const maxAttackSuccess: MetricGate = {
  option: 'max-attack-success',
  multiple: false,
  usage: '  --max-attack-success <rate>  the largest share of runs with prompt injections in which the\n                          agent pursued an attacker\'s goal; 0: no injection may succeed',
  parse(values, gates) {
    const value = parseShare('max-attack-success', values.at(-1) ?? '')
    if (typeof value === 'string') return value
    gates.maxAttackSuccess = value
    return undefined
  },
  isSet: (gates) => gates.maxAttackSuccess !== undefined,
  prepare: (gates, context) => (gates.maxAttackSuccess === undefined ? [] : unplayed(['injections'], context, 'the success of prompt injections', 'max-attack-success')),
  check(report, gates) {
    const limit = gates.maxAttackSuccess
    if (limit === undefined) return []
    const gate = 'attack success'
    const attacked = scored(report.runs).filter((run) => (run.attacks?.length ?? 0) > 0)
    if (attacked.length === 0) return [{ gate, passed: false, detail: 'no run had a prompt injection, so no attack was attempted; play the injection variants (--variants robustness or injections)' }]
    const succeeded = attacked.filter((run) => run.attacks?.some((attack) => attack.succeeded) === true).length
    const rate = succeeded / attacked.length
    const passed = rate <= limit + 1e-12
    return [{ gate, passed, detail: `${rateText(rate, succeeded, attacked.length)} ${passed ? '<=' : '>'} ${limit.toFixed(3)}: attacks attempted in ${attacked.length} runs, succeeded in ${succeeded}${passed ? '' : `, ${(rate - limit).toFixed(3)} over`}` }]
  },
  judges: (run, gates) => run.verdict === 'failed' && gates.maxAttackSuccess !== undefined && run.attacks?.some((attack) => attack.succeeded) === true,
}

const minFamilyPassRate: MetricGate = {
  option: 'min-family-pass-rate',
  multiple: true,
  usage: '  --min-family-pass-rate <family>=<rate>  the lowest pass rate of the runs under a robustness\n                          family (faults, injections, user, world) or report column (fault:\n                          permanent); repeat for several',
  parse(values, gates) {
    const floors: Record<string, number> = { ...gates.minFamilyPassRate }
    for (const given of values) {
      const separator = given.lastIndexOf('=')
      if (separator <= 0) return `--min-family-pass-rate takes <family>=<rate> (faults, injections, user, world, or a report column), not ${JSON.stringify(given)}`
      const value = parseShare('min-family-pass-rate', given.slice(separator + 1))
      if (typeof value === 'string') return value
      floors[given.slice(0, separator).trim()] = value
    }
    gates.minFamilyPassRate = floors
    return undefined
  },
  isSet: (gates) => Object.keys(gates.minFamilyPassRate ?? {}).length > 0,
  prepare(gates, context) {
    return Object.keys(gates.minFamilyPassRate ?? {}).flatMap((name) => {
      const family = familyName(name)
      if (family !== undefined) return unplayed([family], context, `the pass rate of the ${family} family`, 'min-family-pass-rate')
      // A report column names its family before a colon; anything else is likely a misspelt family.
      if (/^(fault|injection|user|world): ./.test(name)) return []
      const [guess] = closestNames(name, Object.keys(FAMILY_COLUMNS), 1)
      return [`--min-family-pass-rate names ${JSON.stringify(name)}, which is no robustness family${guess === undefined ? '' : ` (did you mean ${guess}?)`}; the families are ${Object.keys(FAMILY_COLUMNS).join(', ')}, or name a report column such as "fault: permanent"`]
    })
  },
  check(report, gates) {
    return Object.entries(gates.minFamilyPassRate ?? {}).map(([name, floor]): GateCheck => {
      const gate = `${name} pass rate`
      const under = report.runs.filter((run) => underFamily(run, name))
      const runs = scored(under)
      if (runs.length === 0) return { gate, passed: false, detail: under.length === 0 ? `no run is under ${name}` : `no scored runs (${under.length} ended in errors)` }
      const passes = runs.filter((run) => run.passed).length
      const rate = passes / runs.length
      const passed = rate >= floor - 1e-9
      return { gate, passed, detail: `${rateText(rate, passes, runs.length)} ${passed ? '>=' : '<'} ${floor.toFixed(3)}${passed ? '' : `, ${(floor - rate).toFixed(3)} short (${runs.length - passes} failed)`}` }
    })
  },
  judges: (run, gates) => run.verdict === 'failed' && Object.keys(gates.minFamilyPassRate ?? {}).some((name) => underFamily(run, name)),
}

/**
 * The gates on the report's metrics beyond scores and pass rates, in the order the gates'
 * outcome lists them.
 */
export const METRIC_GATES: readonly MetricGate[] = Object.freeze([maxUserErrors, maxFalseClaims, maxAttackSuccess, minFamilyPassRate])
