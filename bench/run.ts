/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those whose file name contains an argument),
 * prints a table and writes `toolcheck-report/bench.json`.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Benchmark, BenchmarkResult } from './harness.ts'
import { formatTarget, runBenchmark } from './harness.ts'

const here = dirname(fileURLToPath(import.meta.url))
const filters = process.argv.slice(2)
const files = (await readdir(here)).filter((file) => file.endsWith('.bench.ts') && (filters.length === 0 || filters.some((filter) => file.includes(filter)))).sort()
const results: BenchmarkResult[] = []
for (const file of files) {
  const module = (await import(join(here, file))) as { default: readonly Benchmark[] }
  for (const benchmark of module.default) {
    const result = await runBenchmark(file, benchmark)
    results.push(result)
    const target = (result.targets ?? []).map((checked) => `\n${''.padEnd(26)}target: ${formatTarget(checked)}`).join('')
    const baselines = (result.baselines ?? []).map((baseline) =>
      'ratio' in baseline ? `\n${''.padEnd(26)}${baseline.ratio.toFixed(2)} × ${baseline.name} (median ${baseline.medianMs.toFixed(4)} ms, in the same run)` : `\n${''.padEnd(26)}${baseline.name}: unmeasured (${baseline.unmeasured})`,
    )
    const facts = result.facts === undefined ? '' : `  ${JSON.stringify(result.facts)}`
    console.log(`${file.padEnd(24)} ${result.name.padEnd(56)} median ${result.medianMs.toFixed(4)} ms  p95 ${result.p95Ms.toFixed(4)} ms${facts}${baselines.join('')}${target}`)
  }
}
const out = join(here, '..', 'toolcheck-report', 'bench.json')
await mkdir(dirname(out), { recursive: true })
await writeFile(out, `${JSON.stringify({ node: process.version, results }, null, 2)}\n`)
const targets = results.flatMap((result) => result.targets ?? [])
const missed = targets.filter((target) => !target.met).length
console.log(`\n${results.length} benchmarks, ${targets.length} targets checked; ${missed} missed (${results.filter((result) => result.withinTarget === false).length} benchmarks). Written to toolcheck-report/bench.json`)
