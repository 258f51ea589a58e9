import { deepFreeze, isDeepFrozen } from './deep-freeze.ts'
import { WorldWriteError } from './world-write-error.ts'

// Every view's real value, so that a view written back into the world (`insert(table, row)` with
// a row that was read) stores the shared frozen value, never the view.
const realOfView = new WeakMap<object, object>()

/**
 * Read-only views of what a draft hands a tool: a table's rows, each row, and the lists and
 * objects inside a row. Reading a view reads the real (frozen) value; changing one, in any way
 * (assigning, pushing, sorting, deleting), calls `refuse` with a `WorldWriteError` of kind
 * `row-mutated` that names the path (`contacts[3].tags`), and throws it. Without views a frozen
 * row refuses such a change too, but says neither where nor what, and code that is not in strict
 * mode sees the change ignored without a word.
 *
 * A view keeps `Array.isArray`, the prototype, keys and JSON of its value; only
 * `structuredClone` and `postMessage` refuse it, as they refuse every proxy.
 */
export class ReadOnlyViews {
  readonly #views = new WeakMap<object, object>()
  readonly #refuse: (error: WorldWriteError) => void

  /** `refuse` is told of every refused change before it is thrown (the tool may catch it). */
  constructor(refuse: (error: WorldWriteError) => void) {
    this.#refuse = refuse
  }

  /** A view of `value` (itself when it is not an object), found under `path` of `table`. */
  view<T>(value: T, table: string, path: string): T {
    if (typeof value !== 'object' || value === null) return value
    const known = this.#views.get(value)
    if (known !== undefined) return known as T
    const real = value as object
    const views = this
    const child = (key: string | symbol, item: unknown): unknown => {
      if (typeof key === 'symbol' || typeof item !== 'object' || item === null) return item
      return views.view(item, table, Array.isArray(real) ? `${path}[${key}]` : `${path}.${key}`)
    }
    const refuse = (what: string, key?: string | symbol): never => {
      const touched = key === undefined || typeof key === 'symbol' ? path : Array.isArray(real) ? `${path}[${key}]` : `${path}.${key}`
      const error = new WorldWriteError(
        'row-mutated',
        table,
        touched,
        `changed ${touched} in place (${what}); a tool changes the world only through world.insert, update, remove, replaceRows or setSettings, on copies of what it read`,
      )
      this.#refuse(error)
      throw error
    }
    // The proxy's own target is an empty stand-in: a proxy of a frozen object could not hand out
    // views of what it holds (its reads must return the very values the target has).
    const standIn: object = Array.isArray(real) ? [] : Object.create(Object.getPrototypeOf(real) as object | null)
    const proxy = new Proxy(standIn, {
      get: (_target, key) => child(key, Reflect.get(real, key)),
      has: (_target, key) => Reflect.has(real, key),
      ownKeys: () => Reflect.ownKeys(real),
      getOwnPropertyDescriptor: (_target, key) => {
        if (Array.isArray(real) && key === 'length') return { value: real.length, writable: true, enumerable: false, configurable: false }
        const descriptor = Reflect.getOwnPropertyDescriptor(real, key)
        if (descriptor === undefined) return undefined
        return { value: child(key, descriptor.value), writable: false, enumerable: descriptor.enumerable ?? false, configurable: true }
      },
      getPrototypeOf: () => Reflect.getPrototypeOf(real),
      set: (_target, key) => refuse('assigned a value', key),
      defineProperty: (_target, key) => refuse('defined a property', key),
      deleteProperty: (_target, key) => refuse('deleted a property', key),
      setPrototypeOf: () => refuse('set its prototype'),
      preventExtensions: () => refuse('prevented extensions'),
    })
    this.#views.set(real, proxy)
    realOfView.set(proxy, real)
    return proxy as T
  }
}

/**
 * A value to store in the world: frozen all the way down, with every view replaced by the real
 * value it shows (which is frozen already and stays shared). The parts a tool built itself are
 * copied before they are frozen, so freezing never reaches into the tool's own objects.
 */
export function storedValue<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  const real = realOfView.get(value)
  if (real !== undefined) return real as T
  if (isDeepFrozen(value)) return value
  if (Array.isArray(value)) return deepFreeze(value.map((item: unknown) => storedValue(item))) as T
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) Object.defineProperty(copy, key, { value: storedValue((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true })
  return deepFreeze(copy) as T
}
