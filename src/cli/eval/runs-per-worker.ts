// How many runs each worker thread of `toolcheck eval` plays at once.

/**
 * Runs each worker plays at once when they may wait on models (a model agent, user or judge, or
 * a module of the user's, which may call one): endpoints keep their own concurrency limits, and
 * a run queued at one spends its time limit waiting.
 */
const RUNS_PER_WORKER = 4

/**
 * Runs each worker plays at once when they only compute (the reference agent, the scripted user,
 * the built-in judge). Each turn of a worker's event loop, and each message between it and the
 * command, then serves more runs, and the workers wait less on the command. Measured on 2 cores,
 * three alternated runs each: the built-in corpus's 1,824 plain runs (8 trials) took 1.51-1.57 s
 * against 1.63-1.67 s at 4, and its 1,824 runs under every variant 1.72-1.73 s against 1.86-1.90 s,
 * for 3-6 % more peak memory (the interleaved runs' garbage lives long enough to be promoted).
 * 16 was no faster than 8, for 10-25 % more memory.
 */
const RUNS_PER_WORKER_COMPUTING = 8

/** The roles of an evaluation's runs, as `toolcheck eval` was given them. */
export interface EvalRoles {
  readonly agentSpec: string
  /** The --agent module, when one replaces `agentSpec`. */
  readonly agentModule?: string
  readonly userSpec: string
  /** The --user module, when one replaces `userSpec`. */
  readonly userModule?: string
  readonly judgeSpec: string
}

/** How many runs each worker plays at once: more when nothing the runs call waits on a model (see above). */
export function runsPerWorker(roles: EvalRoles): number {
  const computing = roles.agentModule === undefined && roles.agentSpec === 'reference' && roles.userModule === undefined && roles.userSpec === 'scripted' && roles.judgeSpec === 'built-in'
  return computing ? RUNS_PER_WORKER_COMPUTING : RUNS_PER_WORKER
}
