// A worker thread for the budget test: takes `attempts` places in a budget shared through its buffer.
import { parentPort, workerData } from 'node:worker_threads'
import { ModelBudget } from '../../src/roles/endpoint/model-budget.ts'

const { buffer, limits, attempts } = workerData as { buffer: SharedArrayBuffer; limits: { modelCalls: number }; attempts: number }
const budget = new ModelBudget(limits, buffer)
let admitted = 0
for (let attempt = 0; attempt < attempts; attempt++) {
  try {
    budget.admit('http://shared', 'model-a', false)
    admitted++
  } catch {
    // refused: the budget is spent
  }
}
parentPort?.postMessage(admitted)
