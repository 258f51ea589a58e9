import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { Report } from '../../src/reporter/report.ts'
import { COUNT_MODULES_HOOK, modulesLoaded } from '../startup/loaded-packages.ts'
import { findOlderNode } from '../startup/older-node.ts'
import { HAS_TOOLTALK_DATA, TOOLTALK_DATA } from '../tooltalk/tooltalk-data.ts'
import { consumerProject, packRepository, run } from './consumer-project.ts'
import { publishedFiles, repository } from './packed-project.ts'
import { TOOLSANDBOX_CHECKOUT } from './toolsandbox-checkout.ts'

// Projects that install the packed package from a tarball, next to vitest and zod from the
// registry: the oldest vitest and zod the peer ranges allow, and the newest.
const CONSUMERS = [
  { vitest: '4.1.0', zod: '4.2.0' },
  { vitest: '5', zod: '4' },
] as const

const workspace = await mkdtemp(join(tmpdir(), 'toolcheck-pack-'))
const tarball = await packRepository(workspace)
const projects: string[] = []
afterAll(async () => {
  for (const folder of [workspace, ...projects]) await rm(folder, { recursive: true, force: true })
})

const older = findOlderNode()
// Plain output, so that the checks below read vitest's summary lines.
const plainEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
delete plainEnv.FORCE_COLOR

describe.for(CONSUMERS)('a project on vitest $vitest and zod $zod that installs the packed package', ({ vitest, zod }) => {
  // Both projects install at once, as the file loads: npm mostly waits on its cache and the disk.
  const installing = consumerProject(tarball, { vitest, zod }).then((project) => {
    projects.push(project)
    return project
  })
  // Failing, it fails the tests that wait on it; until one does, the failure is not unhandled.
  installing.catch(() => {})
  const ready = (): Promise<string> => installing

  test('runs its tests with the plugin, the matchers and the reporter, and writes the report', { timeout: 300_000 }, async () => {
    const root = await ready()
    const reportDir = join(root, 'toolcheck-report')
    const result = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run'], { cwd: root, env: { ...plainEnv, TOOLCHECK_EXAMPLES_REPORT_DIR: reportDir } })
    expect(result.stderr).not.toMatch(/Error|TypeError/)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Tests +3 passed \(3\)/)
    const installedVitest = JSON.parse(await readFile(join(root, 'node_modules/vitest/package.json'), 'utf8')) as { version: string }
    expect(installedVitest.version.split('.')[0]).toBe(vitest.split('.')[0])
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report
    expect(report.runs).toHaveLength(3)
    expect(report.runs.every((entry) => entry.scenario === 'example-wifi-behind-low-battery' && entry.score === 1 && entry.passed)).toBe(true)
    expect(result.stdout).toContain(`reports: ${reportDir}/report.json, ${reportDir}/index.html`)
  })

  test('the command line runs from the installed package', { timeout: 300_000 }, async () => {
    const root = await ready()
    const listed = await run(process.execPath, ['node_modules/.bin/toolcheck', 'tools', '--json'], { cwd: root })
    expect(listed.stderr).toBe('')
    expect((JSON.parse(listed.stdout) as { count: number }).count).toBe(34)
    const version = await run(process.execPath, ['node_modules/.bin/toolcheck', '--version'], { cwd: root })
    expect(version.stdout).toMatch(/^vitest-toolcheck \d+\.\d+\.\d+\n$/)
    if (!HAS_TOOLTALK_DATA) return
    // The ToolTalk command runs from its bundle: a handful of the package's own modules, and no
    // other package: neither zod nor vitest nor a model client.
    const countModules = join(root, 'count-modules.mjs')
    await writeFile(countModules, COUNT_MODULES_HOOK)
    const scored = await run(process.execPath, ['--import', countModules, 'node_modules/.bin/toolcheck', 'tooltalk', `${TOOLTALK_DATA}easy`, '--json'], { cwd: root })
    expect(JSON.parse(scored.stdout)).toMatchObject({ totals: { conversations: 28, precision: 1, recall: 1, successRate: 1 } })
    const loaded = modulesLoaded(scored.stderr)
    expect(loaded['vitest-toolcheck']).toBeLessThanOrEqual(12)
    expect(Object.keys(loaded).filter((name) => name !== 'vitest-toolcheck')).toEqual([])
  })

  test.skipIf(!existsSync(TOOLSANDBOX_CHECKOUT))("the installed package imports ToolSandbox's scenarios from a checkout and plays them", { timeout: 300_000 }, async () => {
    const root = await ready()
    const out = join(root, 'toolsandbox-scenarios')
    // The extractor and its stand-ins ship in the package: the machine's python3 has neither polars nor rapidfuzz.
    const imported = await run(process.execPath, ['node_modules/.bin/toolcheck', 'import', 'toolsandbox', TOOLSANDBOX_CHECKOUT, '--out', out, '--json'], { cwd: root })
    expect(imported.code, imported.stderr).toBe(0)
    expect((JSON.parse(imported.stdout) as { imported: unknown[] }).imported).toHaveLength(129)
    expect((await readdir(out)).length).toBe(129)
    const played = await run(process.execPath, ['node_modules/.bin/toolcheck', 'eval', '--scenarios', out, '--filter', 'cellular', '--variants', 'plain', '--report-dir', join(root, 'toolsandbox-report')], { cwd: root, env: plainEnv })
    expect(played.code, played.stderr).toBe(0)
    expect(played.stdout).toMatch(/^toolcheck: agent reference, (\d+) runs: \1 passed, 0 failed/)
    expect(played.stdout).toContain("in ToolSandbox's form (mean similarity / mean turns):")
  })

  test.skipIf(older === undefined)(`started with an older Node (${older?.version ?? 'none on this machine'}), vitest and the command line stop with one line`, { timeout: 300_000 }, async () => {
    const root = await ready()
    const line = `needs Node 22.12 or newer, and this is Node ${older!.version}: install Node 22 or 24 from https://nodejs.org (or run \`nvm install 24\`)\n`
    const tests = await run(older!.path, ['node_modules/vitest/vitest.mjs', 'run'], { cwd: root })
    expect(tests).toEqual({ code: 1, stdout: '', stderr: `vitest-toolcheck ${line}` })
    const command = await run(older!.path, ['node_modules/.bin/toolcheck', 'tools'], { cwd: root })
    expect(command).toEqual({ code: 1, stdout: '', stderr: `toolcheck ${line}` })
  })
})

/** The README without the sections written for people working on toolcheck itself, whose files stay in the repository. */
function readmeForUsers(readme: string): string {
  return readme.replace(/^## (Working on toolcheck itself|Layout)\n[\s\S]*?(?=^## |(?![\s\S]))/gm, '')
}

test('the package holds every file its README and docs link to or name, a LICENSE and its metadata', async () => {
  const files = await publishedFiles()
  for (const required of ['LICENSE', 'README.md', 'bin/toolcheck.js', 'dist/src/index.js', 'dist/src/cli/main.js', 'scenarios/scenario.schema.json', 'examples/my-agent.ts', 'examples/bank/domain.ts']) expect(files).toContain(required)
  const readme = await readFile(join(repository, 'README.md'), 'utf8')
  const links = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((match) => match[1] as string).filter((target) => !/^[a-z]+:/.test(target))
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) expect(files, `README links ${link}`).toContain(link.replace(/^\.\//, ''))
  // Paths a reader is sent to (`examples/bank/`, `docs/scenarios.md`), in what an installed package's user reads.
  const pages = [['README.md', readmeForUsers(readme)], ...(await Promise.all(files.filter((file) => /^docs\/.*\.md$/.test(file)).map(async (file) => [file, await readFile(join(repository, file), 'utf8')])))]
  for (const [page, text] of pages) {
    const named = [...(text as string).replace(/<!--[\s\S]*?-->/g, '').matchAll(/`((?:examples|docs|dist|bin|scenarios|src|test|bench|generators)\/[^`\s]*)`/g)].map((match) => match[1] as string)
    for (const path of named) expect(files.some((file) => file === path || file.startsWith(path.endsWith('/') ? path : `${path}/`)), `${page} names ${path}, which the package does not hold`).toBe(true)
  }
  const packageJson = JSON.parse(await readFile(join(repository, 'package.json'), 'utf8')) as Record<string, unknown> & { scripts: Record<string, string> }
  expect(packageJson).toMatchObject({ license: 'MIT', peerDependencies: { vitest: expect.any(String), zod: expect.any(String) }, keywords: expect.arrayContaining(['vitest']) })
  expect(packageJson.dependencies).not.toHaveProperty('vitest')
  expect(packageJson.dependencies).not.toHaveProperty('zod')
  // Nothing runs when a user installs the package (npm warns about install scripts it was not told to allow).
  expect(Object.keys(packageJson.scripts).filter((script) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(script))).toEqual([])
})
