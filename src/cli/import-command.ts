import { resolve } from 'node:path'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The usage text of `toolcheck import`. */
export const IMPORT_USAGE = `usage: toolcheck import toolsandbox <checkout> [--out <dir>] [--python <path>] [--json]

Imports ToolSandbox's own scenarios from a checkout of apple/ToolSandbox: runs the checkout's
scenario code with your python3 (your ToolSandbox environment when you have one; where polars,
rapidfuzz or another package is missing or too new, toolcheck puts small stand-ins in its place)
and writes one scenario file per base scenario, named by ToolSandbox's name (get_cellular.json,
...), with a reference solution wherever one follows from the milestones. The scenarios play on
the built-in device domain and are scored as ToolSandbox scores (--scoring toolsandbox).

  --out <dir>      the folder to write (default toolsandbox-scenarios); replaced as a whole, never
                   left half written
  --python <path>  the Python to run ToolSandbox's code with (default python3)
  --json           print what was imported as JSON

Play them with: toolcheck eval --scenarios <dir>

exit code: 0 when at least one scenario was imported (the summary lists those that were not and
why); 1 when none could be (not a ToolSandbox checkout, no Python, the checkout's code failed);
2 for bad options.
`

/** `toolcheck import toolsandbox <checkout>`. */
export async function runImportCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArguments(args, { out: { type: 'string' }, python: { type: 'string' }, json: { type: 'boolean' } }, true)
  const [source, checkout, ...extra] = positionals
  if (source !== 'toolsandbox') throw new UsageError(source === undefined ? 'say what to import: toolcheck import toolsandbox <checkout>' : `toolcheck imports from toolsandbox only, not ${JSON.stringify(source)}`)
  if (checkout === undefined) throw new UsageError('give the folder of a ToolSandbox checkout: toolcheck import toolsandbox <checkout>')
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`)
  const out = resolve(process.cwd(), values.out ?? 'toolsandbox-scenarios')
  const { importToolSandbox } = await import('../../scenarios/toolsandbox/import/import-toolsandbox.ts')
  const { ToolSandboxImportError } = await import('../../scenarios/toolsandbox/import/run-extractor.ts')
  const started = performance.now()
  let result
  try {
    result = await importToolSandbox(resolve(process.cwd(), checkout), { out, ...(values.python === undefined ? {} : { python: values.python }) })
  } catch (error) {
    if (!(error instanceof ToolSandboxImportError)) throw error
    io.stderr(`toolcheck import: ${error.message}\n`)
    return 1
  }
  const seconds = (performance.now() - started) / 1000
  if (values.json === true) {
    io.stdout(`${JSON.stringify({ ...result, seconds: Math.round(seconds * 10) / 10 }, null, 2)}\n`)
    return 0
  }
  const withReference = result.imported.filter((entry) => entry.reference).length
  const lines = [
    `imported ${result.imported.length} of ToolSandbox's scenarios into ${out} in ${seconds.toFixed(1)} s (${result.constraints} milestone and minefield constraints mapped)`,
    `reference solutions: ${withReference} written; ${result.imported.length - withReference} have none (the reference agent cannot play them)`,
    ...(result.imported.some((entry) => entry.caveats.length > 0) ? ['a scenario with a caveat (below) is not played by any agent: toolcheck eval lists it under "runs not played"'] : []),
  ]
  if (result.standIns.length > 0) lines.push(`stand-ins for packages your python lacks: ${result.standIns.join(', ')}`)
  for (const entry of result.imported) for (const caveat of entry.caveats) lines.push(`  ${entry.id}: ${caveat}`)
  for (const entry of result.skipped) lines.push(`not imported: ${entry.id}: ${entry.reason}`)
  io.stdout(`${lines.join('\n')}\n`)
  return 0
}
