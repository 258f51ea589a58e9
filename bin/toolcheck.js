#!/usr/bin/env node
// The toolcheck command line. Inside the repository it runs the TypeScript sources through Node's
// type stripping (Node >= 22.18; `npm run` and `npx` there use the Node 24 that the `node`
// devDependency installs); an installed package runs the built JavaScript in dist/.
//
// This file is plain JavaScript that any Node can parse, so that an old Node gets one line that
// says what to do rather than a syntax error or a crash further in.
import module from 'node:module'
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'

// The oldest supported Node: keep in step with MINIMUM_NODE in src/node-support.ts and with
// engines.node in package.json (a test checks all three).
const MINIMUM_NODE = [22, 12]
// Running the sources needs type stripping without a flag.
const MINIMUM_NODE_FOR_SOURCES = [22, 18]

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const source = new URL('../src/cli/main.ts', import.meta.url)
// node:fs only when the sources could be there: importing it as an ES module costs an installed
// command a few milliseconds (see src/cli/builtin-modules.ts).
const fromSource = !fileURLToPath(import.meta.url).includes(`${sep}node_modules${sep}`) && (await import('node:fs')).existsSync(source)
const [needMajor, needMinor] = fromSource ? MINIMUM_NODE_FOR_SOURCES : MINIMUM_NODE
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  const how = fromSource
    ? 'inside the repository, run it through `npm run toolcheck --` or `npx toolcheck`, which use the Node 24 of the `node` devDependency'
    : 'install Node 22 or 24 from https://nodejs.org (or run `nvm install 24`)'
  process.stderr.write(`toolcheck needs Node ${needMajor}.${needMinor} or newer, and this is Node ${process.versions.node}: ${how}\n`)
  process.exit(1)
}

// A reader that stops early (`toolcheck tools | head`) closes the pipe; that ends the command
// quietly, as it ends other command-line tools, instead of with an EPIPE stack trace. Each stream
// is guarded when first written to: Node makes process.stdout and process.stderr only when they
// are first used (a pipe's costs a few milliseconds), and many commands never write to stderr.
const guarded = new Set()
const guard = (stream) => {
  if (!guarded.has(stream)) {
    guarded.add(stream)
    stream.on('error', (error) => {
      if (error.code !== 'EPIPE') throw error
      process.exit(process.exitCode ?? 0)
    })
  }
  return stream
}

// V8's compiled code (and, from the sources, the modules' text with the types stripped) is kept
// between runs, so short commands do not compile the same modules again on every start. It lives
// in Node's own folder for it (node-compile-cache in the OS temporary folder), or the one
// NODE_COMPILE_CACHE names; NODE_DISABLE_COMPILE_CACHE=1 turns it off. A folder that cannot be
// made or written costs the cache and nothing else: Node then compiles as it would without one.
const cache = module.enableCompileCache?.()
// Worker threads (toolcheck eval's) take the cache from the environment they start with, before
// their first module is read: turned on inside a worker, it would come after its entry module was
// compiled, and from the sources after the TypeScript stripper was loaded for that one file.
if (cache !== undefined && cache.status === module.constants.compileCacheStatus.ENABLED && process.env.NODE_COMPILE_CACHE === undefined) process.env.NODE_COMPILE_CACHE = cache.directory

const { main } = await import(fromSource ? source.href : new URL('../dist/src/cli/main.js', import.meta.url).href)
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => guard(process.stdout).write(text),
  stderr: (text) => guard(process.stderr).write(text),
  // Asked only by commands that draw progress (on stderr), so stderr is made only for them.
  get terminal() {
    return process.stderr.isTTY === true
  },
})
