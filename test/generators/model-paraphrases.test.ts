import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { ParaphraseRequest } from '../../generators/index.ts'
import { modelParaphrases } from '../../generators/index.ts'
import { wifiScenario } from './law-cases.ts'

describe('modelParaphrases', () => {
  let directory = ''
  const requests: ParaphraseRequest[] = []
  const paraphraser = async (request: ParaphraseRequest) => {
    requests.push(request)
    return ['  Wifi on, please. ', 'Wifi on, please.', '', wifiScenario.firstMessage, 'Could you get the wifi going?']
  }

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'toolcheck-paraphrases-'))
    requests.length = 0
  })
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  test('asks once, cleans the answers, and reads them from the cache afterwards', async () => {
    const first = await modelParaphrases(wifiScenario, { paraphraser, model: 'gpt-test', cacheDirectory: directory })
    expect(first).toEqual(['Wifi on, please.', 'Could you get the wifi going?'])
    expect(requests).toEqual([{ message: wifiScenario.firstMessage, count: 3, goal: wifiScenario.user.goal }])
    const second = await modelParaphrases(wifiScenario, { paraphraser, model: 'gpt-test', cacheDirectory: directory })
    expect(second).toEqual(first)
    expect(requests).toHaveLength(1)
    expect(await readdir(directory)).toHaveLength(1)
  })

  test('keys the cache by scenario and model, and asks again when the message changed', async () => {
    await modelParaphrases(wifiScenario, { paraphraser, model: 'model-a', cacheDirectory: directory })
    await modelParaphrases(wifiScenario, { paraphraser, model: 'model/a', cacheDirectory: directory })
    expect(requests).toHaveLength(2)
    expect(await readdir(directory)).toHaveLength(2)
    await modelParaphrases({ ...wifiScenario, firstMessage: 'Wifi, now.' }, { paraphraser, model: 'model-a', cacheDirectory: directory })
    expect(requests).toHaveLength(3)
  })

  test('rewrites a damaged cache file instead of trusting it', async () => {
    await modelParaphrases(wifiScenario, { paraphraser, model: 'm', cacheDirectory: directory })
    const [file] = await readdir(directory)
    await writeFile(join(directory, file as string), '{ not json')
    await modelParaphrases(wifiScenario, { paraphraser, model: 'm', cacheDirectory: directory })
    expect(requests).toHaveLength(2)
    expect(JSON.parse(await readFile(join(directory, file as string), 'utf8')).paraphrases).toHaveLength(2)
  })

  test('without a cache directory asks every time', async () => {
    await modelParaphrases(wifiScenario, { paraphraser, model: 'm' })
    await modelParaphrases(wifiScenario, { paraphraser, model: 'm' })
    expect(requests).toHaveLength(2)
  })
})
