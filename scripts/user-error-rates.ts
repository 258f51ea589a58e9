// Measures the user checks (docs/users.md): how often each mutant user is caught, and how often a
// correct user is blamed. Plays every built-in scenario (or those of --category) with the
// reference agent and prints one line per user: runs, runs blamed on the user, by kind.
//
//   node_modules/.bin/node scripts/user-error-rates.ts [--category MULTIPLE_USER_TURN] [--llm-user] [--agent-mutants]
//
// --llm-user adds a model user (llmUser over the openai client) whose replies a local mock server
// gives from each scenario's reference solution (scriptedModel): a correct model user, through
// the real client and prompt, for the false-alarm rate. --agent-mutants adds the false-alarm rate
// of the scripted user against failing agents: each reference mutant's solution (a step dropped,
// a value guessed instead of asked, ...) played against the original scenario's user and scored
// against the original's milestones.
import { parseArgs } from 'node:util'
import { builtInScenarios } from '../scenarios/index.ts'
import { USER_MUTANTS } from '../scenarios/toolsandbox/user-mutants.ts'
import { CULPRITS } from '../src/conversation/culprit.ts'
import { startMockServer, scriptedModel } from '../src/mock-server/index.ts'
import { llmUser } from '../src/roles/llm-user.ts'
import { referenceAgent } from '../src/roles/reference-agent.ts'
import { scriptedUser } from '../src/roles/scripted-user.ts'
import type { User } from '../src/roles/types.ts'
import { culpritOf } from '../src/conversation/culprit.ts'
import { playPreparedRun, prepareRun } from '../src/vitest/play-run.ts'
import { mutantsOf, referenceResults } from '../scenarios/toolsandbox/mutants.ts'
import { checkUserPart, evaluate } from '../src/evaluation/index.ts'
import { runScenario } from '../src/run/index.ts'

const { values } = parseArgs({ options: { category: { type: 'string' }, 'llm-user': { type: 'boolean' }, 'agent-mutants': { type: 'boolean' } } })
const scenarios = builtInScenarios(values.category === undefined ? {} : { category: values.category })
const agent = referenceAgent()

const users: { readonly name: string; readonly expect: string; readonly user: User | ((id: string) => User) }[] = [
  { name: 'scripted', expect: 'none', user: { name: 'scripted', respond: (view, context) => scriptedUser(context.scenario).respond(view, context) } },
  ...USER_MUTANTS.map((mutant) => ({ name: mutant.name, expect: `${mutant.kind}${mutant.traced ? '' : ' (words only: a judge)'}`, user: mutant.user })),
]
const server = values['llm-user'] === true ? await startMockServer({ respond: scriptedModel(scenarios) }) : undefined
if (server !== undefined) users.push({ name: 'llm (mock server)', expect: 'none', user: (id) => llmUser({ model: id, baseURL: server.baseURL, apiKey: 'mock', temperature: 0 }) })

console.log(`${scenarios.length} scenarios${values.category === undefined ? '' : ` of ${values.category}`}, reference agent`)
for (const entry of users) {
  let runs = 0
  let blamed = 0
  let failedRuns = 0
  let failedBlamed = 0
  const byKind: Record<string, number> = {}
  const byCulprit: Record<string, number> = Object.fromEntries(CULPRITS.map((culprit) => [culprit, 0]))
  for (const scenario of scenarios) {
    const ready = await prepareRun(scenario, {})
    if (ready === undefined) continue
    const user = typeof entry.user === 'function' ? entry.user(scenario.id) : entry.user
    const run = await playPreparedRun(ready, { agent, user, trial: 0 })
    runs++
    const culprit = culpritOf(run.trajectory)
    if (culprit !== undefined) byCulprit[culprit] = (byCulprit[culprit] ?? 0) + 1
    // Whether the agent's run fell short, as it would score without the user checks.
    const failed = (culprit !== undefined && culprit !== 'user') || (run.evaluation?.score ?? 0) < 1
    if (failed) failedRuns++
    if (culprit === 'user') {
      blamed++
      if (failed) failedBlamed++
      for (const error of run.userPart?.errors ?? []) byKind[error.kind] = (byKind[error.kind] ?? 0) + 1
    }
  }
  const kinds = Object.entries(byKind).map(([kind, count]) => `${kind} ${count}`).join(', ') || '-'
  const others = Object.entries(byCulprit).filter(([culprit, count]) => culprit !== 'user' && count > 0).map(([culprit, count]) => `${culprit} ${count}`).join(', ')
  console.log(`${entry.name.padEnd(24)} expects ${entry.expect.padEnd(28)} blamed on the user ${String(blamed).padStart(3)}/${runs} (${((blamed / runs) * 100).toFixed(1)}%); of ${failedRuns} runs that were not a pass, ${failedBlamed} blamed on the user; by kind: ${kinds}${others === '' ? '' : `; other errors: ${others}`}`)
}
await server?.close()

if (values['agent-mutants'] === true) {
  let runs = 0
  let failed = 0
  const blamed: string[] = []
  for (const scenario of scenarios) {
    const original = await runScenario(scenario, { agent })
    for (const mutant of mutantsOf(scenario, { results: referenceResults(original) })) {
      // The mutant's solution plays the agent; the user and the milestones are the original scenario's.
      const trajectory = await runScenario(mutant.scenario, { agent, user: scriptedUser(scenario) })
      const evaluation = await evaluate(trajectory, scenario)
      const part = await checkUserPart(trajectory, scenario, evaluation.milestoneScore)
      runs++
      if (evaluation.score < 1) failed++
      if (part.errors.length > 0) blamed.push(`${mutant.scenario.id}: ${part.errors.map((error) => error.reason).join('; ')}`)
    }
  }
  console.log(`${'scripted, agent mutants'.padEnd(24)} expects none                         blamed on the user ${String(blamed.length).padStart(3)}/${runs} (${((blamed.length / runs) * 100).toFixed(1)}%); ${failed} of the mutants failed their scenario`)
  for (const line of blamed.slice(0, 10)) console.log(`  ${line}`)
}
