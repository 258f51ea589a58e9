/**
 * The runner: one run of a scenario, whatever drives it. It prepares the run (augments the
 * scenario, presents its tools), plays and scores it, names it (run id, fingerprint) and turns it
 * into the record and transcript a report is built from. The vitest plugin and `toolcheck eval`'s
 * workers both call it, so a run means the same under either; neither holds any of it.
 */
export type { PlayRunOptions, PreparedRun, RunChoices } from './play-run.ts'
export { playPreparedRun, prepareRun } from './play-run.ts'
export { notPlayedBecause } from './not-played.ts'
export type { ScenarioRun } from './scenario-run.ts'
export { asScenarioRun, asTrajectory, ReceivedValueError } from './scenario-run.ts'
export type { ScenarioCase, ScenarioList, ScenarioTable, ScenarioTableProblem, ScenarioTableSource } from './scenario-table.ts'
export { scenarioCases, scenarioTable, scenarioTestName } from './scenario-table.ts'
export type { RunIdentity } from './run-id.ts'
export { runId } from './run-id.ts'
export type { ScenarioFingerprint } from './scenario-fingerprint.ts'
export { FINGERPRINT_PARTS, scenarioFingerprint } from './scenario-fingerprint.ts'
export type { MatchRecord, RunErrorRecord, RunRecord, UserPartRecord } from './run-record-schema.ts'
export { matchRecordSchema, runErrorRecordSchema, runRecordSchema, userPartRecordSchema } from './run-record-schema.ts'
export type { RecordOptions } from './run-record.ts'
export { toRunRecord, userPartRecord } from './run-record.ts'
export { decidedBy, robustnessOutcome, turnLimitSentence } from './robustness-outcome.ts'
export { falseClaimText } from './false-claim-text.ts'
export type { Transcript, TranscriptMessage } from './transcript.ts'
export { buildTranscript, readTranscript, TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment, transcriptSchema } from './transcript.ts'
export type { ShownTool } from './shown-tools.ts'
export { shownTools } from './shown-tools.ts'
