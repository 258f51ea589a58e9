import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { REPOSITORY } from '../startup/loaded-packages.ts'

const BIN = `${REPOSITORY}bin/toolcheck.js`

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

const VARIABLES = ['TOOLCHECK_AGENT', 'TOOLCHECK_USER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'HF_TOKEN', 'HF_ENDPOINT_URL'] as const
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]))
afterEach(() => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
})

function environment(values: Partial<Record<(typeof VARIABLES)[number], string>>): void {
  for (const name of VARIABLES) delete process.env[name]
  Object.assign(process.env, values)
}

describe('agent and user specs are checked once, before anything runs', () => {
  test('TOOLCHECK_AGENT=gpt-4o: one message and exit 2, no tests started', async () => {
    environment({ TOOLCHECK_AGENT: 'gpt-4o' })
    const reportDir = join(await mkdtemp(join(tmpdir(), 'toolcheck-process-')), 'report')
    try {
      expect(await run('eval', '--report-dir', reportDir)).toEqual({
        code: 2,
        stdout: '',
        stderr: 'toolcheck eval: TOOLCHECK_AGENT is "gpt-4o", which is not an agent toolcheck knows; use reference, openai:<model> or hf:<model> (did you mean "openai:gpt-4o"?)\n',
      })
      // No test started: nothing played, so nothing was written.
      expect(existsSync(reportDir)).toBe(false)
    } finally {
      await rm(dirname(reportDir), { recursive: true, force: true })
    }
  })

  test('a misspelt user spec is named the same way', async () => {
    environment({ TOOLCHECK_USER: 'scirpted' })
    const { code, stderr } = await run('eval')
    expect(code).toBe(2)
    expect(stderr).toBe('toolcheck eval: TOOLCHECK_USER is "scirpted", which is not a user toolcheck knows; use scripted, openai:<model> or hf:<model> (did you mean "scripted"?)\n')
  })

  test('a hosted model without its key is reported before any run', async () => {
    environment({ TOOLCHECK_AGENT: 'openai:gpt-4o-mini' })
    expect((await run('eval')).stderr).toBe(
      'toolcheck eval: TOOLCHECK_AGENT is "openai:gpt-4o-mini", which calls the OpenAI API at api.openai.com, but OPENAI_API_KEY is not set: set it, or point OPENAI_BASE_URL at a local OpenAI-compatible server\n',
    )
    environment({ TOOLCHECK_AGENT: 'reference', TOOLCHECK_USER: 'hf:meta-llama/Llama-3.1-8B-Instruct' })
    const { code, stderr } = await run('eval')
    expect(code).toBe(2)
    expect(stderr).toContain('TOOLCHECK_USER is "hf:meta-llama/Llama-3.1-8B-Instruct", which calls Hugging Face inference providers, but HF_TOKEN is not set')
  })

  test('tooltalk --agent is checked the same way, before any file is read', async () => {
    environment({})
    expect(await run('tooltalk', 'no-such-folder', '--agent', 'opneai:gpt-4o')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolcheck tooltalk: --agent is "opneai:gpt-4o", which is not an agent toolcheck knows; use reference, openai:<model> or hf:<model> (did you mean "openai:gpt-4o"?)\n',
    })
    expect((await run('tooltalk', 'no-such-folder', '--agent', 'openai:gpt-4o')).stderr).toContain('but OPENAI_API_KEY is not set')
  })
})

test('tooltalk says where ToolTalk\'s data comes from when the folder is missing', async () => {
  const { code, stdout, stderr } = await run('tooltalk', 'data/easy')
  expect(code).toBe(1)
  expect(stdout).toBe('')
  expect(stderr).toMatch(/^toolcheck tooltalk: there is no folder \S+data\/easy\. ToolTalk's conversations and databases are in the data\/ folder of its public repository, https:\/\/github\.com\/microsoft\/ToolTalk \(MIT licence\): clone it and pass data\/easy or data\/tooltalk\.\n$/)
})

test('output survives a reader that closes the pipe early (toolcheck tools | head)', async () => {
  const child = spawn(process.execPath, [BIN, 'tools'], { cwd: REPOSITORY, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  // Like `head` that has read all it wants: the pipe is closed before the command writes.
  child.stdout.destroy()
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  expect(stderr).toBe('')
  expect(code).toBe(0)
})
