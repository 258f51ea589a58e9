import type { RequestedCall, ToolSpec, ToolTrace } from 'vitest-toolcheck'
import { functionAgent } from 'vitest-toolcheck'

/**
 * "Your" banking agent: rules standing in for a model, so the example runs offline. It reads the
 * accounts and the amount from what the customer wrote, asks for what is missing, and when a
 * transfer is refused because the account is locked, asks for the PIN and unlocks it.
 *
 * It finds tools by the real tool behind the name it is shown (`spec.tool`) and uses the argument
 * names it is shown, so the sweep's scrambled names and renamed arguments do not break it.
 */
export const myBankAgent = functionAgent(
  ({ tools, messages, latestToolResults }) => {
    const said = messages.filter((message) => message.sender === 'user').map((message) => message.content)
    const everything = said.join(' ')
    const accounts = everything.match(/acc-\d+/g) ?? []
    const [from, to] = accounts
    const amount = amountIn(everything)
    const pin = /\b\d{4}\b/.exec(said.at(-1) ?? '')?.[0]
    const last = latestToolResults().at(-1)

    if (/how much is in/i.test(said[0] ?? '') && from !== undefined) {
      if (last?.tool === 'get_balance') return `${from} holds ${String(last.result)} dollars.`
      return callOf(tools, 'get_balance', { account_id: from })
    }
    if (from === undefined || to === undefined) return 'Which accounts should the money leave and go to?'
    if (amount === undefined) return `How much should I send to ${to}?`
    if (last === undefined && pin !== undefined) return callOf(tools, 'unlock_account', { account_id: from, pin })
    if (last === undefined || (last.tool === 'unlock_account' && last.error === undefined)) return callOf(tools, 'transfer_funds', { from, to, amount })
    if (last.error?.kind === 'AccountLocked') return `${from} is locked. What is its PIN?`
    if (last.error !== undefined) return `That did not work: ${last.error.message}`
    return `Done: ${amount} dollars went to ${to}, and ${from} now holds ${balanceAfter(last)} dollars.`
  },
  { name: 'my-bank-agent' },
)

const WORDS: Readonly<Record<string, number>> = { ten: 10, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100 }

/** "50 dollars", "fifty bucks", "30 dollars." */
function amountIn(text: string): number | undefined {
  const digits = /\b(\d+(?:\.\d+)?)\s*(?:dollars|bucks|\$)/i.exec(text) ?? /^\s*\$?(\d+(?:\.\d+)?)\b/m.exec(text)
  if (digits?.[1] !== undefined) return Number(digits[1])
  const word = /\b(ten|twenty|thirty|forty|fifty|hundred)\s+(?:dollars|bucks)/i.exec(text)?.[1]?.toLowerCase()
  return word === undefined ? undefined : WORDS[word]
}

function balanceAfter(trace: ToolTrace): string {
  const result = trace.result as { balance?: number } | null | undefined
  return String(result?.balance ?? '?')
}

/** A call of the tool whose real name is `tool`, under the names the agent is shown. */
function callOf(tools: readonly ToolSpec[], tool: string, args: Readonly<Record<string, unknown>>): RequestedCall[] | string {
  const spec = tools.find((candidate) => candidate.tool === tool)
  if (spec === undefined) return `I cannot do that here (no ${tool}).`
  const shownName = (real: string) => Object.entries(spec.argumentNames ?? {}).find(([, name]) => name === real)?.[0] ?? real
  return [{ name: spec.name, arguments: Object.fromEntries(Object.entries(args).map(([name, value]) => [shownName(name), value as never])) }]
}
