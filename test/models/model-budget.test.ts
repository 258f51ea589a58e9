import { Worker } from 'node:worker_threads'
import { describe, expect, test } from 'vitest'
import { ModelCache } from '../../src/cache/index.ts'
import { callModel } from '../../src/roles/endpoint/call-model.ts'
import { CircuitBreaker } from '../../src/roles/endpoint/circuit-breaker.ts'
import { EndpointFailure } from '../../src/roles/endpoint/endpoint-failure.ts'
import { budgetShare, ModelBudget, useModelBudget } from '../../src/roles/endpoint/model-budget.ts'
import { failureOf, fakeEndpoint } from './helpers.ts'
import { temporaryFolders } from '../temporary-folders.ts'

const reply = { choices: [{ message: { role: 'assistant', content: 'hello' } }], usage: { prompt_tokens: 70, completion_tokens: 30 } }
const request = (content: string) => ({ model: 'model-a', messages: [{ role: 'user' as const, content }] })
const prices = { 'model-a': { inputPerMillion: 1_000, outputPerMillion: 2_000 } }

const { make: folder } = temporaryFolders('toolcheck-budget-')

describe('a budget for model calls', () => {
  test('the call cap is exact: the call past it ends as a budget error without a request, and the spend is counted', async () => {
    const endpoint = fakeEndpoint('http://budget-calls', async () => reply)
    const budget = new ModelBudget({ modelCalls: 2 })
    await callModel(endpoint, request('one'), { trial: 0, budget })
    await callModel(endpoint, request('two'), { trial: 0, budget })
    const error = await failureOf(callModel(endpoint, request('three'), { trial: 0, budget }))
    expect(error.kind).toBe('budget')
    expect(error.message).toBe('the call was not made: the budget of 2 model calls is spent')
    expect(endpoint.attempts()).toBe(2)
    expect(budget.spent()).toEqual({ modelCalls: 2, tokens: 200, costUsd: 0, refusedCalls: 1, retries: 0 })
  })

  test('every request counts, retries included: a cap of 7 sends 7 requests to a failing server, and the retries are counted apart', async () => {
    const endpoint = fakeEndpoint('http://budget-retries', async () => {
      throw new EndpointFailure('server-error', 'HTTP 503', { status: 503 })
    })
    const budget = new ModelBudget({ modelCalls: 7 })
    const options = { trial: 0, budget, breaker: new CircuitBreaker('a'), modelBreaker: new CircuitBreaker('b'), limits: { retries: 4, backoffBaseMs: 1, backoffMaxMs: 1, breakerFailures: 1000 } }
    const failures = []
    for (let call = 0; call < 3; call++) failures.push(await failureOf(callModel(endpoint, request(`call ${call}`), options)))
    // The first call makes 5 attempts; the second 2, then its next retry is refused; the third is refused outright.
    expect(endpoint.attempts()).toBe(7)
    expect(failures.map((failure) => failure.kind)).toEqual(['server-error', 'budget', 'budget'])
    expect(failures[1]?.message).toBe('the call was not made: the budget of 7 model calls is spent (this request would have retried a failed one)')
    expect(failures[2]?.message).toBe('the call was not made: the budget of 7 model calls is spent')
    expect(budget.spent()).toMatchObject({ modelCalls: 7, retries: 5, refusedCalls: 2 })
  })

  test('replies replayed from the cache cost nothing, so a spent budget still replays them', async () => {
    const directory = await folder()
    const cache = new ModelCache({ directory })
    const endpoint = fakeEndpoint('http://budget-cache', async () => reply)
    const budget = new ModelBudget({ modelCalls: 1 })
    await callModel(endpoint, request('recorded'), { trial: 0, budget, cache })
    const replayed = await callModel(endpoint, request('recorded'), { trial: 0, budget, cache })
    expect(replayed.cached).toBe(true)
    expect((await failureOf(callModel(endpoint, request('new'), { trial: 0, budget, cache }))).kind).toBe('budget')
    expect(endpoint.attempts()).toBe(1)
  })

  test('tokens and cost: calls go out while the spend is below the cap, and a model without a price is refused under a cost cap', async () => {
    const endpoint = fakeEndpoint('http://budget-tokens', async () => reply)
    const tokens = new ModelBudget({ tokens: 150 })
    await callModel(endpoint, request('a'), { trial: 0, budget: tokens })
    await callModel(endpoint, request('b'), { trial: 0, budget: tokens })
    expect((await failureOf(callModel(endpoint, request('c'), { trial: 0, budget: tokens }))).message).toBe('the call was not made: the budget of 150 tokens is spent (200 used)')
    const cost = new ModelBudget({ costUsd: 0.1 })
    // 70 prompt tokens at $1,000 and 30 completion tokens at $2,000 per million: $0.13.
    await callModel(endpoint, request('d'), { trial: 0, budget: cost, prices })
    expect(cost.spent().costUsd).toBeCloseTo(0.13, 9)
    expect((await failureOf(callModel(endpoint, request('e'), { trial: 0, budget: cost, prices }))).message).toContain('the budget of $0.1000 is spent ($0.1300 used)')
    const unpriced = await failureOf(callModel(endpoint, request('f'), { trial: 0, budget: new ModelBudget({ costUsd: 5 }) }))
    expect(unpriced.kind).toBe('budget')
    expect(unpriced.message).toContain('model-a at http://budget-tokens has no price, so what it would cost cannot be counted against the cost cap of $5.00')
  })

  test('a call an open circuit breaker refuses, before any request, gives its place in the budget back', async () => {
    const endpoint = fakeEndpoint('http://budget-breaker', async () => {
      throw new EndpointFailure('server-error', 'HTTP 500', { status: 500 })
    })
    const breaker = new CircuitBreaker('http://budget-breaker')
    const budget = new ModelBudget({ modelCalls: 7 })
    const options = { trial: 0, budget, breaker, limits: { retries: 0, breakerFailures: 1, breakerCoolDownMs: 60_000 } }
    expect((await failureOf(callModel(endpoint, request('fails'), options))).kind).toBe('server-error')
    expect((await failureOf(callModel(endpoint, request('refused'), options))).kind).toBe('circuit-open')
    expect(budget.spent().modelCalls).toBe(1)
  })

  test('the budget set for the thread counts calls whose options name none', async () => {
    const endpoint = fakeEndpoint('http://budget-thread', async () => reply)
    const budget = new ModelBudget({ modelCalls: 0 })
    useModelBudget(budget)
    try {
      expect((await failureOf(callModel(endpoint, request('none'), { trial: 0 }))).kind).toBe('budget')
    } finally {
      useModelBudget(undefined)
    }
    await callModel(endpoint, request('free again'), { trial: 0 })
    expect(endpoint.attempts()).toBe(1)
  })

  test('threads sharing one buffer share one budget: of many calls racing for the last places, exactly the cap gets through', async () => {
    const limits = { modelCalls: 500 }
    const budget = new ModelBudget(limits)
    const workers = [0, 1].map(() => new Worker(new URL('./budget-worker.ts', import.meta.url), { workerData: { buffer: budget.buffer, limits, attempts: 400 } }))
    const taken = workers.map((worker) => new Promise<number>((resolve, reject) => worker.once('message', resolve).once('error', reject)))
    let here = 0
    for (let attempt = 0; attempt < 400; attempt++) {
      try {
        budget.admit('http://shared', 'model-a', false)
        here++
      } catch {
        // refused: the budget is spent
      }
    }
    const there = await Promise.all(taken)
    expect(here + there.reduce((sum, admitted) => sum + admitted, 0)).toBe(500)
    expect(budget.spent()).toMatchObject({ modelCalls: 500, refusedCalls: 700 })
  })

  test('shards get shares that add up to the whole', () => {
    const limits = { modelCalls: 10, tokens: 1_001, costUsd: 3 }
    const shares = [1, 2, 3].map((part) => budgetShare(limits, part, 3))
    expect(shares.map((share) => share.modelCalls)).toEqual([4, 3, 3])
    expect(shares.map((share) => share.tokens)).toEqual([334, 334, 333])
    expect(shares.reduce((sum, share) => sum + (share.costUsd ?? 0), 0)).toBeCloseTo(3, 12)
    expect(budgetShare({}, 1, 2)).toEqual({})
    expect(() => new ModelBudget({ tokens: -1 })).toThrow('budget tokens must be a number of at least 0, got -1')
  })
})
