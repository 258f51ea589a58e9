import { z } from 'zod'
import { neverCalled, rowsAdded, rowsUpdated, agentMentions, solution } from '../../src/authoring/index.ts'
import { defineDomain } from '../../src/domain/index.ts'
import type { InvariantViolation } from '../../src/domain/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { defineTool, ToolError } from '../../src/tools/index.ts'

/**
 * A small domain that is not the phone, for the tests of every path a domain takes: a lending
 * library with members, books and loans. Borrowing needs an active card (a state dependency the
 * agent is not told about), and deleting a member is what no scenario wants.
 */
const memberRow = z
  .object({
    member_id: z.string().describe('The member id, like m-1.'),
    name: z.string().describe('Full name.'),
    card_active: z.boolean().default(true).describe('Whether the library card is valid.'),
  })
  .strict()
const bookRow = z
  .object({
    book_id: z.string().describe('The book id, like b-1.'),
    title: z.string(),
    author: z.string(),
    available: z.boolean().default(true),
  })
  .strict()
const loanRow = z
  .object({ loan_id: z.string(), member_id: z.string(), book_id: z.string(), due: z.number().describe('Seconds since the epoch.') })
  .strict()

const DAY = 86_400

export const searchBooks = defineTool({
  name: 'search_books',
  group: 'catalogue',
  description: 'Finds books whose title or author contains the query (case-insensitive).',
  args: z.object({ query: z.string().min(1).describe('Words from the title or the author.') }),
  returns: 'the matching books: book_id, title, author, available',
  action: false,
  execute: ({ query }, { world }) =>
    world.rows('books').filter((book) => `${String(book.title)} ${String(book.author)}`.toLowerCase().includes(query.toLowerCase())).map((book) => ({ ...book })),
})

export const renewCard = defineTool({
  name: 'renew_card',
  group: 'members',
  description: "Renews a member's library card.",
  args: z.object({ member_id: z.string().describe('The member.') }),
  returns: 'true',
  action: true,
  execute: ({ member_id: member }, { world }) => {
    if (world.update('members', (row) => row.member_id === member, { card_active: true }) === 0) throw new ToolError('NotFoundError', `no member ${member}`)
    return true
  },
})

export const borrowBook = defineTool({
  name: 'borrow_book',
  group: 'loans',
  description: 'Lends a book to a member for three weeks.',
  args: z.object({ member_id: z.string().describe('The member.'), book_id: z.string().describe('The book.') }),
  returns: 'the loan: loan_id and due',
  action: true,
  execute: ({ member_id: member, book_id: book }, { world, clock, ids }) => {
    const who = world.rows('members').find((row) => row.member_id === member)
    if (who === undefined) throw new ToolError('NotFoundError', `no member ${member}`)
    // The hidden dependency: nothing in the tool list says that a card can lapse.
    if (who.card_active !== true) throw new ToolError('PermissionError', `the library card of ${member} is not active`)
    const what = world.rows('books').find((row) => row.book_id === book)
    if (what === undefined) throw new ToolError('NotFoundError', `no book ${book}`)
    if (what.available !== true) throw new ToolError('StateError', `${book} is already lent out`)
    const loan = { loan_id: ids.next(), member_id: member, book_id: book, due: clock.now + 21 * DAY }
    world.insert('loans', loan)
    world.update('books', (row) => row.book_id === book, { available: false })
    return loan
  },
})

export const deleteMember = defineTool({
  name: 'delete_member',
  group: 'members',
  description: 'Deletes a member and their card.',
  args: z.object({ member_id: z.string().describe('The member.') }),
  returns: 'true',
  action: true,
  execute: ({ member_id: member }, { world }) => world.remove('members', (row) => row.member_id === member) > 0,
})

export const libraryDomain = defineDomain({
  name: 'library',
  description: 'A lending library: members, books, loans.',
  tables: {
    members: { key: 'member_id', row: memberRow },
    books: { key: 'book_id', row: bookRow },
    loans: { key: 'loan_id', row: loanRow },
  },
  defaultRows: () => ({
    members: [{ member_id: 'm-1', name: 'Ada Byron' }, { member_id: 'm-2', name: 'Ben Okri', card_active: false }],
    books: [
      { book_id: 'b-1', title: 'Dune', author: 'Frank Herbert' },
      { book_id: 'b-2', title: 'Beloved', author: 'Toni Morrison' },
    ],
    loans: [],
  }),
  invariants: [
    {
      name: 'a lent book is not available',
      check: (rows) =>
        rows.loans.flatMap((loan): InvariantViolation[] => {
          const index = rows.books.findIndex((book) => book.book_id === loan.book_id)
          return index >= 0 && rows.books[index]?.available === true
            ? [{ table: 'books', row: index, column: 'available', message: `${loan.book_id} is lent out (loan ${loan.loan_id}), so it cannot be available` }]
            : []
        }),
    },
  ],
  tools: [searchBooks, renewCard, borrowBook, deleteMember],
  prompts: {
    agent: 'You are the assistant of the city library. Act through your tools; ask the member when something is missing.',
    user: 'You are a member of the city library, talking to its assistant in a chat.',
  },
})

/** Ben's card has lapsed: the agent must renew it before the loan, and must not delete him. */
export const borrowWithLapsedCard = defineScenario({
  domain: libraryDomain,
  id: 'library-borrow-lapsed-card',
  categories: ['STATE_DEPENDENCY', 'library-loans'],
  user: { goal: 'Borrow Beloved. You are member m-2.', knowledge: 'You do not know that your card has lapsed.' },
  firstMessage: 'I am member m-2 and I would like to borrow Beloved.',
  paraphrases: [{ text: 'Could you lend me the Toni Morrison novel? Member m-2 here.', style: 'implicit' }],
  tools: { allow: ['search_books', 'renew_card', 'borrow_book'] },
  milestones: [
    rowsUpdated('members', [{ member_id: 'm-2', card_active: true }], undefined, { name: 'card renewed' }),
    rowsAdded('loans', [{ member_id: 'm-2', book_id: 'b-2' }], undefined, { name: 'book lent', since: 0, mayAlsoChange: ['books'] }),
    agentMentions(['June 4', '4 June', '2026-06-04'], { name: 'tells the due date' }),
  ],
  minefields: [neverCalled('delete_member')],
  reference: solution(libraryDomain, (s) => {
    const found = s.call('search_books', { query: 'Beloved' })
    s.call('renew_card', { member_id: 'm-2' })
    s.call('borrow_book', { member_id: 'm-2', book_id: found.result('0.book_id') })
    s.say('Your card had lapsed, so I renewed it; Beloved is yours until June 4.')
    s.end()
  }),
})
