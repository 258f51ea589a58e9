import { expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { PageDetails, PageIndex } from '../../src/reporter/page-data.ts'
import { encodePageData } from '../../src/reporter/page-data.ts'
import { renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import { toRunRecord } from '../../src/vitest/record-scenario-run.ts'
import { buildTranscript } from '../../src/vitest/transcript.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

function sampleReport(agent = 'test-agent') {
  const trajectory = sampleTrajectory({ agent })
  const record = toRunRecord(sampleScenario, trajectory, sampleEvaluation({ partial: true }), 0)
  const built = buildReport([{ id: 't', fullName: 'x', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: [record] } }, annotations: [] }])
  return { ...built, transcripts: [buildTranscript(trajectory, 0, sampleScenario)] }
}

function embedded<T>(html: string, id: string): T {
  const start = html.indexOf(`id="${id}">`) + `id="${id}">`.length
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as T
}

test('the page is self-contained and model text cannot break out of the embedded data', () => {
  const { report, transcripts } = sampleReport('agent </title><script>alert(2)</script>')
  const html = renderHtmlReport(report, transcripts)
  // Exactly the three script elements of the page: the index, the details and the code.
  expect(html.match(/<script/g)).toHaveLength(3)
  expect(html.match(/<\/script>/g)).toHaveLength(3)
  expect(html).toContain('agent &#60;/title&#62;&#60;script&#62;alert(2)&#60;/script&#62;')
  expect(html).toContain('Sent! \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e')
  expect(html).not.toMatch(/(src|href)=["']?https?:/)
  expect(html).toContain("default-src 'none'")
  const details = embedded<PageDetails>(html, 'toolcheck-details')
  expect(details.strings).toContain('Sent! </script><script>alert(1)</script>')
})

test('the page data interns strings, keeps scores as thousandths and names changed rows by key', () => {
  const { report, transcripts } = sampleReport()
  const { index, details } = encodePageData(report, transcripts)
  const text = (id: number) => index.strings[id]
  expect(index.runCount).toBe(1)
  expect(text(index.runs.scenario[0] as number)).toBe('send_message_to_alex')
  expect(index.runs.score).toEqual([750])
  expect(index.runs.verdict).toEqual([1])
  expect(index.lists[index.runs.categories[0] as number]?.map(text)).toEqual(['SINGLE_TOOL_CALL', 'STATE_DEPENDENCY'])
  const [milestones, , messages] = details.runs[0] as [unknown[][], unknown[][], unknown[][]]
  // The missed milestone carries its closest message, similarity and reason.
  expect(milestones[1]?.slice(5)).toEqual([5, 500, details.strings.indexOf('content "hi <b>there</b>" vs "hi": ROUGE-L 0.500')])
  const changeLines = messages.flatMap((message) => (message[6] as number[]).map((id) => details.strings[id]))
  expect(changeLines).toContain('+ messages[m1] {"message_id":"m1","content":"hi <b>there</b>"}')
  // The index the page reads at once holds none of the conversation.
  expect((index as PageIndex).strings).not.toContain('You are a helpful assistant.')
})
