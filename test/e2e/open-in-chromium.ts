import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { CHROMIUM_EXECUTABLE, sharedBrowser } from './browser.ts'

/**
 * Opens a report page in headless Chromium and runs `check` on it, where a Chromium is installed
 * (the browser test of the report says when it is not, and fails in CI without one).
 */
export async function openInChromium(file: string, check: (tab: Page) => Promise<void>): Promise<void> {
  if (CHROMIUM_EXECUTABLE === undefined) return
  const context = await (await sharedBrowser()).newContext()
  try {
    const tab = await context.newPage()
    await tab.goto(pathToFileURL(file).href)
    await check(tab)
  } finally {
    await context.close()
  }
}
