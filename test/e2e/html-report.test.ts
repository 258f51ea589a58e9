import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import { FIXTURES, reportDirectory, runFixture } from './run-fixture.ts'

// The browser CHROMIUM_PATH names, else Debian's Chromium (what .ci/run installs).
const CANDIDATES = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']
const CHROMIUM = CANDIDATES.find((path) => existsSync(path))
const MISSING = `no Chromium at ${CANDIDATES.join(' or ')}; install it (apt-get install chromium) or point CHROMIUM_PATH at a Chromium or Chrome`
// CI must run the browser test; a developer's machine without a browser skips it and says so.
const REQUIRED = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

test('the HTML report opens from disk, filters to failed runs and shows a run with its milestone mapping', async (context) => {
  if (CHROMIUM === undefined) {
    if (REQUIRED) throw new Error(`CI is set, so the browser test must run, but there is ${MISSING}`)
    console.warn(`skipped the browser test: ${MISSING}`)
    context.skip(MISSING)
  }
  const directory = reportDirectory('browser')
  await runFixture(FIXTURES.project, directory)
  const browser = await chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    const dialogs: string[] = []
    const requests: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) requests.push(request.url())
    })
    await page.goto(pathToFileURL(`${directory}/index.html`).href)
    await expect.poll(() => page.locator('tr.run').count()).toBe(10)
    // The augmentation filter offers the report's columns; a run matches each column it lists.
    expect(await page.locator('#filter-augmentation option').allTextContents()).toEqual(['all', 'none'])
    await page.selectOption('#filter-augmentation', 'none')
    expect(await page.locator('tr.run').count()).toBe(10)

    await page.selectOption('#filter-status', 'failed')
    const failed = page.locator('tr.run')
    expect(await failed.count()).toBe(6)
    expect(await failed.locator('td:nth-child(5)').allTextContents()).toEqual(Array(6).fill('failed'))

    await page.selectOption('#filter-category', 'SINGLE_USER_TURN')
    expect(await page.locator('tr.run').count()).toBe(1)
    await page.selectOption('#filter-category', '')

    await failed.filter({ hasText: 'talker > fixture-wifi-on' }).click()
    const mapping = page.locator('#run-details table.milestone-mapping tbody tr')
    await expect.poll(() => mapping.count()).toBe(1)
    expect(await mapping.first().locator('td').allTextContents()).toEqual(['0', 'wifi on', '2', '0.000', expect.stringContaining('table settings')])
    const matchedMessage = page.locator('#run-details .message[data-message="2"]')
    expect(await matchedMessage.locator('.badge.milestone').textContent()).toBe('milestone 0 wifi on 0.000')
    // Model text with markup is shown as text, never run.
    expect(await page.locator('#run-details').textContent()).toContain('<img src=x onerror=alert(1)>')
    expect(await page.locator('#run-details img').count()).toBe(0)

    await page.screenshot({ path: `${directory}/failed-run.png`, fullPage: true })
    expect(dialogs).toEqual([])
    expect(requests).toEqual([])
  } finally {
    await browser.close()
  }
})
