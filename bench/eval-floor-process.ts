/**
 * The floor `toolcheck eval` is measured against (bench/eval-scale.bench.ts): one process that
 * plays and scores the built-in corpus's scenarios as written, through the public API
 * (`runScenario`, `evaluate`), one run after another, and nothing else: no workers, no records,
 * no files. Its arguments are the number of trials and the first trial (0 when absent), so that
 * two such processes can split the same runs between them.
 */
import { builtInScenarios } from '../scenarios/index.ts'
import { evaluate, runScenario } from '../src/index.ts'
import { agentFromSpec } from '../src/roles/from-spec.ts'

const trials = Number(process.argv[2] ?? 1)
const first = Number(process.argv[3] ?? 0)
const agent = agentFromSpec('reference')
let runs = 0
for (const scenario of builtInScenarios())
  for (let trial = first; trial < first + trials; trial++) {
    await evaluate(await runScenario(scenario, { agent, trial }), scenario)
    runs++
  }
process.stdout.write(`${runs}\n`)
