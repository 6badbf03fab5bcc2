import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startProduct } from '#support/product'

/**
 * The journeys share one started product (`npm start` on free ports: API on PGlite in
 * memory, first build of every demo tenant, sites server): starting it builds every tenant, too
 * slow to repeat per file. Its output goes to a log file the tests read: `npm start` runs the API
 * in development mode, whose notifier prints SMS and e-mails there, secrets included, when no
 * SMTP is configured (decision 018).
 */
export default async function setup(project: TestProject) {
  const logFile = join(mkdtempSync(join(tmpdir(), 'storefront-journeys-')), 'product.log')
  writeFileSync(logFile, '')
  const product = await startProduct({ timeoutMs: 300_000 })
  let written = 0
  const flush = () => {
    const text = product.output()
    if (text.length > written) appendFileSync(logFile, text.slice(written))
    written = text.length
  }
  flush()
  const timer = setInterval(flush, 100)
  project.provide('journeyProduct', { port: product.port, apiUrl: product.apiUrl, logFile })
  return async () => {
    clearInterval(timer)
    await product.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    journeyProduct: { port: number; apiUrl: string; logFile: string }
  }
}
