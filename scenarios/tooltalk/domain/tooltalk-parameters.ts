import type { z } from 'zod'
import { loadZod } from '../../../src/tools/load-zod.ts'
import type { PythonParameter } from './python-call.ts'

/**
 * One parameter of a ToolTalk tool, declared as ToolTalk's own API classes declare theirs: a
 * type, a description and whether it is required. ToolTalk's 28 tools take strings and lists of
 * strings (`array`) only.
 */
export interface ToolTalkParameter {
  readonly type: 'string' | 'array'
  readonly description: string
  readonly required: boolean
}

/**
 * A tool's parameters by name, in the order of ToolTalk's `call` signature: the order models are
 * shown them, and the order Python's "missing argument" messages list them in.
 */
export type ToolTalkParameters = Readonly<Record<string, ToolTalkParameter>>

/** The parameter kinds, written the way the tools read: `parameter.optionalString('...')`. */
export const parameter = {
  string: (description: string) => ({ type: 'string', description, required: true }) as const,
  optionalString: (description: string) => ({ type: 'string', description, required: false }) as const,
  stringList: (description: string) => ({ type: 'array', description, required: true }) as const,
  optionalStringList: (description: string) => ({ type: 'array', description, required: false }) as const,
}

type FieldSchema<Parameter extends ToolTalkParameter> = Parameter['type'] extends 'array' ? z.ZodArray<z.ZodString> : z.ZodString

/** The zod schema `toolTalkArgsSchema` makes of these parameters, as a type. */
export type ToolTalkArgsSchema<Parameters extends ToolTalkParameters> = z.ZodObject<
  { -readonly [Name in keyof Parameters]: Parameters[Name]['required'] extends true ? FieldSchema<Parameters[Name]> : z.ZodOptional<FieldSchema<Parameters[Name]>> },
  z.core.$strict
>

/**
 * The zod schema of a tool's parameters (a strict object, each field with its description), as
 * models are shown it and as toolcheck's strict validation checks it. It loads zod, which the
 * ToolTalk path that runs ToolTalk's own way never needs (see `loadZod`).
 */
export function toolTalkArgsSchema<const Parameters extends ToolTalkParameters>(parameters: Parameters): ToolTalkArgsSchema<Parameters> {
  const { z } = loadZod()
  const shape: Record<string, z.ZodType> = {}
  for (const [name, declared] of Object.entries(parameters)) {
    const field = declared.type === 'array' ? z.array(z.string()) : z.string()
    shape[name] = (declared.required ? field : field.optional()).describe(declared.description)
  }
  return z.strictObject(shape) as unknown as ToolTalkArgsSchema<Parameters>
}

/** The parameters as Python binds them: each name, and whether the call must give it. */
export function pythonSignature(parameters: ToolTalkParameters): PythonParameter[] {
  return Object.entries(parameters).map(([name, declared]) => ({ name, required: declared.required }))
}
