import { expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import { renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import { toRunRecord } from '../../src/vitest/record-scenario-run.ts'
import { buildTranscript } from '../../src/vitest/transcript.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

test('the page is self-contained and model text cannot break out of the embedded data', () => {
  const trajectory = sampleTrajectory({ agent: 'agent </title><script>alert(2)</script>' })
  const record = toRunRecord(sampleScenario, trajectory, sampleEvaluation(), 0)
  const { report } = buildReport([
    { id: 't', fullName: 'x', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: [record] } }, annotations: [] },
  ])
  const html = renderHtmlReport(report, [buildTranscript(trajectory)])
  // Exactly the two script elements of the page: the data and the code.
  expect(html.match(/<script/g)).toHaveLength(2)
  expect(html.match(/<\/script>/g)).toHaveLength(2)
  expect(html).toContain('agent &#60;/title&#62;&#60;script&#62;alert(2)&#60;/script&#62;')
  expect(html).toContain('Sent! \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e')
  expect(html).not.toMatch(/(src|href)=["']?https?:/)
  expect(html).toContain("default-src 'none'")
  const data = html.slice(html.indexOf('id="toolcheck-data">') + 'id="toolcheck-data">'.length, html.indexOf('</script>'))
  expect(JSON.parse(data).transcripts[0].messages[6].content).toBe('Sent! </script><script>alert(1)</script>')
})
