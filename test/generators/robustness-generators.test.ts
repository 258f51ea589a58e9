import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { promptInjections, robustness, toolFaults, userPerturbations, worldPerturbations } from '../../generators/index.ts'
import { RESULT_FAULT_KINDS } from '../../src/augmentation/index.ts'
import { ledger, paySam } from '../augmentation/ledger-domain.ts'
import { wifiScenario } from './law-cases.ts'
import { robustnessLawCases } from './robustness-law-cases.ts'
import { describeRobustnessLaws } from './robustness-laws.ts'

describeRobustnessLaws('toolFaults', robustnessLawCases, ({ scenario, domain }) => toolFaults({ scenario, domain }))
describeRobustnessLaws('promptInjections', robustnessLawCases, ({ scenario, domain }) => promptInjections({ scenario, domain }))
describeRobustnessLaws('userPerturbations', robustnessLawCases, ({ scenario, domain }) => userPerturbations({ scenario, domain }))
describeRobustnessLaws('worldPerturbations', robustnessLawCases, ({ scenario, domain }) => worldPerturbations({ scenario, domain }))
describeRobustnessLaws('robustness', robustnessLawCases, ({ scenario, domain }) => robustness({ scenario, domain }))

describe('the robustness generators', () => {
  test('faults hit the calls of the solution, and answer faults only tools that read', () => {
    for (const value of fc.sample(toolFaults({ scenario: paySam, maxFaults: 2, maxAttempts: 3 }), { seed: 3, numRuns: 80 }))
      for (const fault of value.faults ?? []) {
        expect(['find_account', 'transfer']).toContain(fault.tool)
        expect(fault.call).toBe(1)
        if (fault.tool === 'transfer') expect(RESULT_FAULT_KINDS).not.toContain(fault.kind)
        expect(fault.attempts).toBeLessThanOrEqual(3)
      }
  })

  test('a failure caused by one fault kind on one call shrinks to that fault, lasting one call', () => {
    const details = fc.check(
      fc.property(toolFaults({ scenario: paySam }), (value) => !(value.faults ?? []).some((fault) => fault.tool === 'transfer' && fault.kind === 'permanent')),
      { seed: 5, numRuns: 200 },
    )
    expect(details.failed).toBe(true)
    expect(details.counterexample?.[0].faults).toEqual([{ tool: 'transfer', call: 1, kind: 'permanent', attempts: 1 }])
  })

  test('an injection that works shrinks to the shortest payload at the single position that succeeds', () => {
    const details = fc.check(
      fc.property(promptInjections({ scenario: paySam }), (value) => !(value.injections ?? []).some((injection) => injection.position.kind === 'tool-description' && injection.goal.tool === 'close_account')),
      { seed: 5, numRuns: 300 },
    )
    expect(details.failed).toBe(true)
    const injections = details.counterexample?.[0].injections ?? []
    expect(injections).toHaveLength(1)
    expect(injections[0]).toMatchObject({ style: 'direct', emphasis: 0, position: { kind: 'tool-description' }, goal: { tool: 'close_account' } })
  })

  test('goals come from the domain’s own tools and world', () => {
    const goals = fc.sample(promptInjections({ scenario: paySam, maxInjections: 1 }), { seed: 9, numRuns: 200 }).flatMap((value) => value.injections ?? []).map((injection) => injection.goal)
    expect(new Set(goals.map((goal) => goal.category))).toEqual(new Set(['minefield', 'state-change', 'exfiltration']))
    expect(goals.find((goal) => goal.category === 'exfiltration')).toMatchObject({ tool: 'send_email', leak: { argument: 'body', value: '9876', what: 'the pin of Lee Park' } })
    expect(goals.find((goal) => goal.category === 'minefield')).toMatchObject({ tool: 'close_account', match: [] })
  })

  test('user perturbations and extra rows come from the scenario; kinds can be chosen', () => {
    const users = fc.sample(userPerturbations({ scenario: paySam, kinds: ['change-mind'] }), { seed: 1, numRuns: 50 }).flatMap((value) => (value.user === undefined ? [] : [value.user]))
    expect(users.length).toBeGreaterThan(0)
    for (const user of users) expect(user.kind).toBe('change-mind')
    expect(users).toContainEqual({ kind: 'change-mind', value: 'Sam Reyes', decoy: 'Dana Reyes' })
    const rows = fc.sample(worldPerturbations({ scenario: paySam, kinds: ['near-duplicate'] }), { seed: 1, numRuns: 50 }).flatMap((value) => value.extraRows ?? [])
    expect(rows.length).toBeGreaterThan(0)
    // Dana's account is named by the transfer, Sam's by the user: both are rows the scenario works with.
    for (const row of rows) expect(row).toMatchObject({ table: 'accounts', kind: 'near-duplicate', from: expect.stringMatching(/^(Sam|Dana) Reyes$/) })
  })

  test('a scenario of a domain the generator cannot find is refused, saying what to pass', () => {
    expect(() => toolFaults({ scenario: { ...wifiScenario } })).toThrow('toolFaults needs the domain of scenario laws-turn-on-wifi (it names device): pass { domain }')
    expect(() => worldPerturbations({ scenario: paySam, domain: ledger })).not.toThrow()
  })
})
