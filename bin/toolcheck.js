#!/usr/bin/env node
// The toolcheck command line. The sources are TypeScript run by Node's type stripping (Node >= 22.18
// strips types by default); `npm run` and `npx` inside the project use the Node 24 that the `node`
// devDependency installs.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `toolcheck needs Node 22.18 or newer (this is Node ${process.versions.node}). ` +
      'Run it through npm scripts or npx inside the project, which use the Node 24 from the `node` devDependency.',
  )
  process.exit(2)
}
const { main } = await import('../src/cli/main.ts')
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
