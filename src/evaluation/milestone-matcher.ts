/**
 * What the matcher optimises. Milestone `m` placed at candidate index `i` scores
 * `similarity(m, i, indices of dependencies[m])` times 1/0 for each guard partner `p`
 * (`guard(m, p, index of p, i)`); the matcher picks one candidate index per milestone so that
 * every edge `[u, v]` has index(u) ≤ index(v) and the sum of scores is largest.
 */
export interface MatchProblem {
  /** How many milestones. */
  readonly count: number
  /** The message indices a milestone may be placed at, ascending. */
  readonly candidates: readonly number[]
  /** Order edges `[from, to]`: `from` is placed at or before `to`. */
  readonly edges: readonly (readonly [number, number])[]
  /** For each milestone, the milestones whose placement its similarity depends on. */
  readonly dependencies: readonly (readonly number[])[]
  /** A milestone's similarity in [0, 1] at `index`, given its dependencies' indices (in the order of `dependencies[milestone]`). */
  similarity(milestone: number, index: number, dependencyIndices: readonly number[]): number
  /** For each milestone, the partners whose guard must hold (none when absent). */
  readonly guards?: readonly (readonly number[])[]
  /** Whether the guard between `milestone` at `index` and `partner` at `partnerIndex` holds. */
  guard?(milestone: number, partner: number, partnerIndex: number, index: number): boolean
  /**
   * Restricts where a milestone may be placed (every candidate when absent). The matcher then
   * finds the best placement among those allowed; a problem that allows no placement at all
   * has total −∞.
   */
  allowed?(milestone: number, index: number): boolean
}

/** The best placement: a message index and a similarity per milestone, and their sum. */
export interface MilestoneMapping {
  readonly indices: readonly number[]
  readonly similarities: readonly number[]
  readonly total: number
}

interface Factor {
  /** Variables, outermost first. */
  readonly scope: number[]
  /** The domain size of each scope variable. */
  readonly sizes: number[]
  readonly table: Float64Array
}

/**
 * The exact best placement of milestones, by max-sum variable elimination.
 *
 * Each milestone is a variable over the candidate indices. Its similarity is a factor over it and
 * its dependencies; order edges are pairwise factors (0 or −∞). Guards multiply a similarity by
 * 0 or 1, which does not split into a sum; when a milestone's guard partners would widen its
 * factor beyond two milestones, the milestone gets a second copy of every index meaning "counted
 * as 0" (a 0/1 variable z): its similarity factor becomes z·similarity and each guard a pairwise
 * factor forbidding z = 1 where the guard fails. Maximising chooses z = 1 exactly when all guards
 * hold, so the optimum is unchanged while every factor stays small.
 *
 * Variables are then eliminated one at a time (the cheapest first), each time replacing the
 * factors that mention it by their maximum over it, and the choices are read back in reverse.
 * Cost: O(M · D^(w+1)) for M milestones, D candidates (2D for split milestones) and w the
 * induced width of the elimination order: w = 1 for a chain (O(M·D²)), w = 2 for diamonds. The
 * search ToolSandbox uses is exponential in M instead. Ties go to the earliest indices.
 */
export function matchMilestones(problem: MatchProblem): MilestoneMapping {
  const { count, candidates } = problem
  if (count === 0) return { indices: [], similarities: [], total: 0 }
  const positions = candidates.length
  if (positions === 0) throw new RangeError('matchMilestones: there are no candidate messages to place milestones at')
  const guards = problem.guards ?? []
  const dependencies = problem.dependencies.map((list, milestone) => [...new Set(list)].filter((other) => other !== milestone))
  const guardPartners = Array.from({ length: count }, (_, milestone) => [...new Set(guards[milestone] ?? [])].filter((other) => other !== milestone))
  const split = Array.from({ length: count }, (_, milestone) => {
    const partners = guardPartners[milestone] as number[]
    const deps = dependencies[milestone] as number[]
    const outside = partners.filter((partner) => !deps.includes(partner))
    return outside.length > 0 && new Set([milestone, ...deps, ...partners]).size > 2
  })
  const domain = split.map((isSplit) => (isSplit ? 2 * positions : positions))
  const positionOf = (value: number) => value % positions
  // In a split milestone, values below `positions` count (z = 1), the copies above count as 0.
  const counts = (milestone: number, value: number) => !split[milestone] || value < positions

  const guardHolds = (milestone: number, partner: number, partnerPosition: number, position: number) =>
    problem.guard === undefined || problem.guard(milestone, partner, candidates[partnerPosition] as number, candidates[position] as number)

  const factors: Factor[] = []
  for (let milestone = 0; milestone < count; milestone++) {
    const deps = dependencies[milestone] as number[]
    const partners = guardPartners[milestone] as number[]
    const scope = split[milestone] ? [milestone, ...deps] : [...new Set([milestone, ...deps, ...partners])]
    const originalDependencies = problem.dependencies[milestone] ?? []
    const dependencyIndices = new Array<number>(originalDependencies.length).fill(0)
    // Where the scope is wider than the milestone and its dependencies (guard partners), the same
    // similarity would be asked for again for every partner value; it is remembered by the
    // positions of the milestone and its dependencies (NaN: not asked yet). The memo is never
    // larger than the factor, whose scope holds those variables.
    const dependencySlots = deps.map((dependency) => scope.indexOf(dependency))
    const memo = scope.length > 1 + deps.length ? new Float64Array(positions ** (1 + deps.length)).fill(Number.NaN) : undefined
    const rawSimilarity = (position: number, values: readonly number[]) => {
      for (const [slot, dependency] of originalDependencies.entries()) {
        const own = dependency === milestone ? position : positionOf(values[scope.indexOf(dependency)] as number)
        dependencyIndices[slot] = candidates[own] as number
      }
      return problem.similarity(milestone, candidates[position] as number, dependencyIndices)
    }
    factors.push(
      buildFactor(scope, domain, (values) => {
        const position = positionOf(values[0] as number)
        if (!counts(milestone, values[0] as number)) return 0
        let similarity: number
        if (memo === undefined) similarity = rawSimilarity(position, values)
        else {
          let flat = position
          for (const slot of dependencySlots) flat = flat * positions + positionOf(values[slot] as number)
          similarity = memo[flat] as number
          if (Number.isNaN(similarity)) {
            similarity = rawSimilarity(position, values)
            memo[flat] = similarity
          }
        }
        if (similarity <= 0 || split[milestone]) return Math.max(0, similarity)
        for (const partner of partners) {
          if (!guardHolds(milestone, partner, positionOf(values[scope.indexOf(partner)] as number), position)) return 0
        }
        return similarity
      }),
    )
    if (split[milestone]) {
      for (const partner of partners) {
        factors.push(
          pairFactor(partner, milestone, domain, (partnerValue, value) =>
            counts(milestone, value) && !guardHolds(milestone, partner, positionOf(partnerValue), positionOf(value)) ? Number.NEGATIVE_INFINITY : 0,
          ),
        )
      }
    }
  }
  if (problem.allowed !== undefined) {
    const allowed = problem.allowed.bind(problem)
    for (let milestone = 0; milestone < count; milestone++) {
      const table = new Float64Array(domain[milestone] as number)
      for (let value = 0; value < table.length; value++) table[value] = allowed(milestone, candidates[positionOf(value)] as number) ? 0 : Number.NEGATIVE_INFINITY
      factors.push({ scope: [milestone], sizes: [table.length], table })
    }
  }
  for (const [from, to] of problem.edges) {
    if (from === to) continue
    if (from < 0 || from >= count || to < 0 || to >= count) throw new RangeError(`matchMilestones: edge [${from}, ${to}] names a milestone outside 0..${count - 1}`)
    factors.push(pairFactor(from, to, domain, (fromValue, toValue) => (positionOf(fromValue) <= positionOf(toValue) ? 0 : Number.NEGATIVE_INFINITY)))
  }

  const { values, best } = eliminate(absorbSubsets(factors), domain, count)
  const indices = values.map((value) => candidates[positionOf(value)] as number)
  if (best === Number.NEGATIVE_INFINITY) return { indices, similarities: indices.map(() => 0), total: Number.NEGATIVE_INFINITY }
  const similarities = indices.map((index, milestone) => {
    const dependencyIndices = (problem.dependencies[milestone] ?? []).map((dependency) => indices[dependency] as number)
    const similarity = Math.max(0, problem.similarity(milestone, index, dependencyIndices))
    if (similarity === 0) return 0
    const allHold = (guardPartners[milestone] as number[]).every(
      (partner) => problem.guard === undefined || problem.guard(milestone, partner, indices[partner] as number, index),
    )
    return allHold ? similarity : 0
  })
  return { indices, similarities, total: similarities.reduce((sum, value) => sum + value, 0) }
}

/** A dense factor over `scope`, filled by `entry` (called with the values of the scope, in order). */
function buildFactor(scope: number[], domain: readonly number[], entry: (values: readonly number[]) => number): Factor {
  const sizes = scope.map((variable) => domain[variable] as number)
  const size = sizes.reduce((product, value) => product * value, 1)
  const table = new Float64Array(size)
  const values = new Array<number>(scope.length).fill(0)
  for (let flat = 0; flat < size; flat++) {
    table[flat] = entry(values)
    for (let slot = scope.length - 1; slot >= 0; slot--) {
      values[slot] = (values[slot] as number) + 1
      if ((values[slot] as number) < (sizes[slot] as number)) break
      values[slot] = 0
    }
  }
  return { scope, sizes, table }
}

/** A dense factor over two variables (`buildFactor` without its generic counting, for the many pairwise factors). */
function pairFactor(first: number, second: number, domain: readonly number[], entry: (firstValue: number, secondValue: number) => number): Factor {
  const firstSize = domain[first] as number
  const secondSize = domain[second] as number
  const table = new Float64Array(firstSize * secondSize)
  for (let firstValue = 0, flat = 0; firstValue < firstSize; firstValue++) {
    for (let secondValue = 0; secondValue < secondSize; secondValue++, flat++) table[flat] = entry(firstValue, secondValue)
  }
  return { scope: [first, second], sizes: [firstSize, secondSize], table }
}

/** Row-major strides of a factor for each of `variables` (0 for variables outside its scope). */
function stridesFor(factor: Factor, variables: readonly number[]): Int32Array {
  const strides = new Int32Array(variables.length)
  let stride = 1
  for (let slot = factor.scope.length - 1; slot >= 0; slot--) {
    const at = variables.indexOf(factor.scope[slot] as number)
    if (at >= 0) strides[at] = stride
    stride *= factor.sizes[slot] as number
  }
  return strides
}

/** Adds every factor whose scope lies inside another factor's scope into that factor (fewer factors make elimination cheaper). */
function absorbSubsets(factors: readonly Factor[]): Factor[] {
  const sorted = [...factors].sort((a, b) => b.scope.length - a.scope.length)
  const kept: Factor[] = []
  for (const factor of sorted) {
    const host = kept.find((candidate) => factor.scope.every((variable) => candidate.scope.includes(variable)))
    if (host === undefined) kept.push(factor)
    else addInto(host, factor)
  }
  return kept
}

function addInto(host: Factor, factor: Factor): void {
  const strides = stridesFor(factor, host.scope)
  const counter = new Int32Array(host.scope.length)
  let offset = 0
  for (let flat = 0; flat < host.table.length; flat++) {
    host.table[flat] = (host.table[flat] as number) + (factor.table[offset] as number)
    for (let slot = host.scope.length - 1; slot >= 0; slot--) {
      counter[slot] = (counter[slot] as number) + 1
      offset += strides[slot] as number
      if ((counter[slot] as number) < (host.sizes[slot] as number)) break
      offset -= (strides[slot] as number) * (host.sizes[slot] as number)
      counter[slot] = 0
    }
  }
}

/** What elimination remembers to read a variable's best value back. */
interface Decision {
  readonly variable: number
  /** The variables the choice depends on (eliminated later), outermost first. */
  readonly given: readonly number[]
  readonly sizes: readonly number[]
  /** The best value of `variable` for each assignment of `given` (row-major). */
  readonly best: Int32Array
}

/** Max-sum variable elimination; returns the best value of every variable and the best sum. */
function eliminate(initial: Factor[], domain: readonly number[], count: number): { values: number[]; best: number } {
  let factors = initial
  // The sum of the factors left without variables: the optimum (−∞ when nothing is feasible).
  let total = 0
  const remaining = new Set(Array.from({ length: count }, (_, variable) => variable))
  const decisions: Decision[] = []
  while (remaining.size > 0) {
    // The variable whose elimination touches the smallest table.
    let chosen = -1
    let chosenWork = Number.POSITIVE_INFINITY
    for (const variable of remaining) {
      const neighbours = new Set<number>([variable])
      for (const factor of factors) if (factor.scope.includes(variable)) for (const other of factor.scope) neighbours.add(other)
      let work = 1
      for (const other of neighbours) work *= domain[other] as number
      if (work < chosenWork) {
        chosenWork = work
        chosen = variable
      }
    }
    remaining.delete(chosen)
    const involved = factors.filter((factor) => factor.scope.includes(chosen))
    factors = factors.filter((factor) => !factor.scope.includes(chosen))
    const given = [...new Set(involved.flatMap((factor) => factor.scope))].filter((variable) => variable !== chosen).sort((a, b) => a - b)
    const { factor, best } = maximiseOut(involved, chosen, given, domain)
    decisions.push({ variable: chosen, given, sizes: factor.sizes, best })
    if (given.length > 0) factors.push(factor)
    else total += factor.table[0] as number
  }
  const values = new Array<number>(count).fill(0)
  for (let step = decisions.length - 1; step >= 0; step--) {
    const decision = decisions[step] as Decision
    let flat = 0
    for (const [slot, variable] of decision.given.entries()) flat = flat * (decision.sizes[slot] as number) + (values[variable] as number)
    values[decision.variable] = decision.best[flat] as number
  }
  return { values, best: total }
}

/** ψ(given) = max over `variable` of the sum of `factors`, with the maximising value (the lowest on ties). */
function maximiseOut(factors: readonly Factor[], variable: number, given: readonly number[], domain: readonly number[]): { factor: Factor; best: Int32Array } {
  const sizes = given.map((other) => domain[other] as number)
  const size = sizes.reduce((product, value) => product * value, 1)
  const table = new Float64Array(size)
  const best = new Int32Array(size)
  const variables = [...given, variable]
  const strides = factors.map((factor) => stridesFor(factor, variables))
  const variableStrides = Int32Array.from(strides, (stride) => stride[given.length] as number)
  const tables = factors.map((factor) => factor.table)
  const factorCount = factors.length
  const offsets = new Int32Array(factorCount)
  const counter = new Int32Array(given.length)
  const variableSize = domain[variable] as number
  // The common cases (one or two factors) get loops without the inner factor loop.
  const firstTable = tables[0] as Float64Array
  const secondTable = (tables[1] ?? firstTable) as Float64Array
  const thirdTable = (tables[2] ?? firstTable) as Float64Array
  const firstStride = variableStrides[0] as number
  const secondStride = (variableStrides[1] ?? 0) as number
  const thirdStride = (variableStrides[2] ?? 0) as number
  for (let flat = 0; flat < size; flat++) {
    let bestValue = Number.NEGATIVE_INFINITY
    let bestChoice = 0
    if (factorCount === 1) {
      let at = offsets[0] as number
      for (let choice = 0; choice < variableSize; choice++, at += firstStride) {
        const sum = firstTable[at] as number
        if (sum > bestValue) {
          bestValue = sum
          bestChoice = choice
        }
      }
    } else if (factorCount === 2) {
      let first = offsets[0] as number
      let second = offsets[1] as number
      for (let choice = 0; choice < variableSize; choice++, first += firstStride, second += secondStride) {
        const sum = (firstTable[first] as number) + (secondTable[second] as number)
        if (sum > bestValue) {
          bestValue = sum
          bestChoice = choice
        }
      }
    } else if (factorCount === 3) {
      // Three factors (a diamond's guards and order edges) are common enough to unroll too; the
      // sum is formed in the same order as the general loop, so the values are identical.
      let first = offsets[0] as number
      let second = offsets[1] as number
      let third = offsets[2] as number
      for (let choice = 0; choice < variableSize; choice++, first += firstStride, second += secondStride, third += thirdStride) {
        const sum = 0 + (firstTable[first] as number) + (secondTable[second] as number) + (thirdTable[third] as number)
        if (sum > bestValue) {
          bestValue = sum
          bestChoice = choice
        }
      }
    } else {
      for (let choice = 0; choice < variableSize; choice++) {
        let sum = 0
        for (let index = 0; index < factorCount; index++) {
          sum += (tables[index] as Float64Array)[(offsets[index] as number) + choice * (variableStrides[index] as number)] as number
          if (sum === Number.NEGATIVE_INFINITY) break
        }
        if (sum > bestValue) {
          bestValue = sum
          bestChoice = choice
        }
      }
    }
    table[flat] = bestValue
    best[flat] = bestChoice
    for (let slot = given.length - 1; slot >= 0; slot--) {
      counter[slot] = (counter[slot] as number) + 1
      for (let index = 0; index < factorCount; index++) offsets[index] = (offsets[index] as number) + ((strides[index] as Int32Array)[slot] as number)
      if ((counter[slot] as number) < (sizes[slot] as number)) break
      for (let index = 0; index < factorCount; index++) offsets[index] = (offsets[index] as number) - ((strides[index] as Int32Array)[slot] as number) * (sizes[slot] as number)
      counter[slot] = 0
    }
  }
  return { factor: { scope: [...given], sizes, table }, best }
}
