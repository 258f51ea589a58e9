import { describe, expect, it } from 'vitest'
import { SharedStrings } from '../../../src/cli/eval/shared-strings.ts'

// Two equal strings built apart, so they are two copies until shared (which copy a string is
// cannot be seen from JavaScript: what can is that the values are kept, in place).
const copy = (text: string) => [...text].join('')

describe('SharedStrings', () => {
  it('changes the value in place and keeps what it holds', () => {
    const shared = new SharedStrings()
    shared.share({ scenario: copy('add-contact'), categories: [copy('SINGLE_TOOL_CALL')], usage: { calls: 0 } })
    const run = { scenario: copy('add-contact'), categories: [copy('SINGLE_TOOL_CALL')], usage: { calls: 1 }, passed: true }
    expect(shared.share(run)).toBe(run)
    expect(run).toEqual({ scenario: 'add-contact', categories: ['SINGLE_TOOL_CALL'], usage: { calls: 1 }, passed: true })
  })

  it('forgets the oldest string past its limit, and leaves long text alone', () => {
    const shared = new SharedStrings(1)
    shared.share('a')
    shared.share('b')
    const long = 'x'.repeat(500)
    expect(shared.share({ text: long }).text).toBe(long)
    expect(shared.share(['a', 'b', null, 3])).toEqual(['a', 'b', null, 3])
  })
})
