import { spawnSync } from 'node:child_process'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import type { ComparedReport } from '../src/compare/compare-reports.ts'
import { compareReports } from '../src/compare/compare-reports.ts'
import { formatComparison } from '../src/compare/format-comparison.ts'
import { compareRuns } from '../src/reporter/compare-runs.ts'
import type { ReportRun } from '../src/reporter/report.ts'
import { reportOf } from '../src/reporter/report-of.ts'
import { writeReport } from '../src/reporter/write-report.ts'
import { CATEGORIES } from '../src/scenario/index.ts'
import { seededRandom } from '../src/tools/seeded-random.ts'
import type { Transcript } from '../src/runner/transcript.ts'
import { runId } from '../src/runner/run-id.ts'
import type { Benchmark, Target } from './harness.ts'
import { defineBenchmarks } from './harness.ts'

const AUGMENTATIONS = ['none', '3 distraction tools', '10 distraction tools', 'tool names scrambled', 'descriptions scrambled', 'argument descriptions scrambled', 'argument types scrambled', 'all tools']
const usage = { calls: 1, promptTokens: 1200, completionTokens: 80, latencyMs: 900, cachedCalls: 0 }

/**
 * Two reports of a flaky agent over `scenarios` scenarios under 8 augmentations at 5 trials: each
 * scenario passes with probability 0.97, 0.8, 0.5 or 0.15, in one or two of ToolSandbox's
 * categories, and the head loses a third of the passes of one category.
 */
function reports(scenarios: number): { base: ComparedReport; head: ComparedReport } {
  const random = seededRandom(`compare ${scenarios}`)
  const cells = Array.from({ length: scenarios }, (_, index) => {
    const rate = [0.97, 0.8, 0.5, 0.15][Math.floor(random() * 4)] as number
    const categories = [CATEGORIES[index % 7] as string, ...(index % 3 === 0 ? [CATEGORIES[(index + 2) % 7] as string] : [])]
    return AUGMENTATIONS.map((augmentation) => ({ scenario: `scenario-${index}`, augmentation, categories, rate }))
  }).flat()
  const play = (head: boolean): ComparedReport => ({
    agent: 'openai:gpt-4o-mini',
    runs: cells.flatMap((cell) =>
      Array.from({ length: 5 }, (_, trial) => {
        const rate = head && cell.categories.includes('STATE_DEPENDENCY') ? cell.rate * 0.67 : cell.rate
        const passed = random() < rate
        return { ...cell, augmentationColumns: [cell.augmentation], agent: 'openai:gpt-4o-mini', trial, status: 'completed' as const, score: passed ? 1 : 0, passed, verdict: passed ? ('passed' as const) : ('failed' as const), usage }
      }),
    ),
  })
  return { base: play(false), head: play(true) }
}

type Pair = ReturnType<typeof reports>
const facts = (state: unknown) => {
  const { base, head } = state as Pair
  const comparison = compareReports(base, head)
  return { runsPerSide: base.runs.length, cells: comparison.cells.length, groups: comparison.groups.length, regressedGroups: comparison.groups.filter((group) => group.verdict === 'regression').map((group) => group.name) }
}

const repository = fileURLToPath(new URL('../', import.meta.url))
const FOLDER = join(repository, 'toolcheck-report', 'bench', 'compare-100k')

/** A run of `reports`' shape as an evaluation writes it, with its milestones and a short conversation. */
function reportRun(run: ComparedReport['runs'][number]): { run: ReportRun; transcript: Transcript } {
  const id = runId({ scenario: run.scenario, augmentation: run.augmentation, trial: run.trial, agent: run.agent, user: 'scripted' })
  const answer = run.passed ? 'Done: your wifi is on now.' : `I could not find that setting (trial ${run.trial}).`
  const { error: _error, ...fields } = run
  return {
    run: {
      ...fields,
      id,
      domain: 'device',
      user: 'scripted',
      threshold: 1,
      milestoneScore: run.score,
      minefieldHit: false,
      turns: 4,
      milestones: [{ index: 0, name: 'wifi on', messageIndex: 3, similarity: run.passed ? 1 : 0, reason: run.passed ? 'all 1 constraint hold at message 3' : 'no message changes settings' }],
      minefields: [],
      test: `compare > ${run.scenario} [${run.augmentation}]`,
      file: 'scenarios/eval/compare.eval.ts',
      testPassed: run.passed,
      verdict: run.verdict ?? (run.passed ? 'passed' : 'failed'),
      // As every run of an evaluation has it: the scripted user's part, checked.
      userPart: { errors: [], undecided: ['off-goal', 'role-swap'] },
    },
    transcript: {
      scenario: run.scenario,
      augmentation: run.augmentation,
      trial: run.trial,
      firstUserMessageIndex: 1,
      messages: [
        { index: 0, sender: 'system', recipient: 'agent', content: 'You act on the user\'s phone through the tools you are given.' },
        { index: 1, sender: 'user', recipient: 'agent', content: `Please switch on my wifi (${run.scenario}).` },
        { index: 2, sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: 'call-1', name: 'set_wifi_status', arguments: { on: true } }] },
        { index: 3, sender: 'environment', recipient: 'agent', content: 'null', toolResult: { callId: 'call-1', tool: 'set_wifi_status', arguments: { on: true }, result: null } },
        { index: 4, sender: 'agent', recipient: 'user', content: answer },
      ],
      keys: { settings: ['device_id'] },
      tools: [{ name: 'set_wifi_status', tool: 'set_wifi_status', description: 'Switches the wifi on or off.', changes: [] }],
    },
  }
}

type Folders = Readonly<Record<'base' | 'head' | 'shard1' | 'shard2', string>>

/**
 * Writes both reports of 100,000 runs as an evaluation writes them (report.json, runs.jsonl and
 * index.html, the runs in the report's order), and the head again as two shards of 50,000 runs,
 * for merge: every other run, so that merging them interleaves the shards' runs, as shards of an
 * evaluation (balanced by the runs' durations) do.
 */
async function writeReportFolders(): Promise<Folders> {
  const pair = reports(2500)
  const folders = { base: join(FOLDER, 'base'), head: join(FOLDER, 'head'), shard1: join(FOLDER, 'shard-1'), shard2: join(FOLDER, 'shard-2') }
  const write = async (folder: string, entries: readonly ReturnType<typeof reportRun>[]) => {
    const runs = entries.map((entry) => entry.run)
    const skeleton = reportOf(runs, [], [], 'openai:gpt-4o-mini', { agentSpec: 'openai:gpt-4o-mini' })
    await mkdir(folder, { recursive: true })
    await writeReport({ report: { ...skeleton, runs }, transcripts: entries.map((entry) => entry.transcript) }, folder)
  }
  const inOrder = (runs: ComparedReport['runs']) => runs.map(reportRun).sort((a, b) => compareRuns(a.run, b.run))
  await write(folders.base, inOrder(pair.base.runs))
  const head = inOrder(pair.head.runs)
  await write(folders.head, head)
  await write(folders.shard1, head.filter((_, position) => position % 2 === 0))
  await write(folders.shard2, head.filter((_, position) => position % 2 === 1))
  return folders
}

let written: Promise<Folders> | undefined

interface CommandFigures {
  readonly folders: Folders
  readonly peakHook: string
  peakMB: number
  pageMB: number
  // The comparison page as Chromium opened it (the --html benchmark only).
  browser?: Awaited<ReturnType<typeof openComparisonPage>>
}

/** Sets up the report folders and a hook that reports the process's peak resident memory (VmHWM) at exit. */
async function commandSetup(): Promise<CommandFigures> {
  written ??= writeReportFolders()
  const folders = await written
  const peakHook = join(FOLDER, 'peak-memory.mjs')
  await writeFile(peakHook, "import { readFileSync } from 'node:fs'\nprocess.on('exit', () => process.stderr.write(`peak ${/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? process.resourceUsage().maxRSS}\\n`))\n")
  return { folders, peakHook, peakMB: Number.NaN, pageMB: Number.NaN }
}

/** Runs the command line as a user does (the repository's bin), and notes its peak memory in MB. */
function toolcheck(figures: CommandFigures, args: readonly string[]): void {
  const result = spawnSync(process.execPath, ['--import', figures.peakHook, join(repository, 'bin', 'toolcheck.js'), ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
  if (result.status !== 0 && result.status !== 4) throw new Error(`toolcheck ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`)
  const peak = result.stderr.split('\n').findLast((line) => line.startsWith('peak '))
  figures.peakMB = Math.max(Number.isNaN(figures.peakMB) ? 0 : figures.peakMB, Number(peak?.slice('peak '.length)) / 1024)
}

/** Opens the comparison page in Chromium: how long until its cells are listed, how many rows it drew, and how long a click on a group takes to filter them. */
async function openComparisonPage(file: string): Promise<{ readonly browserOpenMs: number; readonly cellRowsDrawn: number; readonly browserGroupFilterMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const start = performance.now()
    await page.goto(pathToFileURL(file).href)
    await page.waitForFunction(() => /^(\d+) of \1 cells$/.test(document.getElementById('cells-count')?.textContent ?? '') && document.querySelector('tr.cell-row') !== null, undefined, { timeout: 60_000 })
    const browserOpenMs = Math.round(performance.now() - start)
    const cellRowsDrawn = await page.locator('tr.cell-row').count()
    const before = await page.locator('#cells-count').textContent()
    const filterStart = performance.now()
    await page.locator('tr.group-row').nth(1).click()
    await page.waitForFunction((shown) => document.getElementById('cells-count')?.textContent !== shown, before)
    return { browserOpenMs, cellRowsDrawn, browserGroupFilterMs: Math.round(performance.now() - filterStart) }
  } finally {
    await browser.close()
  }
}

const peakTarget = (state: unknown): Target[] => [{ name: 'peak memory', measured: (state as CommandFigures).peakMB, limit: 300, unit: 'MB' }]

/** `toolcheck compare` with `args` over the report folders, whole process, against 2 s and 300 MB. */
function compareBenchmark(name: string, args: (folders: Folders) => readonly string[]): Benchmark {
  return {
    name,
    targetMs: 2000,
    iterations: 3,
    warmUp: 1,
    setup: commandSetup,
    run: (state) => {
      const figures = state as CommandFigures
      toolcheck(figures, ['compare', ...args(figures.folders)])
    },
    targets: peakTarget,
  }
}

export default defineBenchmarks([
  {
    // The built-in corpus's size: 229 scenarios under 8 variants, 5 trials a side.
    name: 'compare 2 reports of 9,160 runs (1,832 cells, 5 trials) and format',
    targetMs: 500,
    iterations: 5,
    setup: () => reports(229),
    run: (state) => {
      const { base, head } = state as Pair
      return formatComparison(compareReports(base, head))
    },
    facts,
  },
  {
    name: 'compare 2 reports of 100,000 runs (20,000 cells, 5 trials)',
    targetMs: 3000,
    iterations: 3,
    warmUp: 1,
    setup: () => reports(2500),
    run: (state) => {
      const { base, head } = state as Pair
      return compareReports(base, head)
    },
    facts,
  },
  // Read from their folders (report.json, runs.jsonl, index.html) by the command, start-up included.
  compareBenchmark('toolcheck compare of 2 report folders of 100,000 runs, whole process', (folders) => [folders.base, folders.head]),
  {
    ...compareBenchmark('toolcheck compare --html of 2 report folders of 100,000 runs, whole process', (folders) => [folders.base, folders.head, '--html', join(FOLDER, 'compare.html')]),
    facts: async (state) => {
      const figures = state as CommandFigures
      figures.pageMB = (await stat(join(FOLDER, 'compare.html'))).size / 1e6
      figures.browser = await openComparisonPage(join(FOLDER, 'compare.html'))
      return { pageMB: Math.round(figures.pageMB * 10) / 10, ...figures.browser }
    },
    targets: (state) => {
      const figures = state as CommandFigures
      return [
        ...peakTarget(state),
        { name: 'open in Chromium', measured: figures.browser?.browserOpenMs ?? Number.NaN, limit: 3000, unit: 'ms' },
        // Only the rows in view are drawn, not one per cell of the 20,000.
        { name: 'cell rows drawn', measured: figures.browser?.cellRowsDrawn ?? Number.NaN, limit: 200, unit: 'rows' },
      ]
    },
  },
  // The history path: three reports read a run at a time, every step compared.
  compareBenchmark('toolcheck compare of a history of 3 report folders of 100,000 runs, whole process', (folders) => [folders.base, folders.head, folders.base]),
  // The baseline path (as the baseline gate of eval and merge reads it): a baseline folder, the head beside it.
  compareBenchmark('toolcheck compare --baseline of 2 report folders of 100,000 runs, whole process', (folders) => ['--baseline', folders.base, folders.head]),
  {
    // Two shards of 50,000 runs each joined into the report of 100,000 runs, its page included.
    name: 'toolcheck merge of 2 shards of 50,000 runs, whole process',
    targetMs: 2000,
    iterations: 1,
    setup: commandSetup,
    run: async (state) => {
      const figures = state as CommandFigures
      await rm(join(FOLDER, 'merged'), { recursive: true, force: true })
      toolcheck(figures, ['merge', figures.folders.shard1, figures.folders.shard2, '--report-dir', join(FOLDER, 'merged')])
    },
    targets: peakTarget,
  },
])
