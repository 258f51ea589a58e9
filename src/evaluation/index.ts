export type { MatchProblem, MilestoneMapping } from './milestone-matcher.ts'
export { matchMilestones } from './milestone-matcher.ts'
