import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const STAND_INS = fileURLToPath(new URL('../../../scenarios/toolsandbox/import/stand-ins/', import.meta.url))
const VECTORS = fileURLToPath(new URL('../domain/rapidfuzz-vectors.json', import.meta.url))
const CHECK = fileURLToPath(new URL('./check_rapidfuzz_stand_in.py', import.meta.url))

/**
 * The importer's Python stand-in for rapidfuzz must score exactly as rapidfuzz does: ToolSandbox
 * ranks its distraction tools by WRatio, so one differing digit can change the tools a case offers.
 * It is checked against the scores rapidfuzz itself computed, as the TypeScript port is.
 */
describe('the rapidfuzz stand-in the ToolSandbox importer ships', () => {
  it('agrees with rapidfuzz on every WRatio, partial_ratio, ratio, default_process and extract vector', () => {
    const output = execFileSync('python3', ['-B', CHECK, STAND_INS, VECTORS], { encoding: 'utf8' })
    const result = JSON.parse(output) as { cases: number; searches: number; mismatches: unknown[] }
    expect(result.cases).toBeGreaterThan(1000)
    expect(result.searches).toBeGreaterThan(30)
    expect(result.mismatches).toEqual([])
  })
})
