import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
// The example imports the package, as a user does; the mistakes are made with the same copy.
import { defineDomain, defineScenario, defineTool, functionAgent, parseScenario, referenceAgent, runScenario } from 'vitest-toolcheck'
import { z } from 'zod'
import { toolcheckMatchers } from 'vitest-toolcheck/vitest'
import { bank } from '../../examples/bank/domain.ts'
import { transferFromLockedAccount } from '../../examples/bank/scenarios.ts'
import type { Report } from '../../src/reporter/report.ts'
import { reportDirectory } from '../e2e/run-fixture.ts'
import type { Block } from './doc-blocks.ts'
import { blocks } from './doc-blocks.ts'

/**
 * docs/domains.md is checked block by block: each fenced block carries a marker on the line
 * before it saying what it is, and the test holds it to that. `file:` blocks are a whole file of
 * the repository, `excerpt:` blocks appear in the file word for word, `command` blocks run, and
 * `error:` blocks are the message toolcheck gives for that mistake.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const document = readFileSync(new URL('../../docs/domains.md', import.meta.url), 'utf8')

const all = blocks(document, 'docs/domains.md')
const label = (block: Block) => `line ${block.line} (${block.marker})`
const source = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8')
const base = { domain: bank, id: 'oops', categories: ['transfers'], user: { goal: 'g', knowledge: 'k' }, firstMessage: 'hi', reference: [{ user: 'end' as const }] }

expect.extend(toolcheckMatchers)

/** An agent that unlocks the account and then sends 500 dollars where the customer asked for 50. */
const sendsTooMuch = functionAgent(({ messages, latestToolResults }) => {
  const succeeded = messages.filter((message) => message.sender === 'environment' && message.toolResult?.error === undefined).map((message) => message.toolResult?.tool)
  if (latestToolResults().at(-1)?.error?.kind === 'AccountLocked') return 'acc-17 is locked. What is its PIN?'
  const transfer = [{ name: 'transfer_funds', arguments: { from: 'acc-17', to: 'acc-2', amount: 500 } }]
  if (messages.filter((message) => message.sender === 'user').length === 1) return transfer
  if (!succeeded.includes('unlock_account')) return [{ name: 'unlock_account', arguments: { account_id: 'acc-17', pin: '4321' } }]
  return succeeded.includes('transfer_funds') ? 'Done: acc-17 now holds 0 dollars.' : transfer
}, { name: 'sends-too-much' })

/** The mistakes the page quotes, each made for real. */
const MISTAKES: Readonly<Record<string, () => unknown>> = {
  'unknown-tool': () => defineScenario({ ...base, tools: { allow: ['transfer_fund' as 'transfer_funds'] } }),
  invariant: () => defineScenario({ ...base, tools: { allow: ['transfer_funds'] }, world: { insert: { accounts: [{ account_id: 'acc-3', owner: 'X', balance: -5, pin: '0000' }] } } }),
  'unknown-column': () => defineScenario({ ...base, tools: { allow: ['transfer_funds'] }, world: { insert: { accounts: [{ account_id: 'acc-3', owner: 'X', balance: 5, pin: '0000', frozen: true } as never] } } }),
  'sends-too-much': async () => expect(await runScenario(transferFromLockedAccount, { agent: sendsTooMuch })).toHitMilestones(),
  'unknown-domain': () => runScenario(parseScenario({ ...base, domain: 'bank', tools: { allow: ['transfer_funds'] } }), { agent: referenceAgent() }),
  'domain-error': async () => {
    // A tool with a typo: the column is owner, not ownr.
    const getOwner = defineTool({
      name: 'get_owner',
      description: "An account's owner.",
      args: z.object({ account_id: z.string().describe('The account.') }),
      returns: 'the name',
      action: false,
      execute: ({ account_id: id }, { world }) => (world.rows('accounts').find((row) => row.account_id === id) as unknown as { ownr: string }).ownr.toUpperCase(),
    })
    const buggy = defineDomain({ name: 'bank', tables: bank.tables, defaultRows: (clock) => bank.defaultRows(clock), tools: [...bank.tools, getOwner] })
    const asks = functionAgent(({ latestToolResults }) => (latestToolResults().length > 0 ? 'Done.' : [{ name: 'get_owner', arguments: { account_id: 'acc-17' } }]))
    const scenario = defineScenario({ ...base, domain: buggy, tools: { allow: ['get_owner'] } })
    await expect(await runScenario(scenario, { agent: asks })).toHitMilestones()
  },
}

describe('docs/domains.md', () => {
  test('every block is marked, and only ts, json, sh and text blocks are used', () => {
    expect(all.length).toBeGreaterThan(8)
    expect(all.filter((block) => block.marker === '').map(label)).toEqual([])
    for (const block of all) expect(['ts', 'json', 'sh', 'text'], label(block)).toContain(block.fence)
  })

  test.for(all.filter((block) => block.marker.startsWith('file:')).map((block) => [label(block), block] as const))('%s is the whole file', ([, block]) => {
    expect(block.text.trimEnd()).toBe(source(block.marker.slice('file:'.length).trim()).trimEnd())
  })

  test.for(all.filter((block) => block.marker.startsWith('excerpt:')).map((block) => [label(block), block] as const))('%s appears in its file word for word', ([, block]) => {
    expect(source(block.marker.slice('excerpt:'.length).trim())).toContain(block.text)
  })

  test.for(all.filter((block) => block.marker.startsWith('error:')).map((block) => [label(block), block] as const))('%s is the error toolcheck gives', async ([, block]) => {
    const mistake = MISTAKES[block.marker.slice('error:'.length).trim()]
    if (mistake === undefined) throw new Error(`no mistake is known for ${label(block)}`)
    const thrown = await (async () => mistake())().then(
      () => undefined,
      (error: unknown) => error as Error,
    )
    expect(thrown?.message).toContain(block.text.trim())
  })

  test.for(all.filter((block) => block.marker === 'command').map((block) => [label(block), block] as const))('%s runs', async ([, block]) => {
    const [program, command, ...args] = block.text.trim().split(/\s+/)
    expect([program, command]).toEqual(['npx', 'toolcheck'])
    expect(args[0]).toBe('eval')
    const directory = reportDirectory('docs-domains')
    const output = { stdout: '', stderr: '' }
    // The command runs from the repository's root: its paths are made absolute from there.
    const fromRoot = args.slice(1).map((argument) => (argument.startsWith('-') || !argument.includes('/') ? argument : `${ROOT}${argument}`))
    const code = await runEval([...fromRoot, '--report-dir', directory], { stdout: (text) => void (output.stdout += text), stderr: (text) => void (output.stderr += text) })
    expect(output.stderr).toBe('')
    expect(code).toBe(0)
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    expect(report.runs.length).toBe(3)
    expect(report.runs.every((run) => run.score === 1)).toBe(true)
  })
})
