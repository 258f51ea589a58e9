import { describe, expect, test } from 'vitest'
import type { Message } from '../../src/conversation/index.ts'
import { functionAgent, InfrastructureError, OFF_SCRIPT_PATIENCE, offScriptReply, OUT_OF_SCRIPT_LINE, referenceUser, scriptedAgent, scriptedUser, userScriptOf } from '../../src/roles/index.ts'
import type { RoleContext } from '../../src/roles/index.ts'
import { asksAbout, defineScenario, ScenarioError } from '../../src/scenario/index.ts'

const scenario = defineScenario({
  id: 'roles',
  categories: ['MULTIPLE_USER_TURN'],
  user: { goal: 'g', knowledge: 'k' },
  firstMessage: 'hi',
  tools: { allow: ['search_contacts'] },
  reference: [
    { agent: 'say', content: 'Who?' },
    { user: 'say', content: 'Fredrik' },
    { agent: 'say', content: 'And?' },
    { user: 'say', content: 'That is all' },
    { user: 'end' },
    { user: 'say', content: 'never reached' },
  ],
})
const context: RoleContext = { scenario, trial: 0, seed: 0 }

function message(index: number, sender: Message['sender'], recipient: Message['recipient'], content = '', extra: Partial<Message> = {}): Message {
  return { index, sender, recipient, content, visibleTo: [sender, recipient], snapshot: 0, ...extra }
}

/** A user view after the first message and `replies` user replies. */
function userMessages(replies: number): Message[] {
  const messages = [message(0, 'system', 'user'), message(1, 'user', 'agent', 'hi')]
  for (let reply = 0; reply < replies; reply++) messages.push(message(messages.length, 'agent', 'user', 'q'), message(messages.length + 1, 'user', 'agent', `r${reply}`))
  messages.push(message(messages.length, 'agent', 'user', 'q'))
  return messages
}

describe('scriptedUser', () => {
  test('replies in order, then says it has nothing more once, then ends', async () => {
    const user = scriptedUser(['one', 'two'])
    const replies = await Promise.all([0, 1, 2, 3].map((replies) => user.respond({ messages: userMessages(replies), systemPrompt: '' }, context)))
    expect(replies).toEqual([{ kind: 'say', content: 'one' }, { kind: 'say', content: 'two' }, { kind: 'say', content: OUT_OF_SCRIPT_LINE }, { kind: 'end' }])
  })

  test('an end line ends at once', async () => {
    expect(await scriptedUser([{ end: true }, 'unreached']).respond({ messages: userMessages(0), systemPrompt: '' }, context)).toEqual({ kind: 'end' })
  })

  test("given a scenario, it gives the reference's replies and stops at the end step; it is called scripted", async () => {
    const user = scriptedUser(scenario)
    const replies = await Promise.all([0, 1, 2].map((replies) => user.respond({ messages: userMessages(replies), systemPrompt: '' }, context)))
    expect(replies).toEqual([{ kind: 'say', content: 'Fredrik' }, { kind: 'say', content: 'That is all' }, { kind: 'end' }])
    expect(user.name).toBe('scripted')
    expect(referenceUser(scenario).name).toBe('scripted')
  })
})

/** A user view: the first message, then each agent message to the user with the user's reply to it (the last one unanswered). */
function conversation(first: string, agentSays: readonly string[], userSaid: readonly string[]): Message[] {
  const messages = [message(0, 'system', 'user'), message(1, 'user', 'agent', first)]
  for (const [turn, said] of agentSays.entries()) {
    messages.push(message(messages.length, 'agent', 'user', said))
    const reply = userSaid[turn]
    if (reply !== undefined) messages.push(message(messages.length, 'user', 'agent', reply))
  }
  return messages
}

describe('a scripted user keeps its knowledge', () => {
  const knowing = defineScenario({
    id: 'booking-code',
    categories: ['INSUFFICIENT_INFORMATION', 'MULTIPLE_USER_TURN'],
    user: { goal: 'Change my flight. Give the booking code QX7PLM only when asked.', knowledge: 'You know your booking code.' },
    firstMessage: 'I need to change my flight.',
    tools: { allow: ['search_contacts'] },
    reference: [
      { agent: 'say', content: 'Sure. What is your booking code?' },
      { user: 'say', content: 'It is QX7PLM.', answers: ['booking code', 'code', 'reference'] },
      { agent: 'say', content: 'Which date would you like instead?' },
      { user: 'say', content: 'The 21st.', answers: ['date', 'which day', 'when'] },
      { agent: 'say', content: 'Done.' },
      { user: 'end' },
    ],
  })
  const play = async (agentSays: readonly string[]) => {
    const user = scriptedUser(knowing)
    const said: string[] = []
    for (let turn = 0; turn < agentSays.length; turn++) {
      const reply = await user.respond({ messages: conversation(knowing.firstMessage, agentSays.slice(0, turn + 1), said), systemPrompt: '' }, { ...context, scenario: knowing })
      said.push(reply.kind === 'say' ? reply.content : '(end)')
      if (reply.kind === 'end') break
    }
    return said
  }

  test('it gives a fact only when the agent asks about it, and asks again for what it wants otherwise', async () => {
    expect(await play(['Hello! How is your day?', 'What is your booking code?', 'And the new date?', 'Done.'])).toEqual([
      offScriptReply('I need to change my flight.'),
      'It is QX7PLM.',
      'The 21st.',
      '(end)',
    ])
    expect(offScriptReply('I need to change my flight.')).not.toContain('QX7PLM')
  })

  test('facts asked for in another order are given in that order; an agent that never asks learns nothing, and the user gives up', async () => {
    expect(await play(['Which day do you want to fly?', 'Your booking reference, please?', 'Done.'])).toEqual(['The 21st.', 'It is QX7PLM.', '(end)'])
    const never = await play(['Hello! How is your day?', 'All done!', 'All done!', 'All done!'])
    expect(never).toEqual([...Array.from({ length: OFF_SCRIPT_PATIENCE }, () => offScriptReply('I need to change my flight.')), '(end)'])
    expect(never.join(' ')).not.toContain('QX7PLM')
  })

  test('the same replies every time: the user decides from the conversation alone', async () => {
    const agentSays = ['Hi there', 'What is the code?', 'When?', 'Done.']
    expect(await play(agentSays)).toEqual(await play(agentSays))
  })

  test('its script is the reference\'s user steps with what they answer', () => {
    expect(userScriptOf(knowing)).toEqual([{ say: 'It is QX7PLM.', answers: ['booking code', 'code', 'reference'] }, { say: 'The 21st.', answers: ['date', 'which day', 'when'] }, { end: true }])
  })

  test('a reference whose agent does not ask for what the next reply answers is refused, since the scripted user would never give it', () => {
    const unasked = () => defineScenario({ ...knowing, reference: [{ agent: 'say', content: 'Hello!' }, { user: 'say', content: 'It is QX7PLM.', answers: ['code'] }, { user: 'end' }] })
    expect(unasked).toThrow(ScenarioError)
    expect(unasked).toThrow('reference.1.answers: the reply answers "code", but the agent\'s message before it ("Hello!") asks about none of them, so the scripted user would never give it')
  })

  test('asksAbout finds a topic as the start of words in order, whatever the case and punctuation', () => {
    expect(asksAbout('What’s your PHONE-number?', ['phone number'])).toBe(true)
    expect(asksAbout('Which numbers should I use?', ['number'])).toBe(true)
    expect(asksAbout('What would you like it to say?', ['say'])).toBe(true)
    expect(asksAbout('Hello! How is your day?', ['number', 'code'])).toBe(false)
    expect(asksAbout('I renumbered it', ['number'])).toBe(false)
    expect(asksAbout('phone your number', ['phone number'])).toBe(false)
  })
})

describe('scriptedAgent', () => {
  test('gives the n-th reply on its n-th turn and fails clearly when the script runs out', async () => {
    const agent = scriptedAgent([{ content: 'a' }, { content: 'b' }])
    const view = (turns: number) => ({ messages: Array.from({ length: turns }, (_, index) => message(index, 'agent', 'user')), tools: [], systemPrompt: '' })
    expect(await agent.respond(view(0), context)).toEqual({ content: 'a' })
    expect(await agent.respond(view(1), context)).toEqual({ content: 'b' })
    await expect(agent.respond(view(2), context)).rejects.toThrow(InfrastructureError)
    await expect(agent.respond(view(2), context)).rejects.toThrow('the scripted agent has 2 replies and was asked for reply 3')
  })
})

describe('functionAgent', () => {
  test('gets the last user message and the latest tool results, and may return text or calls', async () => {
    const messages = [
      message(0, 'user', 'agent', 'turn cellular on'),
      message(1, 'agent', 'environment', '', { toolCalls: [{ id: 'x', name: 'get_cellular_service_status', arguments: {} }] }),
      message(2, 'environment', 'agent', 'false', { toolResult: { callId: 'x', tool: 'get_cellular_service_status', arguments: {}, result: false } }),
    ]
    let seen: unknown
    const agent = functionAgent((input) => {
      seen = { last: input.lastUserMessage(), results: input.latestToolResults().map((trace) => trace.result), scenario: input.context.scenario.id }
      return input.latestToolResults()[0]?.result === false ? [{ name: 'set_cellular_service_status', arguments: { on: true } }] : 'done'
    })
    expect(await agent.respond({ messages, tools: [], systemPrompt: '' }, context)).toEqual({ toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: true } }] })
    expect(seen).toEqual({ last: 'turn cellular on', results: [false], scenario: 'roles' })
    expect(await agent.respond({ messages: messages.slice(0, 1), tools: [], systemPrompt: '' }, context)).toEqual({ content: 'done' })
  })
})
