import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { afterAll, expect, test } from 'vitest'

// The helpers of the browser tests: the pages toolcheck writes, opened from disk in Chromium.

// The browser CHROMIUM_PATH names, else Debian's Chromium (what .ci/run installs).
const CANDIDATES = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']
const CHROMIUM = CANDIDATES.find((path) => existsSync(path))
const MISSING = `no Chromium at ${CANDIDATES.join(' or ')}; install it (apt-get install chromium) or point CHROMIUM_PATH at a Chromium or Chrome`
// CI must run the browser test; a developer's machine without a browser skips it and says so.
const REQUIRED = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

let launched: Promise<Browser> | undefined

/**
 * The Chromium of this test file: launched on first use, closed when the file's tests are done.
 * Each page opens in a context of its own (its own storage, cookies and viewport), so pages share
 * nothing but the browser process, whose start is most of what opening a page costs.
 */
export function sharedBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS })
  return launched
}

afterAll(async () => {
  const browser = await launched?.catch(() => undefined)
  await browser?.close()
})

/** Where Chromium is, when this machine has one. */
export const CHROMIUM_EXECUTABLE: string | undefined = CHROMIUM

/** A browser test, skipped with the reason where no Chromium is found; under CI one is required. */
export function browserTest(name: string, body: () => Promise<void>, timeout = 120_000): void {
  test(name, { timeout }, async (context) => {
    if (CHROMIUM === undefined) {
      if (REQUIRED) throw new Error(`CI is set, so the browser test must run, but there is ${MISSING}`)
      console.warn(`skipped the browser test: ${MISSING}`)
      context.skip(MISSING)
    }
    await body()
  })
}

/** What a page did besides what the test asked: dialogs, requests off disk and script errors (there must be none). */
export interface PageEvents {
  readonly dialogs: string[]
  readonly requests: string[]
  readonly errors: string[]
}

/**
 * Opens a page from disk in Chromium (at `address`, a hash, when given), collecting dialogs,
 * script errors and network requests, which must stay empty. The window is 1500 × 1000 unless
 * `viewport` says otherwise.
 */
export async function withPage(
  file: string,
  check: (page: Page, seen: PageEvents) => Promise<void>,
  options: { readonly viewport?: { readonly width: number; readonly height: number }; readonly address?: string } = {},
): Promise<void> {
  const context = await (await sharedBrowser()).newContext({ viewport: options.viewport ?? { width: 1500, height: 1000 } })
  try {
    const page = await context.newPage()
    const seen: PageEvents = { dialogs: [], requests: [], errors: [] }
    page.on('dialog', (dialog) => {
      seen.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) seen.requests.push(request.url())
    })
    page.on('pageerror', (error) => seen.errors.push(String(error)))
    await page.goto(`${pathToFileURL(file).href}${options.address ?? ''}`)
    await check(page, seen)
    expect(seen).toEqual({ dialogs: [], requests: [], errors: [] })
  } finally {
    await context.close()
  }
}
