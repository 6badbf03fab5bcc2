import { type Browser, chromium } from 'playwright-core'
import { watchBrowser } from './csp-violations'

/** Debian's Chromium: browsers are never downloaded here (see .ci/run). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Every context of the launched browser records Content-Security-Policy violations, and a test
 * during which one happened fails (csp-violations.ts, csp-setup.ts; decision 019).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  return watchBrowser(browser)
}
