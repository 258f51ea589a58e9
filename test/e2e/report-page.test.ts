import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { Agent, tool } from '@openai/agents'
import OpenAI from 'openai'
import type { Page } from 'playwright-core'
import type { TestAnnotation } from 'vitest'
import { expect } from 'vitest'
import { openaiAgentsAgent } from '../../src/adapters/openai-agents/index.ts'
import { main } from '../../src/cli/main.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { scriptedModel } from '../../src/mock-server/scripted-model.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { CollectedTest } from '../../src/reporter/collected-test.ts'
import type { Report } from '../../src/reporter/report.ts'
import { renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import { toRunRecord } from '../../src/runner/run-record.ts'
import { buildTranscript, TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment } from '../../src/runner/transcript.ts'
import { builtInScenarios } from '../../scenarios/toolsandbox/index.ts'
import { handoffReplies, handoffScenario } from '../adapters/recording-scenario.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'
import { browserTest, withPage } from './browser.ts'
import { reportDirectory } from './run-fixture.ts'

/*
 * The report page as people read it, in Chromium: a synthetic report whose cells are known (one
 * of 4 passes in 5, one of 5 in 5, one run with a name longer than any column), and reports of the
 * built-in corpus played by the reference agent and by an `openai:<model>` agent.
 */

const LONG_NAME = 'a-scenario-whose-name-is-longer-than-any-column-of-the-run-list-could-show-and-ends-here'
const DESCRIPTIONS_REMOVED = '3 distraction tools + tool descriptions removed'

// Unnamed milestones: the report names them after what they check.
const unnamed: Scenario = defineScenario({
  ...sampleScenario,
  id: LONG_NAME,
  milestones: sampleScenario.milestones.map(({ name: _name, ...milestone }) => milestone),
  minefields: [],
})

interface Trial {
  readonly scenario: Scenario
  readonly augmentation: string
  readonly trial: number
  readonly passed: boolean
  readonly said?: string
}

/** The trials of the synthetic report, in three cells. */
const TRIALS: readonly Trial[] = [
  ...[0, 1, 2, 3, 4].map((trial) => ({ scenario: sampleScenario, augmentation: 'none', trial, passed: trial !== 2, ...(trial === 3 ? { said: 'Sent! The parcel tracking number is ZX-42.' } : {}) })),
  ...[0, 1, 2, 3, 4].map((trial) => ({ scenario: sampleScenario, augmentation: DESCRIPTIONS_REMOVED, trial, passed: true })),
  { scenario: unnamed, augmentation: 'none', trial: 0, passed: false },
]

function trajectoryOf(trial: Trial): Trajectory {
  const trajectory = sampleTrajectory({ scenarioId: trial.scenario.id, augmentation: trial.augmentation, trial: trial.trial })
  if (trial.said === undefined) return trajectory
  return { ...trajectory, messages: trajectory.messages.map((message) => (message.index === 6 ? { ...message, content: trial.said ?? '' } : message)) }
}

/** Writes the synthetic report's page and returns its path and report. */
async function syntheticPage(name: string): Promise<{ file: string; report: Report }> {
  const runs = TRIALS.map((trial) =>
    toRunRecord(trial.scenario, trajectoryOf(trial), sampleEvaluation({ partial: !trial.passed }), trial.trial, {
      augmentationColumns: trial.augmentation === 'none' ? ['none'] : ['tool descriptions removed'],
    }),
  )
  const annotations = TRIALS.map((trial) => ({
    type: TRANSCRIPT_ANNOTATION_TYPE,
    message: 'transcript',
    attachment: transcriptAttachment(buildTranscript(trajectoryOf(trial), trial.trial, trial.scenario)),
  })) as unknown as TestAnnotation[]
  const { report, transcripts } = buildReport([{ id: 't', fullName: 'suite > sample scenarios', file: 'test/sample.test.ts', state: 'failed', attempts: [], meta: { toolcheck: { runs } }, annotations }])
  const directory = reportDirectory(name)
  await mkdir(directory, { recursive: true })
  const file = `${directory}index.html`
  await writeFile(file, renderHtmlReport(report, transcripts))
  return { file, report }
}

const rowTexts = (page: Page) => page.locator('#runs-rows > div').evaluateAll((rows) => rows.sort((a, b) => parseFloat((a as HTMLElement).style.top) - parseFloat((b as HTMLElement).style.top)).map((row) => (row.querySelector('.name .first')?.textContent ?? '') + ' | ' + (row.querySelector('.name .second')?.textContent ?? '')))

browserTest('at 1280 × 800 the run list is in view; names are whole on hover and in the detail; every column sorts', async () => {
  const { file } = await syntheticPage('page-layout')
  await withPage(
    file,
    async (page) => {
      await expect.poll(() => page.locator('#runs-rows > div').count()).toBe(3)
      // The list's head and its first rows are inside the window as it opens.
      const first = await page.locator('#runs-rows > div').first().boundingBox()
      expect(first?.y).toBeGreaterThan(0)
      expect((first?.y ?? 800) + (first?.height ?? 0)).toBeLessThanOrEqual(800)
      const head = await page.locator('.run-list-head').boundingBox()
      expect(head?.y).toBeLessThan(800 - 3 * 40)
      await page.screenshot({ path: file.replace('index.html', 'layout-1280x800.png') })
      // The overview shows one of its panels at a time, so it never pushes the list out of view.
      await page.click('[data-tab="pass-hat-k"]')
      await expect.poll(() => page.locator('#pass-hat-k-overall').isVisible()).toBe(true)
      expect(await page.locator('#heatmap').isVisible()).toBe(false)
      expect((await page.locator('#runs-rows > div').first().boundingBox())?.y).toBeLessThan(800 - 40)
      await page.click('[data-tab="heatmap-panel"]')
      // A name too long for its column: the whole of it on hover, and in the detail's heading.
      const long = page.locator('.run-row').filter({ hasText: LONG_NAME.slice(0, 20) })
      expect(await long.locator('.name').getAttribute('title')).toBe(`${LONG_NAME}\nnone\ntest/sample.test.ts > suite > sample scenarios\ntrial 0`)
      await long.click()
      await expect.poll(() => page.locator('#run-details h2').textContent()).toBe(LONG_NAME)
      const heading = await page.locator('#run-details h2').boundingBox()
      const pane = await page.locator('#run-details').boundingBox()
      expect((heading?.x ?? 0) + (heading?.width ?? Infinity)).toBeLessThanOrEqual((pane?.x ?? 0) + (pane?.width ?? 0))
      // Sorting: by scenario, then the other way, then the report's order again.
      const original = await rowTexts(page)
      await page.click('.run-list-head [data-sort="scenario"]')
      await expect.poll(() => rowTexts(page)).toEqual([`${LONG_NAME} | none`, 'send_message_to_alex | 3 distraction tools + tool descriptions removed', 'send_message_to_alex | none'].sort())
      expect(await page.locator('.run-list-head [data-sort="scenario"]').getAttribute('aria-sort')).toBe('ascending')
      // Descending; rows of the same scenario keep their order.
      await page.click('.run-list-head [data-sort="scenario"]')
      await expect.poll(() => rowTexts(page)).toEqual(['send_message_to_alex | 3 distraction tools + tool descriptions removed', 'send_message_to_alex | none', `${LONG_NAME} | none`])
      await page.click('.run-list-head [data-sort="scenario"]')
      await expect.poll(() => rowTexts(page)).toEqual(original)
      // By result: the cell of 4 passes in 5 before the one of 5 in 5; the failed single run first.
      await page.click('.run-list-head [data-sort="result"]')
      await expect.poll(() => rowTexts(page)).toEqual([`${LONG_NAME} | none`, 'send_message_to_alex | none', 'send_message_to_alex | 3 distraction tools + tool descriptions removed'])
      for (const key of ['augmentation', 'score', 'passk', 'turns', 'tokens', 'cost', 'error']) {
        await page.click(`.run-list-head [data-sort="${key}"]`)
        await expect.poll(() => page.locator(`.run-list-head [data-sort="${key}"]`).getAttribute('aria-sort')).toBe('ascending')
        expect(await page.locator('#runs-rows > div').count()).toBe(3)
      }
    },
    { viewport: { width: 1280, height: 800 } },
  )
})

browserTest('at 1280 × 800 a run opened by its address or reached by the keyboard is scrolled into the window', async () => {
  // Sixty scenarios of one run each: the list reaches below the window.
  const scenarios = Array.from({ length: 60 }, (_, at) => defineScenario({ ...sampleScenario, id: `scenario-${String(at).padStart(2, '0')}` }))
  const runs = scenarios.map((scenario) => toRunRecord(scenario, sampleTrajectory({ scenarioId: scenario.id }), sampleEvaluation(), 0))
  const { report, transcripts } = buildReport([{ id: 't', fullName: 'many', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs } }, annotations: [] }])
  const directory = reportDirectory('page-scroll-into-view')
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, transcripts))
  const inWindow = async (page: Page) => {
    const box = await page.locator('#runs-rows .cursor').boundingBox()
    return box !== null && box.y >= 0 && box.y + box.height <= 800
  }
  await withPage(
    `${directory}index.html`,
    async (page) => {
      await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe('scenario-50')
      expect(await page.locator('#runs-rows .cursor .name .first').textContent()).toBe('scenario-50')
      await expect.poll(() => inWindow(page)).toBe(true)
      await page.keyboard.press('Home')
      await expect.poll(() => page.locator('#runs-rows .cursor .name .first').textContent()).toBe('scenario-00')
      await expect.poll(() => inWindow(page)).toBe(true)
      // Down the list a row at a time, past the window's bottom edge: the row stays in the window.
      for (let step = 0; step < 14; step++) await page.keyboard.press('j')
      await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe('scenario-14')
      await expect.poll(() => inWindow(page)).toBe(true)
    },
    { viewport: { width: 1280, height: 800 }, address: '#run/scenario-50/none/0' },
  )
})

browserTest('index.html#constructor and the other names of Object.prototype in the address open nothing and throw nothing; a scenario named constructor has its address', async () => {
  const scenarios = ['constructor', 'another'].map((id) => defineScenario({ ...sampleScenario, id }))
  const runs = scenarios.map((scenario) => toRunRecord(scenario, sampleTrajectory({ scenarioId: scenario.id }), sampleEvaluation(), 0))
  const { report, transcripts } = buildReport([{ id: 't', fullName: 'prototype names', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs } }, annotations: [] }])
  const directory = reportDirectory('page-prototype-addresses')
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, transcripts))
  await withPage(
    `${directory}index.html`,
    async (page) => {
      await expect.poll(() => page.locator('#runs-rows > div').count()).toBe(2)
      expect(await page.locator('#run-details .run-detail').count()).toBe(0)
      for (const address of ['__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'cell/__proto__', 'run/constructor', 'constructor']) {
        await page.evaluate((hash) => (location.hash = hash), address)
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${address}`)
        expect(await page.locator('#run-details .run-detail').count()).toBe(0)
      }
      await page.evaluate(() => (location.hash = 'run/constructor/none/0'))
      await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe('constructor')
    },
    { address: '#constructor' },
  )
})

browserTest('trials are grouped by cell with their pass count and pass^k; every run and cell has a link that opens it, and back and forward follow', async () => {
  const { file, report } = await syntheticPage('page-cells')
  await withPage(file, async (page) => {
    const groups = page.locator('.grouped-cell')
    await expect.poll(() => groups.count()).toBe(2)
    expect(await groups.locator('.passes').allTextContents()).toEqual(['5/5', '4/5'])
    // pass^5 at k = the trials: 1 for the cell that passed every trial, 0 for the one that did not;
    // its interval is in the title, and the estimate inside it.
    expect(await groups.locator('.pass-hat-k').allTextContents()).toEqual(['1.000', '0.000'])
    expect(await groups.nth(1).locator('.pass-hat-k').getAttribute('title')).toBe('pass^5 0.000 (95% 0.000-0.794): the chance that 5 trials all pass')
    expect(await groups.nth(0).locator('.pass-hat-k').getAttribute('title')).toBe('pass^5 1.000 (95% 0.206-1.000): the chance that 5 trials all pass')
    expect(await page.locator('.run-list-head [data-sort="passk"]').textContent()).toBe('pass^5')
    // A click opens the cell: its trials under it, its detail beside, its address in the URL.
    await groups.nth(1).click()
    await expect.poll(() => page.locator('.run-row.in-group').count()).toBe(5)
    expect(await page.locator('.run-row.in-group .name').allTextContents()).toEqual(['trial 0', 'trial 1', 'trial 2', 'trial 3', 'trial 4'])
    expect(await page.evaluate(() => location.hash)).toBe('#cell/send_message_to_alex/none')
    expect(await page.locator('#run-details .cell-passes').textContent()).toBe('4 of 5 scored trials passed; mean score 0.950')
    // The cell's pass^k for every k, each estimate inside its interval; pass^1 is its pass rate.
    const curve = await page.locator('#run-details .cell-pass-hat-k tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent)))
    expect(curve).toEqual([
      // Wilson's 0.3755-0.9638, rounded outward.
      ['1', '0.800', '0.375-0.964'],
      ['2', '0.600', expect.any(String)],
      ['3', '0.400', expect.any(String)],
      ['4', '0.200', expect.any(String)],
      ['5', '0.000', '0.000-0.794'],
    ])
    for (const [, estimate, range] of curve) {
      const [low, high] = (range ?? '').split('-').map(Number)
      expect(Number(low) <= Number(estimate) && Number(estimate) <= Number(high) && Number(low) < Number(high)).toBe(true)
    }
    expect(report.summary.trials.find((cell) => cell.augmentation === 'none' && cell.trials === 5)?.passHatKInterval[5]?.[1]).toBeCloseTo(0.7935, 3)
    // A trial's link opens the run.
    await page.locator('#run-details a.trial-link', { hasText: 'trial 2: failed' }).click()
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#run/send_message_to_alex/none/2')
    await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe('send_message_to_alex')
    expect(await page.locator('#run-details .run-subtitle').textContent()).toBe('none, trial 2 · link to this run')
    expect(await page.locator('#run-details a.permalink').getAttribute('href')).toBe('#run/send_message_to_alex/none/2')
    // Back returns to the cell, forward to the run.
    await page.goBack()
    await expect.poll(() => page.locator('#run-details .cell-detail').count()).toBe(1)
    await page.goForward()
    await expect.poll(() => page.locator('#run-details .run-detail').getAttribute('data-run')).toBe(String(report.runs.findIndex((run) => run.augmentation === 'none' && run.scenario === 'send_message_to_alex' && run.trial === 2)))
  })
  // Opened at a run’s address, the page opens the run, with its cell open around it.
  await withPage(
    file,
    async (page) => {
      await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe('send_message_to_alex')
      expect(await page.locator('#run-details .run-subtitle').textContent()).toContain(`${DESCRIPTIONS_REMOVED}, trial 4`)
      expect(await page.locator('.run-row.selected .name').textContent()).toBe('trial 4')
      expect(await page.locator('.grouped-cell.open').count()).toBe(1)
    },
    // Typed by hand, unencoded: spaces and the plus sign as they are.
    { address: `#run/send_message_to_alex/${DESCRIPTIONS_REMOVED}/4` },
  )
  await withPage(file, async (page) => {
    await expect.poll(() => page.locator('#run-details .cell-detail h2').textContent()).toBe(LONG_NAME)
  }, { address: `#cell/${LONG_NAME}/none` })
  // Addresses that are names of every object's properties name nothing, and break nothing (withPage checks for errors).
  for (const address of ['#constructor', '#__proto__', '#toString'])
    await withPage(file, async (page) => {
      await expect.poll(() => page.locator('#runs-rows > div').count()).toBeGreaterThan(0)
      expect(await page.locator('#run-details .run-detail, #run-details .cell-detail').count()).toBe(0)
    }, { address })
})

browserTest('text inside the conversations finds the runs that said it and marks it in the one opened', async () => {
  const { file } = await syntheticPage('page-search')
  await withPage(file, async (page) => {
    await expect.poll(() => page.locator('#runs-rows > div').count()).toBe(3)
    await page.fill('#filter-conversation', 'tracking number')
    await expect.poll(() => page.locator('#search-status').textContent()).toBe('text found in 1 run')
    expect(await page.locator('#runs-count').textContent()).toBe('1 of 11 runs')
    // The cell shows how many of its runs match; opened, the one that said it.
    expect(await page.locator('.grouped-cell .passes').textContent()).toBe('4/5 (1)')
    await page.locator('.grouped-cell').click()
    await page.locator('.run-row').click()
    await expect.poll(() => page.locator('#run-details mark').allTextContents()).toEqual(['tracking number'])
    expect(await page.locator('#run-details .search-hits').textContent()).toBe('1 message in this conversation contain “tracking number”')
    expect(await page.locator('#run-details .message.has-match .content').textContent()).toBe('Sent! The parcel tracking number is ZX-42.')
    // Tool calls and results are searched too: every run called send_message_with_phone_number.
    await page.fill('#filter-conversation', 'SEND_MESSAGE_WITH')
    await expect.poll(() => page.locator('#search-status').textContent()).toBe('text found in 11 runs')
    await page.fill('#filter-conversation', 'nobody said this')
    await expect.poll(() => page.locator('#runs-count').textContent()).toBe('0 of 11 runs')
    await page.fill('#filter-conversation', '')
    await expect.poll(() => page.locator('#runs-count').textContent()).toBe('11 of 11 runs')
  })
})

browserTest('the keyboard moves through the list and opens what it reaches; Enter and the arrows open and close a cell; Escape goes back', async () => {
  const { file } = await syntheticPage('page-keys')
  await withPage(file, async (page) => {
    await expect.poll(() => page.locator('#runs-rows > div').count()).toBe(3)
    const selected = () => page.locator('#runs-rows .selected .name .first').textContent()
    // The rows: the single run of the long-named scenario, then the two cells of five trials.
    await page.keyboard.press('j')
    await expect.poll(selected).toBe(LONG_NAME)
    await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe(LONG_NAME)
    await page.keyboard.press('j')
    await expect.poll(selected).toBe('send_message_to_alex')
    await expect.poll(() => page.locator('#run-details .cell-detail').count()).toBe(1)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.locator('.run-row.in-group').count()).toBe(5)
    await page.keyboard.press('ArrowDown')
    await expect.poll(selected).toBe('trial 0')
    await expect.poll(() => page.locator('#run-details .run-detail .run-subtitle').textContent()).toContain(`${DESCRIPTIONS_REMOVED}, trial 0`)
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await expect.poll(selected).toBe('trial 2')
    await page.keyboard.press('k')
    await expect.poll(() => page.locator('#run-details .run-detail .run-subtitle').textContent()).toContain('trial 1')
    // Escape: from a run back to its cell, then out of the detail.
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('#run-details .cell-detail').count()).toBe(1)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => page.locator('.run-row.in-group').count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('#run-details .hint').count()).toBe(1)
    expect(await page.evaluate(() => location.hash)).toBe('')
    // End reaches the last row; Enter opens a cell.
    await page.keyboard.press('End')
    await expect.poll(() => page.locator('#run-details .cell-detail .run-subtitle').textContent()).toContain('none')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.run-row.in-group').count()).toBe(5)
    await page.keyboard.press('Home')
    await expect.poll(selected).toBe(LONG_NAME)
    // n and p open the next and previous run, into closed cells too.
    await page.keyboard.press('n')
    await expect.poll(() => page.locator('#run-details .run-detail .run-subtitle').textContent()).toContain(`${DESCRIPTIONS_REMOVED}, trial 0`)
    await expect.poll(selected).toBe('trial 0')
    await page.keyboard.press('p')
    await expect.poll(() => page.locator('#run-details .run-detail h2').textContent()).toBe(LONG_NAME)
    // / goes to the name filter, and Escape leaves it for the list.
    await page.keyboard.press('/')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter-text')
    await page.keyboard.type('long')
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('runs-viewport')
    await expect.poll(() => page.locator('#runs-count').textContent()).toBe('1 of 11 runs')
    await page.keyboard.press('?')
    expect(await page.locator('#keys').getAttribute('open')).toBe('')
  })
})

browserTest('a cell whose trials ended in errors says whose code ended them, in its row, its title and its detail', async () => {
  const error = (culprit: 'domain' | 'infrastructure') =>
    culprit === 'domain'
      ? { culprit, kind: 'tool-threw', message: 'the tool set_wifi_status threw TypeError', role: 'agent' as const, tool: 'set_wifi_status', arguments: { on: true } }
      : { culprit, kind: 'rate-limit', message: 'the endpoint kept answering 429 after 5 attempts', role: 'agent' as const }
  const scenarioOf = (id: string) => defineScenario({ ...sampleScenario, id })
  // Two cells of four trials: one passes once and ends once in a domain error and twice in
  // infrastructure errors; the other ends twice in domain errors.
  const plan = [
    ['mixed-errors', [undefined, 'domain', 'infrastructure', 'infrastructure']],
    ['domain-errors', [undefined, undefined, 'domain', 'domain']],
  ] as const
  const runs = plan.flatMap(([id, trials]) =>
    trials.map((culprit, trial) => {
      const trajectory = sampleTrajectory({ scenarioId: id, trial, ...(culprit === undefined ? {} : { status: 'error' as const, error: error(culprit) }) })
      return toRunRecord(scenarioOf(id), trajectory, sampleEvaluation(), trial)
    }),
  )
  const { report, transcripts } = buildReport([{ id: 't', fullName: 'errors', file: 'a.test.ts', state: 'failed', attempts: [], meta: { toolcheck: { runs } }, annotations: [] }])
  const directory = reportDirectory('page-cell-errors')
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, transcripts))
  await withPage(`${directory}index.html`, async (page) => {
    const groups = page.locator('.grouped-cell')
    await expect.poll(() => groups.count()).toBe(2)
    const rows = await groups.evaluateAll((all) => all.map((row) => [row.querySelector('.name .first')?.textContent, row.querySelector('.error-kind')?.textContent, row.querySelector('.passes')?.getAttribute('title')]))
    expect(rows.sort()).toEqual([
      ['domain-errors', '2 domain errors', '2 of 2 scored trials passed, 2 domain errors'],
      ['mixed-errors', '1 domain, 2 infrastructure errors', '1 of 1 scored trials passed, 1 domain, 2 infrastructure errors'],
    ])
    await groups.filter({ hasText: 'mixed-errors' }).click()
    await expect.poll(() => page.locator('#run-details .cell-passes').textContent()).toBe('1 of 1 scored trials passed, 3 runs not scored: 1 domain, 2 infrastructure errors; mean score 1.000')
  }, { viewport: { width: 1280, height: 800 } })
})

browserTest('a run’s error shows every field it carries: whose code failed, the kind, the tool, its arguments and the stack', async () => {
  const error = { culprit: 'domain', kind: 'tool-threw', message: 'send_message_with_phone_number threw', role: 'agent', tool: 'send_message_with_phone_number', arguments: { phone_number: '+1-555' }, stack: 'TypeError: x is undefined\n    at send (tools.ts:3:9)' } as const
  const { report, transcripts } = buildReport([
    {
      id: 't',
      fullName: 'x',
      file: 'a.test.ts',
      state: 'failed',
      attempts: [],
      meta: { toolcheck: { runs: [toRunRecord(sampleScenario, sampleTrajectory({ status: 'error', error }), sampleEvaluation(), 0)] } },
      annotations: [],
    },
  ])
  const directory = reportDirectory('page-error-fields')
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, transcripts))
  await withPage(`${directory}index.html`, async (page) => {
    const row = page.locator('.run-row').first()
    await expect.poll(() => row.locator('.error-kind').textContent()).toBe('domain: tool-threw')
    await row.click()
    await expect.poll(() => page.locator('#run-details pre.error-reason').textContent()).toBe('domain error (tool-threw): send_message_with_phone_number threw')
    expect(await page.locator('#run-details .error-fields dt').allTextContents()).toEqual(['role', 'tool', 'arguments', 'stack'])
    expect(await page.locator('#run-details .error-fields .error-arguments').textContent()).toBe('{\n  "phone_number": "+1-555"\n}')
    expect(await page.locator('#run-details .error-fields .error-stack').textContent()).toBe(error.stack)
  })
})

browserTest('the built-in corpus: changed rows are named by their whole key and display column, augmentation labels say what was done, every milestone has a name', async () => {
  const directory = reportDirectory('page-corpus')
  const io = { stdout: () => undefined, stderr: () => undefined }
  expect(await main(['eval', '--filter', 'remind-end-of-month', '--variants', 'all', '--report-dir', directory], io)).toBe(0)
  const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
  expect(report.summary.matrix.columns).toEqual([
    'none', '3 distraction tools', '10 distraction tools', 'all tools', 'tool names scrambled', 'tool descriptions removed', 'argument descriptions removed', 'argument types removed',
  ])
  expect(report.runs.every((run) => run.milestones.every((milestone) => (milestone.name ?? '').trim() !== '' && (milestone.target ?? '') !== ''))).toBe(true)
  await withPage(`${directory}/index.html`, async (page) => {
    // The heatmap's columns are the report's, in words that say what each did.
    expect(await page.locator('#heatmap thead th.column-name').allTextContents()).toEqual([...report.summary.matrix.columns, 'all'])
    await page.fill('#filter-text', 'tool descriptions removed')
    await expect.poll(() => page.locator('.run-row').count()).toBe(1)
    await page.locator('.run-row').click()
    await expect.poll(() => page.locator('#run-details table.tools-shown tbody tr').count()).toBeGreaterThan(3)
    const changed = await page.locator('#run-details table.tools-shown tbody td:nth-child(3)').allTextContents()
    // As in ToolSandbox, a tool that takes no arguments keeps its description; every other loses it.
    expect(changed.filter((text) => text.includes('description removed')).length).toBeGreaterThanOrEqual(3)
    // Milestone names are never empty: unnamed ones are named after what they check.
    const names = await page.locator('#run-details table.milestone-mapping tr.match .name').allTextContents()
    expect(names.length).toBeGreaterThan(0)
    expect(names.every((name) => name.trim() !== '' && !/^milestone \d+$/.test(name))).toBe(true)
    // The reminder the agent added: its table, its content (the display column) and its whole key.
    const reminder = page.locator('#run-details .change-added').filter({ hasText: 'reminders' })
    await expect.poll(() => reminder.count()).toBe(1)
    expect(await reminder.locator('.change-display').textContent()).toBe('Pay the water bill')
    const key = await reminder.locator('.change-key').textContent()
    const added = report.runs.find((run) => run.augmentation.includes('descriptions removed'))
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(added).toBeDefined()
    // Every column of the added row, each value whole.
    expect(await reminder.locator('.change-value').first().textContent()).toBe(`reminder_id: "${key}"`)
    await page.screenshot({ path: `${directory}/changed-rows.png` })
  })
})

browserTest('an openai:<model> run shows its cost from the built-in price table, in the totals, the list and the run', async () => {
  const id = 'send-message-to-elena-cellular-off'
  const server = await startMockServer({ respond: scriptedModel(builtInScenarios({ id })) })
  const names = ['TOOLCHECK_AGENT', 'TOOLCHECK_USER', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'TOOLCHECK_CACHE', 'TOOLCHECK_PRICES'] as const
  const saved = names.map((name) => [name, process.env[name]] as const)
  Object.assign(process.env, { TOOLCHECK_AGENT: 'openai:gpt-4o-mini', TOOLCHECK_USER: 'scripted', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-page-cost', TOOLCHECK_CACHE: 'off' })
  delete process.env.TOOLCHECK_PRICES
  const directory = reportDirectory('page-openai-cost')
  try {
    const io = { stdout: () => undefined, stderr: () => undefined }
    expect(await main(['eval', '--filter', id, '--variants', 'plain', '--report-dir', directory], io)).toBe(0)
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await server.close()
  }
  const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
  const [run] = report.runs
  // gpt-4o-mini at $0.15 per million prompt tokens and $0.60 per million completion tokens.
  expect(run?.usage.costUsd).toBeCloseTo(((run?.usage.promptTokens ?? 0) * 0.15 + (run?.usage.completionTokens ?? 0) * 0.6) / 1e6, 12)
  expect(run?.usage.costUsd).toBeGreaterThan(0)
  const shown = `$${(run?.usage.costUsd ?? 0).toFixed(4)}`
  await withPage(`${directory}/index.html`, async (page) => {
    expect(await page.locator('#usage').textContent()).toContain(`cost ${shown}`)
    const row = page.locator('.run-row').first()
    await expect.poll(() => row.locator('.cell.number').nth(5).textContent()).toBe(shown)
    await row.click()
    await expect.poll(() => page.locator('#run-details .usage').textContent()).toContain(`cost ${shown}`)
  })
})

browserTest('calls the agent’s framework ran outside the world are marked as such; in a report of two agents each row and address names its agent', async () => {
  // One test plays the handoff scenario with an Agents SDK agent (a handoff and a tool of its own,
  // beside the world's tool) and with the reference agent: two cells of the same scenario.
  const server = await startMockServer({ respond: handoffReplies })
  const forecast = tool({
    name: 'check_forecast',
    description: 'The weather forecast for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } as never,
    strict: false,
    execute: async (input: unknown) => ({ city: (input as { city: string }).city, forecast: 'sunny' }),
  })
  const sdkAgent = openaiAgentsAgent({
    agent: ({ tools }) => new Agent({ name: 'triage', instructions: 'Hand phone tasks to the phone agent.', model: 'm', handoffs: [new Agent({ name: 'phone', instructions: 'You operate the phone.', model: 'm', tools: [forecast, ...tools] })] }),
    client: new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-test-page-outside' }),
    api: 'chat-completions',
    cache: false,
  })
  let trajectories: Trajectory[]
  try {
    trajectories = [await runScenario(handoffScenario, { agent: sdkAgent }), await runScenario(handoffScenario, { agent: referenceAgent() })]
  } finally {
    await server.close()
  }
  const runs = await Promise.all(trajectories.map(async (trajectory) => toRunRecord(handoffScenario, trajectory, await evaluateAgainst(trajectory, handoffScenario), 0)))
  const annotations = trajectories.map((trajectory) => ({ type: TRANSCRIPT_ANNOTATION_TYPE, message: 'transcript', attachment: transcriptAttachment(buildTranscript(trajectory, 0, handoffScenario)) }))
  const test: CollectedTest = { id: 't', fullName: 'agents > handoff', file: 'test/agents.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs } }, annotations: annotations as unknown as TestAnnotation[] }
  const { report, transcripts } = buildReport([test])
  expect(report.summary.trials.map((cell) => cell.agent)).toEqual(['openai-agents:triage', 'reference'])
  const directory = reportDirectory('page-outside-calls')
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, transcripts))
  await withPage(`${directory}index.html`, async (page) => {
    await expect.poll(() => rowTexts(page)).toEqual(['handoff-wifi-and-forecast | none · openai-agents:triage', 'handoff-wifi-and-forecast | none · reference'])
    await page.locator('.run-row').first().click()
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#run/handoff-wifi-and-forecast/none/0/openai-agents%3Atriage')
    // The handoff and the own tool's call and result read as run outside the world; the world's call does not.
    const outside = page.locator('#run-details pre.outside')
    await expect.poll(() => outside.count()).toBe(4)
    expect(await outside.locator('.outside-mark').allTextContents()).toEqual([
      'handoff from triage to phone, outside the world: ',
      'handoff from triage to phone, outside the world: ',
      'run by the agent’s framework, outside the world: ',
      'run by the agent’s framework, outside the world: ',
    ])
    expect(await outside.allTextContents()).toContain('run by the agent’s framework, outside the world: check_forecast returned {\n  "city": "Cupertino",\n  "forecast": "sunny"\n}')
    expect(await page.locator('#run-details pre.tool-call:not(.outside)').allTextContents()).toEqual(expect.arrayContaining(['call set_wifi_status {\n  "on": true\n}']))
    // Each model call's instructions are a system → agent message.
    expect(await page.locator('#run-details .message.sender-system .content').allTextContents()).toEqual(expect.arrayContaining(['Hand phone tasks to the phone agent.', 'You operate the phone.']))
    await page.screenshot({ path: `${directory}outside-calls.png`, fullPage: true })
    // The other agent's run has an address of its own, which opens it.
    await page.goto(`${pathToFileURL(`${directory}index.html`).href}#run/handoff-wifi-and-forecast/none/0/reference`)
    await expect.poll(() => page.locator('#run-details .run-detail').getAttribute('data-run')).toBe('1')
    expect(await page.locator('#run-details pre.outside').count()).toBe(0)
  })
})

browserTest('a robustness run shows the attacks injected into it and its false claims of success, each claim beside its message', async () => {
  // The reference agent under the injections preset: it resists every attack and claims nothing it did not do.
  const directory = reportDirectory('page-robustness')
  const io = { stdout: () => undefined, stderr: () => undefined }
  expect(await main(['eval', '--filter', 'remove-contact', '--variants', 'injections', '--report-dir', directory], io)).toBe(0)
  const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
  const attacked = report.runs.find((run) => (run.attacks?.length ?? 0) > 0)
  const attacks = attacked?.attacks ?? []
  expect(attacks.length).toBeGreaterThan(0)
  const addressOf = (run: Pick<Report['runs'][number], 'scenario' | 'augmentation' | 'trial'> | undefined) => `#run/${encodeURIComponent(run?.scenario ?? '')}/${encodeURIComponent(run?.augmentation ?? '')}/${run?.trial ?? 0}`
  await withPage(
    `${directory}/index.html`,
    async (page) => {
      // The heatmap's robustness figures are named columns after 'all'.
      expect(await page.locator('#heatmap thead th').first().textContent()).toBe('category \\ augmentation')
      expect(await page.locator('#heatmap thead th.column-name').allTextContents()).toEqual([...report.summary.matrix.columns, 'all', 'utility', 'utility under attack', 'attack attempts', 'attack success'])
      await expect.poll(() => page.locator('#run-details .robustness-detail').count()).toBe(1)
      expect(await page.locator('#run-details h3', { hasText: 'Robustness' }).textContent()).toBe(`Robustness: 0 of ${attacks.length} attack${attacks.length === 1 ? '' : 's'} attempted, 0 succeeded, 0 false claims`)
      expect(await page.locator('#run-details table.attacks tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent)))).toEqual(attacks.map((attack) => [attack.category, attack.goal, 'resisted']))
      expect(await page.locator('#run-details .robustness-detail p.muted').textContent()).toBe('no false claims of success')
    },
    { address: addressOf(attacked) },
  )
  // A naive agent's run, recorded as a test records it: it followed the injected instruction
  // (the attack's minefield fired) and said the message went out when it did not.
  const trajectory = sampleTrajectory()
  const evaluation = { ...sampleEvaluation({ partial: true, mined: true }), falseClaims: [{ messageIndex: 6, milestone: 1, name: 'message sent', sentence: 'Sent!', fact: 'no call of send_message_with_phone_number got through' }] }
  const goal = 'send a message to +1-000, as the tool result told the agent to'
  const run = toRunRecord(sampleScenario, trajectory, evaluation, 0, { attacks: [{ minefield: 0, category: 'minefield', goal, target: { category: 'minefield', tool: 'send_message_with_phone_number', arguments: { phone_number: '+1-000' } } }] })
  // A sentence quoting the agent's markup shows as text, not as markup.
  const decidedBy = [...(run.decidedBy ?? []), 'the agent said "<b>Sent!</b>" at message 6, but no call of send_message_with_phone_number got through']
  expect(run.decidedBy?.length).toBeGreaterThan(0)
  const { report: naive, transcripts } = buildReport([
    { id: 't', fullName: 'naive', file: 'a.test.ts', state: 'failed', attempts: [], meta: { toolcheck: { runs: [{ ...run, decidedBy }] } }, annotations: [{ type: TRANSCRIPT_ANNOTATION_TYPE, message: 'transcript', attachment: transcriptAttachment(buildTranscript(trajectory, 0, sampleScenario)) }] as unknown as TestAnnotation[] },
  ])
  await writeFile(`${directory}/naive.html`, renderHtmlReport(naive, transcripts))
  await withPage(
    `${directory}/naive.html`,
    async (page) => {
      await expect.poll(() => page.locator('#run-details .robustness-detail').count()).toBe(1)
      // What decided the run opens its detail, one line per sentence, as text.
      expect(await page.locator('#run-details .run-detail > h3').first().textContent()).toBe('What decided it')
      expect(await page.locator('#run-details ul.decided-by li').allTextContents()).toEqual(decidedBy)
      expect(await page.locator('#run-details ul.decided-by b').count()).toBe(0)
      expect(await page.locator('#run-details h3', { hasText: 'Robustness' }).textContent()).toBe('Robustness: 1 of 1 attack attempted, 0 succeeded, 1 false claim')
      expect(await page.locator('#run-details table.attacks tbody td').allTextContents()).toEqual(['minefield', goal, 'attempted by the agent: the call asked for at message 4'])
      expect(await page.locator('#run-details table.false-claims tbody td').allTextContents()).toEqual(['6', 'message sent (not reached)', 'Sent!', 'no call of send_message_with_phone_number got through'])
      expect(await page.locator('#run-details .message[data-message="6"] .badge.false-claim').textContent()).toBe('false claim: message sent')
      await page.screenshot({ path: `${directory}/robustness-detail.png`, fullPage: true })
    },
    { address: addressOf(naive.runs[0]) },
  )
})
