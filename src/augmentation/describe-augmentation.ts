import type { Augmentation, ToolScramble, ToolSelection } from './augmentation.ts'
import { TOOL_SCRAMBLES } from './augmentation.ts'
import { SCRAMBLE_COLUMNS } from './augmentation-columns.ts'
import { describeRobustness } from './describe-robustness.ts'

/** How each per-tool scramble reads, for one tool, several, or all of them. */
const SCRAMBLE_WORDS: Readonly<Record<ToolScramble, { readonly some: (tools: string) => string; readonly all: string }>> = {
  scrambledNames: { some: (tools) => `name of ${tools} scrambled`, all: 'all tool names scrambled' },
  removedDescriptions: { some: (tools) => `description of ${tools} removed`, all: 'all tool descriptions removed' },
  removedArgumentDescriptions: { some: (tools) => `argument descriptions of ${tools} removed`, all: 'all argument descriptions removed' },
  removedArgumentTypes: { some: (tools) => `argument types of ${tools} removed`, all: 'all argument types removed' },
  renamedArguments: { some: (tools) => `arguments of ${tools} renamed`, all: 'all arguments renamed' },
}

/**
 * An augmentation in words, the most specific change first, for failure messages:
 * `get_booking failed once with a transient error`, `description of
 * send_message_with_phone_number removed; 3 distraction tools`, or `no augmentation`.
 */
export function describeAugmentation(augmentation: Augmentation): string {
  const parts: string[] = describeRobustness(augmentation)
  for (const field of TOOL_SCRAMBLES) {
    const selection: ToolSelection = augmentation[field]
    const words = SCRAMBLE_WORDS[field]
    if (selection === 'all') parts.push(words.all)
    else if (selection.length > 0) parts.push(words.some(selection.join(', ')))
  }
  const distraction = distractionWords(augmentation.distractionTools)
  if (distraction !== undefined) parts.push(distraction)
  const paraphrase = augmentation.paraphrase
  if (typeof paraphrase === 'number') parts.push(`first message replaced by paraphrase ${paraphrase}`)
  else if (typeof paraphrase === 'string') parts.push(`first message replaced by ${JSON.stringify(paraphrase)}`)
  if (augmentation.falseClaims === true && parts.length === 0) parts.push('false claims checked')
  return parts.length === 0 ? 'no augmentation' : parts.join('; ')
}

/**
 * The kind of an augmentation, as a run's label: which changes it makes to the tool list, not to
 * which tools (`3 distraction tools, tool descriptions removed`), then what each robustness
 * change did, in words (`get_booking failed once with a transient error`), or `none`. The report
 * groups runs by `augmentationColumns` instead, where a combined augmentation counts under each
 * of its parts, named by family and parameters. Labels name tests too, so they hold no character
 * a regular expression reads specially (arguments read `account_id acc-2`, not as JSON):
 * `vitest -t` with a test's name then finds that test.
 */
export function augmentationKind(augmentation: Augmentation): string {
  const parts: string[] = []
  const count = augmentation.distractionTools
  if (count === 'all') parts.push('all tools')
  else if (count > 0) parts.push(count === 1 ? '1 distraction tool' : `${count} distraction tools`)
  for (const field of TOOL_SCRAMBLES) {
    const selection = augmentation[field]
    if (selection === 'all' || selection.length > 0) parts.push(SCRAMBLE_COLUMNS[field])
  }
  if (augmentation.paraphrase !== null) parts.push('paraphrased')
  parts.push(...describeRobustness(augmentation).map(labelText))
  if (augmentation.falseClaims === true && parts.length === 0) parts.push('false claims checked')
  return parts.length === 0 ? 'none' : parts.join(', ')
}

/** Words without the characters a regular expression reads specially: JSON braces and quotes, brackets, parentheses. */
function labelText(words: string): string {
  return words
    .replace(/"([^"]*)":/g, '$1 ')
    .replace(/[{}[\]()*+?^$|\\"]/g, ' ')
    .replace(/ ,/g, ',')
    .replace(/,(?=\S)/g, ', ')
    .replace(/\s+/g, ' ')
    .trim()
}

function distractionWords(count: number | 'all'): string | undefined {
  if (count === 'all') return 'all other tools added as distractions'
  if (count === 0) return undefined
  return count === 1 ? '1 distraction tool' : `${count} distraction tools`
}
