import { describe, expect, test } from 'vitest'
import { toolTalkWorld } from '../../scenarios/tooltalk/domain/index.ts'

describe('toolTalkWorld', () => {
  test('a database that is neither objects of rows nor objects of objects of rows is named with the first path that is not', () => {
    expect(() => toolTalkWorld({ Account: { alice: { username: 'alice' } }, Alarm: { alice: { a1: { alarm_id: 'a1' } }, bob: [] } })).toThrow(
      'Alarm.json: not a ToolTalk database: the top level must be an object of objects (bob: expected an object, found a list)',
    )
    expect(() => toolTalkWorld({ Account: { alice: { username: 'alice' } }, Email: 'inbox' })).toThrow('Email.json: not a ToolTalk database: the top level must be an object of objects ((top level): expected an object, found a string)')
  })

  test('a database one level short is loaded as one level, and said so', () => {
    const irregularities: { file: string; message: string }[] = []
    const world = toolTalkWorld({ Account: { alice: { username: 'alice' } }, Alarm: { a1: { alarm_id: 'a1' } } }, irregularities)
    expect(world.tables.Alarm).toHaveLength(1)
    expect(irregularities).toEqual([{ file: 'Alarm.json', message: 'expected key → id → row but found one level; loaded as one level' }])
  })
})
