#!/usr/bin/env node
// The toolcheck command line. Inside the repository it runs the TypeScript sources through Node's
// type stripping (Node >= 22.18; `npm run` and `npx` there use the Node 24 that the `node`
// devDependency installs); an installed package runs the built JavaScript in dist/.
import { existsSync } from 'node:fs'
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const source = new URL('../src/cli/main.ts', import.meta.url)
const fromSource = !fileURLToPath(import.meta.url).includes(`${sep}node_modules${sep}`) && existsSync(source)
const [needMajor, needMinor] = fromSource ? [22, 18] : [22, 12]
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `toolcheck needs Node ${needMajor}.${needMinor} or newer (this is Node ${process.versions.node}). ` +
      'Inside the project, run it through npm scripts or npx, which use the Node 24 from the `node` devDependency.',
  )
  process.exit(2)
}
const { main } = await import(fromSource ? source.href : new URL('../dist/src/cli/main.js', import.meta.url).href)
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
