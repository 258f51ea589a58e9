import { z } from 'zod'
import { defineDomain } from '../../src/domain/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { AnyTool } from '../../src/tools/index.ts'
import { defineTool, ToolError } from '../../src/tools/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

/**
 * A small shop whose tools have every bug a domain's code can have, one per tool, for the tests
 * of whose code broke a run. `list_items` and `tag_item` are correct.
 */
const itemRow = z
  .object({
    item_id: z.string().describe('The item id, like i-1.'),
    name: z.string(),
    tags: z.array(z.string()).default([]),
    stock: z.number().int().default(0),
  })
  .strict()

const byId = z.object({ item_id: z.string().describe('The item.') })
const tagArgs = z.object({ item_id: z.string().describe('The item.'), tag: z.string().describe('The tag to add.') })

function tool(name: string, args: z.ZodObject, action: boolean, execute: AnyTool['execute'], extra: Partial<AnyTool> = {}): AnyTool {
  return defineTool({ name, description: `${name.replaceAll('_', ' ')}.`, args, returns: 'what it says', action, execute, ...extra }) as AnyTool
}

/** Lists the items (correct). */
export const listItems = tool('list_items', z.object({}), false, (_args, { world }) => world.rows('items').map((row) => ({ ...row })))

/** Adds a tag the right way: a new list, written through `update`. */
export const tagItem = tool('tag_item', tagArgs, true, (args, { world }) => {
  const { item_id: id, tag } = args as { item_id: string; tag: string }
  const row = world.rows('items').find((item) => item.item_id === id)
  if (row === undefined) throw new ToolError('NotFoundError', `no item ${id}`)
  world.update('items', (item) => item.item_id === id, { tags: [...(row.tags as string[]), tag] })
  return null
})

/** The most common array bug: pushing onto the list it read. */
export const tagInPlace = tool('tag_item_in_place', tagArgs, true, (args, { world }) => {
  const { item_id: id, tag } = args as { item_id: string; tag: string }
  const row = world.rows('items').find((item) => item.item_id === id)
  ;(row?.tags as string[] | undefined)?.push(tag)
  return null
})

// Code built by the Function constructor is not strict: a frozen list ignores this assignment
// there without a word (push would throw even so). Modules are always strict.
const sloppyPush = new Function('list', 'value', 'list[list.length] = value; return list.length') as (list: unknown, value: string) => number

/** The same bug in code that is not in strict mode. */
export const tagInPlaceSloppy = tool('tag_item_sloppy', tagArgs, true, (args, { world }) => {
  const { item_id: id, tag } = args as { item_id: string; tag: string }
  const row = world.rows('items').find((item) => item.item_id === id)
  return sloppyPush(row?.tags, tag)
})

/** Copies a row with structuredClone (which refuses proxies) and writes the copy back: correct. */
export const restock = tool('restock', byId, true, (args, { world }) => {
  const { item_id: id } = args as { item_id: string }
  const row = structuredClone(world.rows('items').find((item) => item.item_id === id)) as Record<string, JsonValue> | undefined
  if (row === undefined) throw new ToolError('NotFoundError', `no item ${id}`)
  row.stock = (row.stock as number) + 10
  world.update('items', (item) => item.item_id === id, row)
  return row.stock
})

/** Writes a table the domain does not have (a typo). */
export const saveVoucher = tool('save_voucher', z.object({ code: z.string().describe('The code.') }), true, (args, { world }) => {
  world.insert('vouchrs', { code: (args as { code: string }).code })
  return null
})

/** Writes a column the table does not have. */
export const paintItem = tool('paint_item', byId, true, (args, { world }) => {
  world.update('items', (item) => item.item_id === (args as { item_id: string }).item_id, { colour: 'red' })
  return null
})

/** Reads a column that does not exist and crashes. */
export const countStock = tool('count_stock', byId, false, (args, { world }) => {
  const row = world.rows('items').find((item) => item.item_id === (args as { item_id: string }).item_id) as unknown as { stok: { total: number } }
  return row.stok.total
})

/** Forgets to return. */
export const forgetfulLookup = tool('forgetful_lookup', byId, false, (() => undefined) as unknown as AnyTool['execute'])

/** Never settles; its own limit is 25 ms. */
export const hangingTool = tool('hanging_tool', z.object({}), false, () => new Promise<never>(() => {}), { timeoutMs: 25 })

/** Never settles, with no limit of its own (the domain's applies). */
export const slowTool = tool('slow_tool', z.object({}), false, () => new Promise<never>(() => {}))

/** Refuses on purpose: what the agent should read. */
export const closedTill = tool('open_till', z.object({}), true, () => {
  throw new ToolError('PermissionError', 'the till is closed on Sundays')
})

export const shopTools: readonly AnyTool[] = [listItems, tagItem, tagInPlace, tagInPlaceSloppy, restock, saveVoucher, paintItem, countStock, forgetfulLookup, hangingTool, slowTool, closedTill]

/** The shop, whose tool calls may take 40 ms unless a tool says otherwise. */
export const shopDomain = defineDomain({
  name: 'shop',
  tables: { items: { key: 'item_id', row: itemRow } },
  defaultRows: () => ({ items: [{ item_id: 'i-1', name: 'kettle', tags: ['kitchen'], stock: 3 }, { item_id: 'i-2', name: 'lamp' }] }),
  tools: shopTools,
  toolTimeoutMs: 40,
})

/** A scenario of the shop that allows every tool; its milestone is i-1 tagged "sale". */
export const tagScenario = defineScenario({
  id: 'tag-the-kettle',
  categories: ['SINGLE_TOOL_CALL'],
  domain: shopDomain,
  user: { goal: 'Tag the kettle "sale".', knowledge: 'The kettle is i-1.' },
  firstMessage: 'Tag the kettle i-1 as sale.',
  tools: { allow: shopTools.map((item) => item.name) as never },
  milestones: [{ constraints: [{ kind: 'updated', table: 'items', rows: [{ item_id: 'i-1', tags: ['kitchen', 'sale'] }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'tag_item', arguments: { item_id: 'i-1', tag: 'sale' } }] }, { agent: 'say', content: 'Tagged.' }, { user: 'end' }],
})
