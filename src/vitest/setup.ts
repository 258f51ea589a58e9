// The setup file the toolcheck plugin adds to `setupFiles`: registers the matchers in every worker.
import { expect } from 'vitest'
import { toolcheckMatchers } from './matchers.ts'

expect.extend(toolcheckMatchers)
