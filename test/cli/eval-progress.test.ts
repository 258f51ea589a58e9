import { describe, expect, test } from 'vitest'
import { evalProgress, formatProgress } from '../../src/cli/eval-progress.ts'
import type { RunRecord } from '../../src/runner/run-record-schema.ts'

function run(status: RunRecord['status']): RunRecord {
  const failed = status === 'error'
  return {
    scenario: 's',
    categories: [],
    augmentation: 'none',
    augmentationColumns: ['none'],
    trial: 0,
    domain: 'device',
    agent: 'a',
    user: 'scripted',
    status,
    ...(failed ? { error: { culprit: 'infrastructure', kind: 'rate-limit', message: '429' } } : {}),
    score: failed ? null : 1,
    milestoneScore: failed ? null : 1,
    minefieldHit: failed ? null : false,
    turns: 2,
    usage: { calls: 1, promptTokens: 0, completionTokens: 0, latencyMs: 0, cachedCalls: 0 },
    milestones: [],
    minefields: [],
  }
}


function harness(terminal: boolean) {
  let clock = 0
  const lines: string[] = []
  const ticks: (() => void)[] = []
  const reporter = evalProgress({
    write: (text) => lines.push(text),
    terminal,
    logInterval: 30_000,
    now: () => clock,
    every: (_milliseconds, tick) => {
      ticks.push(tick)
      return () => ticks.splice(0)
    },
  })
  return { reporter, lines, ticks, advance: (milliseconds: number) => (clock += milliseconds) }
}

describe('the progress of toolcheck eval', () => {
  test('the line counts runs done of the total, infrastructure errors and the time elapsed', () => {
    expect(formatProgress({ done: 120, total: 3648, errors: 2, elapsedMs: 65_400 })).toBe('toolcheck eval: 120/3648 runs, 2 infrastructure errors, 1:05 elapsed')
    expect(formatProgress({ done: 0, total: 10, errors: 1, elapsedMs: 3_725_000 })).toBe('toolcheck eval: 0/10 runs, 1 infrastructure error, 1:02:05 elapsed')
  })

  test('on a terminal one line is redrawn in place, kept ticking, and cleared at the end', () => {
    const { reporter, lines, ticks, advance } = harness(true)
    reporter.started(3)
    advance(500)
    reporter.finished(run('completed'))
    advance(50)
    reporter.finished(run('error'))
    advance(950)
    for (const tick of ticks) tick()
    reporter.ended()
    expect(lines).toEqual([
      '\r\u001b[2Ktoolcheck eval: 0/3 runs, 0 infrastructure errors, 0:00 elapsed',
      '\r\u001b[2Ktoolcheck eval: 1/3 runs, 0 infrastructure errors, 0:00 elapsed',
      // The second result came within 100 ms of the last redraw; the timer shows it.
      '\r\u001b[2Ktoolcheck eval: 2/3 runs, 1 infrastructure error, 0:01 elapsed',
      '\r\u001b[2K',
    ])
    expect(ticks).toEqual([])
  })

  test('in a log a line is printed at most every 30 seconds, and none for a short run', () => {
    const short = harness(false)
    short.reporter.started(2)
    short.advance(3_000)
    short.reporter.finished(run('completed'))
    short.reporter.finished(run('completed'))
    short.reporter.ended()
    expect(short.lines).toEqual([])

    const long = harness(false)
    long.reporter.started(100)
    for (let index = 0; index < 100; index++) {
      long.advance(1_000)
      long.reporter.finished(run(index % 40 === 0 ? 'error' : 'completed'))
    }
    expect(long.lines).toEqual([
      'toolcheck eval: 30/100 runs, 1 infrastructure error, 0:30 elapsed\n',
      'toolcheck eval: 60/100 runs, 2 infrastructure errors, 1:00 elapsed\n',
      'toolcheck eval: 90/100 runs, 3 infrastructure errors, 1:30 elapsed\n',
    ])
    long.reporter.ended()
    expect(long.ticks).toEqual([])
  })

  test('progress line during a hang: in a log a line keeps coming every 30 seconds while every run waits', () => {
    const hung = harness(false)
    hung.reporter.started(4)
    hung.advance(10_000)
    hung.reporter.finished(run('completed'))
    // Two minutes without a result; the timer ticks every second.
    for (let second = 0; second < 120; second++) {
      hung.advance(1_000)
      for (const tick of hung.ticks) tick()
    }
    expect(hung.lines).toEqual([
      'toolcheck eval: 1/4 runs, 0 infrastructure errors, 0:30 elapsed\n',
      'toolcheck eval: 1/4 runs, 0 infrastructure errors, 1:00 elapsed\n',
      'toolcheck eval: 1/4 runs, 0 infrastructure errors, 1:30 elapsed\n',
      'toolcheck eval: 1/4 runs, 0 infrastructure errors, 2:00 elapsed\n',
    ])
    hung.reporter.ended()
    expect(hung.ticks).toEqual([])
  })
})
