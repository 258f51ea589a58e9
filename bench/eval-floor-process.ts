/**
 * The floor `toolcheck eval` is measured against (bench/eval-scale.bench.ts): one process that
 * plays and scores the built-in corpus's scenarios as written, through the public API
 * (`runScenario`, `evaluate`), one run after another, and nothing else: no workers, no records,
 * no files. Its argument is the number of trials.
 */
import { builtInScenarios } from '../scenarios/index.ts'
import { evaluate, runScenario } from '../src/index.ts'
import { agentFromSpec } from '../src/roles/from-spec.ts'

const trials = Number(process.argv[2] ?? 1)
const agent = agentFromSpec('reference')
let runs = 0
for (const scenario of builtInScenarios())
  for (let trial = 0; trial < trials; trial++) {
    await evaluate(await runScenario(scenario, { agent, trial }), scenario)
    runs++
  }
process.stdout.write(`${runs}\n`)
