import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import { FIXTURES, reportDirectory, runFixture } from './run-fixture.ts'

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** Opens a page from disk in Chromium, collecting dialogs, script errors and network requests (there must be none). */
async function withPage(file: string, check: (page: Page, seen: { dialogs: string[]; requests: string[]; errors: string[] }) => Promise<void>): Promise<void> {
  expect(existsSync(CHROMIUM), `the browser test drives Debian's Chromium at ${CHROMIUM}; install it with apt-get install chromium`).toBe(true)
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
    const seen = { dialogs: [] as string[], requests: [] as string[], errors: [] as string[] }
    page.on('dialog', (dialog) => {
      seen.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) seen.requests.push(request.url())
    })
    page.on('pageerror', (error) => seen.errors.push(String(error)))
    await page.goto(pathToFileURL(file).href)
    await check(page, seen)
    expect(seen).toEqual({ dialogs: [], requests: [], errors: [] })
  } finally {
    await browser.close()
  }
}

test('the HTML report opens from disk, filters runs and shows a run: missed milestone not reached, tools shown, usage', async () => {
  const directory = reportDirectory('browser')
  await runFixture(FIXTURES.project, directory)
  await withPage(`${directory}/index.html`, async (page) => {
    await expect.poll(() => page.locator('.run-row').count()).toBe(10)
    await expect.poll(() => page.locator('#runs-count').textContent()).toBe('10 of 10 runs')
    // The augmentation filter offers the report's columns; a run matches each column it lists.
    expect(await page.locator('#filter-augmentation option').allTextContents()).toEqual(['all', 'none'])
    expect(await page.locator('#filter-agent option').allTextContents()).toEqual(['all', 'careless', 'reference', 'talker'])
    await page.selectOption('#filter-status', 'failed')
    const failed = page.locator('.run-row')
    await expect.poll(() => failed.count()).toBe(6)
    expect(await failed.locator('.verdict').allTextContents()).toEqual(Array(6).fill('failed'))
    await page.selectOption('#filter-category', 'SINGLE_USER_TURN')
    await expect.poll(() => page.locator('.run-row').count()).toBe(1)
    await page.selectOption('#filter-category', '')
    // Several agents: each is summarized.
    expect(await page.locator('#by-agent tbody tr td:first-child').allTextContents()).toEqual(['careless', 'reference', 'talker', 'overall'])

    await failed.filter({ hasText: 'talker > fixture-wifi-on' }).click()
    const mapping = page.locator('#run-details table.milestone-mapping tbody tr')
    await expect.poll(() => mapping.count()).toBe(1)
    // Nothing resembles the milestone: not reached, no candidate, and no badge on any message.
    expect(await mapping.first().locator('td').allTextContents()).toEqual(['0', 'wifi on', 'not reached', 'none close', '0.000', expect.stringContaining('table settings')])
    expect(await page.locator('#run-details .badge.milestone').count()).toBe(0)
    expect(await page.locator('#run-details .usage').textContent()).toBe('usage: 0 model calls, 0 prompt + 0 completion tokens, cost -')
    expect(await page.locator('#run-details table.tools-shown tbody td:first-child').allTextContents()).toEqual(['get_wifi_status', 'set_low_battery_mode_status', 'set_wifi_status'])
    // Model text with markup is shown as text, never run.
    expect(await page.locator('#run-details').textContent()).toContain('<img src=x onerror=alert(1)>')
    expect(await page.locator('#run-details img').count()).toBe(0)
    // The detail stays in view while the page scrolls.
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => page.locator('#run-details h2').evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(200)
    await page.screenshot({ path: `${directory}/failed-run.png`, fullPage: false })
  })
})
