/**
 * Whether an agent's message asks about one of `topics`: whether it mentions one of them. A topic
 * is a word or a phrase (`number`, `phone number`); it is mentioned when its words appear in the
 * message one after another, each as the start of a word of the message (so `number` is found in
 * "What numbers", `say` in "saying"), case, punctuation and spacing aside. It decides when a
 * scripted user gives a reply that `answers` something (see `referenceStepSchema`).
 */
export function asksAbout(message: string, topics: readonly string[]): boolean {
  const words = wordsOf(message)
  return topics.some((topic) => {
    const wanted = wordsOf(topic)
    if (wanted.length === 0) return false
    for (let start = 0; start + wanted.length <= words.length; start++) if (wanted.every((word, offset) => (words[start + offset] as string).startsWith(word))) return true
    return false
  })
}

/**
 * The words of a text, lower case: runs of letters, digits and apostrophes (typographic ones read
 * as straight). What `asksAbout` matches topics in, and the user checks find facts in.
 */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().replaceAll('’', "'").match(/[\p{L}\p{N}']+/gu) ?? []
}
