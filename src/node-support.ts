/**
 * The oldest Node that vitest-toolcheck supports. vitest 5 needs 22.12 and openai 7 needs 22;
 * Node 20 is past its end of life, and vitest 5's own reporter crashes on it (`Map.groupBy`).
 * `engines.node` in package.json and the check in `bin/toolcheck.js` say the same (a test keeps
 * them in step).
 */
export const MINIMUM_NODE = '22.12.0'

/**
 * The one-line message for a Node older than `MINIMUM_NODE`, naming the version found, the
 * version needed and how to get it; `undefined` when `version` is new enough.
 */
export function nodeVersionProblem(version: string = process.versions.node, program = 'vitest-toolcheck'): string | undefined {
  if (compareVersions(version, MINIMUM_NODE) >= 0) return undefined
  const needed = MINIMUM_NODE.replace(/\.0$/, '')
  return `${program} needs Node ${needed} or newer, and this is Node ${version}: install Node 22 or 24 from https://nodejs.org (or run \`nvm install 24\`)`
}

function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0)
  const [left, right] = [parts(a), parts(b)]
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}
