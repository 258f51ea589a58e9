import type { MatcherState } from 'vitest'
import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { plainPresentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { functionAgent, referenceAgent } from '../../src/roles/index.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { readTranscript, TRANSCRIPT_ANNOTATION_TYPE } from '../../src/vitest/transcript.ts'
import { createRegistry } from '../../src/tools/tool-registry.ts'
import { playScenario } from '../../src/vitest/play-scenario.ts'
import { recordMatcherRun } from '../../src/vitest/record-matcher-run.ts'
import type { RunRecord } from '../../src/vitest/run-metadata.ts'
import { readRunRecords } from '../../src/vitest/run-metadata.ts'
import { DomainFailure } from '../../src/vitest/run-failure.ts'
import { tagScenario } from '../run/shop-domain.ts'

function recorded(meta: object): readonly RunRecord[] {
  const reading = readRunRecords(meta)
  if (reading.kind !== 'runs') throw new Error(`expected recorded runs, got ${reading.kind}`)
  return reading.runs
}

const scenario = builtInScenarios()[0]

describe('playScenario', () => {
  test('records the augmentation’s full label and its report columns, and a matcher on the run keeps them', async () => {
    if (scenario === undefined) throw new Error('the corpus is empty')
    const variant = TOOLSANDBOX_VARIANTS[4]
    if (variant === undefined) throw new Error('expected eight variants')
    const task = { meta: {} }
    const run = await playScenario(scenario, { agent: referenceAgent(), augmentation: variant, context: { task } })
    expect(run.augmentationColumns).toEqual(['tool names scrambled'])
    expect(recorded(task.meta).map((record) => [record.augmentation, record.augmentationColumns])).toEqual([
      ['3 distraction tools, tool names scrambled', ['tool names scrambled']],
    ])
    // A matcher records the same run again (replacing the record): the columns must survive.
    if (run.evaluation === undefined) throw new Error('playScenario evaluates the run')
    await recordMatcherRun({ task } as unknown as MatcherState, run, run.evaluation)
    expect(recorded(task.meta).map((record) => record.augmentationColumns)).toEqual([['tool names scrambled']])
  })

  test('a plain run counts under none, a hand-made presentation under its label', async () => {
    if (scenario === undefined) throw new Error('the corpus is empty')
    const task = { meta: {} }
    await playScenario(scenario, { agent: referenceAgent(), context: { task } })
    const presentation = { ...plainPresentation(scenario, createRegistry(deviceTools)), label: 'hand-made tool set' }
    await playScenario(scenario, { agent: referenceAgent(), presentation, context: { task } })
    expect(recorded(task.meta).map((record) => [record.augmentation, record.augmentationColumns])).toEqual([
      ['none', ['none']],
      ['hand-made tool set', ['hand-made tool set']],
    ])
  })

  test('one test that plays a scenario with two agents keeps both runs, each with its own transcript, to the report', async () => {
    if (scenario === undefined) throw new Error('the corpus is empty')
    const annotations: { type: string; message: string; attachment: ReturnType<typeof Object> }[] = []
    const task = { meta: {}, context: { annotate: async (message: string, type?: string, attachment?: object) => void annotations.push({ message, type: type ?? '', attachment }) } }
    await playScenario(scenario, { agent: referenceAgent(), context: { task } })
    await playScenario(scenario, { agent: functionAgent(() => 'Done.', { name: 'says-nothing' }), context: { task } })
    expect(recorded(task.meta).map((record) => [record.scenario, record.agent])).toEqual([
      [scenario.id, 'reference'],
      [scenario.id, 'says-nothing'],
    ])
    const transcripts = annotations.filter((annotation) => annotation.type === TRANSCRIPT_ANNOTATION_TYPE)
    expect(transcripts.map((annotation) => readTranscript(annotation.attachment as never)?.agent)).toEqual(['reference', 'says-nothing'])
    const { report, transcripts: matched } = buildReport([{ id: 't', fullName: 'both agents', file: 'a.test.ts', state: 'passed', attempts: [], meta: task.meta, annotations: annotations as never }])
    expect(report.runs.map((run) => run.agent)).toEqual(['reference', 'says-nothing'])
    expect(matched.map((transcript) => transcript?.agent)).toEqual(['reference', 'says-nothing'])
    expect(report.summary.overall.runs).toBe(2)
  })
})

// count_stock reads a column that does not exist: the domain's bug ends the run.
const countsStock = functionAgent(({ messages }) => (messages.some((message) => message.sender === 'agent') ? 'Done.' : [{ name: 'count_stock', arguments: { item_id: 'i-1' } }]))

describe('playScenario: a domain error fails its test', () => {
  // Fails with the DomainFailure thrown when the test ends, though no matcher looks at the run.
  test.fails('a playScenario test with no matcher fails with a domain error', async (context) => {
    const run = await playScenario(tagScenario, { agent: countsStock, context })
    expect(run.trajectory.error?.culprit).toBe('domain')
  })

  test('the failure is a DomainFailure naming the tool; a test that failed already gets no second error', async () => {
    const listeners: ((finished: { task: { result?: { state?: string } } }) => void)[] = []
    const context = { task: { meta: {} }, onTestFinished: (listener: (typeof listeners)[number]) => void listeners.push(listener) }
    const run = await playScenario(tagScenario, { agent: countsStock, context })
    expect(run.trajectory.error).toMatchObject({ culprit: 'domain', tool: 'count_stock' })
    expect(listeners).toHaveLength(1)
    const [listener] = listeners
    expect(() => listener?.({ task: { result: { state: 'pass' } } })).toThrow(DomainFailure)
    expect(() => listener?.({ task: { result: { state: 'pass' } } })).toThrow(/playScenario: the run of scenario "tag-the-kettle".*ended with a domain error.*count_stock/s)
    expect(() => listener?.({ task: { result: { state: 'fail' } } })).not.toThrow()
    // A run the domain did not end adds nothing.
    await playScenario(tagScenario, { agent: functionAgent(() => 'Done.'), context })
    expect(listeners).toHaveLength(1)
  })
})
