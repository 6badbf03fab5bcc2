import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Test support: a local stand-in for Google's tokeninfo and Facebook's Graph /me and /app
 * endpoints, answering what the real ones answer for the tokens a test registers (and 400, as
 * they do, for any other token). Point SOCIAL_GOOGLE_URL / SOCIAL_FACEBOOK_URL at `url`.
 */
export interface FakeProviders {
  readonly url: string
  /** Google: the claims tokeninfo returns for this token (aud, sub, email, email_verified...). */
  google(token: string, claims: Record<string, unknown>): void
  /** Facebook: /me answers {id, email}, /app answers {id: appId}. */
  facebook(token: string, person: { id: string; email?: string }, appId: string): void
  /** Every request's path and query, to check what the verifier asked. */
  readonly requests: string[]
  close(): Promise<void>
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const googleTokens = new Map<string, Record<string, unknown>>()
  const facebookTokens = new Map<
    string,
    { person: { id: string; email?: string }; appId: string }
  >()
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push(`${url.pathname}${url.search}`)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const token = url.searchParams.get('access_token') ?? url.searchParams.get('id_token') ?? ''
    if (url.pathname === '/tokeninfo') {
      const claims = googleTokens.get(token)
      return claims ? send(200, claims) : send(400, { error: 'invalid_token' })
    }
    const fb = facebookTokens.get(token)
    const refused = {
      error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
    }
    if (url.pathname === '/me') return fb ? send(200, fb.person) : send(400, refused)
    if (url.pathname === '/app')
      return fb ? send(200, { id: fb.appId, name: 'App' }) : send(400, refused)
    return send(404, { error: 'not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    google: (token, claims) => googleTokens.set(token, claims),
    facebook: (token, person, appId) => facebookTokens.set(token, { person, appId }),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
