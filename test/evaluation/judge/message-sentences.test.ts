import { expect, test } from 'vitest'
import { messageSentences } from '../../../src/evaluation/judge/message-sentences.ts'

test('splits after a full stop, an exclamation or a question mark and a space, and at line breaks', () => {
  expect(messageSentences('Done! Everything is set.\nAnything else? Bye.')).toEqual(['Done!', 'Everything is set.', 'Anything else?', 'Bye.'])
})

test('an abbreviation or an initial does not end a sentence', () => {
  expect(messageSentences('You are booked with Dr. Lee at 3 p.m. today. J. Smith and Mrs. Park, e.g. your friends, are invited.')).toEqual([
    'You are booked with Dr. Lee at 3 p.m. today.',
    'J. Smith and Mrs. Park, e.g. your friends, are invited.',
  ])
})

test('Japanese and Chinese full stops end a sentence without a space', () => {
  expect(messageSentences('完了できませんでした。何も変更されていません。')).toEqual(['完了できませんでした。', '何も変更されていません。'])
})

test('a number with a decimal point is one word', () => {
  expect(messageSentences('I sent 3.5 dollars. Done.')).toEqual(['I sent 3.5 dollars.', 'Done.'])
})
