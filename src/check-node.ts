// Imported first by the plugin's and the reporter's entry modules, so that it runs before any
// other module of theirs: on a Node older than vitest-toolcheck supports, the process stops with
// one line that says what to do, instead of crashing later somewhere inside vitest.
import { nodeVersionProblem } from './node-support.ts'

const problem = nodeVersionProblem()
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`)
  process.exit(1)
}
