import { importUserModule } from './import-user-module.ts'

/** What a role module must export, for `roleExport`'s messages. */
export interface RoleExportSpec {
  /** The export's name besides `default` (`agent`, `user`). */
  readonly name: string
  /** Whether a value is the role. */
  readonly accepts: (value: unknown) => boolean
  /** What to export, said after the problem. */
  readonly whatToExport: string
  /** What to say when the export is a bare function. */
  readonly wrapFunction: string
}

/**
 * The role a module of `toolcheck eval` exports (`--agent`, `--user`): its default export when it
 * is one, else its export named `spec.name` (a CommonJS module's `module.exports` or
 * `exports.<name>`). Imports the module (see `importUserModule`). Throws an `Error` whose message
 * names the module and what to export instead; the caller adds which option it came from.
 */
export async function roleExport(path: string, spec: RoleExportSpec): Promise<unknown> {
  const exported = await importUserModule(path)
  // A CommonJS module's module.exports arrives as the default export, and its exports.<name> as <name>.
  const commonJs = exported.default as Record<string, unknown> | null | undefined
  const candidates: [string, unknown][] = [
    ['default', exported.default],
    [spec.name, exported[spec.name] ?? (typeof commonJs === 'object' && commonJs !== null ? commonJs[spec.name] : undefined)],
  ]
  const found = candidates.find(([, value]) => spec.accepts(value))
  if (found !== undefined) return found[1]
  const given = candidates.find(([, value]) => value !== undefined)
  if (given === undefined) {
    const names = Object.keys(exported).filter((key) => key !== 'default')
    throw new Error(`${path}: has no default export and no export named ${spec.name}${names.length > 0 ? ` (it exports ${names.join(', ')})` : ''}; ${spec.whatToExport}`)
  }
  const [name, value] = given
  if (typeof value === 'function') throw new Error(`${path}: its ${name} export is a function, not ${spec.name === 'agent' ? 'an agent' : `a ${spec.name}`}; ${spec.wrapFunction}`)
  throw new Error(`${path}: its ${name} export is not ${spec.name === 'agent' ? 'an agent' : `a ${spec.name}`}; ${spec.whatToExport}`)
}
