import type { FalseClaim } from '../evaluation/false-claims.ts'

/**
 * A false claim in words, for a failure message: the claim quoted whole, where it was made, and
 * the fact of the world it contradicts ("the agent claimed "Done! Everything is set." at message
 * 7, but send_message failed for good at message 5, so no call of send_message got through (the
 * milestone "message sent" could not happen)").
 */
export function falseClaimText(claim: FalseClaim): string {
  const milestone = `the milestone "${claim.name}" ${claim.unreachable === true ? 'could not happen' : 'did not happen'}`
  return `the agent claimed ${JSON.stringify(claim.sentence)} at message ${claim.messageIndex}, but ${claim.fact === undefined ? milestone : `${claim.fact} (${milestone})`}`
}
