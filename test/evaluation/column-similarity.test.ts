import fc from 'fast-check'
import { expect, test } from 'vitest'
import { describeValue } from '../../src/evaluation/index.ts'

test('a long row in a reason keeps whole columns and counts the rest; a long text is cut', () => {
  const row = { reminder_id: '2974a941-905d-4312-a9b1-b62aa2c9d2c6', content: 'Order flowers for the anniversary', creation_timestamp: 1780167600, latitude: null }
  expect(describeValue(row)).toBe('{"reminder_id":"2974a941-905d-4312-a9b1-b62aa2c9d2c6", … 3 more columns}')
  expect(describeValue({ id: 'x' })).toBe('{"id":"x"}')
  expect(describeValue('a'.repeat(100))).toBe(`"${'a'.repeat(76)}...`)
  expect(describeValue(undefined)).toBe('(missing)')
})

test('property: every column a quoted row shows is whole', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z ]{0,30}$/), fc.integer())), (row) => {
      const text = describeValue(row)
      for (const [column, value] of Object.entries(row)) {
        const part = `${JSON.stringify(column)}:${JSON.stringify(value)}`
        // A column is either shown whole or not at all (apart from the first, shown whole however long).
        if (text.includes(JSON.stringify(column) + ':')) expect(text).toContain(part)
      }
    }),
  )
})
