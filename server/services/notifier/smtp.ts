import { connect as netConnect, type Socket } from 'node:net'
import { type TLSSocket, connect as tlsConnect } from 'node:tls'

/**
 * A minimal SMTP client (RFC 5321) for transactional mail, so the API needs no mail library:
 * EHLO, STARTTLS when offered (or implicit TLS with smtps://), AUTH PLAIN, one message.
 * SMTP_URL: smtp[s]://[user:password@]host[:port][?insecure=1] (insecure accepts self-signed
 * certificates, for a local test server only).
 */
export interface SmtpOptions {
  readonly host: string
  readonly port: number
  readonly secure: boolean
  readonly user?: string | undefined
  readonly password?: string | undefined
  readonly from: string
  readonly rejectUnauthorized: boolean
  readonly timeoutMs?: number
}

export function parseSmtpUrl(url: string, from: string): SmtpOptions {
  const parsed = new URL(url)
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://')
  }
  const secure = parsed.protocol === 'smtps:'
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    from,
    rejectUnauthorized: parsed.searchParams.get('insecure') !== '1',
  }
}

export interface Mail {
  readonly to: string
  readonly subject: string
  readonly body: string
}

/** A reply ends with a line "NNN text" (a space, or nothing, after the code); "NNN-text" continues. */
const LAST_LINE = /^\d{3}(?: .*)?\r?\n/m

/** A conversation: write a line, read one (possibly multi-line) reply. */
class Session {
  private buffer = ''
  private waiting: ((reply: string) => void) | undefined
  private readonly replies: string[] = []

  constructor(public socket: Socket | TLSSocket) {
    this.listen(socket)
  }

  listen(socket: Socket | TLSSocket): void {
    this.socket = socket
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      this.buffer += chunk
      for (let match = LAST_LINE.exec(this.buffer); match; match = LAST_LINE.exec(this.buffer)) {
        const end = match.index + match[0].length
        this.replies.push(this.buffer.slice(0, end))
        this.buffer = this.buffer.slice(end)
      }
      this.flush()
    })
  }

  private flush(): void {
    const reply = this.waiting && this.replies.shift()
    if (reply !== undefined && this.waiting) {
      const resolve = this.waiting
      this.waiting = undefined
      resolve(reply)
    }
  }

  /** Waits for a reply whose code starts with `expect`; any other is an error. */
  async read(expect: string): Promise<string> {
    const reply = await new Promise<string>((resolve) => {
      this.waiting = resolve
      this.flush()
    })
    if (!reply.startsWith(expect))
      throw new Error(`SMTP: expected ${expect}xx, got ${reply.trim()}`)
    return reply
  }

  async command(line: string, expect: string): Promise<string> {
    this.socket.write(`${line}\r\n`)
    return this.read(expect)
  }
}

function open(options: SmtpOptions): Promise<Socket | TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = options.secure
      ? tlsConnect({
          host: options.host,
          port: options.port,
          servername: options.host,
          rejectUnauthorized: options.rejectUnauthorized,
        })
      : netConnect({ host: options.host, port: options.port })
    socket.once(options.secure ? 'secureConnect' : 'connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

function upgrade(socket: Socket, options: SmtpOptions): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const secure = tlsConnect({
      socket,
      servername: options.host,
      rejectUnauthorized: options.rejectUnauthorized,
    })
    secure.once('secureConnect', () => resolve(secure))
    secure.once('error', reject)
  })
}

/** Headers must not carry line breaks (header injection); the body is dot-stuffed. */
const headerValue = (value: string) => value.replace(/[\r\n]+/g, ' ')
const address = (value: string) => {
  if (/[\s<>]/.test(value)) throw new Error(`SMTP: invalid address ${JSON.stringify(value)}`)
  return value
}

export async function sendMail(options: SmtpOptions, mail: Mail): Promise<void> {
  let fail: (error: Error) => void = () => undefined
  const failed = new Promise<never>((_, reject) => {
    fail = reject
  })
  // Every socket of the conversation (plain, then TLS) reports errors and timeouts to `failed`.
  const watch = <S extends Socket | TLSSocket>(watched: S): S => {
    watched.on('error', fail)
    watched.setTimeout(options.timeoutMs ?? 15_000, () => fail(new Error('SMTP: timeout')))
    return watched
  }
  let socket: Socket | TLSSocket = watch(await open(options))
  const session = new Session(socket)
  const talk = async () => {
    await session.read('220')
    let capabilities = await session.command('EHLO storefront.localhost', '250')
    if (!options.secure && /^250[- ]STARTTLS/im.test(capabilities)) {
      await session.command('STARTTLS', '220')
      socket.removeAllListeners('data')
      socket = watch(await upgrade(socket, options))
      session.listen(socket)
      capabilities = await session.command('EHLO storefront.localhost', '250')
    }
    if (options.user !== undefined) {
      const token = Buffer.from(`\0${options.user}\0${options.password ?? ''}`).toString('base64')
      await session.command(`AUTH PLAIN ${token}`, '235')
    }
    await session.command(`MAIL FROM:<${address(options.from)}>`, '250')
    await session.command(`RCPT TO:<${address(mail.to)}>`, '25')
    await session.command('DATA', '354')
    const subject = `=?UTF-8?B?${Buffer.from(headerValue(mail.subject)).toString('base64')}?=`
    const body = mail.body.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')
    const headers = [
      `From: ${headerValue(options.from)}`,
      `To: ${headerValue(mail.to)}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
    ]
    await session.command(`${headers.join('\r\n')}\r\n\r\n${body}\r\n.`, '250')
    await session.command('QUIT', '221').catch(() => undefined)
  }
  try {
    await Promise.race([talk(), failed])
  } finally {
    socket.destroy()
  }
}
