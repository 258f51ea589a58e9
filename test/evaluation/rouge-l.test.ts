import { describe, expect, test } from 'vitest'
import { porterStem, rougeL, rougeTokens } from '../../src/evaluation/index.ts'

/**
 * Pairs with their tokens worked out by hand from rouge-score's tokenizer (lower-case, non
 * [a-z0-9] → space, Porter stem on tokens longer than 3) and NLTK's stemmer. With LCS length L,
 * P = L/|prediction|, R = L/|target|, so F = 2PR/(P+R) = 2L/(|target| + |prediction|).
 */
const pairs: readonly { target: string; prediction: string; targetTokens: string[]; predictionTokens: string[]; lcs: number }[] = [
  { target: 'The cat sat', prediction: 'the cat sat', targetTokens: ['the', 'cat', 'sat'], predictionTokens: ['the', 'cat', 'sat'], lcs: 3 },
  { target: 'Running dogs', prediction: 'the dog runs', targetTokens: ['run', 'dog'], predictionTokens: ['the', 'dog', 'run'], lcs: 1 },
  { target: 'HELLO, World!', prediction: 'hello world', targetTokens: ['hello', 'world'], predictionTokens: ['hello', 'world'], lcs: 2 },
  { target: 'ran', prediction: 'runs', targetTokens: ['ran'], predictionTokens: ['run'], lcs: 0 },
  { target: 'café', prediction: 'caf', targetTokens: ['caf'], predictionTokens: ['caf'], lcs: 1 },
  { target: '', prediction: 'anything', targetTokens: [], predictionTokens: ['anyth'], lcs: 0 },
  { target: '!!!', prediction: 'hello', targetTokens: [], predictionTokens: ['hello'], lcs: 0 },
  { target: 'Set an alarm for 7:30 am', prediction: 'alarm set for 7 30', targetTokens: ['set', 'an', 'alarm', 'for', '7', '30', 'am'], predictionTokens: ['alarm', 'set', 'for', '7', '30'], lcs: 4 },
  { target: 'meeting reminders', prediction: 'remind me about the meeting', targetTokens: ['meet', 'remind'], predictionTokens: ['remind', 'me', 'about', 'the', 'meet'], lcs: 1 },
  { target: 'connected connections connecting', prediction: 'connect', targetTokens: ['connect', 'connect', 'connect'], predictionTokens: ['connect'], lcs: 1 },
  { target: "It's sunny today", prediction: 'it is sunny', targetTokens: ['it', 's', 'sunni', 'today'], predictionTokens: ['it', 'is', 'sunni'], lcs: 2 },
  { target: "call mom's phone", prediction: 'calling mom on the phone', targetTokens: ['call', 'mom', 's', 'phone'], predictionTokens: ['call', 'mom', 'on', 'the', 'phone'], lcs: 3 },
  { target: 'Send messages to contacts', prediction: 'message sent to contact', targetTokens: ['send', 'messag', 'to', 'contact'], predictionTokens: ['messag', 'sent', 'to', 'contact'], lcs: 3 },
  { target: 'Turn on cellular service', prediction: 'cellular service turned on', targetTokens: ['turn', 'on', 'cellular', 'servic'], predictionTokens: ['cellular', 'servic', 'turn', 'on'], lcs: 2 },
  { target: 'e-mail', prediction: 'email', targetTokens: ['e', 'mail'], predictionTokens: ['email'], lcs: 0 },
  { target: '3.14159', prediction: '3 14159', targetTokens: ['3', '14159'], predictionTokens: ['3', '14159'], lcs: 2 },
  { target: 'Happy birthday', prediction: 'happy', targetTokens: ['happi', 'birthday'], predictionTokens: ['happi'], lcs: 1 },
  { target: 'cats and dogs', prediction: 'dogs and cats', targetTokens: ['cat', 'and', 'dog'], predictionTokens: ['dog', 'and', 'cat'], lcs: 1 },
  { target: 'a b c d e', prediction: 'e d c b a', targetTokens: ['a', 'b', 'c', 'd', 'e'], predictionTokens: ['e', 'd', 'c', 'b', 'a'], lcs: 1 },
  { target: 'the the the', prediction: 'the', targetTokens: ['the', 'the', 'the'], predictionTokens: ['the'], lcs: 1 },
  { target: 'Wi-Fi is enabled', prediction: 'wifi enabled', targetTokens: ['wi', 'fi', 'is', 'enabl'], predictionTokens: ['wifi', 'enabl'], lcs: 1 },
  { target: 'It is 72 degrees', prediction: '72 degrees', targetTokens: ['it', 'is', '72', 'degre'], predictionTokens: ['72', 'degre'], lcs: 2 },
  { target: 'quickly', prediction: 'quick', targetTokens: ['quickli'], predictionTokens: ['quick'], lcs: 0 },
  { target: 'cities', prediction: 'city', targetTokens: ['citi'], predictionTokens: ['citi'], lcs: 1 },
  { target: 'The weather tomorrow', prediction: "tomorrow's weather", targetTokens: ['the', 'weather', 'tomorrow'], predictionTokens: ['tomorrow', 's', 'weather'], lcs: 1 },
  { target: 'Reminder: buy milk at 5pm', prediction: 'remind me to buy milk', targetTokens: ['remind', 'buy', 'milk', 'at', '5pm'], predictionTokens: ['remind', 'me', 'to', 'buy', 'milk'], lcs: 3 },
  { target: 'Números', prediction: 'n meros', targetTokens: ['n', 'mero'], predictionTokens: ['n', 'mero'], lcs: 2 },
  { target: 'agreed', prediction: 'agree', targetTokens: ['agre'], predictionTokens: ['agre'], lcs: 1 },
  { target: 'hopping', prediction: 'hop', targetTokens: ['hop'], predictionTokens: ['hop'], lcs: 1 },
  { target: 'generalization', prediction: 'general', targetTokens: ['gener'], predictionTokens: ['gener'], lcs: 1 },
  { target: "Fredrik's number is +1-245-334-4098", prediction: 'fredrik number 12453344098', targetTokens: ['fredrik', 's', 'number', 'is', '1', '245', '334', '4098'], predictionTokens: ['fredrik', 'number', '12453344098'], lcs: 2 },
  { target: 'relational', prediction: 'relate', targetTokens: ['relat'], predictionTokens: ['relat'], lcs: 1 },
]

describe('rougeL', () => {
  test.for(pairs)('$target | $prediction', ({ target, prediction, targetTokens, predictionTokens, lcs }) => {
    expect(rougeTokens(target)).toEqual(targetTokens)
    expect(rougeTokens(prediction)).toEqual(predictionTokens)
    const expected = targetTokens.length === 0 || predictionTokens.length === 0 ? 0 : (2 * lcs) / (targetTokens.length + predictionTokens.length)
    const score = rougeL(target, prediction)
    expect(Math.abs(score.fmeasure - expected)).toBeLessThan(1e-9)
    if (predictionTokens.length > 0 && targetTokens.length > 0) {
      expect(score.precision).toBeCloseTo(lcs / predictionTokens.length, 12)
      expect(score.recall).toBeCloseTo(lcs / targetTokens.length, 12)
    }
  })

  test('has at least 30 pairs', () => expect(pairs.length).toBeGreaterThanOrEqual(30))
})

describe('porterStem', () => {
  test("reproduces the examples in NLTK's stemming documentation", () => {
    const words = ['caresses', 'flies', 'dies', 'mules', 'denied', 'died', 'agreed', 'owned', 'humbled', 'sized', 'meeting', 'stating', 'siezing', 'itemization', 'sensational', 'traditional', 'reference', 'colonizer', 'plotted']
    const stems = ['caress', 'fli', 'die', 'mule', 'deni', 'die', 'agre', 'own', 'humbl', 'size', 'meet', 'state', 'siez', 'item', 'sensat', 'tradit', 'refer', 'colon', 'plot']
    expect(words.map(porterStem)).toEqual(stems)
  })

  test("keeps NLTK's irregular forms and short words", () => {
    expect(['skies', 'dying', 'news', 'proceed', 'is', 'by'].map(porterStem)).toEqual(['sky', 'die', 'news', 'proceed', 'is', 'by'])
  })
})
