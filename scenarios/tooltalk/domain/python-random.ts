/** The generator `clone` copies, for the one constructor call it makes (which then skips seeding). */
let cloning: PythonRandom | undefined

/** The state right after seeding and the first twist, by seed, for the first few seeds used (see `#seedFromInteger`). */
const SEEDED = new Map<bigint, Uint32Array>()

/**
 * A port of CPython's `random.Random` for the parts ToolTalk's simulator uses: seeding from a
 * non-negative integer, `getrandbits`, `random`, `randbelow` (the rejection sampler behind
 * `randint`, `randrange` and `choice`). ToolTalk draws every id, session token and verification
 * code from a fresh `Random(489)` per tool, so reproducing its recorded values means reproducing
 * this generator bit for bit: MT19937 seeded by `init_by_array`.
 */
export class PythonRandom {
  readonly #state = new Uint32Array(624)
  readonly #seed: bigint
  #index = 625
  #draws = 0

  /** Seeds like `random.Random(seed)` for an integer seed (CPython uses the absolute value). */
  constructor(seed: number | bigint) {
    const source = cloning
    cloning = undefined
    this.#seed = typeof seed === 'bigint' ? seed : BigInt(Math.trunc(seed))
    if (source === undefined) this.#seedFromInteger(this.#seed)
    else {
      this.#state.set(source.#state)
      this.#index = source.#index
      this.#draws = source.#draws
    }
  }

  /** A generator in this one's state that draws on independently: Python's `copy.deepcopy` of a `Random`. */
  clone(): PythonRandom {
    cloning = this
    return new PythonRandom(this.#seed)
  }

  /** How many 32-bit outputs have been drawn since seeding: with the seed, the generator's whole state. */
  get draws(): number {
    return this.#draws
  }

  /** Draws and drops `count` 32-bit outputs, to continue a generator that was `count` draws along. */
  skip(count: number): this {
    for (let drawn = 0; drawn < count; drawn++) this.nextUint32()
    return this
  }

  /** The next 32-bit output of the twister (CPython's `genrand_uint32`). */
  nextUint32(): number {
    this.#draws++
    if (this.#index >= 624) this.#twist()
    let value = this.#state[this.#index++] as number
    value ^= value >>> 11
    value = (value ^ ((value << 7) & 0x9d2c5680)) >>> 0
    value = (value ^ ((value << 15) & 0xefc60000)) >>> 0
    value ^= value >>> 18
    return value >>> 0
  }

  /**
   * `getrandbits(k)`. For k above 32, CPython fills 32-bit words from the least significant end
   * and drops the low bits of the last word; that order matters for `randint(0, 0xffffffff)`,
   * which asks for 33 bits. Limited to 53 bits so the result stays an exact JavaScript number.
   */
  getrandbits(bits: number): number {
    if (!Number.isInteger(bits) || bits < 0) throw new RangeError(`getrandbits needs a non-negative integer, got ${bits}`)
    if (bits > 53) throw new RangeError(`getrandbits supports at most 53 bits here, got ${bits}`)
    if (bits === 0) return 0
    if (bits <= 32) return this.nextUint32() >>> (32 - bits)
    let result = 0
    let scale = 1
    for (let remaining = bits; remaining > 0; remaining -= 32) {
      let word = this.nextUint32()
      if (remaining < 32) word >>>= 32 - remaining
      result += word * scale
      scale *= 2 ** 32
    }
    return result
  }

  /** `random()`: a float in [0, 1) from 53 random bits, as CPython builds it. */
  random(): number {
    const high = this.nextUint32() >>> 5
    const low = this.nextUint32() >>> 6
    return (high * 67108864 + low) / 9007199254740992
  }

  /** `_randbelow(n)`: draws `n.bit_length()` bits until the value is below n. */
  randbelow(limit: number): number {
    if (!Number.isSafeInteger(limit) || limit <= 0) throw new RangeError(`randbelow needs a positive integer, got ${limit}`)
    const bits = bitLength(limit)
    let value = this.getrandbits(bits)
    while (value >= limit) value = this.getrandbits(bits)
    return value
  }

  /** `randint(low, high)`, both ends included. */
  randint(low: number, high: number): number {
    return this.randrange(low, high + 1)
  }

  /** `randrange(start, stop)` with step 1. */
  randrange(start: number, stop: number): number {
    const width = stop - start
    if (width <= 0) throw new RangeError(`empty range for randrange(${start}, ${stop})`)
    return start + this.randbelow(width)
  }

  /** `choice(items)`. */
  choice<Item>(items: readonly Item[]): Item {
    if (items.length === 0) throw new RangeError('cannot choose from an empty sequence')
    return items[this.randbelow(items.length)] as Item
  }

  #seedFromInteger(seed: bigint): void {
    // ToolTalk seeds a fresh Random(489) for every tool in every turn; seeding is the costly part
    // of a short-lived generator, so the seeded state is kept and copied.
    const seeded = SEEDED.get(seed)
    if (seeded !== undefined) {
      this.#state.set(seeded)
      this.#index = 0
      return
    }
    let magnitude = seed < 0n ? -seed : seed
    const key: number[] = []
    while (magnitude > 0n) {
      key.push(Number(magnitude & 0xffffffffn))
      magnitude >>= 32n
    }
    if (key.length === 0) key.push(0)
    this.#initByArray(key)
    // The first draw would twist the fresh state; keep it twisted, as the copies start there.
    this.#twist()
    if (SEEDED.size < 16) SEEDED.set(seed, this.#state.slice())
  }

  #initGenrand(seed: number): void {
    const state = this.#state
    state[0] = seed >>> 0
    for (let index = 1; index < 624; index++) {
      const previous = state[index - 1] as number
      state[index] = (Math.imul(1812433253, previous ^ (previous >>> 30)) + index) >>> 0
    }
    this.#index = 624
  }

  #initByArray(key: readonly number[]): void {
    this.#initGenrand(19650218)
    const state = this.#state
    let i = 1
    let j = 0
    for (let count = Math.max(624, key.length); count > 0; count--) {
      const previous = state[i - 1] as number
      state[i] = (((state[i] as number) ^ Math.imul(previous ^ (previous >>> 30), 1664525)) + (key[j] as number) + j) >>> 0
      i++
      j++
      if (i >= 624) {
        state[0] = state[623] as number
        i = 1
      }
      if (j >= key.length) j = 0
    }
    for (let count = 623; count > 0; count--) {
      const previous = state[i - 1] as number
      state[i] = (((state[i] as number) ^ Math.imul(previous ^ (previous >>> 30), 1566083941)) - i) >>> 0
      i++
      if (i >= 624) {
        state[0] = state[623] as number
        i = 1
      }
    }
    state[0] = 0x80000000
    this.#index = 624
  }

  #twist(): void {
    const state = this.#state
    for (let index = 0; index < 624; index++) {
      const y = ((state[index] as number) & 0x80000000) | ((state[(index + 1) % 624] as number) & 0x7fffffff)
      let next = (state[(index + 397) % 624] as number) ^ (y >>> 1)
      if (y & 1) next ^= 0x9908b0df
      state[index] = next >>> 0
    }
    this.#index = 0
  }
}

/** Python's `int.bit_length()` of a non-negative safe integer. */
function bitLength(value: number): number {
  if (value < 2 ** 32) return 32 - Math.clz32(value)
  return 32 + bitLength(Math.floor(value / 2 ** 32))
}
