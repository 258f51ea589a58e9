/**
 * What `toolcheck eval` asks its worker threads to play: which scenarios and variants, from the
 * built-in corpus or the user's own modules and files.
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
  /** Modules exporting the domains the scenarios name (absolute paths; `--domain`). */
  readonly domainModules?: readonly string[]
  /** The user's scenario folders, files or modules (absolute paths; `--scenarios`); the built-in corpus when absent. */
  readonly scenarioPaths?: readonly string[]
  /** The module exporting the agent to play (absolute path; `--agent`); `TOOLCHECK_AGENT`'s when absent. */
  readonly agentModule?: string
  /** The module exporting the simulated user (absolute path; `--user`); `TOOLCHECK_USER`'s when absent. */
  readonly userModule?: string
}

/**
 * The user's modules among the settings that may define the domains the runs call: the --domain
 * modules, and the scenario paths that are modules (a scenario module may define its domain
 * itself; scenario folders and files are data).
 */
export function domainModulePaths(settings: Pick<EvalSettings, 'domainModules' | 'scenarioPaths'>): string[] {
  return [...(settings.domainModules ?? []), ...(settings.scenarioPaths ?? []).filter((path) => /\.[cm]?[jt]sx?$/.test(path))]
}

/** The variant sets `toolcheck eval --variants` takes. */
export type EvalVariants = 'plain' | 'all' | 'robustness' | 'faults' | 'injections' | 'user' | 'world'

/**
 * The file the runs of `toolcheck eval` are recorded under in its report (a run's `file`, beside
 * its test's name): the command's own, since its runs come from no test file.
 */
export const EVAL_FILE = 'toolcheck eval'
