import type { ReportedFingerprint, ReportSettings } from '../reporter/report.ts'
import { isDeterministicRun } from '../reporter/report-settings.ts'
import type { ReportRun } from '../reporter/report.ts'
import { FINGERPRINT_PARTS } from '../runner/scenario-fingerprint.ts'
import type { LikeWithLike, SettingPair } from './comparison.ts'

/** What the like-with-like check reads of a report; reports of older versions lack `settings`. */
export interface SettingsSource {
  readonly settings?: Partial<ReportSettings>
  /** The runs, to tell determinism from when the settings do not record it; or that answer, worked out already. */
  readonly runs?: readonly Pick<ReportRun, 'agent' | 'usage'>[]
  readonly deterministicRuns?: boolean
}

/**
 * How alike two reports were made: each recorded setting side by side, and whether each report
 * is a deterministic replay (recorded; read from its runs for reports that predate the record).
 */
export function likeWithLike(base: SettingsSource, head: SettingsSource): LikeWithLike {
  const pair = <T>(pick: (settings: Partial<ReportSettings>) => T | undefined): SettingPair<T> => {
    const first = base.settings === undefined ? undefined : pick(base.settings)
    const second = head.settings === undefined ? undefined : pick(head.settings)
    return { base: first ?? null, head: second ?? null, same: first === undefined || second === undefined ? null : first === second }
  }
  return {
    scoring: pair((settings) => settings.scoring),
    version: pair((settings) => settings.version),
    agentSpec: pair((settings) => settings.agentSpec),
    userSpec: pair((settings) => settings.userSpec),
    replayed: pair((settings) => settings.replayed ?? undefined),
    deterministic: { base: deterministic(base), head: deterministic(head) },
  }
}

/**
 * The parts of a scenario that differ between two fingerprints, in `FINGERPRINT_PARTS` order; a
 * part recorded as `mixed` (the report's runs disagree) counts as differing. Empty when either
 * fingerprint is missing: there is nothing to tell them apart by.
 */
export function fingerprintDifferences(base: ReportedFingerprint | undefined, head: ReportedFingerprint | undefined): string[] {
  if (base === undefined || head === undefined) return []
  return FINGERPRINT_PARTS.filter((part) => base[part] !== head[part] || base[part] === 'mixed')
}

function deterministic(report: SettingsSource): boolean {
  if (typeof report.settings?.deterministic === 'boolean') return report.settings.deterministic
  if (report.runs !== undefined) return report.runs.length > 0 && report.runs.every(isDeterministicRun)
  return report.deterministicRuns ?? false
}
