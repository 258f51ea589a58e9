import { defineDomain, defineTool, ToolError } from 'vitest-toolcheck'
import { z } from 'zod'

// Two tables. Each has a key (diffs and reports name rows by it: accounts[acc-17].balance) and a
// zod row schema whose defaults fill what a scenario leaves out.
const account = z.object({
  account_id: z.string().describe('The account number, like acc-17.'),
  owner: z.string(),
  balance: z.number().describe('In dollars.'),
  pin: z.string().describe('The four-digit PIN that unlocks the account.'),
  locked: z.boolean().default(false),
})
const transfer = z.object({
  transfer_id: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
})

// Six tools. The zod schema types `execute`'s arguments and is what the model is shown.
export const getBalance = defineTool({
  name: 'get_balance',
  group: 'accounts',
  description: 'The balance of an account.',
  args: z.object({ account_id: z.string().describe('The account number.') }),
  returns: 'the balance in dollars',
  action: false,
  execute: ({ account_id }, { world }) => findAccount(world.rows('accounts'), account_id).balance as number,
})

export const unlockAccount = defineTool({
  name: 'unlock_account',
  group: 'accounts',
  description: 'Unlocks an account with its PIN.',
  args: z.object({ account_id: z.string().describe('The account number.'), pin: z.string().describe('The PIN, four digits.') }),
  returns: 'true once the account is unlocked',
  action: true,
  execute: ({ account_id, pin }, { world }) => {
    if (findAccount(world.rows('accounts'), account_id).pin !== pin) throw new ToolError('WrongPin', `that is not the PIN of ${account_id}`)
    world.update('accounts', (row) => row.account_id === account_id, { locked: false })
    return true
  },
})

export const findAccounts = defineTool({
  name: 'find_accounts',
  group: 'accounts',
  description: "The accounts whose owner's name contains a text, newest first.",
  args: z.object({ owner: z.string().describe("Part of the owner's name, like Sam.") }),
  returns: 'a list of accounts: account_id, owner',
  action: false,
  execute: ({ owner }, { world }) =>
    world
      .rows('accounts')
      .filter((row) => String(row.owner).toLowerCase().includes(owner.toLowerCase()))
      .map((row) => ({ account_id: String(row.account_id), owner: String(row.owner) }))
      .reverse(),
})

export const transferFunds = defineTool({
  name: 'transfer_funds',
  group: 'transfers',
  description: 'Moves money from one account to another.',
  args: z.object({
    from: z.string().describe('The account the money leaves.'),
    to: z.string().describe('The account it goes to.'),
    amount: z.number().positive().describe('In dollars.'),
  }),
  returns: 'the transfer id and the new balance of the source account',
  action: true,
  execute: ({ from, to, amount }, { world, ids }) => {
    const source = findAccount(world.rows('accounts'), from)
    const target = findAccount(world.rows('accounts'), to)
    // The hidden state dependency: nothing in the tool list says an account can be locked.
    if (source.locked === true) throw new ToolError('AccountLocked', `${from} is locked; unlock it with its PIN first`)
    if ((source.balance as number) < amount) throw new ToolError('InsufficientFunds', `${from} holds ${String(source.balance)} dollars`)
    const transfer_id = ids.next()
    world.insert('transfers', { transfer_id, from, to, amount })
    world.update('accounts', (row) => row.account_id === from, { balance: (source.balance as number) - amount })
    world.update('accounts', (row) => row.account_id === to, { balance: (target.balance as number) + amount })
    return { transfer_id, balance: (source.balance as number) - amount }
  },
})

export const listTransfers = defineTool({
  name: 'list_transfers',
  group: 'transfers',
  description: 'The transfers from or to an account, oldest first.',
  args: z.object({ account_id: z.string().describe('The account number.') }),
  returns: 'a list of transfers: transfer_id, from, to, amount',
  action: false,
  execute: ({ account_id }, { world }) => world.rows('transfers').filter((row) => row.from === account_id || row.to === account_id).map((row) => ({ ...row })),
})

export const closeAccount = defineTool({
  name: 'close_account',
  group: 'accounts',
  description: 'Closes an account for good.',
  args: z.object({ account_id: z.string().describe('The account number.') }),
  returns: 'true',
  action: true,
  execute: ({ account_id }, { world }) => world.remove('accounts', (row) => row.account_id === account_id) > 0,
})

function findAccount(rows: readonly Readonly<Record<string, unknown>>[], id: string) {
  const found = rows.find((row) => row.account_id === id)
  if (found === undefined) throw new ToolError('NoSuchAccount', `there is no account ${id}`)
  return found
}

// The domain: tables, default rows, a rule every starting world keeps, tools and prompts.
export const bank = defineDomain({
  name: 'bank',
  tables: {
    accounts: { key: 'account_id', row: account, description: 'The bank accounts.' },
    transfers: { key: 'transfer_id', row: transfer, description: 'Money moved between accounts.' },
  },
  defaultRows: () => ({
    accounts: [
      { account_id: 'acc-17', owner: 'Dana Reyes', balance: 500, pin: '4321' },
      { account_id: 'acc-2', owner: 'Sam Reyes', balance: 80, pin: '1111' },
    ],
    transfers: [],
  }),
  invariants: [
    {
      name: 'no account is overdrawn',
      check: (rows) =>
        rows.accounts.flatMap((row, index) =>
          row.balance < 0 ? [{ table: 'accounts', row: index, column: 'balance', message: `${row.account_id} is overdrawn; balances start at 0 or more` }] : [],
        ),
    },
  ],
  tools: [getBalance, findAccounts, unlockAccount, transferFunds, listTransfers, closeAccount],
  prompts: {
    agent: "You are the assistant of Northwind Bank. You act on the customer's accounts through your tools. Never guess an amount, an account or a PIN: ask.",
    user: 'You are a customer of Northwind Bank, chatting with its assistant.',
  },
})
