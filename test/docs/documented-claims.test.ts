import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import { FAULT_VARIANTS, perturbUser, PLAIN_AUGMENTATION, robustnessContract } from '../../src/augmentation/index.ts'
import { together } from '../../src/authoring/index.ts'
import type { Message } from '../../src/conversation/index.ts'
import { referenceAgent, scriptedUser } from '../../src/roles/index.ts'
import { defineScenario, ScenarioError } from '../../src/scenario/index.ts'
import { checkSweep } from '../../src/vitest/index.ts'
import { toolFaults } from '../../generators/index.ts'

const [removeContact] = builtInScenarios({ ids: ['remove-contact-aiko'] })
if (removeContact === undefined) throw new Error('the built-in scenario remove-contact-aiko is gone')

// Claims the docs make about behaviour that was once stated only in the .d.ts files, each checked
// against the code.
const doc = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8').replace(/\s+/g, ' ')

describe('what the docs say', () => {
  test('together() takes the first milestone\'s name (docs/domains.md)', () => {
    const first = { name: 'the transfer is made', constraints: [{ kind: 'tool-call' as const, anyOf: [{ tool: 'transfer_funds', arguments: {} }] }] }
    const second = { name: 'dropped', constraints: [{ kind: 'tool-call' as const, anyOf: [{ tool: 'get_balance', arguments: {} }] }] }
    expect(together(first, second)).toEqual({ name: 'the transfer is made', constraints: [...first.constraints, ...second.constraints] })
    expect(doc('docs/domains.md')).toContain("it takes the first milestone's name (or, without one, the name made from its first constraint) and its other fields, and the others' names are dropped")
  })

  test('an unknown clock.timeZone is refused when the scenario is loaded (docs/scenarios.md)', () => {
    const base = { id: 'zone', categories: ['SINGLE_TOOL_CALL'], user: { goal: 'g', knowledge: 'k' }, firstMessage: 'hi', tools: { allow: ['get_current_timestamp'] }, reference: [{ agent: 'say' as const, content: 'hello' }] }
    expect(() => defineScenario({ ...base, clock: { now: '2026-05-14T10:00:00+02:00', timeZone: 'Mars/Olympus' } })).toThrow(ScenarioError)
    expect(() => defineScenario({ ...base, clock: { now: '2026-05-14T10:00:00+02:00', timeZone: 'Mars/Olympus' } })).toThrow(/an IANA time zone such as America\/Los_Angeles/)
    expect(defineScenario({ ...base, clock: { now: '2026-05-14T10:00:00+02:00', timeZone: 'Europe/Berlin' } }).clock.timeZone).toBe('Europe/Berlin')
    expect(doc('docs/scenarios.md')).toContain('An unknown zone (`Mars/Olympus`) is refused when the scenario is loaded.')
  })

  test('the presets fault one attempt, toolFaults up to maxAttempts (default 2), and the budget grows by 2 a retry (docs/robustness.md)', () => {
    const source = { domain: deviceDomain, registry: deviceDomain.registry }
    const presets = FAULT_VARIANTS.flatMap((recipe) => recipe.candidates(removeContact, source)).flatMap((augmentation) => augmentation.faults ?? [])
    expect(presets.length).toBeGreaterThan(0)
    for (const fault of presets) expect(fault.attempts).toBe(1)
    const drawn = fc.sample(toolFaults({ scenario: removeContact }), { numRuns: 300, seed: 7 }).flatMap((augmentation) => augmentation.faults ?? [])
    const recoverable = drawn.filter((fault) => fault.kind !== 'permanent').map((fault) => fault.attempts)
    expect(new Set(recoverable)).toEqual(new Set([1, 2]))
    // A transient fault of 2 attempts makes the solution repeat its call twice: 4 more messages.
    const target = presets.find((fault) => fault.kind === 'transient')
    if (target === undefined) throw new Error('no transient preset for remove-contact-aiko')
    const contract = robustnessContract(removeContact, { ...PLAIN_AUGMENTATION, faults: [{ ...target, attempts: 2 }] }, { registry: deviceDomain.registry })
    expect(contract.scenario.maxTurns).toBe(removeContact.maxTurns + 4)
    expect(doc('docs/robustness.md')).toContain('fault one call of the solution for one attempt')
    expect(doc('docs/robustness.md')).toContain('draws each recoverable fault for 1 to `maxAttempts` attempts (default 2')
  })

  test('the split user gives the rest in its next reply, whatever the agent says (docs/robustness.md)', async () => {
    const fact = 'Aiko Tanabe'
    const scenario = removeContact
    expect(scenario.firstMessage).toContain(fact)
    const perturbed = perturbUser(scenario, scenario.firstMessage, { kind: 'split', withheld: [fact] })
    const user = scriptedUser({ reference: [...perturbed.reference] })
    const say = (index: number, sender: Message['sender'], recipient: Message['recipient'], content: string): Message => ({ index, sender, recipient, content, visibleTo: [sender, recipient], snapshot: 0 })
    const messages = [say(0, 'system', 'user', ''), say(1, 'user', 'agent', perturbed.firstMessage), say(2, 'agent', 'user', 'Noted. Anything else you want to tell me before I go on?')]
    const reply = await user.respond({ messages, systemPrompt: '' }, { scenario, trial: 0, seed: 0 })
    expect(reply).toEqual({ kind: 'say', content: `Here is the rest: ${fact}.` })
    expect(doc('docs/robustness.md')).toContain("in its next reply, whatever the agent's message says")
  })

  test('every field of a sweep\'s report is named in docs/robustness.md', async () => {
    const report = await checkSweep(removeContact, fc.constant(PLAIN_AUGMENTATION), { agent: referenceAgent(), numRuns: 1 })
    const section = doc('docs/robustness.md').split("**The sweep's report.**")[1]?.split('## 7.')[0] ?? ''
    for (const field of ['scenario', 'agent', 'passed', 'minScore', 'seed', 'path', 'numRuns', 'numShrinks', 'errors', 'refused', 'shrunk', 'counterexample', 'runs', 'plays', 'thrown', ...Object.keys(report)])
      expect(section, field).toContain(`\`${field}\``)
    for (const field of Object.keys(report.runs[0] ?? {})) expect(section, `runs[].${field}`).toContain(`\`${field}\``)
  })
})
