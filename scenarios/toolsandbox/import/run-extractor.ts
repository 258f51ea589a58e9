import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Extraction } from './extracted-scenario.ts'
import { extractionSchema } from './extracted-scenario.ts'

/** A problem with the checkout or with Python, said in one line that names it. */
export class ToolSandboxImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolSandboxImportError'
  }
}

/**
 * The extractor script shipped with the package. Found by walking up from this module to the
 * folder that holds `scenarios/toolsandbox/import/extract.py`: beside the sources when they run
 * as TypeScript, two levels above `dist/` in the built package.
 */
export function extractorPath(): string {
  let directory = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = join(directory, 'scenarios', 'toolsandbox', 'import', 'extract.py')
    if (existsSync(candidate)) return candidate
    const beside = join(directory, 'extract.py')
    if (existsSync(beside)) return beside
    const parent = dirname(directory)
    if (parent === directory) throw new ToolSandboxImportError('the ToolSandbox extractor (extract.py) is missing from this installation of toolcheck')
    directory = parent
  }
}

/** How to run the extractor. */
export interface ExtractorOptions {
  /** The Python to run it with (`python3` by default). */
  readonly python?: string
  /** `now` and the time zone ToolSandbox's `datetime.now()` is frozen at. */
  readonly now: number
  readonly timeZone: string
}

/** Throws unless `checkout` looks like a ToolSandbox checkout (it has `tool_sandbox/scenarios/`). */
export function checkCheckout(checkout: string): void {
  if (!existsSync(checkout)) throw new ToolSandboxImportError(`${checkout} does not exist; give the folder of a ToolSandbox checkout (the one that holds tool_sandbox/)`)
  if (!existsSync(join(checkout, 'tool_sandbox', 'scenarios', '__init__.py')))
    throw new ToolSandboxImportError(`${checkout} is not a ToolSandbox checkout: it has no tool_sandbox/scenarios/__init__.py (clone https://github.com/apple/ToolSandbox and give its folder)`)
}

/**
 * Runs `extract.py --mode scenarios` on a checkout with the user's Python and returns its document.
 * Throws `ToolSandboxImportError` when Python is missing, the checkout's code fails, or the
 * output is not the extractor's document.
 */
export async function runExtractor(checkout: string, options: ExtractorOptions): Promise<Extraction> {
  checkCheckout(checkout)
  const python = options.python ?? 'python3'
  const args = ['-B', extractorPath(), '--checkout', checkout, '--mode', 'scenarios', '--now', String(options.now), '--time-zone', options.timeZone]
  const { code, stdout, stderr, spawnError } = await new Promise<{ code: number | null; stdout: string; stderr: string; spawnError?: NodeJS.ErrnoException }>((resolve) => {
    const child = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' } })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error: NodeJS.ErrnoException) => resolve({ code: null, stdout: '', stderr: '', spawnError: error }))
    child.on('close', (exit) => resolve({ code: exit, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }))
  })
  if (spawnError !== undefined) {
    if (spawnError.code === 'ENOENT') throw new ToolSandboxImportError(`${python} was not found; ToolSandbox's scenarios are Python code, and importing them needs Python 3.9 or later on the PATH (or --python <path>)`)
    throw new ToolSandboxImportError(`${python} could not be started: ${spawnError.message}`)
  }
  if (code !== 0) {
    const last = stderr.trim().split('\n').at(-1) ?? ''
    throw new ToolSandboxImportError(`${python} failed to read the checkout's scenarios (exit code ${code}): ${last || 'no message'}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(stdout)
  } catch {
    throw new ToolSandboxImportError(`${python} printed something that is not the extractor's JSON (${JSON.stringify(stdout.slice(0, 80))}...)`)
  }
  const checked = extractionSchema.safeParse(parsed)
  if (!checked.success) throw new ToolSandboxImportError(`the extractor's JSON does not have the expected shape: ${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`)
  return checked.data
}
