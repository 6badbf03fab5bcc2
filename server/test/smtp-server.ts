import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it: the raw bytes, parsed, and how it came. */
export interface ReceivedMail {
  readonly raw: string
  readonly parsed: ParsedMail
  /** TLS: implicit, or upgraded by STARTTLS */
  readonly secure: boolean
  /** who authenticated, when the server asks */
  readonly user: string | undefined
  readonly recipients: readonly string[]
  /** false when the server refused it after reading it (`data`) */
  readonly accepted: boolean
}

/** An SMTP reply code and text, for a server told to refuse. */
export interface SmtpReply {
  readonly code: number
  readonly message: string
}

export interface TestSmtpServer {
  readonly port: number
  /** SMTP_URL for it: the credentials when it asks for them, `insecure=1` (its certificate is self-signed) */
  readonly url: string
  readonly received: ReceivedMail[]
  /** Its reply to RCPT TO: a refusal, or undefined to accept (changed freely during a test). */
  rcpt: (recipient: string) => SmtpReply | undefined
  /** Its reply once it has read a message: a refusal, or undefined to accept. */
  data: () => SmtpReply | undefined
  /** How long it waits before accepting a message (a slow server, so sends overlap). */
  dataDelayMs: number
  close(): Promise<void>
}

export interface SmtpServerOptions {
  /** implicit TLS (smtps://); otherwise plain with STARTTLS offered */
  readonly secure?: boolean
  /** required credentials; none: no AUTH */
  readonly auth?: { readonly user: string; readonly password: string }
}

const replyError = (reply: SmtpReply) =>
  Object.assign(new Error(reply.message), { responseCode: reply.code })

/**
 * A real SMTP server (nodemailer's smtp-server) on a free loopback port, with its built-in
 * self-signed certificate for STARTTLS and implicit TLS, that parses what it receives (mailparser).
 */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const { auth } = options
  const received: ReceivedMail[] = []
  const state: Pick<TestSmtpServer, 'rcpt' | 'data' | 'dataDelayMs'> = {
    rcpt: () => undefined,
    data: () => undefined,
    dataDelayMs: 0,
  }
  const server = new SMTPServer({
    secure: options.secure ?? false,
    logger: false,
    // a client's pooled connection may still be open when a test ends: not worth waiting for
    closeTimeout: 200,
    authOptional: auth === undefined,
    ...(auth ? {} : { disabledCommands: ['AUTH'] }),
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.password) {
        callback(null, { user: login.username })
      } else callback(replyError({ code: 535, message: 'Authentication failed' }))
    },
    onRcptTo(address, _session, callback) {
      const refusal = state.rcpt(address.address)
      callback(refusal ? replyError(refusal) : null)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const refusal = state.data()
        received.push({
          raw,
          parsed: await simpleParser(raw),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : undefined,
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          accepted: refusal === undefined,
        })
        setTimeout(() => callback(refusal ? replyError(refusal) : null), state.dataDelayMs)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const credentials = auth
    ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@`
    : ''
  const scheme = options.secure ? 'smtps' : 'smtp'
  return Object.assign(state, {
    port,
    url: `${scheme}://${credentials}127.0.0.1:${port}?insecure=1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
