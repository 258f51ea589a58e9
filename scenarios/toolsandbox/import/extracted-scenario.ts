import { z } from 'zod'
import { jsonValueSchema } from '../../../src/scenario/index.ts'

/**
 * The JSON `extract.py --mode scenarios` prints (its header comment describes each field): what
 * ToolSandbox's own code built, read off its objects. Checked on arrival, so a changed checkout
 * or extractor fails with the field that is off rather than deep inside the converter.
 */
const rowSchema = z.record(z.string(), jsonValueSchema)

const constraintSchema = z.object({
  namespace: z.string(),
  similarity: z.string(),
  options: z.record(z.string(), jsonValueSchema),
  reference: z.number().int().nullable(),
  target: z.object({ columns: z.array(z.string()), rows: z.array(rowSchema) }).nullable(),
  columns: z.record(z.string(), z.object({ similarity: z.string(), atol: z.record(z.string(), z.union([z.number(), z.string()])).optional() })),
})
/** One of ToolSandbox's snapshot constraints, as the extractor prints it. */
export type ExtractedConstraint = z.infer<typeof constraintSchema>

const milestoneSchema = z.object({
  guardrails: z.array(z.string()).nullable(),
  guardrailExclusions: z.array(z.string()).nullable(),
  constraints: z.array(constraintSchema),
})
/** One of ToolSandbox's milestones or minefields, as the extractor prints it. */
export type ExtractedMilestone = z.infer<typeof milestoneSchema>

const edgesSchema = z.array(z.tuple([z.number().int(), z.number().int()])).nullable()

const scenarioSchema = z.object({
  name: z.string(),
  categories: z.array(z.string()),
  file: z.string(),
  baseWorld: z.string(),
  allowList: z.array(z.string()),
  denyList: z.array(z.string()).nullable(),
  messages: z.array(z.object({ sender: z.string(), recipient: z.string(), content: z.string().nullable(), visibleTo: z.array(z.string()).nullable() })),
  tables: z.record(z.string(), z.array(rowSchema)),
  milestones: z.array(milestoneSchema),
  milestoneEdges: edgesSchema,
  minefields: z.array(milestoneSchema),
  minefieldEdges: edgesSchema,
})
/** One of ToolSandbox's base scenarios, as the extractor prints it. */
export type ExtractedScenario = z.infer<typeof scenarioSchema>

/** The whole document of `extract.py --mode scenarios`. */
export const extractionSchema = z.object({
  toolsandbox: z.object({ seed: z.number(), now: z.number(), timeZone: z.string(), standIns: z.array(z.string()) }),
  userInstruction: z.string(),
  scenarios: z.array(z.unknown()),
  failed: z.array(z.object({ name: z.string(), error: z.string() })),
})
/** The extractor's document, its scenarios not yet checked one by one. */
export type Extraction = z.infer<typeof extractionSchema>

/**
 * Checks one scenario of the extractor's document; the problem, when there is one, as a line
 * naming the field (`milestones.2.constraints.0.reference: expected number`).
 */
export function readExtractedScenario(value: unknown): { scenario: ExtractedScenario } | { problem: string } {
  const parsed = scenarioSchema.safeParse(value)
  if (parsed.success) return { scenario: parsed.data }
  const issue = parsed.error.issues[0]
  return { problem: issue === undefined ? 'does not fit' : `${issue.path.join('.') || '(root)'}: ${issue.message}` }
}
