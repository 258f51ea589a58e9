export type { Message, Role, ToolCall, ToolTrace } from './message.ts'
export type { RaceRecord, RunError, RunStatus, Trajectory, Usage } from './trajectory.ts'
export { addUsage, NO_USAGE } from './trajectory.ts'
