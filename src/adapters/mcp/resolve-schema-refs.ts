import type { JsonValue } from '../../world/index.ts'
import { isJsonObject } from '../../world/index.ts'

/**
 * A JSON schema with every local `$ref` (`#/$defs/...`, `#/definitions/...`, any JSON pointer into
 * the document) replaced by what it points to, resolved in turn, so that each part of the schema
 * says by itself what it takes: what Python MCP servers send, where pydantic puts every model and
 * enum under `$defs`. Keywords beside a `$ref` (a `description`, a `default`) are kept and win over
 * the target's. A reference back into a schema being resolved (a recursive model) becomes `{}`
 * (any value) at the point it recurs, and one toolcheck cannot follow (another document, a
 * pointer to nothing) throws an error that names it. `$defs` and `definitions` are dropped once
 * inlined.
 */
export function resolveSchemaRefs(schema: JsonValue): JsonValue {
  const root = schema
  const resolve = (node: JsonValue, following: readonly string[]): JsonValue => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, following))
    if (!isJsonObject(node)) return node
    const { $ref: reference, ...rest } = node
    const own: Record<string, JsonValue> = {}
    for (const [key, value] of Object.entries(rest)) if (key !== '$defs' && key !== 'definitions') own[key] = resolve(value, following)
    if (typeof reference !== 'string') return own
    if (following.includes(reference)) return own
    const target = resolve(pointedTo(root, reference), [...following, reference])
    return isJsonObject(target) ? { ...target, ...own } : target
  }
  return resolve(schema, [])
}

/** The part of the document a local reference points to. */
function pointedTo(root: JsonValue, reference: string): JsonValue {
  if (!reference.startsWith('#')) throw new Error(`the schema refers to ${reference}, outside itself; toolcheck resolves references within the schema only`)
  let node: JsonValue | undefined = root
  for (const raw of reference.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    node = Array.isArray(node) ? node[Number(key)] : isJsonObject(node) ? node[key] : undefined
    if (node === undefined) throw new Error(`the schema refers to ${reference}, which it does not have`)
  }
  return node
}
