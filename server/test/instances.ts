import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server, type Socket } from 'node:net'
import { projectRoot } from '#server/config.ts'

/** An API instance running as a process of its own (server/test/cluster-instance.ts). */
export interface Instance {
  readonly url: string
  /** Everything it printed so far, one entry per line. */
  readonly logs: string[]
  readonly child: ChildProcess
  /** SIGTERM (graceful close), or SIGKILL (a crash), and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * Starts an instance on a free loopback port (PORT=0) with `env` over this process's and waits for
 * its start line. Node runs the TypeScript itself (tsx as a loader, one process), so a SIGKILL
 * ends the API and nothing else survives it.
 */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/cluster-instance.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let rest = ''
    const read = (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) {
        logs.push(line)
        const listening = /API listening on (http:\/\/\S+)/.exec(line)
        if (listening?.[1]) {
          const url = listening[1]
          resolve({
            url,
            logs,
            child,
            async stop(signal = 'SIGTERM') {
              if (child.exitCode === null && child.signalCode === null) child.kill(signal)
              await exited
            },
          })
        }
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) =>
      reject(new Error(`instance exited (${code}) before listening:\n${logs.join('\n')}`)),
    )
  })
}

/** Polls `check` until it holds (or throws after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * An SMTP server whose first connection hangs after the greeting is asked for (the instance is
 * then mid-job), and whose later connections accept one message each, kept in `messages`.
 */
export function stallingSmtp(): Promise<{
  port: number
  connections: () => number
  messages: string[]
  close(): void
}> {
  const messages: string[] = []
  const sockets: Socket[] = []
  const server: Server = createServer((socket) => {
    sockets.push(socket)
    if (sockets.length === 1) return // never greets: the sender waits
    let data: string | undefined
    socket.setEncoding('utf8')
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk: string) => {
      if (data !== undefined) {
        data += chunk
        if (data.endsWith('\r\n.\r\n')) {
          messages.push(data)
          data = undefined
          socket.write('250 queued\r\n')
        }
        return
      }
      const line = chunk.trim()
      if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 8BITMIME\r\n')
      else if (line === 'DATA') {
        data = ''
        socket.write('354 go\r\n')
      } else if (line === 'QUIT') socket.end('221 bye\r\n')
      else socket.write('250 ok\r\n')
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        connections: () => sockets.length,
        messages,
        close() {
          for (const socket of sockets) socket.destroy()
          server.close()
        },
      })
    }),
  )
}
