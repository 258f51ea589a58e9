// `npm test`: builds the package (the e2e tests install it), then type-checks everything while
// vitest runs. The type check needs one core for about 20 seconds; the suite leaves a core idle
// for longer than that, while its tests wait on servers, browsers and child processes, so the two
// together take about as long as vitest alone. The type check's output is printed when both have
// ended, after vitest's, and the command fails when either did.
//
//   npm test [-- <vitest options>]
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))

/** Runs a command; resolves to its exit code (and what it printed, when `quiet`). */
function run(command, args, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: process.platform === 'win32' })
    let output = ''
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk))
    child.once('error', (error) => resolve({ code: 1, output: `${output}${command}: ${error.message}\n` }))
    child.once('close', (code, signal) => resolve({ code: code ?? (signal === null ? 1 : 128), output }))
  })
}

const built = await run(npm, ['run', 'build'])
if (built.code !== 0) process.exit(built.code)
const [typecheck, vitest] = await Promise.all([run(npm, ['run', '--silent', 'typecheck'], true), run(process.execPath, [VITEST, 'run', ...process.argv.slice(2)])])
if (typecheck.code !== 0) process.stderr.write(`\nnpm run typecheck failed:\n${typecheck.output}`)
else process.stdout.write('npm run typecheck: no type errors\n')
process.exit(vitest.code !== 0 ? vitest.code : typecheck.code)
