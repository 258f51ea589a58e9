import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { MatchProblem } from '../../src/evaluation/index.ts'
import { evaluate, matchMilestones, matchMilestonesDepthFirst, rougeL } from '../../src/evaluation/index.ts'
import type { MilestoneInput, Scenario } from '../../src/scenario/index.ts'
import { milestoneSchema, minefieldSchema, scenarioJsonSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'
import { toolSandboxSearch } from './toolsandbox-search.ts'

type Evaluated = Pick<Scenario, 'milestones' | 'milestoneEdges' | 'minefields' | 'minefieldEdges'>

function scenarioOf(milestones: readonly MilestoneInput[], extra: Partial<Evaluated> = {}): Evaluated {
  return { milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [], ...extra }
}

const contacts = [
  { person_id: 'a', name: 'Ann', relationship: 'friend' },
  { person_id: 'b', name: 'Bo', relationship: 'friend' },
]

describe('ToolSandbox scoring (scoring: "toolsandbox")', () => {
  // Point 1. ToolSandbox (toolsandbox-facts.md §2): "a write while message m is being processed lands
  // in snapshot max_sandbox_message_index + 1 … the world state after a tool call is stored under the
  // index of the execution environment's response message"; §15: "Two tool calls made in parallel in
  // one agent message write into one snapshot."
  test('the answers to parallel calls all show the world after the whole batch', async () => {
    const trajectory = buildTrajectory({ contacts }, [
      say.user('Make Ann and Bo my coworkers'),
      say.calls({ id: 'c1', tool: 'modify_contact', args: { person_id: 'a', relationship: 'coworker' } }, { id: 'c2', tool: 'modify_contact', args: { person_id: 'b', relationship: 'coworker' } }),
      say.result('modify_contact', { person_id: 'a', relationship: 'coworker' }, null, (draft) => draft.update('contacts', (row) => row.person_id === 'a', { relationship: 'coworker' }), 'c1'),
      say.result('modify_contact', { person_id: 'b', relationship: 'coworker' }, null, (draft) => draft.update('contacts', (row) => row.person_id === 'b', { relationship: 'coworker' }), 'c2'),
      say.agent('Done.'),
    ])
    // "The first call returned and both contacts are updated."
    const scenario = scenarioOf([
      {
        constraints: [
          { kind: 'tool-call', anyOf: [{ tool: 'modify_contact', arguments: { person_id: 'a' } }] },
          { kind: 'updated', table: 'contacts', rows: [{ person_id: 'a', relationship: 'coworker' }, { person_id: 'b', relationship: 'coworker' }] },
        ],
      },
    ])
    // toolcheck: at message 2 only Ann is updated (the update constraint wants two rows: 0); at
    // message 3 the call is Bo's (0). ToolSandbox: message 2 already shows both updates: 1 · 1.
    const toolcheck = await evaluate(trajectory, scenario)
    const toolsandbox = await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })
    expect(toolcheck.score).toBe(0)
    expect(toolsandbox.score).toBe(1)
    expect(toolsandbox.milestones[0]?.messageIndex).toBe(2)
  })

  // Point 3. ToolSandbox (toolsandbox-facts.md §4.3): snapshot_similarity takes, per target row, "mean
  // over target columns of −ln(sim) (so exp(−C) = geometric mean of column similarities)"; a message
  // target is a row of the SANDBOX table with sender, recipient and content (§4.6: the README's
  // ROUGE milestone is "0.6875^(1/3) = 0.88258708").
  test('a message scores as a conversation row: r with matching roles gives r^(1/3)', async () => {
    const target = 'your message was sent to fredrik'
    const trajectory = buildTrajectory({ contacts }, [say.user('Text Fredrik'), say.agent('Message sent')])
    // ROUGE-L: the answer's 2 tokens are both in the target's 6, in order: P = 1, R = 1/3, F = 0.5.
    expect(rougeL(target, 'Message sent').fmeasure).toBeCloseTo(0.5, 12)
    const scenario = scenarioOf([{ constraints: [{ kind: 'message', content: target }] }])
    expect((await evaluate(trajectory, scenario)).score).toBeCloseTo(0.5, 12)
    // (1 · 1 · 0.5)^(1/3) = 0.7937005259840998
    expect((await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })).score).toBeCloseTo(0.7937005259840998, 12)
    // A message between other parties scores 0 in both, as a row whose sender differs.
    const toUser = scenarioOf([{ constraints: [{ kind: 'message', from: 'user', to: 'agent', content: 'Text Fredrik please' }] }])
    expect((await evaluate(buildTrajectory({ contacts }, [say.agent('hello'), say.user('Text Fredrik')]), toUser, { scoring: 'toolsandbox' })).milestones[0]?.similarity).toBeGreaterThan(0)
  })

  test('ToolSandbox\'s README example scores 0.9706 with its own milestones (toolcheck: 0.921875)', async () => {
    // The README's example: three milestones met exactly and a reply with ROUGE-L F 0.6875 against
    // the last one. ToolSandbox: (3 + 0.6875^(1/3)) / 4 = 0.9706467684812784 (its float32 columns
    // give 0.9706467539, toolsandbox-facts.md §4.6). toolcheck: (3 + 0.6875) / 4 = 0.921875.
    const reply = 'Your message to Fredrik has been sent'
    const target = 'Your message to Fredrik Thordendal has been sent, saying: how is the new album coming along'
    const f = rougeL(target, reply).fmeasure
    // 7 reply tokens, 16 target tokens, all 7 in order: P = 1, R = 7/16, F = 2·(7/16)/(23/16) = 14/23.
    expect(f).toBeCloseTo(14 / 23, 12)
    const trajectory = buildTrajectory({ contacts }, [
      say.user('Text Fredrik'),
      say.call('a', {}),
      say.result('a', {}, null),
      say.call('b', {}),
      say.result('b', {}, null),
      say.call('c', {}),
      say.result('c', {}, null),
      say.agent(reply),
    ])
    const scenario = scenarioOf([
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'a' }] }] },
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'b' }] }] },
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'c' }] }] },
      { constraints: [{ kind: 'message', content: target }] },
    ])
    expect((await evaluate(trajectory, scenario)).score).toBeCloseTo((3 + f) / 4, 12)
    expect((await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })).score).toBeCloseTo((3 + f ** (1 / 3)) / 4, 12)
  })

  // Point 6. ToolSandbox (toolsandbox-facts.md §4.5): the DFS pushes "(-sim, node, index) on a heap;
  // pop in descending similarity (ties: lower node id, then lower index)", "the assignment order must
  // be a topological order; indices are non-decreasing", and a branch replaces the best only when it
  // is strictly better.
  test('among equally good placements it reports the one ToolSandbox\'s search finds first', async () => {
    // Milestone 1 (X) can sit at message 1 or 5; milestone 0 (Y) only at 3; both come before 2 (Z at 7).
    const trajectory = buildTrajectory({ contacts }, [
      say.user('go'),
      say.result('x', {}, 1),
      say.user('more'),
      say.result('y', {}, 1),
      say.user('more'),
      say.result('x', {}, 2),
      say.user('more'),
      say.result('z', {}, 1),
    ])
    const scenario = scenarioOf(
      [
        { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'y' }] }] },
        { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'x' }] }] },
        { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'z' }] }] },
      ],
      { milestoneEdges: [[0, 2], [1, 2]] },
    )
    // toolcheck takes the earliest messages: Y at 3, X at 1, Z at 7. ToolSandbox places milestone 0
    // first (ties go to the lower milestone: (−1, 0, 3) before (−1, 1, 1)), then X no earlier than 3: 5.
    const toolcheck = await evaluate(trajectory, scenario)
    const toolsandbox = await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })
    expect(toolcheck.milestones.map((match) => match.messageIndex)).toEqual([3, 1, 7])
    expect(toolsandbox.milestones.map((match) => match.messageIndex)).toEqual([3, 5, 7])
    expect(toolcheck.score).toBe(1)
    expect(toolsandbox.score).toBe(1)
  })

  test('when nothing matches, every milestone goes to the first user message (as observed in ToolSandbox, §15)', async () => {
    const trajectory = buildTrajectory({ contacts }, [say.system('hi'), say.user('go'), say.agent('no')])
    const scenario = scenarioOf([{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'x' }] }] }, { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'y' }] }] }])
    expect((await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })).milestones.map((match) => match.messageIndex)).toEqual([1, 1])
  })

  test('the mapping equals a literal port of ToolSandbox\'s search on random tie-heavy problems', async () => {
    const problems = fc
      .record({
        count: fc.integer({ min: 1, max: 4 }),
        positions: fc.integer({ min: 1, max: 5 }),
        edgeBits: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        guardBits: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        dependencyBits: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        table: fc.array(fc.constantFrom(0, 0.25, 0.5, 1), { minLength: 4 * 5 * 5, maxLength: 4 * 5 * 5 }),
        guardTable: fc.array(fc.boolean(), { minLength: 4 * 5 * 5, maxLength: 4 * 5 * 5 }),
      })
      .map(({ count, positions, edgeBits, guardBits, dependencyBits, table, guardTable }): MatchProblem => {
        const candidates = Array.from({ length: positions }, (_, position) => 2 + position * 3)
        const edges: [number, number][] = []
        const guards: number[][] = Array.from({ length: count }, () => [])
        const dependencies: number[][] = Array.from({ length: count }, () => [])
        let bit = 0
        for (let to = 0; to < count; to++)
          for (let from = 0; from < to; from++, bit++) {
            // As toolcheck compiles them: guard partners and dependencies are predecessors.
            if (edgeBits[bit] || guardBits[bit] || dependencyBits[bit]) edges.push([from, to])
            if (guardBits[bit]) guards[to]?.push(from)
            if (dependencyBits[bit]) dependencies[to]?.push(from)
          }
        const at = (index: number) => candidates.indexOf(index)
        return {
          count,
          candidates,
          edges,
          guards,
          dependencies,
          similarity: (milestone, index, dependencyIndices) =>
            table[(milestone * 5 + at(index)) * 5 + (dependencyIndices.length === 0 ? 0 : at(dependencyIndices[0] as number))] ?? 0,
          guard: (milestone, _partner, partnerIndex, index) => guardTable[(milestone * 5 + at(index)) * 5 + at(partnerIndex)] ?? true,
        }
      })
    fc.assert(
      fc.property(problems, (problem) => {
        const reference = toolSandboxSearch(problem)
        const mapping = matchMilestonesDepthFirst(problem)
        expect(mapping.indices).toEqual(reference.indices)
        expect(mapping.total).toBeCloseTo(reference.total, 12)
        expect(mapping.total).toBeCloseTo(matchMilestones(problem).total, 12)
      }),
      { numRuns: 400 },
    )
  })

  // Point 4. ToolSandbox (toolsandbox-facts.md §4.6): "A minefield fires on the agent's request message
  // (e.g. AGENT→EXECUTION_ENVIRONMENT content containing the tool name), even if the call then failed".
  test('a request constraint is placed on the agent\'s call message and fires even when the call fails', async () => {
    const trajectory = buildTrajectory({ contacts }, [
      say.user('Where am I?'),
      say.call('search_lat_lon', { latitude: 37.3, longitude: -122 }),
      say.failure('search_lat_lon', { latitude: 37.3, longitude: -122 }, 'Wifi is not enabled'),
      say.agent('I cannot tell.'),
    ])
    const request = { constraints: [{ kind: 'request', anyOf: [{ tool: 'search_lat_lon' }] }] } as const
    const requested = { constraints: [{ kind: 'tool-call', on: 'requested', anyOf: [{ tool: 'search_lat_lon' }] }] } as const
    const onRequest = await evaluate(trajectory, { milestones: [], minefields: [minefieldSchema.parse(request)] })
    const onAnswer = await evaluate(trajectory, { milestones: [], minefields: [minefieldSchema.parse(requested)] })
    expect(onRequest.minefieldHit).toBe(true)
    expect(onRequest.minefields[0]?.messageIndex).toBe(1)
    expect(onAnswer.minefields[0]?.messageIndex).toBe(2)
    // As a milestone it may name arguments, which are read through the answer's trace (real names).
    const asMilestone = scenarioOf([{ constraints: [{ kind: 'request', anyOf: [{ tool: 'search_lat_lon', arguments: { latitude: 37.3 } }] }] }])
    expect((await evaluate(trajectory, asMilestone)).milestones[0]).toMatchObject({ messageIndex: 1, similarity: 1 })
    const wrong = scenarioOf([{ constraints: [{ kind: 'request', anyOf: [{ tool: 'search_lat_lon', arguments: { latitude: 40 } }] }] }])
    expect((await evaluate(trajectory, wrong)).score).toBe(0)
  })

  // ToolSandbox (toolsandbox-facts.md §7, §5): its OpenAI agent splits parallel calls into messages,
  // one AGENT→EXECUTION_ENVIRONMENT row per call in the model's order, and the DFS places milestones
  // on rows with non-decreasing indices.
  test('a batch of parallel requests is one row per call: two requests in the reverse of the agent\'s order do not both match', async () => {
    const trajectory = buildTrajectory({ contacts }, [
      say.user('Text Ann and Bo'),
      say.calls({ id: 'c1', tool: 'send_message_with_phone_number', args: { phone_number: '+1', content: 'hi Ann' } }, { id: 'c2', tool: 'send_message_with_phone_number', args: { phone_number: '+2', content: 'hi Bo' } }),
      say.result('send_message_with_phone_number', { phone_number: '+1', content: 'hi Ann' }, 'm1', undefined, 'c1'),
      say.result('send_message_with_phone_number', { phone_number: '+2', content: 'hi Bo' }, 'm2', undefined, 'c2'),
      say.agent('Sent both.'),
    ])
    const request = (phone: string): MilestoneInput => ({ constraints: [{ kind: 'request', anyOf: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: phone } }] }] })
    const boThenAnn = scenarioOf([request('+2'), request('+1')])
    // toolcheck: both requests are the one message 1.
    expect((await evaluate(trajectory, boThenAnn)).score).toBe(1)
    // ToolSandbox: Bo's is the second row, and Ann's row comes before it.
    const rows = await evaluate(trajectory, boThenAnn, { scoring: 'toolsandbox' })
    expect(rows.score).toBe(0.5)
    const annThenBo = await evaluate(trajectory, scenarioOf([request('+1'), request('+2')]), { scoring: 'toolsandbox' })
    expect(annThenBo.score).toBe(1)
    // Reported on the trajectory's messages, naming the row.
    expect(annThenBo.milestones.map((match) => [match.messageIndex, match.reason])).toEqual([
      [1, 'its constraint holds at message 1 (call 1 of 2)'],
      [1, 'all 2 constraints hold at message 1 (call 2 of 2)'],
    ])
  })

  // toolsandbox-facts.md §15: "a minefield on a tool trace does not fire when the tool rejects its
  // input, because a failed call leaves no trace".
  test('a tool-call minefield without `on` does not fire on a failed call, as in ToolSandbox; `requested` still does', async () => {
    const trajectory = buildTrajectory({ contacts }, [
      say.user('Where am I?'),
      say.call('search_lat_lon', { latitude: 37.3, longitude: -122 }),
      say.failure('search_lat_lon', { latitude: 37.3, longitude: -122 }, 'Wifi is not enabled'),
      say.agent('I cannot tell.'),
    ])
    const minefield = (on?: 'requested') => ({ milestones: [], minefields: [minefieldSchema.parse({ constraints: [{ kind: 'tool-call', ...(on === undefined ? {} : { on }), anyOf: [{ tool: 'search_lat_lon' }] }] })] })
    expect((await evaluate(trajectory, minefield())).minefieldHit).toBe(true)
    expect((await evaluate(trajectory, minefield(), { scoring: 'toolsandbox' })).minefieldHit).toBe(false)
    expect((await evaluate(trajectory, minefield('requested'), { scoring: 'toolsandbox' })).minefieldHit).toBe(true)
  })

  // Point 5. ToolSandbox (toolsandbox-facts.md §4.2 and its is_close): "abs(a−b) ≤ atol_dict[column]"
  // for numbers, `value == reference` otherwise; an atol of float("inf") accepts any number.
  test('an unbounded tolerance is written Infinity in TypeScript and "infinity" in JSON', async () => {
    const trajectory = buildTrajectory({ contacts }, [say.user('go'), say.result('add_reminder', { content: 'Buy milk', latitude: 12.5, longitude: 'here' }, 'r1')])
    const fromTypeScript = milestoneSchema.parse({ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'add_reminder', arguments: { latitude: 37.33 }, compare: { latitude: { close: Infinity } } }] }] })
    const fromJson = milestoneSchema.parse(
      JSON.parse('{ "constraints": [{ "kind": "tool-call", "anyOf": [{ "tool": "add_reminder", "arguments": { "latitude": 37.33 }, "compare": { "latitude": { "close": "infinity" } } }] }] }'),
    )
    expect((await evaluate(trajectory, { milestones: [fromTypeScript], minefields: [] })).score).toBe(1)
    expect((await evaluate(trajectory, { milestones: [fromJson], minefields: [] })).score).toBe(1)
    // A value that is not a number still compares exactly, as in is_close.
    const text = milestoneSchema.parse({ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'add_reminder', arguments: { longitude: 3 }, compare: { longitude: { close: Infinity } } }] }] })
    expect((await evaluate(trajectory, { milestones: [text], minefields: [] })).score).toBe(0)
    expect(milestoneSchema.safeParse({ constraints: [{ kind: 'message', content: 'x', similarity: { close: -Infinity } }] }).success).toBe(false)
    expect(JSON.stringify(scenarioJsonSchema())).toContain('"const":"infinity"')
  })

  // Point 7. ToolSandbox (tool_sandbox/common/tool_trace_extractors.py, toolsandbox-facts.md §4.3):
  // extractors convert what they read (`days_extractor`: int(result["days"]); `current_temperature_extractor`:
  // float(...)), and `default_value_normalization` turns a float into its 0 to 3 decimal texts.
  test('a fill converts values as float(), int() and default_value_normalization do', async () => {
    const trajectory = buildTrajectory({ contacts }, [
      say.user('How long until the trip?'),
      say.result('timestamp_diff', { timestamp_0: 1, timestamp_1: 2 }, { days: '3', seconds: 20.0 }),
      say.result('shift_timestamp', { timestamp: 0, days: 3 }, 0),
      say.agent('The trip is in 3 days; it is 20.0 seconds past, and 12.35 degrees.'),
    ])
    const shift = (convert: Record<string, 'int' | 'float' | 'decimals'> | undefined): MilestoneInput => ({
      constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'shift_timestamp', arguments: { days: { $fill: 'days' } } }], fill: { milestone: 0, values: { days: 'result.days' }, ...(convert === undefined ? {} : { convert }) } }],
    })
    const diff: MilestoneInput = { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'timestamp_diff' }] }] }
    // The result says "3" (a text); the call passed 3. Without a conversion they differ; int("3") is 3.
    expect((await evaluate(trajectory, scenarioOf([diff, shift(undefined)]))).milestones[1]?.similarity).toBe(0)
    expect((await evaluate(trajectory, scenarioOf([diff, shift({ days: 'int' })]))).milestones[1]?.similarity).toBe(1)
    // A float reads as Python prints it: 20.0, not 20; an int as a whole number.
    const said = (content: string, convert: Record<string, 'int' | 'float' | 'decimals'>): MilestoneInput => ({
      constraints: [{ kind: 'message', content, similarity: 'contains', fill: { milestone: 0, values: { days: 'result.days', seconds: 'result.seconds' }, convert } }],
    })
    const score = async (milestone: MilestoneInput) => (await evaluate(trajectory, scenarioOf([diff, milestone], { milestoneEdges: [] }))).milestones[1]?.similarity
    expect(await score(said('in {days} days', { days: 'int' }))).toBe(1)
    expect(await score(said('{seconds} seconds', { seconds: 'float' }))).toBe(1)
    expect(await score(said('{seconds} seconds', { seconds: 'int' }))).toBe(0)
    // decimals: float(12.345) gives '12', '12.3', '12.35' (12.345 is stored as 12.3450000000000006…),
    // '12.345'; the answer contains '12.35 degrees', so one alternative matches.
    const temperature = buildTrajectory({ contacts }, [say.user('Temperature?'), say.result('weather', {}, { t: 12.345 }), say.agent('It is 12.35 degrees.')])
    const degrees: MilestoneInput = { constraints: [{ kind: 'message', content: '{t} degrees', similarity: 'contains', fill: { milestone: 0, values: { t: 'result.t' }, convert: { t: 'decimals' } } }] }
    const weather: MilestoneInput = { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'weather' }] }] }
    expect((await evaluate(temperature, scenarioOf([weather, degrees]))).score).toBe(1)
    // A value int() cannot read ("3.5") gives no values at all, as an extractor that raises.
    const half = buildTrajectory({ contacts }, [say.user('go'), say.result('timestamp_diff', {}, { days: '3.5' }), say.agent('3.5 days')])
    expect((await evaluate(half, scenarioOf([diff, said('{days} days', { days: 'float' })]))).milestones[1]?.similarity).toBe(1)
    expect((await evaluate(half, scenarioOf([diff, said('{days} days', { days: 'int' })]))).milestones[1]?.similarity).toBe(0)
  })
})
