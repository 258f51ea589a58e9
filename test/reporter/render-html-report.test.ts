import { expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import { packText, unpackJson } from '../../src/reporter/packed-json.ts'
import type { PageDetails } from '../../src/reporter/page-data.ts'
import { encodePageData, PageDataEncoder } from '../../src/reporter/page-data.ts'
import { htmlPagePieces, renderHtmlPage, renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import { toRunRecord } from '../../src/runner/run-record.ts'
import { wilsonInterval } from '../../src/reporter/wilson-interval.ts'
import { buildTranscript } from '../../src/runner/transcript.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

// `tests` tests of the same scenario, each with `trials` trials: a cell each.
function sampleReport(agent = 'test-agent', trials = 1, tests = 1) {
  const trajectory = sampleTrajectory({ agent })
  const records = Array.from({ length: trials }, (_, trial) => toRunRecord(sampleScenario, trajectory, sampleEvaluation({ partial: true }), trial))
  const built = buildReport(Array.from({ length: tests }, (_, test) => ({ id: `t${test}`, fullName: tests === 1 ? 'x' : `x${test}`, file: 'a.test.ts', state: 'passed' as const, attempts: [], meta: { toolcheck: { runs: records } }, annotations: [] })))
  return { ...built, transcripts: built.report.runs.map((run) => buildTranscript(trajectory, run.trial, sampleScenario)) }
}

function element(html: string, id: string): string {
  const start = html.indexOf(`id="${id}">`) + `id="${id}">`.length
  return html.slice(start, html.indexOf('</script>', start))
}

test('the page is self-contained and model text cannot break out of the embedded data', () => {
  const { report, transcripts } = sampleReport('agent </title><script>alert(2)</script>')
  const html = renderHtmlReport(report, transcripts)
  // Exactly the three script elements of the page: the index, the packed details and the code.
  expect(html.match(/<script/g)).toHaveLength(3)
  expect(html.match(/<\/script>/g)).toHaveLength(3)
  expect(html).toContain('agent &#60;/title&#62;&#60;script&#62;alert(2)&#60;/script&#62;')
  expect(html).toContain('agent \\u003c/title\\u003e\\u003cscript\\u003ealert(2)\\u003c/script\\u003e')
  expect(html).not.toMatch(/(src|href)=["']?https?:/)
  expect(html).toContain("default-src 'none'")
  // The details are deflated base64: no markup at all, and the model's text comes back intact.
  expect(element(html, 'toolcheck-details')).toMatch(/^[A-Za-z0-9+/=]+$/)
  const details = unpackJson(element(html, 'toolcheck-details')) as PageDetails
  expect(details.strings).toContain('Sent! </script><script>alert(1)</script>')
})

test('the page data interns strings, shares the parts runs repeat, keeps scores as thousandths, groups runs by cell and names changed rows by key', () => {
  const { report, transcripts } = sampleReport('test-agent', 3)
  const { index, detailsJson } = encodePageData(report, transcripts)
  const details = JSON.parse(detailsJson) as PageDetails
  const text = (id: number) => index.strings[id]
  expect(index.runCount).toBe(3)
  const scenario = index.runs.scenario
  // One scenario for every run: the column holds it once.
  expect(scenario).toEqual({ value: index.strings.indexOf('send_message_to_alex') })
  expect(index.runs.score).toEqual({ value: 750 })
  expect(index.runs.trial).toEqual([0, 1, 2])
  const categories = index.runs.categories as { value: number }
  expect(index.lists[categories.value]?.map(text)).toEqual(['SINGLE_TOOL_CALL', 'STATE_DEPENDENCY'])
  // One cell, three trials, none passed (a score of 0.75 against a threshold of 1); pass^k for
  // k = 1..3 in thousandths, estimate then the interval rounded outward.
  expect(index.runs.cell).toEqual({ value: 0 })
  expect(index.cells).toMatchObject({ trials: [3], passes: [0], errors: [0], meanScore: [750], curve: [0] })
  const [curve] = index.curves
  expect(curve?.slice(0, 3)).toEqual([0, 0, Math.ceil((wilsonInterval(0, 3)?.[1] ?? 0) * 1000)])
  expect(curve).toHaveLength(9)
  // The three trials share every message, milestone and tool: one copy each.
  const [first, second] = details.runs
  expect(second?.slice(0, 4)).toEqual(first?.slice(0, 4))
  expect(details.messages).toHaveLength(8)
  const milestones = (details.lists[first?.[0] as number] ?? []).map((id) => details.matches[id])
  // The missed milestone carries its closest message, similarity and reason, and what it expected.
  expect(milestones[1]?.slice(5, 8)).toEqual([5, 500, details.strings.indexOf('content "hi <b>there</b>" vs "hi": ROUGE-L 0.500')])
  expect(details.strings[milestones[1]?.[8] as number]).toBe('messages: a row added { content = "hi" }')
  expect(milestones[0]?.slice(5, 8)).toEqual([-1, -1, -1])
  // A changed row: added, in messages, keyed m1, no display column, every column whole.
  const changes = details.messages.flatMap((message) => message[6] as unknown[][])
  const added = changes.find((change) => change[0] === 1 && details.strings[change[1] as number] === 'messages')
  expect(added?.slice(0, 4).map((id, position) => (position === 0 ? id : details.strings[id as number]))).toEqual([1, 'messages', 'm1', undefined])
  expect((added?.[4] as number[]).map((id) => details.strings[id] ?? -1)).toEqual(['message_id', -1, '"m1"', 'content', -1, '"hi <b>there</b>"'])
  // The index the page reads at once holds none of the conversation.
  expect(index.strings).not.toContain('You are a helpful assistant.')
  expect(unpackJson(packText(detailsJson))).toEqual(details)
})

test('columns whose values come in long runs are written as [value, count, ...]', () => {
  const { report, transcripts } = sampleReport('test-agent', 30)
  const runs = report.runs.map((run, position) => ({ ...run, scenario: position < 20 ? 'a' : 'b' }))
  const { index } = encodePageData({ ...report, runs }, transcripts)
  expect(index.runs.scenario).toEqual({ repeats: [index.strings.indexOf('a'), 20, index.strings.indexOf('b'), 10] })
  expect(index.runs.trial).toEqual(Array.from({ length: 30 }, (_, trial) => trial))
})

test('what decided a run travels after its attacks and false claims, and a run without it ends as before', () => {
  const { report, transcripts } = sampleReport('test-agent', 3)
  const decidedBy = ['the run hit the turn limit: it stopped after 2 turns, before the conversation ended', 'the agent said "<b>Sent!</b>" at message 6']
  const attacks = [{ minefield: 0, category: 'minefield', goal: 'send a message to +1-000', attempted: false, succeeded: false }]
  const runs = [{ ...report.runs[0], decidedBy }, { ...report.runs[1], attacks }, report.runs[2]] as typeof report.runs
  const details = JSON.parse(encodePageData({ ...report, runs }, transcripts).detailsJson) as PageDetails
  const [decided, attacked, plain] = details.runs
  // Neither attacks nor false claims: their places are −1, and what decided it follows, as JSON.
  expect(decided?.slice(6)).toEqual([-1, -1, details.strings.indexOf(JSON.stringify(decidedBy))])
  expect(JSON.parse(details.strings[decided?.[8] as number] ?? 'null')).toEqual(decidedBy)
  // A run with attacks and nothing that decided it keeps the two places it had; a plain run has neither.
  expect(attacked).toHaveLength(8)
  expect(JSON.parse(details.strings[attacked?.[6] as number] ?? 'null')).toEqual(attacks)
  expect(plain).toHaveLength(6)
})

test('the details list every run in order past the thousands of entries joined into one piece, and the streamed page is the page of the report held whole', async () => {
  // Nine cells of 1,000 trials (a cell of 9,000 would spend half a minute on its pass^k curve).
  const { report, transcripts } = sampleReport('test-agent', 1000, 9)
  // Every run its own error, so that its entry names a string of its own: entries that differ run by run.
  const runs = report.runs.map((run) => ({ ...run, error: { culprit: 'infrastructure', kind: 'timeout', message: `timed out in ${run.test}, trial ${run.trial}` } })) as typeof report.runs
  const details = JSON.parse(encodePageData({ ...report, runs }, transcripts).detailsJson) as PageDetails
  expect(details.runs).toHaveLength(9000)
  expect(details.runs.map((entry) => details.strings[entry[5] as number])).toEqual(runs.map((run) => JSON.stringify(run.error)))
  const streamed = new PageDataEncoder()
  for (const [position, run] of runs.entries()) streamed.add(run, transcripts[position])
  const whole = { ...report, runs }
  const page = renderHtmlReport(whole, transcripts)
  expect(renderHtmlPage(whole, streamed.finishJson(whole))).toBe(page)
  // Its details deflated a piece at a time, as a report written as runs come packs them.
  expect(htmlPagePieces(whole, await streamed.finishPacked(whole)).join('')).toBe(page)
})
