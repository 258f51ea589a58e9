// A worker thread for the shared-breaker test: counts failures against a server's breaker and its
// model's, in that order, as guardedCall does for a failure of the server, all at once with the other workers.
import { parentPort, workerData } from 'node:worker_threads'
import { CircuitBreaker } from '../../src/roles/endpoint/circuit-breaker.ts'
import { fileBreakerStore } from '../../src/roles/endpoint/file-breaker-store.ts'

const { directory, calls, failures, start } = workerData as { directory: string; calls: number; failures: number; start: Int32Array }
const store = fileBreakerStore(directory)
const server = new CircuitBreaker('http://shared-breaker', { store })
const model = new CircuitBreaker('http://shared-breaker model=m', { store, label: 'the model m at http://shared-breaker' })
const settings = { failures, coolDownMs: 60_000 }
// Every worker starts counting at the same moment.
Atomics.wait(start, 0, 0)
let serverFirst = true
for (let call = 0; call < calls; call++) {
  server.failed(`server-error: HTTP 500 (call ${call})`, settings)
  // The model's breaker must never open before the server's: it counts the same failures, after it.
  if (model.state().openUntil !== undefined && server.state().openUntil === undefined) serverFirst = false
  model.failed(`server-error: HTTP 500 (call ${call})`, settings)
}
parentPort?.postMessage({ serverFirst })
