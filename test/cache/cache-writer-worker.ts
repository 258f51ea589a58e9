// A worker thread for the concurrent-writers test: writes every assigned key several times.
import { workerData, parentPort } from 'node:worker_threads'
import { ModelCache } from '../../src/cache/model-cache.ts'

const { directory, worker, keys, rounds } = workerData as { directory: string; worker: number; keys: number; rounds: number }
const cache = new ModelCache({ directory, mode: 'record' })
for (let round = 0; round < rounds; round++) {
  await Promise.all(
    Array.from({ length: keys }, (_, key) =>
      cache.store({ endpoint: 'test', model: 'm', messages: [{ key }], tools: [], options: {}, trial: 0 }, { worker, round, padding: 'x'.repeat(20_000 + worker * 100) }),
    ),
  )
}
parentPort?.postMessage('done')
