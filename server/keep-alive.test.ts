import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

// server/start.ts KEEP_ALIVE_MS: an idle keep-alive socket is still served after Node's default
// 5 s, so a caller whose idle timer ran late never sends into a closing socket (ECONNRESET)
let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

/** Sends `request` on the socket and resolves with the first chunk of the answer. */
const exchange = (socket: ReturnType<typeof connect>, request: string) =>
  new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString()))
    socket.once('error', reject)
    socket.once('close', () => resolve('closed'))
    socket.write(request)
  })

describe('keep-alive', () => {
  it('a connection left idle for 6 s still answers its next request', async () => {
    const { hostname, port } = new URL(t.url)
    const socket = connect(Number(port), hostname)
    await new Promise((resolve) => socket.once('connect', resolve))
    const request = `GET /api/languages HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`
    expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 \d{3}/)
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 \d{3}/)
    socket.destroy()
  }, 20_000)
})
