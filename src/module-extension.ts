/**
 * The file extension of the running toolcheck modules: `.ts` when they run from the sources (inside
 * this repository, through Node's type stripping or vite), `.js` when they run from the built
 * package in `dist/`. Files that are handed to vitest by path (the matchers' setup file, the
 * reporter, the eval suites) are named with it.
 */
export const MODULE_EXTENSION: '.ts' | '.js' = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
