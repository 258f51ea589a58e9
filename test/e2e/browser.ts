import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'

// The helpers of the browser tests: the pages toolcheck writes, opened from disk in Chromium.

// The browser CHROMIUM_PATH names, else Debian's Chromium (what .ci/run installs).
const CANDIDATES = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']
const CHROMIUM = CANDIDATES.find((path) => existsSync(path))
const MISSING = `no Chromium at ${CANDIDATES.join(' or ')}; install it (apt-get install chromium) or point CHROMIUM_PATH at a Chromium or Chrome`
// CI must run the browser test; a developer's machine without a browser skips it and says so.
const REQUIRED = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

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
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1500, height: 1000 } })
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
    await browser.close()
  }
}
