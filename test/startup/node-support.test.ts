import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { MINIMUM_NODE, nodeVersionProblem } from '../../src/node-support.ts'
import { findOlderNode } from './older-node.ts'
import { REPOSITORY } from './loaded-packages.ts'

describe('the supported Node version', () => {
  test('a Node older than 22.12 gets one line naming the version found, the version needed and how to get it', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      'vitest-toolcheck needs Node 22.12 or newer, and this is Node 20.20.2: install Node 22 or 24 from https://nodejs.org (or run `nvm install 24`)',
    )
    expect(nodeVersionProblem('22.11.9', 'toolcheck')).toMatch(/^toolcheck needs Node 22\.12 or newer, and this is Node 22\.11\.9: /)
    expect(nodeVersionProblem('v18.0.0')).toContain('this is Node v18.0.0')
    for (const version of ['22.12.0', '22.18.1', '23.0.0', '24.9.0', '30.1.2']) expect(nodeVersionProblem(version)).toBeUndefined()
  })

  test('package.json engines, the command line and the plugin name the same minimum', async () => {
    const packageJson = JSON.parse(await readFile(`${REPOSITORY}package.json`, 'utf8')) as { engines: { node: string } }
    expect(packageJson.engines.node).toBe(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`)
    const bin = await readFile(`${REPOSITORY}bin/toolcheck.js`, 'utf8')
    const [major, minor] = MINIMUM_NODE.split('.')
    expect(bin).toContain(`const MINIMUM_NODE = [${major}, ${minor}]`)
  })

  const older = findOlderNode()
  test.skipIf(older === undefined)(`the command line started with an older Node (${older?.version ?? 'none on this machine'}) stops with that one line`, async () => {
    const result = await promisify(execFile)(older!.path, [`${REPOSITORY}bin/toolcheck.js`, '--version'], { cwd: REPOSITORY }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`toolcheck needs Node 22.18 or newer, and this is Node ${older!.version}: inside the repository, run it through \`npm run toolcheck --\` or \`npx toolcheck\`, which use the Node 24 of the \`node\` devDependency\n`)
  })
})
