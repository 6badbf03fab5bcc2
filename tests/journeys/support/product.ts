import { readFileSync } from 'node:fs'
import { inject } from 'vitest'

/** The product the journeys share (started once by global-setup.ts). */
export interface JourneyProduct {
  readonly port: number
  readonly apiUrl: string
  /** `http://<host>:<port><path>`: Chromium resolves *.localhost to loopback. */
  url(host: string, path?: string): string
  /** Everything the product printed so far (API log lines included). */
  output(): string
  /** Waits until the product's output, after `from` characters, matches `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number, from?: number): Promise<RegExpMatchArray>
}

export function journeyProduct(): JourneyProduct {
  const { port, apiUrl, logFile } = inject('journeyProduct')
  const output = () => readFileSync(logFile, 'utf8')
  return {
    port,
    apiUrl,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    output,
    async waitForOutput(pattern, timeoutMs = 10_000, from = 0) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const match = output().slice(from).match(pattern)
        if (match) return match
        if (Date.now() > until)
          throw new Error(`timed out waiting for ${pattern} in the product log`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}
