import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { buildWorld, defineDomain, DomainError, isDomain, NEUTRAL_AGENT_PROMPT, NEUTRAL_USER_PROMPT, WorldSpecError } from '../../src/domain/index.ts'
import { attachedDomain, checkScenarioDomain, defineScenario, domainIssues, loadScenarioDirectory, loadScenarioFile, parseScenario, ScenarioError } from '../../src/scenario/index.ts'
import type { ScenarioInput } from '../../src/scenario/index.ts'
import { endConversation } from '../../src/tools/index.ts'
import { describeTableDiff, diffWorlds } from '../../src/world/index.ts'
import { borrowWithLapsedCard, libraryDomain, searchBooks } from './library-domain.ts'

const CLOCK = { now: 1_778_778_000, timeZone: 'America/Los_Angeles' }
const scratch = await mkdtemp(join(tmpdir(), 'toolcheck-domains-'))
afterAll(() => rm(scratch, { recursive: true, force: true }))

const row = z.object({ id: z.string(), n: z.number() })

describe('defineDomain', () => {
  test('checks the definition at once: name, key columns, tools', () => {
    expect(() => defineDomain({ name: 'Bank Domain', tables: { a: { key: 'id', row } }, tools: [] })).toThrow(/a domain name is lower-case letters/)
    expect(() => defineDomain({ name: 'x', tables: { a: { key: 'nope' as 'id', row } }, tools: [] })).toThrow(DomainError)
    expect(() => defineDomain({ name: 'x', tables: { a: { key: 'nope' as 'id', row } }, tools: [] })).toThrow('domain x: table a: the key column nope is not in its row schema (columns: id, n)')
    expect(() => defineDomain({ name: 'x', tables: { a: { key: 'id', display: 'title' as 'n', row } }, tools: [] })).toThrow('domain x: table a: the display column title is not in its row schema (columns: id, n)')
    expect(() => defineDomain({ name: 'x', tables: {}, tools: [] })).toThrow('domain x: it has neither tables nor tools')
    expect(() => defineDomain({ name: 'x', tables: {}, tools: [endConversation] })).toThrow(/lists end_conversation, which every run offers the simulated user already/)
    expect(() => defineDomain({ name: 'x', tables: {}, tools: [searchBooks, searchBooks] })).toThrow(/two tools are named `search_books`/)
  })

  test("fills neutral prompts, adds the user's end_conversation to the registry and records keys, columns and the tools' time limit", () => {
    const plain = defineDomain({ name: 'plain', tables: { a: { key: ['id', 'n'], row } }, tools: [searchBooks] })
    expect(isDomain(plain)).toBe(true)
    expect(isDomain({ ...plain })).toBe(true)
    expect(isDomain({ name: 'plain' })).toBe(false)
    expect(plain.prompts).toEqual({ agent: NEUTRAL_AGENT_PROMPT, user: NEUTRAL_USER_PROMPT })
    expect(plain.registry.names()).toEqual(['search_books', 'end_conversation'])
    expect(plain.tableInfo).toEqual({ a: { key: ['id', 'n'], columns: ['id', 'n'] } })
    expect(plain.toolTimeoutMs).toBe(30_000)
    expect(defineDomain({ name: 'quick', tables: { a: { key: 'id', row } }, tools: [searchBooks], toolTimeoutMs: 500 }).toolTimeoutMs).toBe(500)
  })

  test('refuses a time limit that is no number of milliseconds, the domain\'s or a tool\'s', () => {
    expect(() => defineDomain({ name: 'x', tables: { a: { key: 'id', row } }, tools: [searchBooks], toolTimeoutMs: 0 })).toThrow('domain x: toolTimeoutMs must be a number of milliseconds above 0 and at most 2147483647, not 0')
    expect(() => defineDomain({ name: 'x', tables: { a: { key: 'id', row } }, tools: [{ ...searchBooks, timeoutMs: Number.NaN }] })).toThrow('domain x: tool search_books: timeoutMs must be')
  })
})

describe('buildWorld', () => {
  test('default row without its key (the key column optional in its schema): refused, in the default rows and in a scenario', () => {
    const loose = z.object({ id: z.string().optional(), n: z.number() })
    const keyless = defineDomain({ name: 'keyless', tables: { a: { key: 'id', row: loose } }, defaultRows: () => ({ a: [{ id: 'a-1', n: 1 }, { n: 2 }] }), tools: [searchBooks] })
    expect(() => buildWorld(keyless, {}, CLOCK)).toThrow(DomainError)
    expect(() => buildWorld(keyless, {}, CLOCK)).toThrow('domain keyless: its default rows do not fit: table "a", row 1 has no value for its key column "id"; every row needs its key')
    const fine = defineDomain({ name: 'fine', tables: { a: { key: 'id', row: loose } }, tools: [searchBooks] })
    expect(() => buildWorld(fine, { insert: { a: [{ id: 'a-1', n: 1 }, { n: 2 }] } }, CLOCK)).toThrow(new WorldSpecError('a', 1, 'id', 'no value for the key column; every row of the resulting table needs its key'))
  })

  test('default rows with their column defaults, then replace, insert and relative times', () => {
    const world = buildWorld(libraryDomain, { insert: { loans: [{ loan_id: 'l-1', member_id: 'm-1', book_id: 'b-1', due: { $now: 3600 } }] }, replace: { books: [{ book_id: 'b-1', title: 'Dune', author: 'Frank Herbert', available: false }] } }, CLOCK)
    expect(world.tables.members).toEqual([
      { member_id: 'm-1', name: 'Ada Byron', card_active: true },
      { member_id: 'm-2', name: 'Ben Okri', card_active: false },
    ])
    expect(world.tables.books).toEqual([{ book_id: 'b-1', title: 'Dune', author: 'Frank Herbert', available: false }])
    expect(world.tables.loans).toEqual([{ loan_id: 'l-1', member_id: 'm-1', book_id: 'b-1', due: CLOCK.now + 3600 }])
    expect(world.info).toEqual({
      members: { key: 'member_id', columns: ['member_id', 'name', 'card_active'] },
      books: { key: 'book_id', columns: ['book_id', 'title', 'author', 'available'] },
      loans: { key: 'loan_id', columns: ['loan_id', 'member_id', 'book_id', 'due'] },
    })
  })

  test('every problem names its table, row and column, and what the domain has', () => {
    const attempt = (spec: Parameters<typeof buildWorld>[1]) => () => buildWorld(libraryDomain, spec, CLOCK)
    expect(attempt({ insert: { member: [] } })).toThrow('starting world, table "member": no such table; the tables of domain library are members, books, loans')
    expect(attempt({ insert: { members: [{ member_id: 'm-9', name: 'X', card: true }] } })).toThrow('starting world, table "members", row 0, column "card": no such column; the columns of members are member_id, name, card_active')
    expect(attempt({ insert: { members: [{ member_id: 'm-9', name: 7 }] } })).toThrow(/table "members", row 0, column "name": .*\(got 7\)/)
    expect(attempt({ insert: { members: [{ member_id: 'm-1', name: 'Again' }] } })).toThrow('starting world, table "members", row 2, column "member_id": the key "m-1" is already used by row 0 of the resulting table; keys must be unique')
    expect(attempt({ settings: { open: true } })).toThrow('starting world, table "settings": domain library has no settings table; change its tables with insert or replace')
    const broken = attempt({ insert: { loans: [{ loan_id: 'l-1', member_id: 'm-1', book_id: 'b-2', due: 0 }] } })
    expect(broken).toThrow(WorldSpecError)
    expect(broken).toThrow('starting world, table "books", row 1, column "available": b-2 is lent out (loan l-1), so it cannot be available')
  })

  test('a composite key pairs rows in diffs, and diffs name rows by their key', () => {
    const ledger = defineDomain({ name: 'ledger', tables: { entries: { key: ['id', 'n'], row: row.extend({ amount: z.number() }) } }, tools: [searchBooks] })
    expect(() => buildWorld(ledger, { insert: { entries: [{ id: 'a', n: 1, amount: 5 }, { id: 'a', n: 1, amount: 6 }] } }, CLOCK)).toThrow(/column "id\+n": the key \["a",1\] is already used by row 0/)
    const before = buildWorld(ledger, { insert: { entries: [{ id: 'a', n: 1, amount: 500 }, { id: 'a', n: 2, amount: 7 }] } }, CLOCK)
    const after = buildWorld(ledger, { insert: { entries: [{ id: 'a', n: 1, amount: 0 }, { id: 'a', n: 2, amount: 7 }, { id: 'b', n: 1, amount: 1 }] } }, CLOCK)
    const [diff] = diffWorlds(before, after)
    if (diff === undefined) throw new Error('expected a diff')
    expect(describeTableDiff(diff, after.info.entries)).toEqual(['entries[a,1].amount: 500 → 0', '+ entries[b,1] {"id":"b","n":1,"amount":1}'])
  })

  test('a display column names rows for people beside their whole key, in the world and in diffs', () => {
    const people = defineDomain({ name: 'people', tables: { contacts: { key: 'id', display: 'name', row: z.object({ id: z.string(), name: z.string(), note: z.string() }) } }, tools: [searchBooks] })
    expect(people.tableInfo).toEqual({ contacts: { key: 'id', columns: ['id', 'name', 'note'], display: 'name' } })
    const id = '9e0b6c3a-4f1d-4b8e-9a51-2c7d3e8f0a6b'
    const before = buildWorld(people, { insert: { contacts: [{ id, name: 'Sam Okafor', note: 'coworker' }] } }, CLOCK)
    const after = buildWorld(people, { insert: { contacts: [{ id, name: 'Sam Okafor', note: 'former coworker' }, { id: 'p-2', name: 'Ada', note: 'x'.repeat(300) }] } }, CLOCK)
    expect(after.info.contacts).toEqual({ key: 'id', columns: ['id', 'name', 'note'], display: 'name' })
    const [diff] = diffWorlds(before, after)
    if (diff === undefined) throw new Error('expected a diff')
    // Whole values always: a long row leaves out whole columns, never part of one.
    expect(describeTableDiff(diff, after.info.contacts, { rowLength: 40 })).toEqual([`contacts[${id} "Sam Okafor"].note: "coworker" → "former coworker"`, '+ contacts[p-2 "Ada"] {"id":"p-2","name":"Ada", … 1 more column}'])
    expect(describeTableDiff(diff, after.info.contacts)[1]).toBe(`+ contacts[p-2 "Ada"] {"id":"p-2","name":"Ada","note":"${'x'.repeat(300)}"}`)
  })

  test("default rows that do not fit the domain's own tables are the domain's error", () => {
    const faulty = defineDomain({ name: 'faulty', tables: { a: { key: 'id', row } }, defaultRows: () => ({ a: [{ id: 'x', n: 'one' as unknown as number }] }), tools: [searchBooks] })
    expect(() => buildWorld(faulty, {}, CLOCK)).toThrow(DomainError)
    expect(() => buildWorld(faulty, {}, CLOCK)).toThrow(/domain faulty: its default rows do not fit: table "a", row 0, column "n"/)
  })
})

describe('scenarios against their domain', () => {
  const input = (overrides: Partial<ScenarioInput>): ScenarioInput => ({
    id: 'library-misfit',
    domain: 'library',
    categories: ['library-loans'],
    user: { goal: 'g', knowledge: 'k' },
    firstMessage: 'hi',
    tools: { allow: ['borrow_book'] },
    reference: [{ user: 'end' }],
    ...overrides,
  })

  test('every misfit is listed with its path and the closest names the domain has', () => {
    const scenario = parseScenario(
      input({
        tools: { allow: ['borow_book'], deny: ['delete_members'] },
        world: { insert: { loan: [] } },
        milestones: [
          { constraints: [{ kind: 'added', table: 'loan', rows: [{ member_id: 'm-2' }], columns: { member_id: 'fuzzy' } }], guardrails: { exclude: ['bookz'] } },
          { constraints: [{ kind: 'message', content: 'x', similarity: 'iban', fill: { milestone: 0, extractor: 'due_date' } }] },
        ],
        minefields: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'remove_member' }] }] }],
      }),
    )
    const issues = domainIssues(scenario, libraryDomain).map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(issues).toEqual([
      'tools.allow.0: the tool borow_book is not in domain library; did you mean borrow_book, search_books?',
      'tools.deny.0: the tool delete_members is not in domain library; did you mean delete_member?',
      'milestones.0.constraints.0.table: the table loan is not in domain library; did you mean loans?',
      expect.stringMatching(/^milestones\.0\.constraints\.0\.columns\.member_id: the similarity fuzzy is not in domain library; /),
      'milestones.0.guardrails.exclude.0: the table bookz is not in domain library; did you mean books?',
      expect.stringMatching(/^milestones\.1\.constraints\.0\.similarity: the similarity iban is not in domain library; /),
      expect.stringMatching(/^milestones\.1\.constraints\.0\.fill\.extractor: the extractor due_date is not in domain library; /),
      expect.stringMatching(/^minefields\.0\.constraints\.0\.anyOf\.0\.tool: the tool remove_member is not in domain library; /),
      'world.insert.loan: starting world, table "loan": no such table; the tables of domain library are members, books, loans',
    ])
    expect(() => checkScenarioDomain(scenario, libraryDomain)).toThrow(ScenarioError)
  })

  test('target rows and per-column similarities name columns of their table, or the milestone could never match', () => {
    const scenario = parseScenario(
      input({
        milestones: [{ constraints: [{ kind: 'updated', table: 'loans', rows: [{ member_id: 'm-2', book: 'b-1' }], columns: { dues: 'exact' } }] }],
        minefields: [{ constraints: [{ kind: 'table', table: 'members', rows: [{ nmae: 'x' }] }] }],
      }),
    )
    expect(domainIssues(scenario, libraryDomain).map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      expect.stringMatching(/^milestones\.0\.constraints\.0\.rows\.0\.book: loans has no column book; did you mean book_id/),
      expect.stringMatching(/^milestones\.0\.constraints\.0\.columns\.dues: loans has no column dues; did you mean due\?/),
      expect.stringMatching(/^minefields\.0\.constraints\.0\.rows\.0\.nmae: members has no column nmae; did you mean name/),
    ])
  })

  test("a domain's own similarities and extractors are names scenarios may use", () => {
    const lenient = defineDomain({ ...libraryDomain, similarities: { iban: () => 1 }, extractors: { due_date: () => undefined } })
    const scenario = parseScenario(input({ milestones: [{ constraints: [{ kind: 'message', content: 'y' }] }, { constraints: [{ kind: 'message', content: 'x', similarity: 'iban', fill: { milestone: 0, extractor: 'due_date' } }] }] }))
    expect(domainIssues(scenario, lenient)).toEqual([])
    expect(domainIssues(scenario, libraryDomain)).toHaveLength(2)
  })

  test('defineScenario with a domain object checks at once and remembers the domain, also through a spread', () => {
    const written = { domain: libraryDomain, id: 'x', categories: ['library-loans'], user: { goal: 'g', knowledge: 'k' }, firstMessage: 'hi', reference: [{ user: 'end' as const }] }
    expect(() => defineScenario({ ...written, tools: { allow: ['borrow_book', 'lend_book' as 'borrow_book'] } })).toThrow(
      'invalid scenario x:\n  - tools.allow.1: the tool lend_book is not in domain library; did you mean search_books, borrow_book?',
    )
    const scenario = defineScenario({ ...written, tools: { allow: ['borrow_book'] } })
    expect(scenario.domain).toBe('library')
    expect(JSON.parse(JSON.stringify(scenario)).domain).toBe('library')
    // The domain object travels with the scenario, even through a spread, invisibly to JSON.
    expect(attachedDomain({ ...scenario, maxTurns: 5 })).toBe(libraryDomain)
    expect(attachedDomain(parseScenario(JSON.parse(JSON.stringify(scenario))))).toBeUndefined()
  })

  test('JSON files name their domain; loading resolves and checks it, and lists what is wrong', async () => {
    const data = JSON.parse(JSON.stringify(borrowWithLapsedCard)) as Record<string, unknown>
    await writeFile(join(scratch, 'a-good.json'), JSON.stringify({ $schema: './scenario.schema.json', ...data }))
    await writeFile(join(scratch, 'b-unknown-domain.json'), JSON.stringify({ ...data, id: 'unknown-domain', domain: 'libary' }))
    await writeFile(join(scratch, 'c-bad-table.json'), JSON.stringify({ ...data, id: 'bad-table', world: { insert: { member: [] } } }))
    const loaded = await loadScenarioFile(join(scratch, 'a-good.json'), { domains: [libraryDomain] })
    expect(loaded.domain).toBe('library')
    const { scenarios, errors } = await loadScenarioDirectory(scratch, { domains: [libraryDomain] })
    expect(scenarios.map((scenario) => scenario.id)).toEqual(['library-borrow-lapsed-card'])
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/b-unknown-domain\.json:\n {2}- domain: names domain "libary", which is not known here \(known: library, device\)/),
      expect.stringMatching(/c-bad-table\.json:\n {2}- world\.insert\.member: starting world, table "member": no such table/),
    ])
    // Without the domain, even a good file says which domain it could not find.
    await expect(loadScenarioFile(join(scratch, 'a-good.json'))).rejects.toThrow(/domain: names domain "library", which is not known here \(known: device\)/)
  })
})
