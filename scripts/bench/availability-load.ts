import { Worker } from 'node:worker_threads'
import type { Market } from './availability-market.ts'

/**
 * The marketplace mix, in a worker thread (plain JavaScript evaluated by it, as api-load.ts):
 * `connections` keep-alive connections in a closed loop, each request drawn at random: a read of
 * the week of a random (shop, service, week) (GET /api/appointments), or with `holdShare` a hold
 * (POST /api/appointments by a random customer; `refusedShare` of them aim at a seeded booking's
 * employee and hour, so they are refused with 409), or with `checkShare` a check
 * (POST /api/appointments/check). Latencies per kind; statuses counted. With several API
 * instances, connection i talks to baseUrls[i mod n], as a load balancer spreading connections.
 */
export interface MixOptions {
  readonly baseUrls: readonly string[]
  readonly market: Market
  readonly connections: number
  readonly warmupMs: number
  readonly durationMs: number
  readonly holdShare: number
  readonly checkShare: number
  readonly refusedShare: number
}

export interface KindResult {
  readonly count: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly max: number
  /** status -> count ('net' for a failed connection) */
  readonly statuses: Record<string, number>
}

export interface MixResult {
  readonly seconds: number
  readonly all: KindResult
  readonly read: KindResult
  readonly hold: KindResult
  readonly check: KindResult
}

const LOOP = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const { baseUrls, market, connections, warmupMs, durationMs, holdShare, checkShare, refusedShare } = workerData
const pick = (list) => list[Math.floor(Math.random() * list.length)]
const pad = (n) => String(n).padStart(2, '0')
const addDays = (date, n) => new Date(Date.parse(date + 'T00:00:00Z') + n * 86400000).toISOString().slice(0, 10)
const local = (date, minutes) => date + 'T' + pad(Math.floor(minutes / 60)) + ':' + pad(minutes % 60)
function booking() {
  if (Math.random() < refusedShare && market.taken.length > 0) {
    const [s, date, hour, employeeId] = pick(market.taken)
    const shop = market.shops[s]
    const service = shop.services[2]
    return { shopid: shop.id, serviceid: service.id, start: local(date, hour * 60),
      end: local(date, hour * 60 + service.duration), myAppointment: { employeeId } }
  }
  const shop = pick(market.shops)
  const service = pick(shop.services)
  const date = addDays(pick(market.weeks), Math.floor(Math.random() * 6))
  const start = 9 * 60 + 30 * Math.floor(Math.random() * ((600 - service.duration) / 30 + 1))
  return { shopid: shop.id, serviceid: service.id, start: local(date, start),
    end: local(date, start + service.duration), myAppointment: {} }
}
function request(baseUrl) {
  const r = Math.random()
  const company = { company: market.token }
  if (r < holdShare) {
    return ['hold', baseUrl + '/api/appointments', { method: 'POST', headers: { ...company,
      authorization: 'Bearer ' + pick(market.bearers), 'content-type': 'application/json' },
      body: JSON.stringify(booking()) }]
  }
  if (r < holdShare + checkShare) {
    return ['check', baseUrl + '/api/appointments/check', { method: 'POST',
      headers: { ...company, 'content-type': 'application/json' }, body: JSON.stringify(booking()) }]
  }
  const shop = pick(market.shops)
  const monday = pick(market.weeks)
  const query = new URLSearchParams({ shopId: shop.id, servicesId: pick(shop.services).id,
    start: monday, end: addDays(monday, 6), mode: '2' })
  return ['read', baseUrl + '/api/appointments?' + query, { headers: company }]
}
// node:http on keep-alive sockets, as lean as a load tool: fetch() (web streams, and decompressing
// every answer) took about 0.3 ms more CPU per request from the cores the API shares with it
// (docs/benchmarks.md, 2026-11-26). The answers are asked compressed as a browser asks them and
// read to the end, not decompressed: a browser decompresses on its own machine.
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
function send(url, init) {
  return new Promise((resolve) => {
    const headers = { 'accept-encoding': 'br, gzip', ...init.headers }
    const req = http.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(String(res.statusCode)))
      res.on('error', () => resolve('net'))
      // a connection cut before the end counts as failed (whichever settles first wins)
      res.on('close', () => resolve(res.complete ? String(res.statusCode) : 'net'))
    })
    req.on('error', () => resolve('net'))
    req.end(init.body)
  })
}
;(async () => {
  const begin = performance.now() + warmupMs
  const end = begin + durationMs
  const out = { read: [[], {}], hold: [[], {}], check: [[], {}] }
  let last = begin
  async function client(_, i) {
    const baseUrl = baseUrls[i % baseUrls.length]
    while (performance.now() < end) {
      const [kind, url, init] = request(baseUrl)
      const sent = performance.now()
      let status = 'net'
      status = await send(url, init)
      const done = performance.now()
      if (sent < begin) continue
      out[kind][0].push(done - sent)
      out[kind][1][status] = (out[kind][1][status] ?? 0) + 1
      last = Math.max(last, done)
    }
  }
  await Promise.all(Array.from({ length: connections }, client))
  parentPort.postMessage({ out, seconds: (last - begin) / 1000 })
})()
`

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

function summarise(latencies: readonly number[], statuses: Record<string, number>): KindResult {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    statuses,
  }
}

type Raw = Record<'read' | 'hold' | 'check', [number[], Record<string, number>]>

export function runMix(options: MixOptions): Promise<MixResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOOP, { eval: true, workerData: options })
    worker.once('error', reject)
    worker.once('message', (message: { out: Raw; seconds: number }) => {
      void worker.terminate()
      const { read, hold, check } = message.out
      const statuses: Record<string, number> = {}
      for (const [, counted] of [read, hold, check]) {
        for (const [status, n] of Object.entries(counted))
          statuses[status] = (statuses[status] ?? 0) + n
      }
      resolve({
        seconds: message.seconds,
        all: summarise([...read[0], ...hold[0], ...check[0]], statuses),
        read: summarise(...read),
        hold: summarise(...hold),
        check: summarise(...check),
      })
    })
  })
}

/** Answers the server could not give: 5xx and failed connections. */
export const serverErrors = (r: KindResult) =>
  Object.entries(r.statuses)
    .filter(([status]) => status === 'net' || status.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0)
