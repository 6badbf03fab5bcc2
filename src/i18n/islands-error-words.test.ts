import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { GENERIC_MESSAGE, INVALID_REQUEST, INVALID_RESPONSE, UNAVAILABLE } from '#api/errors'

/**
 * docs/architecture.md#errors-where-they-get-their-words: no island builds a user message from a
 * failure other than through src/i18n/error-messages.ts. Three ways it used to happen, each checked
 * on every island file: the client's fixed French messages written out, a caught error's `.message`
 * (the API's English) put on screen, and a new ApiError wrapping words for the payment step to
 * show.
 */
const ISLANDS = fileURLToPath(new URL('../islands', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const files = sources(ISLANDS).map((path) => ({
  name: relative(ISLANDS, path),
  text: readFileSync(path, 'utf8'),
}))

/** The names a file gives what it catches: `catch (x)`, `.catch((x) =>`, `.catch(x =>`. */
function caughtNames(text: string): string[] {
  const names = new Set<string>()
  for (const match of text.matchAll(/\bcatch\s*\(\s*\(?\s*(\w+)/g)) {
    if (match[1]) names.add(match[1])
  }
  return [...names]
}

/** Where a file reads the message of something it caught. */
function caughtMessages(text: string): string[] {
  return caughtNames(text).filter((name) => new RegExp(`\\b${name}\\.message\\b`).test(text))
}

describe('islands word failures through the error vocabulary only', () => {
  it('finds the island files', () => {
    expect(files.length).toBeGreaterThan(40)
    expect(files.some((file) => file.name === 'payment/PaymentStep.tsx')).toBe(true)
  })

  it("no island writes the client's fixed messages (docs/product/8-errors.md 'Le service est indisponible.')", () => {
    const fixed = [UNAVAILABLE.message, INVALID_RESPONSE.message, INVALID_REQUEST.message]
    const found = files.filter((file) =>
      [...fixed, GENERIC_MESSAGE].some((message) => file.text.includes(message.slice(0, 20))),
    )
    expect(found.map((file) => file.name)).toEqual([])
  })

  it("no island shows a caught error's message", () => {
    const found = files.filter((file) => caughtMessages(file.text).length > 0)
    expect(found.map((file) => file.name)).toEqual([])
  })

  it('no island wraps words in a new ApiError for another island to show', () => {
    const found = files.filter((file) => /\bnew ApiError\(/.test(file.text))
    expect(found.map((file) => file.name)).toEqual([])
  })

  it('the check sees the forms it forbids', () => {
    expect(caughtMessages('try {} catch (failure) { setError(failure.message) }')).toEqual([
      'failure',
    ])
    expect(caughtMessages('p.catch((error: unknown) => show(error.message))')).toEqual(['error'])
    expect(caughtMessages('p.catch(e => show(e.message))')).toEqual(['e'])
    expect(caughtMessages('try {} catch (failure) { show(errorMessage(failure, t)) }')).toEqual([])
  })
})
