// How many runs each worker thread of `toolcheck eval` plays at once.
import type { EvalSettings } from './eval-settings.ts'
import { domainModulePaths } from './eval-settings.ts'

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

/** Who plays an evaluation's runs and whose tools they call: its settings' modules, and the specs of its roles. */
export type EvalRoles = Pick<EvalSettings, 'agentModule' | 'userModule' | 'domainModules' | 'scenarioPaths'> & {
  readonly agentSpec: string
  readonly userSpec: string
  readonly judgeSpec: string
}

/** How many runs each worker plays at once: more when the runs call only toolcheck's own code, which waits on no model (see above). */
export function runsPerWorker(roles: EvalRoles): number {
  const ownRoles = roles.agentModule === undefined && roles.agentSpec === 'reference' && roles.userModule === undefined && roles.userSpec === 'scripted' && roles.judgeSpec === 'built-in'
  return ownRoles && domainModulePaths(roles).length === 0 ? RUNS_PER_WORKER_COMPUTING : RUNS_PER_WORKER
}
