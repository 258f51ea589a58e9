import type { SummarizedReport } from '../../reporter/report.ts'
import type { GivenSettings } from '../../reporter/report-settings.ts'
import type { ReportEnd, WrittenReport } from '../../reporter/write-report.ts'

/** What `toolcheck eval` hands its report writer's thread when it starts it. */
export interface ReportWriterSetup {
  readonly directory: string
  readonly settings: GivenSettings
}

/** Messages from the command to the report writer's thread. */
export type ToReportWriter =
  /** The report's next run: its line of a runs file. */
  | { readonly type: 'add'; readonly line: string }
  /** Every run is in: write the rest and put the files in place. */
  | { readonly type: 'finish'; readonly end: ReportEnd }

/** Messages from the report writer's thread to the command. */
export type FromReportWriter =
  /** How many runs it has added so far (said once per turn, not per run). */
  | { readonly type: 'added'; readonly runs: number }
  /** The report is in place; or a run came out of the report's order, and nothing was written (`outOfOrder`). */
  | { readonly type: 'finished'; readonly written: WrittenReport; readonly report: SummarizedReport }
  | { readonly type: 'out-of-order' }
  /** Writing failed (a full disk, a folder that went away): why. */
  | { readonly type: 'failed'; readonly message: string }
