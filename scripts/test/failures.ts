/**
 * The failures of a lane, kept while its output streams by and printed again under the verdict:
 * two lanes interleave their lines, and a CI log that keeps only its end would otherwise lose the
 * lane that finished first (stop 37 showed the browser lane's failure and not the node lane's).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are control characters
const COLOUR = /\u001b\[[0-9;]*m/g
// vitest's closing list: "FAIL  project file > suite > test"; an error outside any test
const HEADER = /^(FAIL\s|⎯+\s*Unhandled|Error: \[vitest)/
const LIMIT = 60

export interface FailureLog {
  /** Looks at one whole line of the lane's output. */
  see(line: string): void
  /** Each failure's header and the first line of its reason, at most LIMIT lines. */
  lines(): string[]
}

export function failureLog(): FailureLog {
  const kept: string[] = []
  let wantReason = false
  return {
    see(line) {
      const text = line.replace(COLOUR, '').trim()
      if (HEADER.test(text)) {
        kept.push(text)
        wantReason = true
      } else if (wantReason && text !== '') {
        kept.push(`  ${text}`)
        wantReason = false
      }
    },
    lines: () =>
      kept.length > LIMIT ? [...kept.slice(0, LIMIT), `… ${kept.length - LIMIT} more`] : kept,
  }
}
