import { createRequire } from 'node:module'

/**
 * A framework an adapter needs (an optional peer dependency of vitest-toolcheck) is not installed.
 * The message names the package and the command that installs it.
 */
export class MissingPeerError extends Error {
  /** The npm package that is missing. */
  readonly packageName: string

  constructor(packageName: string, entryPoint: string, options?: { cause?: unknown }) {
    super(`${entryPoint} needs the package \`${packageName}\`, which is not installed; install it next to vitest-toolcheck: npm install --save-dev ${packageName}`, options)
    this.name = 'MissingPeerError'
    this.packageName = packageName
  }
}

/**
 * Checks, without loading it, that an optional peer can be found, and throws `MissingPeerError`
 * (with the command that installs it) when it cannot: the adapters call it when they are made, so
 * a missing framework is a configuration error before any scenario runs, not an error of each run.
 * `specifier` is what the adapter imports, when that is a subpath of the package.
 */
export function requirePeer(packageName: string, entryPoint: string, specifier = packageName): void {
  try {
    // vite's module runner (which runs vitest's configuration) has no import.meta.resolve; Node's
    // require resolution finds the same package through the exports' `require` or `default` entry.
    if (typeof import.meta.resolve === 'function') import.meta.resolve(specifier)
    else createRequire(import.meta.url).resolve(specifier)
  } catch (error) {
    if (isMissing(error, packageName)) throw new MissingPeerError(packageName, entryPoint, { cause: error })
    // Found but not resolvable this way (an exports map without a matching condition): it is installed.
  }
}

/** Modules loaded once, by specifier; a failed load is retried on the next call (the user may install meanwhile). */
const loaded = new Map<string, Promise<unknown>>()

/**
 * Imports an optional peer on first use, so that importing vitest-toolcheck (or any entry point
 * but this adapter's own, used) loads none of the frameworks. `load` is the `import()` of the
 * package, written out by the caller so that bundlers and TypeScript see the literal specifier.
 * When the package itself cannot be found the error is a `MissingPeerError`; an error from inside
 * an installed package (a broken install, a missing dependency of its own) is thrown unchanged.
 * `specifier` names the module `load` imports when it is a subpath of the package.
 */
export function loadOptionalPeer<T>(packageName: string, entryPoint: string, load: () => Promise<T>, specifier = packageName): Promise<T> {
  const cached = loaded.get(specifier) as Promise<T> | undefined
  if (cached !== undefined) return cached
  const loading = load().catch((error: unknown) => {
    loaded.delete(specifier)
    if (isMissing(error, packageName)) throw new MissingPeerError(packageName, entryPoint, { cause: error })
    throw error
  })
  loaded.set(specifier, loading)
  return loading
}

/** Whether an import failed because `packageName` itself could not be resolved. */
function isMissing(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false
  // Node says "Cannot find package 'ai' imported from ..."; a missing dependency of the package
  // names that dependency instead, which is not ours to name.
  return typeof message === 'string' && [`'${packageName}'`, `"${packageName}"`, `'${packageName}/`].some((quoted) => message.includes(quoted))
}
