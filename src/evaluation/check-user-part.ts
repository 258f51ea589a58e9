import type { Message, Trajectory } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import { asksAbout } from '../scenario/asks-about.ts'
import { END_CONVERSATION_TOOL } from '../tools/end-conversation-tool.ts'
import type { JudgeAnswer } from './judge/judge.ts'
import type { UserErrorKind, UserPartJudge, UserPartQuestion } from './user-part-judge.ts'
import { CANNOT_TELL, USER_ERROR_KINDS } from './user-part-judge.ts'
import type { WithheldFact } from './user-facts.ts'
import { emailsIn, longNumbersIn, mentions, withheldFacts } from './user-facts.ts'

/**
 * What one check found about the simulated user's part. `answer` is `yes` when the user broke it,
 * `no` when it kept it, `cannot-tell` when neither the scenario nor a judge decides; `by` says
 * whether a rule on the scenario's data decided, or the judge.
 */
export interface UserPartFinding {
  readonly kind: UserErrorKind
  readonly answer: JudgeAnswer
  readonly by: 'rule' | 'judge'
  /** Where the user broke its part (its message), when a rule found it. */
  readonly messageIndex?: number
  /** The user's turn there: its first message is turn 1, each message it sends after counts one. */
  readonly turn?: number
  /** What happened, in one line (`the simulated user ended the conversation at turn 2, before its goal`). */
  readonly reason: string
  /** Why a rule decided so, when it says more than `reason`. */
  readonly detail?: string
}

/** Every check's finding, one per kind, and those that blame the user. */
export interface UserPartResult {
  readonly findings: readonly UserPartFinding[]
  /** The findings answered `yes`, in the order of `USER_ERROR_KINDS`. */
  readonly errors: readonly UserPartFinding[]
}

/** What `checkUserPart` reads besides the run. */
export interface UserPartOptions {
  /** Answers what no rule decides; without one those checks answer `cannot-tell`. */
  readonly judge?: UserPartJudge
  readonly signal?: AbortSignal
}

/** The scenario parts the checks read. */
export type UserPartScenario = Pick<Scenario, 'user' | 'reference' | 'firstMessage' | 'paraphrases'>

/**
 * Checks whether the simulated user played its part in a run, from the scenario:
 * - `leak`: it gave a fact it holds back (a reply of the reference with `answers`) before the
 *   agent asked for it. Rule: one of the fact's forms (its quoted words, its long numbers, the
 *   reply itself) is in a user message, and no agent message before asked about its topics
 *   (`asksAbout`) or said it; the judge, when given, for facts given in other words;
 * - `quit`: it ended the conversation before its goal was reached (the milestones, from
 *   `milestoneScore`) or refused. Rule: the agent's last question before the end asked about a
 *   fact the user still held back; the judge for any other end short of the goal;
 * - `off-goal`: it stated facts outside what it knows, or left or contradicted its goal. Rule: a
 *   long number or an e-mail address that neither the scenario (goal, knowledge, first message,
 *   paraphrases, reference replies, demonstrations, the user's briefing) nor the agent gave it;
 *   the judge for the rest;
 * - `role-swap`: it acted as the agent. Rule: it called a tool other than `end_conversation`;
 *   the judge for speaking as the assistant (offering help, answering its own request).
 *
 * The scenario's first message (or its paraphrase) is the scenario's, not the user's, and is not
 * checked, unless the user wrote it (`Trajectory.openedByUser`). A run that did not complete (an
 * error, the turn limit) is checked for what the user said; only `quit` needs the user's end.
 * Without a judge the checks that no rule decides answer `cannot-tell`, which never blames the
 * user; so does a judge that throws, or answers anything but `yes` or `no`. Returns data; nothing
 * throws.
 */
export async function checkUserPart(trajectory: Trajectory, scenario: UserPartScenario, milestoneScore: number, options: UserPartOptions = {}): Promise<UserPartResult> {
  const read = readConversation(trajectory)
  const facts = withheldFacts(scenario)
  const ruled: Record<UserErrorKind, UserPartFinding | undefined> = {
    leak: leakRule(read, facts),
    quit: quitRule(read, facts, trajectory, milestoneScore),
    'off-goal': offGoalRule(read, scenario),
    'role-swap': roleSwapRule(read),
  }
  const findings: UserPartFinding[] = []
  for (const kind of USER_ERROR_KINDS) {
    const finding = ruled[kind] ?? (await judged(kind, read, scenario, facts, options))
    findings.push(finding)
  }
  return { findings, errors: findings.filter((finding) => finding.answer === 'yes') }
}

/** A run's messages between the user and the agent, as the checks read them. */
interface Conversation {
  readonly messages: readonly Message[]
  /** The user's turn at each message it sent (by index). */
  readonly turns: ReadonlyMap<number, number>
  /** The messages the user wrote itself: its replies and calls, and its first message when it opened. */
  readonly userMessages: readonly Message[]
  /** The user's end call, when it ended the conversation. */
  readonly end: Message | undefined
  /** The user's briefing (the system message to it). */
  readonly briefing: string
}

function readConversation(trajectory: Trajectory): Conversation {
  const turns = new Map<number, number>()
  const userMessages: Message[] = []
  let turn = 0
  let end: Message | undefined
  for (const message of trajectory.messages) {
    if (message.sender !== 'user' || message.index < trajectory.firstUserMessageIndex) continue
    turns.set(message.index, ++turn)
    if (message.index === trajectory.firstUserMessageIndex && trajectory.openedByUser !== true) continue
    userMessages.push(message)
    if (message.toolCalls?.some((call) => call.name === END_CONVERSATION_TOOL) === true) end = message
  }
  const briefing = trajectory.messages.find((message) => message.sender === 'system' && message.recipient === 'user')?.content ?? ''
  return { messages: trajectory.messages, turns, userMessages, end, briefing }
}

/** The agent's messages to the user before `index`. */
function agentSaidBefore(read: Conversation, index: number): Message[] {
  return read.messages.filter((message) => message.index < index && message.sender === 'agent' && message.recipient === 'user')
}

function leakRule(read: Conversation, facts: readonly WithheldFact[]): UserPartFinding | undefined {
  if (facts.length === 0) return { kind: 'leak', answer: 'no', by: 'rule', reason: 'the scenario holds nothing back' }
  for (const message of read.userMessages) {
    if (message.recipient !== 'agent') continue
    const said = agentSaidBefore(read, message.index).map((agent) => agent.content)
    for (const fact of facts) {
      if (!fact.forms.some((form) => mentions(message.content, form))) continue
      const asked = said.some((text) => asksAbout(text, fact.answers) || fact.forms.some((form) => mentions(text, form)))
      if (asked) continue
      const turn = read.turns.get(message.index)
      return { kind: 'leak', answer: 'yes', by: 'rule', messageIndex: message.index, ...(turn === undefined ? {} : { turn }), reason: `the simulated user gave away ${JSON.stringify(fact.reply)} at turn ${turn}, before the agent asked for it` }
    }
  }
  return undefined
}

function quitRule(read: Conversation, facts: readonly WithheldFact[], trajectory: Trajectory, milestoneScore: number): UserPartFinding | undefined {
  if (read.end === undefined || trajectory.status === 'max-turns') return { kind: 'quit', answer: 'no', by: 'rule', reason: 'the simulated user did not end the conversation' }
  if (milestoneScore >= 1 - 1e-9) return { kind: 'quit', answer: 'no', by: 'rule', reason: 'the simulated user ended the conversation after its goal was reached' }
  const end = read.end
  const said = agentSaidBefore(read, end.index)
  const last = said[said.length - 1]
  if (last === undefined) return undefined
  const given = read.userMessages.filter((message) => message.index < end.index && message.recipient === 'agent')
  const held = facts.filter((fact) => !given.some((message) => fact.forms.some((form) => mentions(message.content, form))))
  const questions = questionsIn(last.content)
  const asked = held.find((fact) => questions.some((question) => asksAbout(question, fact.answers)))
  if (asked === undefined) return undefined
  const turn = read.turns.get(end.index)
  return {
    kind: 'quit',
    answer: 'yes',
    by: 'rule',
    messageIndex: end.index,
    ...(turn === undefined ? {} : { turn }),
    reason: `the simulated user ended the conversation at turn ${turn}, before its goal`,
    detail: `the agent had just asked for what it held back: ${JSON.stringify(asked.reply)}`,
  }
}

/** The sentences of a text that ask something (end with a question mark). */
function questionsIn(text: string): string[] {
  return text.match(/[^.!?]*\?/g) ?? []
}

function offGoalRule(read: Conversation, scenario: UserPartScenario): UserPartFinding | undefined {
  const given = [
    scenario.user.goal,
    scenario.user.knowledge,
    scenario.firstMessage,
    read.briefing,
    ...scenario.paraphrases.map((paraphrase) => paraphrase.text),
    ...scenario.reference.flatMap((step) => ('user' in step && step.user === 'say' ? [step.content] : [])),
    ...scenario.user.demonstrations.flatMap((demonstration) => [demonstration.goal, ...demonstration.turns.map((turn) => turn.content)]),
  ]
  for (const message of read.userMessages) {
    if (message.recipient !== 'agent') continue
    const known = [...given, ...agentSaidBefore(read, message.index).map((agent) => agent.content)]
    const numbers = known.flatMap(longNumbersIn)
    const emails = known.flatMap(emailsIn)
    const madeUp =
      longNumbersIn(message.content).find((number) => !numbers.some((source) => source.includes(number) || number.includes(source))) ??
      emailsIn(message.content).find((email) => !emails.includes(email))
    if (madeUp === undefined) continue
    const turn = read.turns.get(message.index)
    return { kind: 'off-goal', answer: 'yes', by: 'rule', messageIndex: message.index, ...(turn === undefined ? {} : { turn }), reason: `the simulated user stated ${madeUp} at turn ${turn}, which neither its scenario nor the agent gave it` }
  }
  return undefined
}

function roleSwapRule(read: Conversation): UserPartFinding | undefined {
  for (const message of read.userMessages) {
    const call = message.toolCalls?.find((requested) => requested.name !== END_CONVERSATION_TOOL)
    if (call === undefined) continue
    const turn = read.turns.get(message.index)
    return { kind: 'role-swap', answer: 'yes', by: 'rule', messageIndex: message.index, ...(turn === undefined ? {} : { turn }), reason: `the simulated user called ${call.name} at turn ${turn}, a tool of the agent's` }
  }
  // No call: whether it spoke as the assistant is the judge's to say.
  return undefined
}

/** What the judge answers for a kind no rule decided, or `cannot-tell` without a judge. */
async function judged(kind: UserErrorKind, read: Conversation, scenario: UserPartScenario, facts: readonly WithheldFact[], options: UserPartOptions): Promise<UserPartFinding> {
  const question = QUESTIONS[kind](facts)
  if (options.judge === undefined) return { kind, answer: CANNOT_TELL, by: 'judge', reason: `no judge was given to ask: ${question}` }
  const asked: UserPartQuestion = { kind, question, goal: scenario.user.goal, knowledge: scenario.user.knowledge, conversation: conversationText(read) }
  let answer: JudgeAnswer
  try {
    answer = await options.judge.judge(asked, options.signal === undefined ? {} : { signal: options.signal })
  } catch (error) {
    // A judge that fails (its endpoint down, its reply unreadable) tells nothing: the user is not blamed, the run is kept.
    return { kind, answer: CANNOT_TELL, by: 'judge', reason: `${options.judge.name} could not answer (${error instanceof Error ? error.message : String(error)}): ${question}` }
  }
  if (answer !== 'yes' && answer !== 'no') answer = CANNOT_TELL
  return { kind, answer, by: 'judge', reason: `${options.judge.name} answered ${answer}: ${question}` }
}

/** The judge's question for each kind, answered yes when the user broke its part. */
const QUESTIONS: Record<UserErrorKind, (facts: readonly WithheldFact[]) => string> = {
  leak: (facts) => `The user was to hold back these facts until the assistant asked for them: ${facts.map((fact) => JSON.stringify(fact.reply)).join('; ')}. Did the user give any of them away, in any words, before the assistant asked for it?`,
  quit: () => 'Did the user end the conversation while the assistant had neither done what the user wanted nor said it could not do it?',
  'off-goal': () => 'Did the user state facts that its goal and knowledge do not give it, ask for something other than its goal, or contradict its goal?',
  'role-swap': () => 'Did the user speak as the assistant: offer help, answer its own request, or say that it did the task itself?',
}

/** The conversation as a judge reads it: one line per message between the user and the agent. */
function conversationText(read: Conversation): string {
  const lines: string[] = []
  for (const message of read.messages) {
    if (message.sender === 'user' && message.recipient === 'agent') lines.push(`user: ${message.content}`)
    else if (message.sender === 'agent' && message.recipient === 'user') lines.push(`agent: ${message.content}`)
    else if (message.sender === 'user' && message.toolCalls !== undefined) lines.push(`user: (calls ${message.toolCalls.map((call) => call.name).join(', ')})`)
  }
  return lines.join('\n')
}
