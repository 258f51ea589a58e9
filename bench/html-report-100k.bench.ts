import { mkdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { AUGMENTATION_COLUMNS } from '../src/augmentation/index.ts'
import { CATEGORIES } from '../src/scenario/index.ts'
import { renderHtmlReport } from '../src/reporter/render-html-report.ts'
import type { Report, ReportRun } from '../src/reporter/report.ts'
import { reportSettings } from '../src/reporter/report-settings.ts'
import { summarizeRuns } from '../src/reporter/summarize-runs.ts'
import type { Transcript, TranscriptMessage } from '../src/runner/transcript.ts'
import { runId } from '../src/runner/run-id.ts'
import { defineBenchmarks } from './harness.ts'

/**
 * The HTML report at 100,000 runs: 228 scenarios × 8 augmentations × ~55 trials, each run with a
 * transcript of about ten messages, its milestones and the tools it was shown. The data is shaped
 * like a model's: the prompts, tool descriptions and tool results repeat across a scenario's
 * trials, while the agent's own words differ on most of them. Targets: the page written in 2 s
 * and at most 30 MB; in Chromium, open (until the run list is drawn) and filter (until the
 * filtered list is drawn) within 3 s. Also measured: sorting by score, the first run's detail
 * (which unpacks the details), and a search of the text of every conversation.
 */
const RUNS = 100_000
const SCENARIOS = 228
const FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'toolcheck-report', 'bench', 'html-100k', 'index.html')
const SYSTEM_PROMPT =
  "You are an assistant that acts on the user's phone through the tools you are given. Never guess a value for a tool argument: when something the user asked for is unclear or missing, ask them. Keep answers short."

interface State {
  readonly report: Report
  readonly transcripts: readonly Transcript[]
  html?: string
}

function setup(): State {
  const runs: ReportRun[] = []
  const transcripts: Transcript[] = []
  // In the order a report keeps its runs: by scenario, augmentation, then trial.
  const trials = Math.ceil(RUNS / (SCENARIOS * 8))
  for (let index = 0; index < RUNS; index++) {
    const scenario = Math.floor(index / (8 * trials))
    const column = AUGMENTATION_COLUMNS[Math.floor(index / trials) % 8] as string
    const trial = index % trials
    const id = `scenario-${scenario}-${['wifi', 'message', 'reminder', 'contact'][scenario % 4]}`
    // About one run in six fails, more under the harder augmentations.
    const failed = (scenario * 7 + trial * 13 + (column.length % 5)) % 6 === 0
    const errored = !failed && (scenario + trial) % 97 === 0
    const score = errored ? null : failed ? 0.5 : 1
    const categories = [CATEGORIES[scenario % 7] as string, CATEGORIES[(scenario + 3) % 7] as string]
    runs.push({
      id: runId({ scenario: id, augmentation: column, trial, agent: 'openai:gpt-4o-mini', user: 'scripted' }),
      scenario: id,
      categories,
      augmentation: column,
      augmentationColumns: [column],
      trial,
      domain: 'device',
      agent: 'openai:gpt-4o-mini',
      user: 'scripted',
      status: errored ? 'error' : 'completed',
      ...(errored ? { error: { culprit: 'infrastructure' as const, kind: 'rate-limit', message: 'the endpoint kept answering 429 after 5 attempts' } } : {}),
      score,
      threshold: 1,
      milestoneScore: score,
      minefieldHit: errored ? null : false,
      turns: 4 + (scenario % 5),
      usage: { calls: 3, promptTokens: 1400 + (index % 300), completionTokens: 60 + (index % 40), latencyMs: 900, cachedCalls: 0, costUsd: 0.0003 },
      milestones: [
        { index: 0, name: 'setting changed', messageIndex: 4, similarity: 1, reason: 'all 1 constraint hold at message 4' },
        failed
          ? { index: 1, name: 'answer', messageIndex: 2, similarity: 0, reason: `message 2 (agent → user): none of "done" found`, bestCandidate: { messageIndex: 8, similarity: 0, reason: `message 8 (agent → user): none of "done", "switched on" found in "${answer(index)}" (mentions)` } }
          : { index: 1, name: 'answer', messageIndex: 8, similarity: 1, reason: 'all 1 constraint hold at message 8' },
      ],
      minefields: [{ index: 0, name: 'wrong person messaged', messageIndex: 2, similarity: 0, reason: 'expected a call of send_message_with_phone_number; message 2 is user → agent without a tool result' }],
      test: `part-${(scenario % 2) + 1} > ${id} [${column}]`,
      file: `scenarios/eval/part-${(scenario % 2) + 1}.eval.ts`,
      passed: !errored && !failed,
      verdict: errored ? 'error' : failed ? 'failed' : 'passed',
      testPassed: !errored && !failed,
    })
    transcripts.push(transcriptOf(id, scenario, column, trial, index))
  }
  return {
    report: { format: 'toolcheck-report', version: 2, agent: 'openai:gpt-4o-mini', agents: ['openai:gpt-4o-mini'], users: ['scripted'], domains: ['device'], settings: reportSettings(runs, { agentSpec: 'openai:gpt-4o-mini' }), scenarios: {}, runs, summary: summarizeRuns(runs), problems: [] },
    transcripts,
  }
}

// Most trials word the answer their own way, as a sampled model does.
function answer(index: number): string {
  return index % 4 === 0 ? 'Done, Wi-Fi is on now.' : `All set (${index.toString(36)}): I switched it on and checked that it stayed on; anything else?`
}

function transcriptOf(id: string, scenario: number, column: string, trial: number, index: number): Transcript {
  const tool = column.includes('names') ? `settings_${scenario % 9}` : 'set_wifi_status'
  const message = (position: number, sender: string, recipient: string, content: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage => ({ index: position, sender, recipient, content, ...extra })
  return {
    scenario: id,
    augmentation: column,
    trial,
    firstUserMessageIndex: 2,
    messages: [
      message(0, 'system', 'agent', SYSTEM_PROMPT),
      message(1, 'system', 'user', `You are role-playing a person talking to a digital assistant on their phone. Your goal: scenario ${scenario}. You know: nothing else. When your request is done, end the conversation.`),
      message(2, 'user', 'agent', `Please switch on my wifi (request ${scenario}).`),
      message(3, 'agent', 'environment', '', { toolCalls: [{ id: 'call-1', name: tool, arguments: { on: true } }] }),
      message(4, 'environment', 'agent', 'null', {
        toolResult: { callId: 'call-1', tool: 'set_wifi_status', arguments: { on: true }, result: null },
        changes: [{ table: 'settings', added: [], removed: [], updated: [{ before: { device_id: 'd-1', wifi: false }, after: { device_id: 'd-1', wifi: true }, columns: ['wifi'] }] }],
      }),
      message(5, 'agent', 'environment', '', { toolCalls: [{ id: 'call-2', name: 'get_wifi_status', arguments: {} }] }),
      message(6, 'environment', 'agent', 'true', { toolResult: { callId: 'call-2', tool: 'get_wifi_status', arguments: {}, result: true } }),
      message(7, 'agent', 'user', trial % 3 === 0 ? 'One moment.' : `Checking (${(index * 7).toString(36)}).`),
      message(8, 'agent', 'user', answer(index)),
      message(9, 'user', 'environment', '', { toolCalls: [{ id: 'end', name: 'end_conversation', arguments: {} }] }),
      message(10, 'environment', 'user', 'null', { toolResult: { callId: 'end', tool: 'end_conversation', arguments: {}, result: null }, ended: true }),
    ],
    keys: { settings: ['device_id'] },
    tools: ['get_wifi_status', 'set_wifi_status', 'get_cellular_service_status', 'set_cellular_service_status', 'search_contacts'].map((name, position) => ({
      name: column.includes('names') ? `settings_${position}` : name,
      tool: name,
      description: `Tool ${name}: ${'changes or reads one setting of the device, and tells what it did. '.repeat(2)}`,
      changes: column.includes('names') ? [`renamed from ${name}`] : [],
    })),
  }
}

async function writePage(state: State): Promise<void> {
  state.html = renderHtmlReport(state.report, state.transcripts)
  await mkdir(dirname(FILE), { recursive: true })
  await writeFile(FILE, state.html)
}

async function browserTimes(): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
    const count = () => page.locator('#runs-count').textContent()
    // The list shows a row per cell (its trials grouped under it) and a row per run of a cell of one.
    const rowsDrawn = () => document.querySelectorAll('.run-row, .grouped-cell').length > 0
    const start = performance.now()
    await page.goto(pathToFileURL(FILE).href)
    await page.waitForFunction((total) => document.getElementById('runs-count')?.textContent === `${total} of ${total} runs` && document.querySelectorAll('.run-row, .grouped-cell').length > 0, RUNS, { timeout: 60_000 })
    const openMs = performance.now() - start
    const filterStart = performance.now()
    await page.selectOption('#filter-status', 'failed')
    await page.waitForFunction((total) => !document.getElementById('runs-count')?.textContent?.startsWith(`${total} of`), RUNS)
    const filterMs = performance.now() - filterStart
    const shown = Number((await count())?.split(' ')[0])
    const sortStart = performance.now()
    await page.click('.run-list-head [data-sort="score"]')
    await page.waitForFunction(() => document.querySelector('.run-list-head [data-sort="score"]')?.getAttribute('aria-sort') === 'ascending')
    await page.waitForFunction(rowsDrawn)
    const sortMs = performance.now() - sortStart
    const textStart = performance.now()
    await page.fill('#filter-text', 'scenario-17-')
    await page.waitForFunction(() => Number(document.getElementById('runs-count')?.textContent?.split(' ')[0]) < 2000)
    const textFilterMs = performance.now() - textStart
    await page.locator('.grouped-cell').first().click()
    const detailStart = performance.now()
    await page.locator('.run-row').first().click()
    await page.locator('#run-details .run-detail').waitFor()
    const firstDetailMs = performance.now() - detailStart
    const searchStart = performance.now()
    await page.fill('#filter-conversation', 'anything else')
    await page.waitForFunction(() => document.getElementById('search-status')?.textContent?.startsWith('text found in'), undefined, { timeout: 60_000 })
    const conversationSearchMs = performance.now() - searchStart
    const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0)
    return {
      browserOpenMs: Math.round(openMs),
      browserFilterMs: Math.round(filterMs),
      failedRunsShown: shown,
      browserSortMs: Math.round(sortMs),
      browserTextFilterMs: Math.round(textFilterMs),
      browserFirstDetailMs: Math.round(firstDetailMs),
      browserConversationSearchMs: Math.round(conversationSearchMs),
      browserHeapMB: Math.round(heap / 1e5) / 10,
    }
  } finally {
    await browser.close()
  }
}

/** The page's size and its open time in the browser, measured with the facts, checked as targets. */
const pageFigures = { sizeMB: Number.NaN, openMs: Number.NaN }

export default defineBenchmarks([
  {
    name: 'HTML page for 100,000 runs, written to disk (target 2 s, 30 MB)',
    targetMs: 2000,
    iterations: 3,
    warmUp: 1,
    setup,
    run: (state) => writePage(state as State),
    facts: async (state) => {
      const before = process.memoryUsage().heapUsed
      const { html: _html, ...rest } = state as State
      const probe: State = { ...rest }
      global.gc?.()
      const start = process.memoryUsage().heapUsed
      let peak = start
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed)
      }, 5)
      await writePage(probe)
      clearInterval(timer)
      peak = Math.max(peak, process.memoryUsage().heapUsed)
      const size = (await stat(FILE)).size
      const browser = await browserTimes()
      pageFigures.sizeMB = size / 1e6
      pageFigures.openMs = browser.browserOpenMs ?? Number.NaN
      return {
        htmlMB: Math.round(size / 1e5) / 10,
        heapGrowthWhileWritingMB: Math.round((peak - Math.min(before, start)) / 1e5) / 10,
        ...browser,
      }
    },
    targets: () => [
      { name: 'page size', measured: pageFigures.sizeMB, limit: 30, unit: 'MB' },
      { name: 'open in Chromium', measured: pageFigures.openMs, limit: 3000, unit: 'ms' },
    ],
  },
])
