import { Semaphore } from '../roles/endpoint/semaphore.ts'

// One semaphore per endpoint name in this worker: concurrent scenario tests of a file share it,
// so `concurrency` caps the requests in flight to one model however many tests run at once.
const semaphores = new Map<string, Semaphore>()

/**
 * Runs `work` once fewer than `limit` other runs hold the endpoint's place. The limit of the
 * first caller for an endpoint wins until it is changed by a later, different limit.
 */
export async function withEndpointLimit<T>(endpoint: string, limit: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  let semaphore = semaphores.get(endpoint)
  if (semaphore === undefined) {
    semaphore = new Semaphore(limit)
    semaphores.set(endpoint, semaphore)
  } else if (semaphore.limit !== limit) semaphore.limit = limit
  const release = await semaphore.acquire(signal)
  try {
    return await work()
  } finally {
    release()
  }
}
