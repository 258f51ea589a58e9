// The setup file the toolcheck plugin adds to `setupFiles`: registers the matchers in every worker,
// and makes the plugin's `scoring` the mode runs follow, so a test's own `runScenario` plays
// parallel calls as its matchers will score them.
import { expect } from 'vitest'
import { setDefaultScoring } from '../run/default-scoring.ts'
import { configuredScoring } from './evaluate-run.ts'
import { toolcheckMatchers } from './matchers.ts'

expect.extend(toolcheckMatchers)
setDefaultScoring(configuredScoring())
