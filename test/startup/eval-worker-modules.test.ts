import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { REPOSITORY } from './loaded-packages.ts'

// A module to preload: it prints the repository's own modules the process loaded, when it exits.
const LIST_MODULES_HOOK = `
import { registerHooks } from 'node:module'
const own = []
registerHooks({
  load(url, context, next) {
    if (url.startsWith(${JSON.stringify(new URL('../../', import.meta.url).href)}) && !url.includes('/node_modules/')) own.push(url.slice(${JSON.stringify(new URL('../../', import.meta.url).href.length)}))
    return next(url, context)
  },
})
process.on('exit', () => process.stderr.write('\\nown modules: ' + JSON.stringify(own) + '\\n'))
`

/** The repository's modules that running `script` (an ES module, in the repository) loads. */
async function modulesLoadedBy(script: string): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-worker-modules-'))
  try {
    const hook = join(folder, 'hook.mjs')
    await writeFile(hook, LIST_MODULES_HOOK)
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', hook, '--input-type=module', '--eval', script], { cwd: REPOSITORY })
    const line = stderr.split('\n').findLast((text) => text.startsWith('own modules: '))
    if (line === undefined) throw new Error(`the process did not finish:\n${stderr}`)
    return JSON.parse(line.slice('own modules: '.length)) as string[]
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** The repository's modules that importing eval's worker thread loads (the module then stops: it is not in a worker). */
async function workerModules(): Promise<string[]> {
  return modulesLoadedBy("await import('./src/cli/eval/eval-worker.ts').catch((error) => { if (!/worker thread/.test(error.message)) throw error })")
}

// What plays and scores a run, and builds its transcript: the workers' to load.
const PLAYING = ['src/runner/play-run.ts', 'src/runner/transcript.ts', 'src/runner/shown-tools.ts', 'src/scenario/index.ts', 'src/augmentation/apply-augmentation.ts', 'src/evaluation/evaluate.ts']

describe("eval's worker threads load only what playing a run needs", () => {
  // Every worker loads its own copy of the modules: the report writer's (the page's script and
  // style, the summaries) is the command's to load, once.
  test('they load the runner and the scorer, and none of the report writer, its page or its summaries', async () => {
    const loaded = await workerModules()
    expect(loaded).toContain('src/runner/play-run.ts')
    expect(loaded).toContain('src/reporter/run-line-text.ts')
    expect(loaded).toContain('src/reporter/report-run-of.ts')
    const writer = ['src/reporter/write-report.ts', 'src/reporter/build-report.ts', 'src/reporter/report-of.ts', 'src/reporter/render-html-report.ts', 'src/reporter/html-report-script.ts', 'src/reporter/page-data.ts', 'src/reporter/summarize-runs.ts']
    expect(loaded.filter((module) => writer.includes(module))).toEqual([])
  })
})

describe("eval's command loads none of what plays a run", () => {
  // The command writes the report as the runs come: it reads their lines and checks their
  // transcripts, but builds none. Loading the runner with the transcript's schema cost it 148
  // modules more and about 20 MB at the peak of every evaluation.
  test('it loads the report writer and the transcript schema, and neither the runner nor the scorer', async () => {
    const loaded = await modulesLoadedBy("await import('./src/cli/eval.ts')")
    expect(loaded).toContain('src/reporter/write-report.ts')
    expect(loaded).toContain('src/runner/transcript-schema.ts')
    expect(loaded.filter((module) => PLAYING.includes(module))).toEqual([])
  })
})
