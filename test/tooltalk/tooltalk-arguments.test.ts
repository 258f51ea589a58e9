import { describe, expect, test } from 'vitest'
import type { JsonObject } from '../../src/world/index.ts'
import type { ToolTalkArgumentHandling, ToolTalkConversation, ToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import { aggregateToolTalkMetrics, compareToolTalkCalls, evaluateToolTalkConversation, loadToolTalkDataset, modelArguments, startToolTalkTurn } from '../../scenarios/tooltalk/index.ts'
import { alteredReferenceAgent } from './altered-reference-agent.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

/** The reference agent with the last argument of every call set to null. */
function nullLastArgument(conversation: ToolTalkConversation) {
  return alteredReferenceAgent(conversation, {
    kind: 'every-call',
    name: 'null as the last argument',
    rewrite: (_tool, args) => {
      const names = Object.keys(args)
      return names.length === 0 ? args : { ...args, [names[names.length - 1] as string]: null }
    },
  })
}

describe.skipIf(!HAS_TOOLTALK_DATA)(`ToolTalk's tools take arguments as ToolTalk's do ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  let easy: ToolTalkDataset
  const conversation = (name: string) => {
    const found = easy.conversations.find((candidate) => candidate.name === name)
    if (found === undefined) throw new Error(`no conversation ${name}`)
    return found
  }
  const run = (name: string, tool: string, args: JsonObject, handling: ToolTalkArgumentHandling = 'tooltalk') =>
    startToolTalkTurn(conversation(name), easy.databases.world, [], 'newest-first', handling).execute(tool, args)

  test('load the easy set', async () => {
    easy = await loadToolTalkDataset(`${TOOLTALK_DATA}easy`)
    expect(easy.conversations).toHaveLength(28)
  })

  // Point 9. ToolTalk (tooltalk-facts.md §2c): execute_tool "runs tool(**parameters) and turns any
  // APIException or other Exception into exception: str(e)"; is_bad_action = "(not matched) and
  // is_action and p.exception is None". Python checks no types, so null for a required text runs
  // wherever the tool only stores or ignores it.
  test.for([
    ['SendMessage-easy', 'SendMessage', { receiver: 'justinkool', message: null }, { message_id: 'e149636f-ecc3f121' }],
    ['SendEmail-easy', 'SendEmail', { to: ['olivieisme@somail.com'], subject: 'test', body: null }, { email_id: '5b-dd80-9f8a27ab' }],
    ['ChangePassword-easy', 'ChangePassword', { old_password: 'justforkicks123', new_password: null }, { status: 'success' }],
    ['ResetPassword-easy', 'ResetPassword', { username: 'ahhchiu', verification_code: '982003', new_password: null }, { status: 'success' }],
    ['AddReminder-easy', 'AddReminder', { task: null }, { reminder_id: '5b-dd80' }],
    ['CreateEvent-easy', 'CreateEvent', { name: ['Beatles', 'Concert'], event_type: 'event', start_time: '2023-10-15 18:00:00', end_time: '2023-10-15 21:00:00' }, { event_id: 'e149636f-d9ca' }],
  ] as const)('%s: %s with a null or list argument runs in ToolTalk mode and is refused in strict mode', ([name, tool, args, response]) => {
    expect(run(name, tool, args as JsonObject)).toMatchObject({ response, exception: null })
    const strict = run(name, tool, args as JsonObject, 'strict')
    expect(strict.response).toBeNull()
    expect(strict.exception).toMatch(new RegExp(`^${tool}: argument \\w+: .*\\(it takes `))
  })

  test('on the easy set, null as each call\'s last argument gives 8 incorrect actions of 18 (strict: 3)', async () => {
    const rate = async (handling: ToolTalkArgumentHandling) => {
      const results = []
      for (const item of easy.conversations) results.push(await evaluateToolTalkConversation(item, nullLastArgument(item), { world: easy.databases.world, argumentHandling: handling }))
      return aggregateToolTalkMetrics(results.map((result) => result.metrics))
    }
    // 18 of the 28 calls are actions. With toolcheck's validation, 3 of them still run without
    // matching. As ToolTalk runs them, 5 more do: AddReminder, ChangePassword, ResetPassword,
    // SendEmail, SendMessage (the calls above), so 8/18 = 0.444 instead of 3/18 = 0.167.
    const asToolTalk = await rate('tooltalk')
    const strict = await rate('strict')
    expect([asToolTalk.actions, asToolTalk.bad_actions]).toEqual([18, 8])
    expect([strict.actions, strict.bad_actions]).toEqual([18, 3])
    expect(asToolTalk.bad_action_rate).toBeCloseTo(8 / 18, 12)
    expect(strict.bad_action_rate).toBeCloseTo(3 / 18, 12)
  })

  // ToolTalk (tooltalk-facts.md §2b and §6 item 1): SendMessage's comparator "never checks receiver,
  // because it compares the prediction with itself", so a call with a null receiver that ToolTalk
  // runs even matches its ground truth.
  test('a SendMessage with a null receiver runs and matches the ground truth', async () => {
    const item = conversation('SendMessage-easy')
    const groundTruth = item.turns.flatMap((turn) => turn.calls)
    const simulator = startToolTalkTurn(item, easy.databases.world)
    const args = modelArguments('SendMessage', groundTruth[0]?.parameters ?? {})
    const prediction = simulator.execute('SendMessage', { ...args, receiver: null })
    expect(prediction.exception).toBeNull()
    expect((await compareToolTalkCalls([prediction], groundTruth)).metrics).toMatchObject({ matches: 1, bad_actions: 0, success: true })
  })

  // Point 10. ToolTalk (tooltalk-facts.md §2b): ground-truth calls match only when
  // "P.exception == G.exception (exact string)", and the executor records str(e). The texts below are
  // those of ToolTalk's tools and executor (src/tooltalk/apis/*.py, tool_executor.py), and Python's.
  test.for([
    ['UserLogin-easy', 'UserLogin', { username: 'nobody', password: 'x' }, 'The username does not exist.'],
    ['UserLogin-easy', 'UserLogin', { username: 'justinkool', password: 'wrong' }, 'The password is incorrect.'],
    ['ChangePassword-easy', 'ChangePassword', { old_password: 'wrong', new_password: 'x' }, 'The old password is incorrect.'],
    ['RegisterUser-easy', 'RegisterUser', { username: 'justinkool', password: 'x', email: 'a@b.c' }, 'The username already exists.'],
    ['RegisterUser-easy', 'RegisterUser', { username: 'newcomer', password: 'x', email: 'not an address' }, 'The email format is invalid.'],
    ['RegisterUser-easy', 'RegisterUser', { username: 'newcomer', password: 'x', email: 'a@b.c', phone: '555' }, 'The phone number format is invalid.'],
    ['SendVerificationCode-easy', 'SendVerificationCode', { username: 'justinkool', email: 'wrong@b.c' }, 'The email is incorrect.'],
    ['ResetPassword-easy', 'ResetPassword', { username: 'ahhchiu', verification_code: '000000', new_password: 'x' }, 'The verification code is incorrect.'],
    ['QueryUser-easy', 'QueryUser', {}, 'You need to provide at least one of username and email.'],
    ['UpdateAccountInformation-easy', 'UpdateAccountInformation', { password: 'chaew5Oeth', new_name: 'V' }, 'You need to provide at least one of new_email and new_phone_number.'],
    ['DeleteAlarm-easy', 'DeleteAlarm', { alarm_id: 'ffff-ffff' }, 'Alarm ffff-ffff not found.'],
    ['FindAlarms-easy', 'FindAlarms', { start_range: '20:00:00', end_range: '08:00:00' }, 'Start range must be earlier than end range.'],
    ['AddAlarm-easy', 'AddAlarm', { time: '7pm' }, "time data '7pm' does not match format '%H:%M:%S'"],
    ['CreateEvent-easy', 'CreateEvent', { name: 'x', event_type: 'party', start_time: '2023-10-15 18:00:00', end_time: '2023-10-15 21:00:00' }, 'Event type party not supported.'],
    ['CreateEvent-easy', 'CreateEvent', { name: 'x', event_type: 'meeting', start_time: '2023-10-15 18:00:00', end_time: '2023-10-15 21:00:00' }, 'Meeting must have attendees.'],
    ['CreateEvent-easy', 'CreateEvent', { name: 'x', event_type: 'event', start_time: '2023-10-15 22:00:00', end_time: '2023-10-15 21:00:00' }, 'Start time must be before end time.'],
    ['CreateEvent-easy', 'CreateEvent', { name: 'x', event_type: 'event', start_time: '2020-10-15 18:00:00', end_time: '2020-10-15 21:00:00' }, 'Start time and end time must be in the future.'],
    ['CreateEvent-easy', 'CreateEvent', { name: 'x', event_type: 'meeting', start_time: '2023-10-15 18:00:00', end_time: '2023-10-15 21:00:00', attendees: 7 }, "argument of type 'int' is not iterable"],
    ['DeleteEvent-easy', 'DeleteEvent', { event_id: 'nope' }, 'Event nope not found.'],
    ['ModifyEvent-easy', 'ModifyEvent', { event_id: '29496535-b409', new_end_time: '2023-10-18 16:00:00' }, 'new_start_time must be provided if new_end_time is provided.'],
    ['SearchInbox-easy', 'SearchInbox', { query: 'x', match_type: null }, 'match_type must be either "any" or "all".'],
    ['SearchInbox-easy', 'SearchInbox', { start_date: '2023-09-10 00:00:00', end_date: '2023-09-01 00:00:00' }, 'Start date must be earlier than end date.'],
    ['SearchInbox-easy', 'SearchInbox', { query: ['x'] }, "'list' object has no attribute 'lower'"],
    ['SendEmail-easy', 'SendEmail', { to: 'olivieisme@somail.com', subject: 's', body: 'b' }, 'o is not a valid email address.'],
    ['SendEmail-easy', 'SendEmail', { to: null, subject: 's', body: 'b' }, "'NoneType' object is not iterable"],
    ['SendMessage-easy', 'SendMessage', { receiver: 'x', message: '' }, 'Message cannot be empty.'],
    ['AddReminder-easy', 'AddReminder', { task: 'x', due_date: 'tomorrow' }, 'Invalid due_date: tomorrow'],
    ['AddReminder-easy', 'AddReminder', { task: 'x', due_date: 5 }, 'strptime() argument 1 must be str, not int'],
    ['CompleteReminder-easy', 'CompleteReminder', { reminder_id: 'nope' }, 'Reminder nope not found in database'],
    ['DeleteReminder-easy', 'DeleteReminder', { reminder_id: ['x'] }, "unhashable type: 'list'"],
    ['CurrentWeather-easy', 'CurrentWeather', { location: 'Atlantis' }, 'Location atlantis not found in database'],
    ['HistoricWeather-easy', 'HistoricWeather', { location: 'London', month: 'Smarch' }, 'Historic weather data for london missing for month smarch'],
    ['SendMessage-easy', 'SendMessage', { receiver: 'x' }, "SendMessage.call() missing 1 required positional argument: 'message'"],
    ['SendMessage-easy', 'SendMessage', { to: 'x', message: 'hi' }, "SendMessage.call() got an unexpected keyword argument 'to'"],
    ['CreateEvent-easy', 'CreateEvent', { name: 'x' }, "CreateEvent.call() missing 3 required positional arguments: 'event_type', 'start_time', and 'end_time'"],
    ['UserLogin-easy', 'UserLogin', { session_token: 't', username: 'justinkool', password: 'x' }, "UserLogin.call() got an unexpected keyword argument 'session_token'"],
    ['UserLogin-easy', 'FlyToTheMoon', {}, 'API FlyToTheMoon not found'],
    ['SendMessage-easy', 'UserLogin', { username: 'justinkool', password: 'justforkicks123' }, 'Only one user can be logged in at a time. Current user is salcano.'],
  ] as const)('%s: %s %j raises %j', ([name, tool, args, exception]) => {
    expect(run(name, tool, args as JsonObject)).toMatchObject({ response: null, exception })
  })

  test('a logged-out user, and arguments that are not an object, get the executor\'s texts', () => {
    const simulator = startToolTalkTurn(conversation('UserLogin-easy'), easy.databases.world)
    expect(simulator.execute('SendMessage', { receiver: 'x', message: 'hi' }).exception).toBe('User is not logged in')
    expect(simulator.execute('SendMessage', ['x', 'hi'] as never).exception).toBe('Failed to parse API call')
  })
})
