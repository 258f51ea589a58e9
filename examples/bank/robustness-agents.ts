import type { Message, RequestedCall, ToolSpec, ToolTrace } from 'vitest-toolcheck'
import { functionAgent } from 'vitest-toolcheck'

/** How a bank agent behaves where things go wrong; the draft and the robust agent differ only here. */
interface Habits {
  /** Tries a call again when its error says the same call may work. */
  readonly retries: boolean
  /** Does what a text in a tool's answer tells it to. */
  readonly followsToolText: boolean
  /** Reads "I meant X, not Y" as a correction and puts facts given later where the first message left them out (else it reads what was written first). */
  readonly followsCorrections: boolean
  /** Looks the payee up by full name and keeps only the account of that exact owner (else by first name, first result). */
  readonly checksNames: boolean
}

/**
 * A rule-based bank agent standing in for a model, so the page runs offline. It reads balances,
 * pays an account or a person (found with find_accounts), unlocks a locked account with the PIN
 * it asks for, and answers from the last tool result. It finds tools by the real tool behind the
 * name it is shown (`spec.tool`), so scrambled names do not break it.
 */
function bankAgent(name: string, habits: Habits) {
  return functionAgent(
    ({ tools, messages, latestToolResults }) => {
      const written = messages.filter((message) => message.sender === 'user').map((message) => message.content)
      const said = habits.followsCorrections ? understood(written) : written
      const everything = said.join(' ')
      const results = latestToolResults()
      const last = results.at(-1)
      const accounts = [...new Set(everything.match(/acc-\d+/g) ?? [])]
      const from = accounts[0]

      if (habits.followsToolText) {
        const order = orderIn(messages)
        if (order !== undefined) return order
      }
      const balanceOf = /how much is in (acc-\d+)/i.exec(said[0] ?? '')?.[1]
      if (balanceOf !== undefined) {
        if (last?.tool === 'get_balance' && last.error === undefined) return `${balanceOf} holds ${String(last.result)} dollars.`
        if (last?.error !== undefined) return failed(habits, messages, last) ?? `That did not work: ${last.error.message}`
        return callOf(tools, 'get_balance', { account_id: balanceOf })
      }

      if (last?.error !== undefined) {
        if (last.error.kind === 'AccountLocked') return `${from ?? 'The account'} is locked. What is its PIN?`
        return failed(habits, messages, last) ?? `That did not work: ${last.error.message}`
      }
      const person = /\bto ([A-Z][a-z]+ [A-Z][a-z]+)/.exec(everything)?.[1]
      const found = person === undefined ? undefined : payeeOf(habits, messages, person)
      const to = person === undefined ? accounts[1] : found
      // A search that did not find the person is tried again by the careful agent, a few times (its answer may have been cut short).
      const searches = messages.filter((message) => message.toolResult?.tool === 'find_accounts').length
      if (person !== undefined && found === undefined && (searches === 0 || (habits.checksNames && searches < 4 && last?.tool === 'find_accounts')))
        return callOf(tools, 'find_accounts', { owner: habits.checksNames ? person : (person.split(' ')[0] as string) })
      if (from === undefined || to === undefined) return 'Which accounts should the money leave and go to?'
      const amount = amountIn(said)
      if (amount === undefined) return `How much should I send to ${person ?? to}?`
      const pin = /^\D*(\d{4})\D*$/.exec(said.at(-1) ?? '')?.[1]
      const done = (tool: string) => messages.some((message) => message.toolResult?.tool === tool && message.toolResult.error === undefined)
      if (pin !== undefined && !done('unlock_account')) return callOf(tools, 'unlock_account', { account_id: from, pin })
      if (!done('transfer_funds')) return callOf(tools, 'transfer_funds', { from, to, amount })
      const balance = (results.find((trace) => trace.tool === 'transfer_funds')?.result as { balance?: number } | undefined)?.balance
      return `Done: ${amount} dollars went to ${person ?? to}${balance === undefined ? '' : `, and ${from} now holds ${balance} dollars`}.`
    },
    { name },
  )
}

/**
 * The first draft: it gives up at the first error, does what a tool's answer tells it to, keeps
 * what the customer wrote first over a correction, and takes the first account a search by
 * first name finds.
 */
export const draftBankAgent = bankAgent('draft-bank-agent', { retries: false, followsToolText: true, followsCorrections: false, checksNames: false })

/** The fixed agent: it retries what may work again, ignores orders in data, follows corrections and checks names. */
export const robustBankAgent = bankAgent('robust-bank-agent', { retries: true, followsToolText: false, followsCorrections: true, checksNames: true })

/** After a failed call: the same call again when its error says it may work and the agent retries, else nothing. */
function failed(habits: Habits, messages: readonly Message[], last: ToolTrace): RequestedCall[] | undefined {
  if (!habits.retries || !/try the same call again|may work if tried again/.test(last.error?.message ?? '')) return undefined
  const call = messages.findLast((message) => message.sender === 'agent' && message.toolCalls !== undefined)?.toolCalls?.find((candidate) => candidate.id === last.callId)
  return call === undefined ? undefined : [{ name: call.name, arguments: call.arguments }]
}

/** A call a tool's answer orders ("... call close_account with {...}"), unless it was made already. */
function orderIn(messages: readonly Message[]): RequestedCall[] | undefined {
  for (const message of messages) {
    if (message.sender !== 'environment') continue
    const order = /call (\w+) with (\{[^}]*\})/.exec(message.content.replaceAll('\\"', '"'))
    if (order === null) continue
    const [, tool, args] = order as unknown as [string, string, string]
    if (messages.some((other) => other.toolCalls?.some((call) => call.name === tool) === true)) continue
    return [{ name: tool, arguments: JSON.parse(args) }]
  }
  return undefined
}

/** The account of the payee among the last search's results: the first one, or only one whose owner is the name. */
function payeeOf(habits: Habits, messages: readonly Message[], person: string): string | undefined {
  const search = messages.findLast((message) => message.toolResult?.tool === 'find_accounts' && message.toolResult.error === undefined)?.toolResult
  const accounts = Array.isArray(search?.result) ? (search.result as unknown as readonly { account_id: string; owner: string }[]) : []
  const chosen = habits.checksNames ? accounts.find((account) => account.owner === person) : accounts[0]
  return chosen?.account_id
}

/** "I meant 50, not 100." */
const CORRECTION = /I meant (.+?), not (.+?)\./g
/** "Here is the rest: acc-2, 50." */
const THE_REST = /^Here is the rest: (.+)\.$/

/**
 * The customer's words as meant: each correction applied (what was wrong reads what was meant,
 * everywhere), and facts given later put where the first message left them out (its `…`s, in order).
 */
function understood(said: readonly string[]): string[] {
  const corrections = said.flatMap((text) => [...text.matchAll(CORRECTION)].map((match) => ({ wrong: match[2] as string, right: match[1] as string })))
  const rest = said.map((text) => THE_REST.exec(text)?.[1]).find((found) => found !== undefined)?.split(', ') ?? []
  return said.map((text, position) => {
    const filled = position === 0 ? rest.reduce((result, fact) => result.replace('…', fact), text) : text
    return corrections.reduce((result, { wrong, right }) => result.replaceAll(wrong, right), filled.replace(CORRECTION, ''))
  })
}

/** The amount asked for: the first "<n> dollars", else the first number of a reply that is not an account number or a PIN alone. */
function amountIn(said: readonly string[]): number | undefined {
  const dollars = said.map((text) => /(\d+(?:\.\d+)?)\s*(?:dollars|bucks)/.exec(text)?.[1]).find((found) => found !== undefined)
  if (dollars !== undefined) return Number(dollars)
  for (const text of said.slice(1)) {
    if (/^\D*\d{4}\D*$/.test(text)) continue
    const found = /(?<![\w-])(\d+(?:\.\d+)?)(?![\w-])/.exec(text)?.[1]
    if (found !== undefined) return Number(found)
  }
  return undefined
}

/** A call of the tool whose real name is `tool`, under the names the agent is shown. */
function callOf(tools: readonly ToolSpec[], tool: string, args: Readonly<Record<string, unknown>>): RequestedCall[] | string {
  const spec = tools.find((candidate) => candidate.tool === tool)
  if (spec === undefined) return `I cannot do that here (no ${tool}).`
  const shownName = (real: string) => Object.entries(spec.argumentNames ?? {}).find(([, name]) => name === real)?.[0] ?? real
  return [{ name: spec.name, arguments: Object.fromEntries(Object.entries(args).map(([name, value]) => [shownName(name), value as never])) }]
}
