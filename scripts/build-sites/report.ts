/** What happened to one tenant in a run. */
export type TenantReport =
  | {
      readonly host: string
      readonly status: 'published' | 'unchanged'
      readonly pages: number
      /** Files whose bytes changed; 0 for an unchanged site. */
      readonly written: number
    }
  | { readonly host: string; readonly status: 'failed'; readonly error: string }

export interface CompressStats {
  readonly copies: number
  readonly buildMs: number
  readonly publishMs: number
}

export interface RunSummary {
  readonly tenants: readonly TenantReport[]
  readonly pages: number
  readonly failures: number
  /** Wall time of the whole run, pull included. */
  readonly seconds: number
  /** Time spent inside the Astro build processes. */
  readonly buildMs: number
  /** CPU time of the build processes (start-up included). */
  readonly cpuMs: number
  /** Time spent comparing and moving files into dist/sites (overlapping the build since 074). */
  readonly publishMs: number
  /**
   * Compression: the copies the build processes' threads wrote and their busy time (beside the
   * render, docs/decisions/074-serve-while-building.md), and the time the publishing spent
   * reusing published copies and compressing what still had none.
   */
  readonly compress: CompressStats
  /** The largest peak resident memory of one build process, kB. */
  readonly peakRssKb: number
  readonly batches: number
}

export function progressLine(index: number, total: number, report: TenantReport): string {
  const head = `[${String(index).padStart(String(total).length)}/${total}] ${report.host}`
  switch (report.status) {
    case 'failed':
      return `${head}  FAILED  ${report.error} (last good site kept)`
    case 'unchanged':
      return `${head}  unchanged  ${report.pages} pages, no file written`
    case 'published':
      return `${head}  published  ${report.pages} pages, ${report.written} files written`
  }
}

export function summarize(
  tenants: readonly TenantReport[],
  stats: {
    seconds: number
    buildMs: number
    cpuMs: number
    publishMs: number
    peakRssKb: number
    batches: number
    compress: CompressStats
  },
): RunSummary {
  const pages = tenants.reduce((sum, t) => sum + (t.status === 'failed' ? 0 : t.pages), 0)
  const failures = tenants.filter((t) => t.status === 'failed').length
  return { tenants, pages, failures, ...stats }
}

export function summaryLines(summary: RunSummary): string[] {
  const { pages, failures, seconds, buildMs, peakRssKb, batches } = summary
  const perPage = pages > 0 ? `, ${(buildMs / pages).toFixed(2)} ms/page of build` : ''
  const lines = [
    `build:sites: ${summary.tenants.length} tenants, ${pages} pages, ${failures} failed, ` +
      `${seconds.toFixed(1)} s (${batches} build process${batches === 1 ? '' : 'es'}${perPage}, ` +
      `peak ${Math.round(peakRssKb / 1024)} MB)`,
  ]
  for (const t of summary.tenants) {
    if (t.status === 'failed') lines.push(`  failed: ${t.host}: ${t.error}`)
  }
  return lines
}
