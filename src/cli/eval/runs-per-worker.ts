// How many runs each worker thread of `toolcheck eval` plays at once.

/**
 * Runs each worker plays at once when they may wait on models (a model agent, user or judge, or
 * a module of the user's, which may call one): endpoints keep their own concurrency limits, and
 * a run queued at one spends its time limit waiting. Also when the runs call tools of the user's
 * (`--domain` modules, scenarios written as code): runs played at once share the worker's
 * thread, so a run's time limit also counts the other runs' computing, which toolcheck's own
 * tools keep short and the user's need not.
 */
const RUNS_PER_WORKER = 4

/**
 * Runs each worker plays at once when they only compute, and only toolcheck's own code (the
 * reference agent, the scripted user, the built-in judge, the built-in domains). Each turn of a
 * worker's event loop, and each message between it and the command, then serves more runs, and
 * the workers wait less on the command. Measured on 2 cores, three alternated runs each: the
 * built-in corpus's 1,824 plain runs (8 trials) took 1.51-1.57 s against 1.63-1.67 s at 4, and its
 * 1,824 runs under every variant 1.72-1.73 s against 1.86-1.90 s, for 3-6 % more peak memory (the
 * interleaved runs' garbage lives long enough to be promoted). 16 was no faster than 8, for 10-25 %
 * more memory.
 */
const RUNS_PER_WORKER_COMPUTING = 8

/** Who plays an evaluation's runs and whose tools they call, as `toolcheck eval` was given them. */
export interface EvalRoles {
  readonly agentSpec: string
  /** The --agent module, when one replaces `agentSpec`. */
  readonly agentModule?: string
  readonly userSpec: string
  /** The --user module, when one replaces `userSpec`. */
  readonly userModule?: string
  readonly judgeSpec: string
  /** The --domain modules and --scenarios paths: a module among them brings tools of the user's. */
  readonly domainModules?: readonly string[]
  readonly scenarioPaths?: readonly string[]
}

/** How many runs each worker plays at once: more when the runs call only toolcheck's own code, which waits on no model (see above). */
export function runsPerWorker(roles: EvalRoles): number {
  const ownRoles = roles.agentModule === undefined && roles.agentSpec === 'reference' && roles.userModule === undefined && roles.userSpec === 'scripted' && roles.judgeSpec === 'built-in'
  // Scenario files (JSON) are data; a module among the scenario paths may define a domain (as the workers read them).
  const ownTools = (roles.domainModules ?? []).length === 0 && !(roles.scenarioPaths ?? []).some((path) => /\.[cm]?[jt]sx?$/.test(path))
  return ownRoles && ownTools ? RUNS_PER_WORKER_COMPUTING : RUNS_PER_WORKER
}
