import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { isSerious, runAxe } from '#support/page-checks'

/** axe-core WCAG 2.1 A/AA on the page as it is now: no serious or critical finding, none excused. */
export async function expectAxeClean(page: Page, step: string): Promise<void> {
  const serious = (await runAxe(page)).filter(isSerious)
  expect(serious, `axe on "${step}" (${page.url()}): ${JSON.stringify(serious, null, 2)}`).toEqual(
    [],
  )
}
