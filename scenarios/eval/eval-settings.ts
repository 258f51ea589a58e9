import 'vitest'

/**
 * What `toolcheck eval` tells its suite files (through vitest's `provide`): which scenarios and
 * variants to play, and which part of them this file plays. The work is split over two files so
 * vitest runs them on two workers.
 */
export interface EvalSettings {
  /** Keep scenarios whose id contains this text or that have this category; all when absent. */
  readonly filter?: string
  /**
   * `plain`: each scenario as written; `all`: under each of ToolSandbox's eight variants;
   * `robustness`: the plain run and every robustness variant (`ROBUSTNESS_VARIANTS`); `faults`,
   * `injections`, `user`, `world`: the plain run and one family's variants.
   */
  readonly variants: EvalVariants
  /** How many suite files share the work. */
  readonly parts: number
  /** Modules exporting the domains the scenarios name (absolute paths; `--domain`). */
  readonly domainModules?: readonly string[]
  /** The user's scenario folders, files or modules (absolute paths; `--scenarios`); the built-in corpus when absent. */
  readonly scenarioPaths?: readonly string[]
  /** The module exporting the agent to play (absolute path; `--agent`); the plugin's agent when absent. */
  readonly agentModule?: string
}

/** The variant sets `toolcheck eval --variants` takes. */
export type EvalVariants = 'plain' | 'all' | 'robustness' | 'faults' | 'injections' | 'user' | 'world'

declare module 'vitest' {
  interface ProvidedContext {
    toolcheckEval: EvalSettings
  }
}
