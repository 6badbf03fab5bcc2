import type { Page } from 'playwright-core'

/**
 * Holds the requests matching `pattern` back until `release()` (a script, /notices.json), then
 * lets them through, or answers them with `answer` (a picture of another shape). Requests of
 * the page's frames are the page's too.
 */
export async function holdBack(
  page: Page,
  pattern: RegExp | ((url: URL) => boolean),
  answer?: { contentType: string; body: string },
): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await held
    await (answer ? route.fulfill(answer) : route.continue())
  })
  return () => release()
}
