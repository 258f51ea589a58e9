import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { defineDomain } from '../../src/domain/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { loadScenarioDirectory, loadScenarioFile, scenarioJsonSchema, ScenarioError, ScenarioFileError } from '../../src/scenario/index.ts'
import { craftedJson } from '../cli/crafted-files.ts'

const fixture = fileURLToPath(new URL('./fixtures/wifi-on.json', import.meta.url))
const scratch = await mkdtemp(join(tmpdir(), 'toolcheck-scenarios-'))
afterAll(() => rm(scratch, { recursive: true, force: true }))

describe('scenario files', () => {
  test('a JSON scenario file loads, plays and scores 1', async () => {
    const scenario = await loadScenarioFile(fixture)
    expect(scenario.id).toBe('json-wifi-on')
    const trajectory = await runScenario(scenario, { agent: referenceAgent() })
    expect((await evaluate(trajectory, scenario)).score).toBe(1)
  })

  test('broken JSON is reported with the file, line and column', async () => {
    const file = join(scratch, 'broken.json')
    await writeFile(file, '{\n  "id": "x",\n  "categories": [\n}\n')
    const error = await loadScenarioFile(file).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ScenarioFileError)
    expect((error as Error).message).toMatch(/broken\.json: is not valid JSON: line 4, column 1/)
  })

  test('a BOM at the start of a scenario file is accepted; one further in is named as the U+FEFF byte-order mark', async () => {
    const text = await readFile(fixture, 'utf8')
    const marked = join(scratch, 'marked.json')
    await writeFile(marked, `\uFEFF${text}`)
    expect((await loadScenarioFile(marked)).id).toBe('json-wifi-on')
    const twice = join(scratch, 'twice.json')
    await writeFile(twice, `\uFEFF\uFEFF${text}`)
    const error = await loadScenarioFile(twice).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ScenarioFileError)
    expect((error as Error).message).toMatch(/twice\.json: is not valid JSON: line 1, column 1: .*U\+FEFF byte-order mark/)
  })

  test('a FIFO in a scenarios folder is refused by name and never hangs the load; a folder named like a file is left alone', async () => {
    const folder = await mkdtemp(join(scratch, 'fifo-'))
    await copyFile(fixture, join(folder, 'good.json'))
    execFileSync('mkfifo', [join(folder, 'pipe.json')])
    await mkdir(join(folder, 'nested.json'))
    const loaded = await loadScenarioDirectory(folder)
    expect(loaded.scenarios.map((scenario) => scenario.id)).toEqual(['json-wifi-on'])
    expect(loaded.errors.map((error) => error.message)).toEqual([`${join(folder, 'pipe.json')}: is a FIFO (a named pipe), not a regular file; a scenario file is a JSON file`])
    await expect(loadScenarioFile(join(folder, 'pipe.json'))).rejects.toThrow(ScenarioFileError)
  })

  test('crafted scenario files are refused with a ScenarioFileError or ScenarioError naming the file, never another error', async () => {
    const scenario = JSON.parse(await readFile(fixture, 'utf8')) as Record<string, never>
    const paths = [...Object.keys(scenario).map((key) => [key]), ['milestones', 0], ['milestones', 0, 'constraints'], ['milestones', 0, 'constraints', 0], ['world', 'settings']]
    const files = craftedJson(scenario, paths.filter((path) => path.length === 1 || (scenario as Record<string, unknown>)[path[0] as string] !== undefined))
    expect(files.length).toBeGreaterThan(100)
    for (const [position, crafted] of files.entries()) {
      const file = join(scratch, `crafted-${position}.json`)
      await writeFile(file, crafted.text)
      const outcome = await loadScenarioFile(file).then(
        () => undefined,
        (error: unknown) => error,
      )
      if (outcome === undefined) continue
      expect(outcome instanceof ScenarioFileError || outcome instanceof ScenarioError, `${crafted.name}: ${String(outcome)}`).toBe(true)
      expect((outcome as Error).message, crafted.name).toContain(file)
    }
  })

  test('an invalid scenario names the file and every bad field', async () => {
    const file = join(scratch, 'invalid.json')
    const scenario = JSON.parse(await readFile(fixture, 'utf8')) as Record<string, unknown>
    await writeFile(file, JSON.stringify({ ...scenario, id: 'Bad Id', milestoneEdges: [[0, 3]] }))
    const error = await loadScenarioFile(file).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ScenarioError)
    const message = (error as Error).message
    expect(message).toContain(`invalid scenario ${file}`)
    expect(message).toContain('id: ids are lower-case letters, digits, _ and -')
    expect(message).toContain('milestoneEdges.0: edge [0, 3] does not join two different milestones of 1')
  })

  test('a folder with a bad file still loads the good ones and reports the bad one and duplicate ids', async () => {
    const folder = await mkdtemp(join(scratch, 'folder-'))
    const good = await readFile(fixture, 'utf8')
    await writeFile(join(folder, 'a.json'), good)
    await writeFile(join(folder, 'b.json'), good)
    await writeFile(join(folder, 'c.json'), '[1, 2]')
    await writeFile(join(folder, 'notes.txt'), 'not a scenario')
    const { scenarios, errors } = await loadScenarioDirectory(folder)
    expect(scenarios.map((scenario) => scenario.id)).toEqual(['json-wifi-on'])
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('b.json: repeats the id "json-wifi-on" of'),
      expect.stringContaining('c.json: must hold one JSON object'),
    ])
  })

  test('a file nested beyond the limit is refused with its name, line and column, and the folder keeps its other files', async () => {
    const folder = await mkdtemp(join(scratch, 'deep-'))
    const good = JSON.parse(await readFile(fixture, 'utf8')) as Record<string, unknown>
    await writeFile(join(folder, 'a-good.json'), JSON.stringify(good))
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    await writeFile(join(folder, 'b-deep.json'), `{\n  "id": "deep",\n  "description": ${deep}\n}`)
    await writeFile(join(folder, 'c-cycle.json'), JSON.stringify({ ...good, id: 'cycle', milestones: [good.milestones, good.milestones].flat(), milestoneEdges: [[0, 1], [1, 0]] }))
    const error = await loadScenarioFile(join(folder, 'b-deep.json')).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ScenarioFileError)
    expect((error as Error).message).toBe(`${join(folder, 'b-deep.json')}: nests values more than 100 levels deep (line 3, column 117); a scenario file may nest objects and arrays at most 100 levels`)
    const { scenarios, errors } = await loadScenarioDirectory(folder)
    expect(scenarios.map((scenario) => scenario.id)).toEqual(['json-wifi-on'])
    expect(errors.map((caught) => caught.message)).toEqual([
      expect.stringContaining('b-deep.json: nests values more than 100 levels deep'),
      `invalid scenario ${join(folder, 'c-cycle.json')}:\n  - milestoneEdges.1: the edges form a cycle (0 → 1 → 0); milestones must form a DAG`,
    ])
  })

  test("a file whose loading fails for any other reason (here its domain's world cannot be built) is that file's error only", async () => {
    const folder = await mkdtemp(join(scratch, 'domain-'))
    const good = JSON.parse(await readFile(fixture, 'utf8')) as Record<string, unknown>
    const broken = defineDomain({ name: 'broken', tables: { items: { key: 'id', row: z.object({ id: z.string() }) } }, defaultRows: () => ({ items: [{ id: 7 as unknown as string }] }), tools: [] as never[] })
    await writeFile(join(folder, 'a-good.json'), JSON.stringify(good))
    await writeFile(join(folder, 'b-broken-domain.json'), JSON.stringify({ ...good, id: 'broken', domain: 'broken', tools: { allow: ['end_conversation'] }, milestones: [], reference: [{ user: 'end' }] }))
    const { scenarios, errors } = await loadScenarioDirectory(folder, { domains: [broken] })
    expect(scenarios.map((scenario) => scenario.id)).toEqual(['json-wifi-on'])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(ScenarioFileError)
    expect(errors[0]?.message).toMatch(/b-broken-domain\.json: could not be loaded: domain broken: its default rows do not fit/)
  })

  test('the committed JSON Schema is the one the code makes', async () => {
    const committed = JSON.parse(await readFile(fileURLToPath(new URL('../../scenarios/scenario.schema.json', import.meta.url)), 'utf8')) as unknown
    expect(committed).toEqual(scenarioJsonSchema())
    expect(scenarioJsonSchema()).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'categories', 'user', 'firstMessage', 'tools']) })
    // ToolSandbox ships no reference solutions; an imported scenario may have none.
    expect((scenarioJsonSchema() as { required: string[] }).required).not.toContain('reference')
  })
})
