import type { TestAnnotation } from 'vitest'
import type { TestCase } from 'vitest/node'

/** One attempt of a test (a repeat, or a retry of one), as the report needs it. */
export interface CollectedAttempt {
  readonly state: 'passed' | 'failed' | 'skipped'
  readonly repeatIndex: number
  readonly retryIndex: number
}

/**
 * What the report reads of one finished test. The reporter turns vitest's `TestCase` into this
 * plain shape so the report logic can be tested without running vitest.
 */
export interface CollectedTest {
  /** vitest's test id: stable across runs and shards of the same files. */
  readonly id: string
  readonly fullName: string
  /** The test file, relative to the project root, with `/` separators. */
  readonly file: string
  readonly state: 'passed' | 'failed' | 'skipped' | 'pending'
  /** Every attempt (repeats and their retries); empty on vitest 4, which does not list them. */
  readonly attempts: readonly CollectedAttempt[]
  readonly meta: object
  readonly annotations: readonly TestAnnotation[]
  /** The first error message, for tests that failed without recording a run. */
  readonly errorMessage?: string
}

/** Reads a vitest `TestCase` into a `CollectedTest`; `root` makes the file path relative. */
export function collectTest(testCase: TestCase, root: string): CollectedTest {
  const result = testCase.result()
  const moduleId = testCase.module.moduleId.replaceAll('\\', '/')
  const normalizedRoot = root.replaceAll('\\', '/').replace(/\/$/, '')
  const file = moduleId.startsWith(`${normalizedRoot}/`) ? moduleId.slice(normalizedRoot.length + 1) : moduleId
  const firstError = result.errors?.[0]
  return {
    id: testCase.id,
    fullName: testCase.fullName,
    file,
    state: result.state,
    attempts: attemptsOf(testCase),
    meta: testCase.meta(),
    annotations: testCase.annotations(),
    ...(firstError === undefined ? {} : { errorMessage: firstError.message }),
  }
}

/**
 * The attempts of a test, from `TestCase.attempts()` (vitest 5). vitest 4 does not list attempts;
 * there the list is empty and each trial takes the test's own state.
 */
function attemptsOf(testCase: TestCase): CollectedAttempt[] {
  const attempts = (testCase as Partial<Pick<TestCase, 'attempts'>>).attempts
  if (typeof attempts !== 'function') return []
  return attempts.call(testCase).map((attempt) => ({ state: attempt.state, repeatIndex: attempt.repeatIndex, retryIndex: attempt.retryIndex }))
}
