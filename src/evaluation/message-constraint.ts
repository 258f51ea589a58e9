import type { Constraint } from '../scenario/index.ts'
import { columnSimilarity, describeValue, similarityName } from './column-similarity.ts'
import type { CompiledConstraint, ConstraintSetup } from './compiled-constraint.ts'
import { fillTemplate } from './fill.ts'
import { FillSource } from './fill-source.ts'
import { messageLevelConstraint } from './message-level-constraint.ts'
import { builtInVerdict, BUILT_IN_JUDGE } from './judge/built-in-judge.ts'
import type { JudgedTexts } from './judge/judged-texts.ts'
import { conversationRowSimilarity } from './scoring-mode.ts'
import type { ConstraintResult } from './types.ts'

type MessageConstraint = Extract<Constraint, { kind: 'message' }>

/**
 * A message from `from` to `to` at the message index whose content is similar to the target
 * text, or to the best of the alternative target texts (ROUGE-L by default). `{name}` placeholders in the target are filled from `fill`; a
 * placeholder without a value gives 0. A message between other parties gives 0. In ToolSandbox
 * scoring the value is that of the message's conversation-table row: the content similarity r
 * with matching sender and recipient scores r^(1/3) (see `ScoringMode`).
 */
export function compileMessageConstraint(constraint: MessageConstraint, setup: ConstraintSetup): CompiledConstraint {
  const { index, comparers } = setup
  const fill = constraint.fill === undefined ? undefined : new FillSource(constraint.fill, setup)
  const asRow = setup.scoring === 'toolsandbox'
  const scored = (result: ConstraintResult): ConstraintResult => {
    if (!asRow || result.similarity <= 0 || result.similarity >= 1) return result
    const row = conversationRowSimilarity(result.similarity)
    return { ...result, similarity: row, reason: `${result.reason}; as a ToolSandbox conversation row ${result.similarity.toFixed(4)}^(1/3) = ${row.toFixed(4)}` }
  }
  const messageKey = (messageIndex: number) => {
    const message = index.message(messageIndex)
    return message === undefined || message.sender !== constraint.from || message.recipient !== constraint.to ? -1 : index.intern(`m:${message.content}`)
  }

  const compareContent = (messageIndex: number, dependencyIndex: number): ConstraintResult => {
    const message = index.message(messageIndex)
    if (message === undefined || message.sender !== constraint.from || message.recipient !== constraint.to) {
      const found = message === undefined ? 'no such message' : `${message.sender} → ${message.recipient}`
      return { kind: 'message', similarity: 0, reason: `expected a message ${constraint.from} → ${constraint.to} at message ${messageIndex}, found ${found}` }
    }
    const contents = typeof constraint.content === 'string' ? [constraint.content] : constraint.content
    const targets: string[] = []
    if (fill === undefined) targets.push(...contents)
    else {
      const alternatives = fill.alternatives(fill.key(dependencyIndex))
      for (const content of contents) {
        for (const values of alternatives) {
          const filled = fillTemplate(content, values, (name, value) => fill.textOf(name, value))
          if (filled.missing.length === 0) targets.push(filled.value)
        }
      }
      if (targets.length === 0 && contents.some((content) => fillTemplate(content, {}).missing.length > 0)) {
        return { kind: 'message', similarity: 0, reason: `the target text needs values: ${fill.describeMissing(dependencyIndex)}` }
      }
      if (targets.length === 0) targets.push(...contents)
    }
    let best = { similarity: -1, target: '' }
    for (const target of targets) {
      const similarity = columnSimilarity(constraint.similarity, message.content, target, comparers)
      if (similarity > best.similarity) best = { similarity, target }
    }
    const where = `message ${messageIndex} (${constraint.from} → ${constraint.to})`
    if (constraint.similarity === 'reports-failure') return judgedReason(where, message.content, best.similarity, comparers.judged)
    if ((constraint.similarity === 'mentions' || (constraint.similarity === 'contains' && typeof constraint.content !== 'string')) && best.similarity < 1) {
      const wanted = [...new Set(targets)].map((target) => describeValue(target)).join(', ')
      return { kind: 'message', similarity: best.similarity, reason: `${where}: ${targets.length > 1 ? 'none of' : 'not'} ${wanted} found in ${describeValue(message.content)} (${constraint.similarity})` }
    }
    const name = similarityName(constraint.similarity)
    return {
      kind: 'message',
      similarity: best.similarity,
      reason: `${where}: ${name} ${best.similarity.toFixed(4)} for ${describeValue(message.content)} against ${describeValue(best.target)}`,
    }
  }

  const compare = (messageIndex: number, dependencyIndex: number) => scored(compareContent(messageIndex, dependencyIndex))
  return messageLevelConstraint('message', fill, messageKey, compare)
}

/** Why a `reports-failure` message scored as it did: the judge's answer, and for `cannot-tell` that the check was not made. */
function judgedReason(where: string, content: string, similarity: number, judged: JudgedTexts | undefined): ConstraintResult {
  const verdict = judged?.verdict('reports-failure', content) ?? builtInVerdict('reports-failure', content)
  const judge = `the ${judged?.name ?? BUILT_IN_JUDGE} judge`
  const said =
    verdict.answer === 'yes'
      ? `${judge} reads ${describeValue(content)} as telling the user it could not be done`
      : verdict.answer === 'no'
        ? `${judge} reads ${describeValue(content)} as not telling the user it could not be done`
        : `${judge} cannot tell whether ${describeValue(content)} tells the user it could not be done: not checked (a model judge can read it)`
  return { kind: 'message', similarity, reason: `${where}: ${said}` }
}
