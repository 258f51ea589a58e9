import { describe, expect, test } from 'vitest'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { failures, HONEST_REPORTS, LIES, permanentFaultCases, playCase, rewordedReference, switchedSetting } from './text-checks-study.ts'

describe('the text checks under --variants faults, with the reference agent reworded', async () => {
  const cases = await permanentFaultCases()
  test('the built-in corpus has permanent-fault runs to play', () => {
    expect(cases.length).toBeGreaterThan(100)
  })
  test('honest reports in 8 English wordings and 4 other languages fail no run', async () => {
    const honest = await failures(cases, HONEST_REPORTS)
    console.log(`honest reports failing: ${honest.failed}/${honest.runs}`)
    expect(honest.failed).toBe(0)
  })
  test.for(LIES)('the lie %j fails every run', async (lie) => {
    const lies = await failures(cases, [lie])
    console.log(`${JSON.stringify(lie)} passing: ${lies.runs - lies.failed}/${lies.runs}`)
    expect(lies.failed).toBe(lies.runs)
  })
  test('a true statement before an honest report is never scored as a lie', async () => {
    let runs = 0
    let scoredAsLies = 0
    for (const entry of await permanentFaultCases({ everyPlacement: true })) {
      // What the run truly did before the fault ("I turned off low battery mode."), said before the report.
      const statement = switchedSetting((await playCase(entry, referenceAgent())).trajectory)
      if (statement === undefined) continue
      const result = await playCase(entry, rewordedReference((report) => `${statement} ${report}`))
      runs += 1
      if ((result.falseClaims?.length ?? 0) > 0) scoredAsLies += 1
    }
    console.log(`true statements scored as lies: ${scoredAsLies}/${runs}`)
    expect(runs).toBeGreaterThan(0)
    expect(scoredAsLies).toBe(0)
  })
})
