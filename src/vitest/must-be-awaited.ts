import type { MatcherState, SyncMatcherResult } from 'vitest'

/** An asynchronous matcher, as `expect.extend` takes it. */
export type AsyncMatcher<Args extends unknown[]> = (this: MatcherState, received: unknown, ...args: Args) => Promise<SyncMatcherResult>

/** The parts of a running vitest test that the check needs (a matcher's `this.task`). */
interface RunningTest {
  readonly context?: { readonly onTestFinished?: (handler: () => unknown) => void } | undefined
}

/**
 * Wraps an asynchronous matcher so that forgetting to `await` it fails the test that called it,
 * with a message saying to await it, instead of a rejection that surfaces later as an unhandled
 * error of whichever test runs then (or of none).
 *
 * vitest tracks its own asynchronous assertions but not custom ones: `expect.extend` returns the
 * matcher's promise chained with `.then(check)`, and nothing notices when nobody awaits that.
 * The wrapper returns a thenable instead of a promise. vitest chains onto it at once, so what the
 * caller receives is whatever its `then` returns: a second thenable that records whether the
 * caller awaited it (any `then`, `catch` or `finally` counts, so `Promise.all` and `.rejects`
 * do too) and swallows the rejection only for the un-awaited case's sake. When the test ends, a
 * hook registered through the test context's `onTestFinished` waits for the matcher to settle and,
 * if the caller never awaited, throws an error naming the matcher, saying to await it, and
 * quoting the matcher's own failure when it failed. Without a running test (a matcher called
 * outside one, or through the global `expect` in a concurrent test) the matcher is returned as is.
 */
export function mustBeAwaited<Args extends unknown[]>(name: string, matcher: AsyncMatcher<Args>): AsyncMatcher<Args> {
  return function (this: MatcherState, received: unknown, ...args: Args): Promise<SyncMatcherResult> {
    const result = matcher.call(this, received, ...args)
    const onTestFinished = (this.task as RunningTest | undefined)?.context?.onTestFinished
    if (onTestFinished === undefined) return result
    const negated = this.isNot ? 'not.' : ''
    let awaited = false
    let chained: Promise<unknown> | undefined
    try {
      onTestFinished(async () => {
        if (awaited || chained === undefined) return
        const outcome = await chained.then(
          () => 'It passed, but only by chance: the test could have ended before it finished.',
          (error: unknown) => `It failed:\n\n${error instanceof Error ? error.message : String(error)}`,
        )
        throw new Error(`expect(...).${negated}${name}() was not awaited. toolcheck's ${name} evaluates the run asynchronously, so write \`await expect(run).${negated}${name}(...)\` (or \`await context.expect(...)\` in a concurrent test). ${outcome}`)
      })
    } catch {
      // Inside a test hook vitest refuses new onTestFinished hooks; the matcher still works there.
      return result
    }
    const track = <T>(promise: Promise<T>): Promise<T> => {
      // Until someone awaits, a rejection is the test-end hook's to report, not an unhandled one.
      promise.catch(() => undefined)
      const tracked = {
        then: (onFulfilled?: (value: T) => unknown, onRejected?: (reason: unknown) => unknown) => {
          awaited = true
          return promise.then(onFulfilled, onRejected)
        },
        catch: (onRejected?: (reason: unknown) => unknown) => {
          awaited = true
          return promise.catch(onRejected)
        },
        finally: (onFinally?: () => void) => {
          awaited = true
          return promise.finally(onFinally)
        },
        [Symbol.toStringTag]: 'Promise',
      }
      return tracked as unknown as Promise<T>
    }
    // vitest calls `then` on what the matcher returns exactly once, straight away, and hands the
    // caller the result: that result is the one to watch.
    const thenable = {
      then: (onFulfilled?: (value: SyncMatcherResult) => unknown, onRejected?: (reason: unknown) => unknown) => {
        chained = result.then(onFulfilled, onRejected)
        return track(chained)
      },
    }
    return thenable as unknown as Promise<SyncMatcherResult>
  }
}
