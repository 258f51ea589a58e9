import { createHash } from 'node:crypto'
import type { Scenario } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { asJson, canonicalJson } from '../world/index.ts'

/**
 * What a scenario was, part by part, as digests: two reports whose runs of a scenario carry the
 * same fingerprint played the same scenario, so their runs compare like with like. Each part is
 * the first 16 hex digits of the SHA-256 of its canonical JSON.
 *
 * - `world`: the domain, the clock and the starting world (its base and changes);
 * - `tools`: the tools allowed and denied, and the agent's prompt when the scenario replaces it;
 * - `user`: the goal, what the user knows, demonstrations, the first message and its
 *   paraphrases, the user's prompt when replaced, and the turn limit;
 * - `milestones` and `minefields`: each list with its DAG edges.
 *
 * It covers what the scenario says; the domain's own code (its tools' descriptions, its default
 * rows) is covered by the package and domain versions, not by the fingerprint.
 */
export interface ScenarioFingerprint {
  readonly world: string
  readonly tools: string
  readonly user: string
  readonly milestones: string
  readonly minefields: string
}

/** The parts of a fingerprint, in the order they are reported. */
export const FINGERPRINT_PARTS: readonly (keyof ScenarioFingerprint)[] = ['world', 'tools', 'user', 'milestones', 'minefields']

// A scenario is immutable data and is recorded once per trial: digest it once.
const fingerprints = new WeakMap<Scenario, ScenarioFingerprint>()

/** The fingerprint of a scenario (see `ScenarioFingerprint`). */
export function scenarioFingerprint(scenario: Scenario): ScenarioFingerprint {
  const known = fingerprints.get(scenario)
  if (known !== undefined) return known
  const fingerprint: ScenarioFingerprint = {
    world: digest({ domain: scenario.domain, clock: scenario.clock, world: scenario.world }),
    tools: digest({ tools: scenario.tools, prompt: scenario.prompts?.agent ?? null }),
    user: digest({
      user: scenario.user,
      firstMessage: scenario.firstMessage,
      paraphrases: scenario.paraphrases,
      prompt: scenario.prompts?.user ?? null,
      maxTurns: scenario.maxTurns,
    }),
    milestones: digest({ milestones: scenario.milestones, edges: scenario.milestoneEdges ?? null }),
    minefields: digest({ minefields: scenario.minefields, edges: scenario.minefieldEdges ?? null }),
  }
  fingerprints.set(scenario, fingerprint)
  return fingerprint
}

function digest(value: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(asJson(value) as JsonValue))
    .digest('hex')
    .slice(0, 16)
}
