import type { Browser, BrowserContext } from 'playwright-core'

/**
 * Decision 019: every page a browser test opens reports its Content-Security-Policy
 * violations here (an init script listens for `securitypolicyviolation` and calls a binding), and
 * tests/support/csp-setup.ts fails the test during which one was recorded. launchBrowser
 * (browser.ts) watches every context, so no test has to remember it.
 */
export interface CspViolation {
  readonly page: string
  readonly directive: string
  readonly blocked: string
  readonly sample: string
  readonly source: string
}

const recorded: CspViolation[] = []

/** The violations recorded since the last call, removed from the record. */
export function takeViolations(): CspViolation[] {
  return recorded.splice(0)
}

export function violationReport(violations: readonly CspViolation[]): string {
  const lines = violations.map(
    (v) =>
      `${v.directive} blocked ${v.blocked || '(inline)'} on ${v.page}` +
      `${v.source ? ` (${v.source})` : ''}${v.sample ? `: ${v.sample}` : ''}`,
  )
  return `Content-Security-Policy violations:\n${lines.join('\n')}`
}

/** Throws when violations were recorded: the check csp-setup.ts runs after each test. */
export function failOnViolations(): void {
  const violations = takeViolations()
  if (violations.length > 0) throw new Error(violationReport(violations))
}

const BINDING = '__reportCspViolation'

/** Runs in every frame before the page's own scripts. */
function listen(binding: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, (v: unknown) => void>)[binding]
    report?.({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      sample: event.sample,
      source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : '',
    })
  })
}

export async function watchContext(context: BrowserContext): Promise<void> {
  await context.exposeBinding(BINDING, (source, violation: Omit<CspViolation, 'page'>) => {
    recorded.push({ ...violation, page: source.frame.url() })
  })
  await context.addInitScript(listen, BINDING)
}

/** Every context of this browser (browser.newPage included) is watched. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args)
    await watchContext(context)
    return context
  }
  return browser
}
