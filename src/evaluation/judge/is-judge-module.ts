/**
 * Whether a judge spec names a module (a path ending in `.js`, `.mjs`, `.cjs`, `.ts`, `.mts` or
 * `.cts`) rather than a model. Kept apart so that checking options loads no client code.
 */
export function isJudgeModule(spec: string): boolean {
  return /\.[cm]?[jt]s$/.test(spec)
}
