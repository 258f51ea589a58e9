import { describe, expect, test } from 'vitest'
import { notPlayedNote } from '../../src/cli/not-played-note.ts'

describe('the note on runs not played', () => {
  test('is empty when every run played', () => {
    expect(notPlayedNote([])).toBe('')
  })

  test('names each reason once with its count, sorted whatever order the runs ended in, five at most', () => {
    const reasons = ['g', 'b', 'a', 'f', 'b', 'e', 'c', 'd', 'b']
    expect(notPlayedNote(reasons)).toBe(['9 runs not played:', '  a', '  b (3 runs)', '  c', '  d', '  e', '  and 2 more reasons'].join('\n'))
    expect(notPlayedNote([...reasons].reverse())).toBe(notPlayedNote(reasons))
    expect(notPlayedNote(['only'])).toBe('1 run not played:\n  only')
  })
})
