import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Test support: a local stand-in for Twilio's Messages API and Vonage's SMS API, answering as
 * their references document (twilio.ts, vonage.ts). Point TWILIO_API_BASE and VONAGE_API_BASE at
 * `url`. Each request is recorded; what the next ones answer is queued, else they are accepted
 * (when the credentials are the stub's: otherwise Twilio's 401 20003 and Vonage's status 4).
 */
export type StubAnswer =
  | 'accept'
  | 'invalid-number'
  | 'rate-limited'
  | 'server-error'
  | 'unauthorized'
  /** never answers: the caller's timeout must fire */
  | 'hang'

export interface StubRequest {
  readonly provider: 'twilio' | 'vonage'
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly form: Readonly<Record<string, string>>
}

export interface StubCredentials {
  readonly twilio: { readonly accountSid: string; readonly authToken: string }
  readonly vonage: { readonly apiKey: string; readonly apiSecret: string }
}

export interface SmsProviderStub {
  readonly url: string
  readonly requests: StubRequest[]
  answerNext(...answers: StubAnswer[]): void
  close(): Promise<void>
}

const TWILIO_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/

export async function startSmsProviderStub(credentials: StubCredentials): Promise<SmsProviderStub> {
  const requests: StubRequest[] = []
  const queued: StubAnswer[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += String(chunk)
    const path = new URL(req.url ?? '/', 'http://stub').pathname
    const form = Object.fromEntries(new URLSearchParams(raw))
    const twilio = TWILIO_PATH.exec(path)
    const provider = twilio ? 'twilio' : path === '/sms/json' ? 'vonage' : undefined
    if (req.method !== 'POST' || !provider) return json(res, 404, { message: 'not found' })
    requests.push({ provider, path, headers: req.headers, form })
    const next = queued.shift() ?? 'accept'
    if (next === 'hang') return
    if (provider === 'twilio') {
      const expected = `Basic ${Buffer.from(`${credentials.twilio.accountSid}:${credentials.twilio.authToken}`).toString('base64')}`
      const allowed =
        twilio?.[1] === credentials.twilio.accountSid && req.headers.authorization === expected
      return twilioAnswer(res, allowed ? next : 'unauthorized', form)
    }
    const allowed =
      form.api_key === credentials.vonage.apiKey && form.api_secret === credentials.vonage.apiSecret
    return vonageAnswer(res, allowed ? next : 'unauthorized', form)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (...answers) => queued.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** https://www.twilio.com/docs/messaging/api/message-resource and /docs/usage/twilios-response */
function twilioAnswer(res: ServerResponse, answer: StubAnswer, form: Record<string, string>) {
  const error = (status: number, code: number, message: string) =>
    json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    })
  if (answer === 'invalid-number')
    return error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`)
  if (answer === 'rate-limited') return error(429, 20429, 'Too Many Requests')
  if (answer === 'server-error') return error(500, 20500, 'Internal Server Error')
  if (answer === 'unauthorized') return error(401, 20003, 'Authenticate')
  return json(res, 201, {
    sid: `SM${randomBytes(16).toString('hex')}`,
    status: form.MessagingServiceSid ? 'accepted' : 'queued',
    to: form.To,
    from: form.From ?? null,
    body: form.Body,
    messaging_service_sid: form.MessagingServiceSid ?? null,
    direction: 'outbound-api',
    api_version: '2010-04-01',
    error_code: null,
    error_message: null,
  })
}

/** https://developer.vonage.com/en/api/sms and its troubleshooting table */
function vonageAnswer(res: ServerResponse, answer: StubAnswer, form: Record<string, string>) {
  const refused = (status: string, text: string) =>
    json(res, 200, { 'message-count': '1', messages: [{ status, 'error-text': text }] })
  if (answer === 'invalid-number') return refused('6', 'Unroutable message - rejected')
  if (answer === 'rate-limited')
    return refused('1', 'Throughput Rate Exceeded - please wait [ 30 ] and retry')
  if (answer === 'unauthorized') return refused('4', 'Bad Credentials')
  if (answer === 'server-error') {
    res.writeHead(500, { 'content-type': 'text/html' })
    return res.end('<html><body>Internal Server Error</body></html>')
  }
  return json(res, 200, {
    'message-count': '1',
    messages: [
      {
        to: form.to,
        'message-id': randomUUID(),
        status: '0',
        'remaining-balance': '15.53590000',
        'message-price': '0.03330000',
        network: '20801',
        'client-ref': form['client-ref'],
      },
    ],
  })
}
