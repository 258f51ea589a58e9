import { describe, expect, test } from 'vitest'
import { AugmentationError, factsOf, findFact, perturbUser, replaceFact } from '../../src/augmentation/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { paySam } from './ledger-domain.ts'

describe('facts of the user’s words', () => {
  test('numbers and texts are found as whole values only', () => {
    expect(findFact('Send $50 now', 50)).toBe(6)
    expect(findFact('Send 150 now', 50)).toBe(-1)
    expect(findFact('to acc-50', 50)).toBe(-1)
    expect(findFact('it is 5.50', 50)).toBe(-1)
    expect(findFact('to ACC-2 please', 'acc-2')).toBe(3)
    expect(findFact('to acc-21 please', 'acc-2')).toBe(-1)
    expect(replaceFact('50 dollars, 50 cents, 150', 50, '100')).toBe('100 dollars, 100 cents, 150')
  })

  test('the facts of a message are the reference’s literal values in it, in order, a fact inside a longer one left out', () => {
    expect(factsOf(paySam.firstMessage, paySam.reference)).toEqual([
      { fact: 40, index: 5 },
      { fact: 'acc-1', index: 21 },
      { fact: 'Sam Reyes', index: 30 },
    ])
  })
})

describe('perturbUser', () => {
  test('a change of mind states the decoy, then corrects it in the same message when no reply comes before the value is used', () => {
    const perturbed = perturbUser(paySam, paySam.firstMessage, { kind: 'change-mind', value: 40, decoy: 80 })
    expect(perturbed.firstMessage).toBe('Send 80 dollars from acc-1 to Sam Reyes. Sorry, I got that wrong: I meant 40, not 80.')
    expect(perturbed.reference).toEqual(paySam.reference)
    expect(perturbed.instructions).toContain('say 80 instead')
  })

  test('a change of mind is corrected in the user’s next reply when there is one before the value is used', () => {
    const asks = defineScenario({
      id: 'asks-amount',
      categories: ['INSUFFICIENT_INFORMATION'],
      user: { goal: 'Text Sam 30.', knowledge: 'Say 30 when asked.' },
      firstMessage: 'Text Sam the amount.',
      tools: { allow: ['send_message_with_phone_number'] },
      reference: [
        { agent: 'say', content: 'How much?' },
        { user: 'say', content: '30.' },
        { agent: 'say', content: 'And the number?' },
        { user: 'say', content: '+15550100.' },
        { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: '+15550100', content: '30' } }] },
        { user: 'end' },
      ],
    })
    const perturbed = perturbUser(asks, asks.firstMessage, { kind: 'change-mind', value: '30', decoy: '60' })
    expect(perturbed.reference[1]).toEqual({ user: 'say', content: '60.' })
    expect(perturbed.reference[3]).toEqual({ user: 'say', content: 'Sorry, I got that wrong: I meant 30, not 60. +15550100.' })
  })

  test('a split holds facts back from the first message and the reference asks for them', () => {
    const perturbed = perturbUser(paySam, paySam.firstMessage, { kind: 'split', withheld: ['Sam Reyes', 40] })
    expect(perturbed.firstMessage).toBe('Send … dollars from acc-1 to …. I will give you the rest in a moment.')
    expect(perturbed.reference[1]).toEqual({ user: 'say', content: 'Here is the rest: 40, Sam Reyes.' })
  })

  test('a false memory opens the first message; the reference still makes the call', () => {
    const perturbed = perturbUser(paySam, paySam.firstMessage, { kind: 'false-memory', tool: 'transfer', arguments: { from: 'acc-1', amount: 40 } })
    expect(perturbed.firstMessage).toBe('You already ran transfer (acc-1, 40) for me earlier today, remember? Send 40 dollars from acc-1 to Sam Reyes.')
    expect(perturbed.reference).toEqual(paySam.reference)
  })

  test('perturbations that do not fit are refused, saying why', () => {
    expect(() => perturbUser(paySam, paySam.firstMessage, { kind: 'change-mind', value: 75, decoy: 1 })).toThrow(AugmentationError)
    expect(() => perturbUser(paySam, paySam.firstMessage, { kind: 'split', withheld: ['acc-7'] })).toThrow('the split withholds "acc-7", which the first message does not state')
    expect(() => perturbUser(paySam, paySam.firstMessage, { kind: 'false-memory', tool: 'close_account', arguments: {} })).toThrow('which the reference never makes')
  })
})
