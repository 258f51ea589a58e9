import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * The layering the design promises, checked on the sources: the framework knows no domain, and
 * the two built-in benchmarks are built with the framework's public API only, as a user's domain is.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** Every relative import and re-export of a file: the resolved target and the names it takes. */
function importsOf(file: string): { target: string; names: string[] }[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: { target: string; names: string[] }[] = []
  const visit = (node: ts.Node) => {
    let specifier: ts.Expression | undefined
    let names: string[] = []
    if (ts.isImportDeclaration(node)) {
      specifier = node.moduleSpecifier
      const bindings = node.importClause?.namedBindings
      if (bindings !== undefined && ts.isNamedImports(bindings)) names = bindings.elements.map((element) => (element.propertyName ?? element.name).text)
      else if (bindings !== undefined || node.importClause?.name !== undefined) names = ['*']
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
      specifier = node.moduleSpecifier
      names = node.exportClause !== undefined && ts.isNamedExports(node.exportClause) ? node.exportClause.elements.map((element) => (element.propertyName ?? element.name).text) : ['*']
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      specifier = node.arguments[0]
      names = ['*']
    }
    if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
      found.push({ target: relative(ROOT, resolve(ROOT, dirname(file), specifier.text)), names })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The names (values and types) a public entry point exports. */
function exportsOf(entries: readonly string[]): Set<string> {
  const program = ts.createProgram(
    entries.map((entry) => join(ROOT, entry)),
    { allowImportingTsExtensions: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2023, skipLibCheck: true },
  )
  const checker = program.getTypeChecker()
  const names = new Set<string>()
  for (const entry of entries) {
    const file = program.getSourceFile(join(ROOT, entry))
    const symbol = file === undefined ? undefined : checker.getSymbolAtLocation(file)
    if (symbol === undefined) throw new Error(`cannot read the exports of ${entry}`)
    for (const exported of checker.getExportsOfModule(symbol)) names.add(exported.name)
  }
  return names
}

describe('architecture', () => {
  test('nothing under src/run or src/evaluation imports a domain folder', () => {
    const offending = [...sourceFiles('src/run'), ...sourceFiles('src/evaluation')].flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('scenarios/') || target.startsWith('src/domains'))
        .map(({ target }) => `${file} imports ${target}`),
    )
    expect(offending).toEqual([])
  })

  test('src/cache sits below the roles and adapters that use it: it imports only src/world and src/conversation', () => {
    const below = ['src/world/', 'src/conversation/', 'src/cache/']
    const offending = sourceFiles('src/cache').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => !below.some((folder) => target.startsWith(folder)))
        .map(({ target }) => `${file} imports ${target}`),
    )
    expect(offending).toEqual([])
  })

  test('the runner sits below the vitest plugin and the commands that drive it: it imports neither', () => {
    // One run means the same under the plugin and under `toolcheck eval`'s workers because both
    // call the runner; a runner that reached up into either would tie a run to one of them.
    const above = ['src/vitest/', 'src/cli/', 'src/reporter/', 'src/compare/', 'src/gates/', 'scenarios/']
    const offending = sourceFiles('src/runner').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => above.some((folder) => target.startsWith(folder)))
        .map(({ target }) => `${file} imports ${target}`),
    )
    expect(offending).toEqual([])
  })

  test('toolcheck eval plays its runs on the runner, not on the vitest plugin', () => {
    const offending = sourceFiles('src/cli').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('src/vitest/'))
        .map(({ target }) => `${file} imports ${target}`),
    )
    expect(offending).toEqual([])
  })

  test('the built-in domains use only what the package exports to its users', () => {
    const entries = ['src/index.ts', 'src/authoring/index.ts']
    const publicNames = exportsOf(entries)
    const offending = [...sourceFiles('scenarios/toolsandbox'), ...sourceFiles('scenarios/tooltalk')].flatMap((file) =>
      importsOf(file)
        // Re-exporting a whole public entry point is as public as it gets.
        .filter(({ target, names }) => target.startsWith('src/') && !(entries.includes(target) && names.includes('*')))
        .flatMap(({ target, names }) => names.filter((name) => !publicNames.has(name)).map((name) => `${file} imports ${name} from ${target}, which the package does not export`)),
    )
    expect(offending).toEqual([])
  })

  test('reports, comparisons and gates stack in that order: none imports a layer above it', () => {
    // The gates compare a run with its baseline, and the comparison reads reports, so each sits
    // above the one before; the reporter vitest runs with the gates is the gates' own.
    const above: Record<string, readonly string[]> = { 'src/reporter': ['src/compare', 'src/gates'], 'src/compare': ['src/gates'] }
    const offending = Object.entries(above).flatMap(([folder, higher]) =>
      sourceFiles(folder).flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => higher.some((layer) => target.startsWith(`${layer}/`)))
          .map(({ target }) => `${file} imports ${target}`),
      ),
    )
    expect(offending).toEqual([])
  })
})
