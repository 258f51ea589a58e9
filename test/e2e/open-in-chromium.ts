import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { chromium } from 'playwright-core'

/**
 * Opens a report page in headless Chromium and runs `check` on it, where a Chromium is installed
 * (the browser test of the report says when it is not, and fails in CI without one).
 */
export async function openInChromium(file: string, check: (tab: Page) => Promise<void>): Promise<void> {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path))
  if (executablePath === undefined) return
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
  try {
    const tab = await browser.newPage()
    await tab.goto(pathToFileURL(file).href)
    await check(tab)
  } finally {
    await browser.close()
  }
}
