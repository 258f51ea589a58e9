import { describe, expect, test } from 'vitest'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from '../tooltalk/tooltalk-data.ts'
import { packagesLoadedBy } from './loaded-packages.ts'

// zod alone takes longer to import than scoring ToolTalk's easy folder takes, so the command
// keeps it (and every other package) off its path: tools bind their arguments from their declared
// parameters, files are read by hand, scenarios and tool schemas are made only when an agent
// reads them.
describe.skipIf(!HAS_TOOLTALK_DATA)(`toolcheck tooltalk ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  test('scoring a folder with the reference agent loads no npm package, zod included', async () => {
    const loaded = await packagesLoadedBy(`
      const { main } = await import('./src/cli/main.ts')
      let out = ''
      const code = await main(['tooltalk', ${JSON.stringify(`${TOOLTALK_DATA}easy`)}, '--json'], { stdout: (text) => { out += text }, stderr: (text) => process.stderr.write(text) })
      const { totals } = JSON.parse(out)
      if (code !== 0 || totals.conversations !== 28 || totals.precision !== 1 || totals.recall !== 1) throw new Error('unexpected report: ' + JSON.stringify(totals))
    `)
    expect(loaded).toEqual([])
  })
})
