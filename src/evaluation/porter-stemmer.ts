/**
 * The Porter stemmer as NLTK's `PorterStemmer` computes it in its default mode
 * (`NLTK_EXTENSIONS`), which the Python `rouge-score` package uses. Written from Porter's 1980
 * paper ("An algorithm for suffix stripping") plus the departures NLTK documents: a table of
 * irregular forms, words of one or two letters left alone, `ies`/`ied` on four-letter words
 * keeping their `e`, step 1c only after a consonant, `alli` handled before the other step-2
 * rules, and the `bli`, `fulli` and `logi` rules.
 *
 * Input is expected in lower case (ROUGE's tokenizer lower-cases first); upper case is
 * lower-cased here too, as NLTK does.
 */
export function porterStem(word: string): string {
  const lower = word.toLowerCase()
  const irregular = IRREGULAR_FORMS.get(lower)
  if (irregular !== undefined) return irregular
  if (lower.length <= 2) return lower
  let stem = step1a(lower)
  stem = step1b(stem)
  stem = step1c(stem)
  stem = step2(stem)
  stem = step3(stem)
  stem = step4(stem)
  stem = step5a(stem)
  return step5b(stem)
}

// Forms the algorithm gets wrong, mapped straight to their stem (NLTK's table).
const IRREGULAR_FORMS = new Map<string, string>([
  ['sky', 'sky'], ['skies', 'sky'],
  ['dying', 'die'], ['lying', 'lie'], ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'], ['inning', 'inning'],
  ['outings', 'outing'], ['outing', 'outing'],
  ['cannings', 'canning'], ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'], ['exceed', 'exceed'], ['succeed', 'succeed'],
])

/** Whether `word[index]` is a consonant: not a vowel, and `y` only when after a vowel (or first). */
function isConsonant(word: string, index: number): boolean {
  const letter = word[index]
  if (letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u') return false
  if (letter === 'y') return index === 0 ? true : !isConsonant(word, index - 1)
  return true
}

/** Porter's measure m: the number of vowel-consonant transitions in `stem`. */
function measure(stem: string): number {
  let count = 0
  let previousVowel = false
  for (let index = 0; index < stem.length; index++) {
    const consonant = isConsonant(stem, index)
    if (consonant && previousVowel) count++
    previousVowel = !consonant
  }
  return count
}

function containsVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true
  return false
}

function endsWithDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word[word.length - 1] === word[word.length - 2] && isConsonant(word, word.length - 1)
}

/** Condition *o: the stem ends consonant-vowel-consonant, the last not w, x or y (NLTK: or is vowel-consonant of length 2). */
function endsConsonantVowelConsonant(word: string): boolean {
  const length = word.length
  if (length >= 3) {
    const last = word[length - 1]
    return isConsonant(word, length - 3) && !isConsonant(word, length - 2) && isConsonant(word, length - 1) && last !== 'w' && last !== 'x' && last !== 'y'
  }
  return length === 2 && !isConsonant(word, 0) && isConsonant(word, 1)
}

type Condition = (stem: string) => boolean
type Rule = readonly [suffix: string, replacement: string, condition: Condition | null]

/**
 * Applies the first rule whose suffix the word ends with. When that rule's condition fails the
 * word is returned unchanged: later rules are not tried (the paper's "longest match" reading).
 */
function applyFirstRule(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (!word.endsWith(suffix)) continue
    const stem = word.slice(0, word.length - suffix.length)
    return condition === null || condition(stem) ? stem + replacement : word
  }
  return word
}

const positiveMeasure: Condition = (stem) => measure(stem) > 0
const measureAboveOne: Condition = (stem) => measure(stem) > 1

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return `${word.slice(0, -3)}ie`
  return applyFirstRule(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ])
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.length === 4 ? `${word.slice(0, -3)}ie` : `${word.slice(0, -3)}i`
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3)
    return measure(stem) > 0 ? `${stem}ee` : word
  }
  let stem: string | undefined
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, word.length - suffix.length)
      if (containsVowel(candidate)) {
        stem = candidate
        break
      }
    }
  }
  if (stem === undefined) return word
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`
  if (endsWithDoubleConsonant(stem)) {
    const last = stem[stem.length - 1]
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1)
  }
  return measure(stem) === 1 && endsConsonantVowelConsonant(stem) ? `${stem}e` : stem
}

function step1c(word: string): string {
  return applyFirstRule(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]])
}

function step2(word: string): string {
  // NLTK applies `alli` -> `al` first and runs step 2 again on the result.
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`)
  return applyFirstRule(word, [
    ['ational', 'ate', positiveMeasure],
    ['tional', 'tion', positiveMeasure],
    ['enci', 'ence', positiveMeasure],
    ['anci', 'ance', positiveMeasure],
    ['izer', 'ize', positiveMeasure],
    ['bli', 'ble', positiveMeasure],
    ['alli', 'al', positiveMeasure],
    ['entli', 'ent', positiveMeasure],
    ['eli', 'e', positiveMeasure],
    ['ousli', 'ous', positiveMeasure],
    ['ization', 'ize', positiveMeasure],
    ['ation', 'ate', positiveMeasure],
    ['ator', 'ate', positiveMeasure],
    ['alism', 'al', positiveMeasure],
    ['iveness', 'ive', positiveMeasure],
    ['fulness', 'ful', positiveMeasure],
    ['ousness', 'ous', positiveMeasure],
    ['aliti', 'al', positiveMeasure],
    ['iviti', 'ive', positiveMeasure],
    ['biliti', 'ble', positiveMeasure],
    ['fulli', 'ful', positiveMeasure],
    // The `l` stays with the stem for the measure, so short stems like `geo` qualify.
    ['logi', 'log', () => positiveMeasure(word.slice(0, -3))],
  ])
}

function step3(word: string): string {
  return applyFirstRule(word, [
    ['icate', 'ic', positiveMeasure],
    ['ative', '', positiveMeasure],
    ['alize', 'al', positiveMeasure],
    ['iciti', 'ic', positiveMeasure],
    ['ical', 'ic', positiveMeasure],
    ['ful', '', positiveMeasure],
    ['ness', '', positiveMeasure],
  ])
}

function step4(word: string): string {
  return applyFirstRule(word, [
    ['al', '', measureAboveOne],
    ['ance', '', measureAboveOne],
    ['ence', '', measureAboveOne],
    ['er', '', measureAboveOne],
    ['ic', '', measureAboveOne],
    ['able', '', measureAboveOne],
    ['ible', '', measureAboveOne],
    ['ant', '', measureAboveOne],
    ['ement', '', measureAboveOne],
    ['ment', '', measureAboveOne],
    ['ent', '', measureAboveOne],
    ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
    ['ou', '', measureAboveOne],
    ['ism', '', measureAboveOne],
    ['ate', '', measureAboveOne],
    ['iti', '', measureAboveOne],
    ['ous', '', measureAboveOne],
    ['ive', '', measureAboveOne],
    ['ize', '', measureAboveOne],
  ])
}

function step5a(word: string): string {
  // Both conditions are tried for the same suffix here, unlike the other steps.
  if (!word.endsWith('e')) return word
  const stem = word.slice(0, -1)
  const stemMeasure = measure(stem)
  if (stemMeasure > 1) return stem
  if (stemMeasure === 1 && !endsConsonantVowelConsonant(stem)) return stem
  return word
}

function step5b(word: string): string {
  return word.endsWith('ll') && measure(word.slice(0, -1)) > 1 ? word.slice(0, -1) : word
}
