import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBodyProblems } from '#server/conformance/error-body.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { type RawAnswer, rawGet, rawRequest } from '#server/test/raw-http.ts'

/**
 * docs/decisions/016-bad-input.md: what Node refuses before routing (control bytes in headers,
 * oversized headers, a broken request line) is answered in the docs/product/8-errors.md shape,
 * never Node's bare text, never a 5xx.
 */

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

const body = (answer: RawAnswer): unknown => {
  try {
    return JSON.parse(answer.body) as unknown
  } catch {
    return answer.body
  }
}

/** The answer is a normalised 'first' group refusal with this status, and closes the socket. */
function expectRefusal(answer: RawAnswer, status: number, type: string): void {
  expect(
    errorBodyProblems('first', { status: answer.status, body: body(answer) }, { status, type }),
  ).toEqual([])
  expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8')
  expect(answer.headers.connection).toBe('close')
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['cache-control']).toBe('no-store')
}

describe('requests Node refuses before routing', () => {
  it('a NUL in a header value: 400 in the normalised shape', async () => {
    const answer = await rawRequest(
      t.url,
      rawGet('/api/companies/me', ['company: alpha\u0000token']),
    )
    expectRefusal(answer, 400, 'badRequest')
  })

  it('headers over the size limit: 431 in the normalised shape', async () => {
    const answer = await rawRequest(
      t.url,
      rawGet('/api/companies/me', ['company: alpha-token', `x-padding: ${'a'.repeat(20_000)}`]),
    )
    expectRefusal(answer, 431, 'headersTooLarge')
  })

  it('a broken request line or a bare LF header: 400 in the normalised shape', async () => {
    expectRefusal(await rawRequest(t.url, 'GARBAGE\r\n\r\n'), 400, 'badRequest')
    expectRefusal(
      await rawRequest(t.url, 'GET /api/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'),
      400,
      'badRequest',
    )
  })

  it('every byte in a company header: a normalised 4xx, never a 5xx, never Node’s bare text', async () => {
    const seen = new Map<number, number[]>()
    for (let code = 0; code < 256; code++) {
      const value = `alpha${String.fromCharCode(code)}-token`
      const answer = await rawRequest(t.url, rawGet('/api/companies/me', [`company: ${value}`]))
      // Node refuses most control bytes (400); the tab and obs-text reach the route, whose
      // company check refuses them (404 societyNotRegister): both in the 'first' shape.
      const problems = errorBodyProblems(
        'first',
        { status: answer.status, body: body(answer) },
        { status: answer.status },
      )
      expect(problems, `byte ${code}: ${answer.status} ${answer.body}`).toEqual([])
      expect([400, 404], `byte ${code}`).toContain(answer.status)
      seen.set(answer.status, [...(seen.get(answer.status) ?? []), code])
    }
    // The test probes both paths: bytes Node refuses and bytes it lets through.
    expect(seen.get(400)).toContain(0)
    expect(seen.get(404)).toEqual(expect.arrayContaining([9, 0x80, 0xff]))
  })

  it('logs the refusal by its code, never the bytes it carried', async () => {
    const secret = 'SECRET-TOKEN-123'
    await rawRequest(t.url, rawGet('/api/users/me', [`authorization: Bearer ${secret}\u0001`]))
    const lines = t.logs.filter((line) => line.startsWith('refused 400'))
    expect(lines.length).toBeGreaterThan(0)
    expect(t.logs.join('\n')).not.toContain(secret)
  })

  it('still serves well-formed requests on new connections', async () => {
    const answer = await rawRequest(t.url, rawGet('/api/companies/me', ['company: alpha-token']))
    expect(answer.status).toBe(200)
  })
})
