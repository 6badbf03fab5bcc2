import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket } from 'node:net'

/** A tiny SMTP server that accepts one message per connection and keeps the conversation. */
export function fakeSmtp(): Promise<{ server: Server; port: number; sessions: string[] }> {
  const sessions: string[] = []
  const server = createServer((socket: Socket) => {
    let log = ''
    let inData = false
    socket.setEncoding('utf8')
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk: string) => {
      log += chunk
      if (inData) {
        if (log.endsWith('\r\n.\r\n')) {
          inData = false
          socket.write('250 queued\r\n')
        }
        return
      }
      const line = chunk.trim()
      if (line.startsWith('EHLO')) socket.write('250-fake\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n')
      else if (line.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n')
      else if (line === 'DATA') {
        inData = true
        socket.write('354 go\r\n')
      } else if (line === 'QUIT') {
        socket.end('221 bye\r\n')
        sessions.push(log)
      } else socket.write('250 ok\r\n')
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, sessions }),
    ),
  )
}
