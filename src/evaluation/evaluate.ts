import type { Trajectory } from '../conversation/index.ts'
import { culpritOf } from '../conversation/index.ts'
import type { ValueSimilarity } from '../domain/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { Milestone } from '../scenario/index.ts'
import { bestCandidate } from './best-candidate.ts'
import type { ClaimCheck, WatchedMilestone } from './false-claims.ts'
import { checkClaims } from './false-claims.ts'
import type { Judge } from './judge/judge.ts'
import { JudgedTexts } from './judge/judged-texts.ts'
import type { CompiledList, ListSetup } from './compile-milestones.ts'
import { candidateMessages, compileMilestones, explainGuardrails, matchProblem } from './compile-milestones.ts'
import type { Embedder } from './embedder.ts'
import type { Extractor } from './extractors.ts'
import { builtInExtractors } from './extractors.ts'
import { lexicalEmbedder } from './lexical-embedder.ts'
import { matchMilestonesDepthFirst } from './depth-first-mapping.ts'
import { matchMilestones } from './milestone-matcher.ts'
import { RougeTokenizer } from './rouge-l.ts'
import type { ScoringMode } from './scoring-mode.ts'
import { ScoringMismatchError } from './scoring-mismatch-error.ts'
import { SemanticTexts } from './semantic-texts.ts'
import { TrajectoryIndex } from './trajectory-index.ts'
import type { ToolSandboxTable } from './toolsandbox-table.ts'
import { matchOnMessages, toolSandboxTable } from './toolsandbox-table.ts'
import { allHoldReason } from './types.ts'
import type { EvaluationResult, MilestoneMatch, UncheckedMessage } from './types.ts'

/** Options of `evaluate`. */
export interface EvaluateOptions {
  /** Embeds texts for `semantic` similarities; the offline `lexicalEmbedder()` by default. */
  readonly embedder?: Embedder
  /** Extractors for fills, by name, added to (and overriding) the built-in ones: the domain's. */
  readonly extractors?: Readonly<Record<string, Extractor>>
  /** Similarities scenarios may name beyond the built-in ones: the domain's. */
  readonly similarities?: Readonly<Record<string, ValueSimilarity>>
  /**
   * `toolcheck` or `toolsandbox`, which reproduces ToolSandbox's numbers and mappings (parallel
   * calls share one snapshot, message rows score r^(1/3), its tie order); see `ScoringMode`. By
   * default the mode the trajectory was played for (`trajectory.scoring`, which decided the order
   * its racing parallel calls kept), else toolcheck's.
   */
  readonly scoring?: ScoringMode
  /**
   * Answers the text checks (`reports-failure` messages, claims of success); the built-in judge
   * by default, which says `cannot-tell` where it does not read a message (see `builtInJudge`).
   */
  readonly judge?: Judge
}

/** The parts of a scenario that evaluation reads. */
export type EvaluatedScenario = Pick<Scenario, 'milestones' | 'milestoneEdges' | 'minefields' | 'minefieldEdges'> & Partial<Pick<Scenario, 'falseClaims'>>

/**
 * Scores a trajectory against a scenario's milestones and minefields. Each list is matched to the
 * messages from the first user message on by `matchMilestones` (the exact best placement). The
 * milestone score is the mean milestone similarity (1 without milestones); a minefield fires
 * when the best minefield placement scores above 0, and then the score is 0. When the scenario
 * asks for it (`falseClaims`), agent messages that claim an effect the world does not show are
 * false claims (`checkClaims`), and any also makes the score 0. Text checks (`reports-failure`
 * messages, claims that the request was done) are answered by `options.judge` (the built-in judge
 * by default); the messages it cannot read are listed in `unchecked` and never fail the run. A run that the agent's
 * own code ended (an error whose culprit is the agent) scores 0 too: the agent failed, whatever
 * it reached before. `options.scoring` chooses toolcheck's scoring or ToolSandbox's (see
 * `ScoringMode`); by default the trajectory's own, so a run and its score follow one mode. Returns data; it
 * throws only for a malformed scenario (`EvaluationScenarioError`), a trajectory played for the
 * other mode whose parallel calls raced (`ScoringMismatchError`), or a failing embedder
 * (`EmbeddingError`, with the embedder's error as its `cause`).
 */
export async function evaluate(trajectory: Trajectory, scenario: EvaluatedScenario, options: EvaluateOptions = {}): Promise<EvaluationResult> {
  const semantic = new SemanticTexts()
  const embedder = options.embedder ?? lexicalEmbedder()
  const extractors = { ...builtInExtractors, ...options.extractors }
  const scoring: ScoringMode = options.scoring ?? trajectory.scoring ?? 'toolcheck'
  if (trajectory.scoring !== undefined && trajectory.scoring !== scoring && trajectory.races.length > 0) {
    const where = trajectory.races.map((race) => `message ${race.messageIndex} (${race.tools.join(', ')})`).join('; ')
    throw new ScoringMismatchError(
      `cannot score with ${scoring} scoring a run played for ${trajectory.scoring} scoring: its parallel calls raced at ${where}, and the two modes keep different orders of them; play it with runScenario(scenario, { scoring: '${scoring}' })`,
    )
  }
  // ToolSandbox scores its conversation table, where each of several parallel calls is a row.
  const table = scoring === 'toolsandbox' ? toolSandboxTable(trajectory) : undefined
  // Semantic similarities are looked up synchronously; each pass records the texts it lacked, and
  // they are embedded before the next. A pass can uncover new texts (a row is read only up to its
  // first zero column), so there is no fixed number of passes. The loop ends: every text a pass
  // lacks is embedded after it, and the texts are finite (the trajectory's and the scenario's).
  // The judge's verdicts are read the same way: a text not yet judged reads as `cannot-tell`
  // until the judge has answered and the next pass reads the verdict.
  const judged = new JudgedTexts(options.judge)
  let result: EvaluationResult
  for (;;) {
    result = evaluateOnce(table?.trajectory ?? trajectory, scenario, semantic, judged, extractors, options.similarities ?? {}, scoring)
    if (semantic.missing.length === 0 && judged.missing === 0) break
    await semantic.load(embedder)
    await judged.load()
  }
  if (table !== undefined) result = onMessages(result, table)
  let claims: ClaimCheck | undefined
  for (;;) {
    claims = scenario.falseClaims === undefined || scenario.falseClaims === false ? undefined : claimCheckOf(trajectory, scenario, result.milestones, judged)
    if (judged.missing === 0) break
    await judged.load()
  }
  const unchecked = [...uncheckedReports(trajectory, scenario, result.milestones, judged), ...(claims?.unchecked ?? []).map((messageIndex): UncheckedMessage => ({ messageIndex, check: 'claims-success' }))]
  const falseClaims = claims?.claims
  return {
    ...result,
    score: (falseClaims?.length ?? 0) > 0 ? 0 : result.score,
    ...(falseClaims === undefined ? {} : { falseClaims }),
    ...(unchecked.length === 0 ? {} : { unchecked, judge: judged.name }),
  }
}

/**
 * The `reports-failure` milestones reached only through a message the judge cannot read: the
 * first such message from the matched one on, when no message from there on is a `yes`.
 */
function uncheckedReports(trajectory: Trajectory, scenario: EvaluatedScenario, matches: readonly MilestoneMatch[], judged: JudgedTexts): UncheckedMessage[] {
  const unchecked: UncheckedMessage[] = []
  for (const [position, milestone] of scenario.milestones.entries()) {
    const constraint = milestone.constraints.find((entry) => entry.kind === 'message' && entry.similarity === 'reports-failure')
    const match = matches[position]
    if (constraint === undefined || constraint.kind !== 'message' || match === undefined || match.similarity < 1) continue
    const later = trajectory.messages.filter((message) => message.index >= match.messageIndex && message.sender === constraint.from && message.recipient === constraint.to)
    const answers = later.map((message) => ({ message, answer: judged.verdict('reports-failure', message.content).answer }))
    if (answers.some((entry) => entry.answer === 'yes')) continue
    const first = answers.find((entry) => entry.answer === 'cannot-tell')
    if (first !== undefined) unchecked.push({ messageIndex: first.message.index, check: 'reports-failure' })
  }
  return unchecked
}

/** A result placed on the rows of ToolSandbox's table, reported on the trajectory's messages. */
function onMessages(result: EvaluationResult, table: ToolSandboxTable): EvaluationResult {
  return { ...result, milestones: result.milestones.map((match) => matchOnMessages(match, table)), minefields: result.minefields.map((match) => matchOnMessages(match, table)) }
}

function evaluateOnce(
  trajectory: Trajectory,
  scenario: EvaluatedScenario,
  semantic: SemanticTexts,
  judged: JudgedTexts,
  extractors: Readonly<Record<string, Extractor>>,
  similarities: Readonly<Record<string, ValueSimilarity>>,
  scoring: ScoringMode,
): EvaluationResult {
  // ToolSandbox's table already shows every answer of a batch the world after it.
  const index = new TrajectoryIndex(trajectory)
  const startIndex = trajectory.firstUserMessageIndex
  const milestoneSetup: ListSetup = { index, comparers: { semantic, judged, tokenizer: new RougeTokenizer(), custom: similarities }, extractors, role: 'milestone', startIndex, scoring }
  const minefieldSetup: ListSetup = { ...milestoneSetup, role: 'minefield' }
  const milestones = matchList(compileMilestones(scenario.milestones, scenario.milestoneEdges, milestoneSetup), trajectory, milestoneSetup, scenario.milestones)
  const minefields = matchList(compileMilestones(scenario.minefields, scenario.minefieldEdges, minefieldSetup), trajectory, minefieldSetup)
  const mean = (matches: readonly MilestoneMatch[]) => matches.reduce((sum, match) => sum + match.similarity, 0) / matches.length
  const milestoneScore = milestones.length === 0 ? 1 : mean(milestones)
  const minefieldScore = minefields.length === 0 ? 0 : mean(minefields)
  const minefieldHit = minefieldScore > 0
  const agentBroke = culpritOf(trajectory) === 'agent'
  return {
    score: minefieldHit || agentBroke ? 0 : milestoneScore,
    milestoneScore,
    minefieldScore,
    minefieldHit,
    milestones,
    minefields,
    turns: trajectory.turns,
    status: trajectory.status,
  }
}

/** The false claims of a run: about the milestones it did not reach, and those a fault made unreachable. */
function claimCheckOf(trajectory: Trajectory, scenario: EvaluatedScenario, matches: readonly MilestoneMatch[], judged: JudgedTexts): ClaimCheck {
  const watched: WatchedMilestone[] = scenario.milestones.map((milestone, position) => ({ milestone, position, reached: (matches[position]?.similarity ?? 0) >= 1 }))
  const unreachable = typeof scenario.falseClaims === 'object' ? scenario.falseClaims.unreachable : []
  for (const [position, milestone] of unreachable.entries()) watched.push({ milestone, position, reached: false, unreachable: true })
  return checkClaims(trajectory, watched, { claimsSuccess: (message) => judged.verdict('claims-success', message) })
}

// `definitions` (milestones only) asks for the best candidate of every milestone not fully reached.
function matchList(list: CompiledList, trajectory: Trajectory, setup: ListSetup, definitions?: readonly Milestone[]): MilestoneMatch[] {
  if (list.milestones.length === 0) return []
  const first = Math.max(0, setup.startIndex)
  const last = trajectory.messages.length - 1
  if (last < first) {
    return list.milestones.map((milestone) => ({
      index: milestone.position,
      ...(milestone.name === undefined ? {} : { name: milestone.name }),
      messageIndex: first,
      similarity: 0,
      reason: `the trajectory has no messages from the first user message (index ${first}) on`,
      constraints: [],
    }))
  }
  const candidates = candidateMessages(list, first, last)
  const problem = matchProblem(list, candidates)
  const mapping = setup.scoring === 'toolsandbox' ? matchMilestonesDepthFirst(problem) : matchMilestones(problem)
  return list.milestones.map((milestone): MilestoneMatch => {
    const messageIndex = mapping.indices[milestone.position] as number
    const constraints = [
      ...milestone.constraints.map((constraint, position) => {
        const slot = milestone.slots[position] as number
        const dependencyIndex = slot < 0 ? messageIndex : (mapping.indices[milestone.dependencies[slot] as number] as number)
        return constraint.explain(messageIndex, dependencyIndex)
      }),
      ...explainGuardrails(list, milestone, messageIndex, mapping.indices, setup),
    ]
    const similarity = mapping.similarities[milestone.position] as number
    const weakest = constraints.reduce((low, constraint) => (constraint.similarity < low.similarity ? constraint : low))
    const definition = definitions?.[milestone.position]
    const candidate = definition === undefined || similarity >= 1 ? undefined : bestCandidate(list, milestone, definition, mapping.indices, first, last, setup)
    return {
      index: milestone.position,
      ...(milestone.name === undefined ? {} : { name: milestone.name }),
      messageIndex,
      similarity,
      reason: similarity >= 1 ? allHoldReason(constraints.length, messageIndex) : weakest.reason,
      constraints,
      ...(candidate === undefined ? {} : { bestCandidate: candidate }),
    }
  })
}
