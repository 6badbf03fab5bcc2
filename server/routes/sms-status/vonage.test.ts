import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vonageSignature } from '#server/services/notifier/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { sentSms, setEnv, smsState, undeliverable } from './outbox-rows.ts'

/** GET|POST /api/notify/sms/vonage: Vonage's delivery receipts, verified by their signature. */
const SECRET = 'platform-signature-secret'
let t: TestApi
let restore: () => void

beforeAll(async () => {
  restore = setEnv({
    VONAGE_API_KEY: 'vonage-key',
    VONAGE_API_SECRET: 'vonage-secret',
    VONAGE_SIGNATURE_SECRET: SECRET,
    VONAGE_SIGNATURE_METHOD: 'sha256',
    // beta has its own account, without signed webhooks: its receipts cannot be verified
    VONAGE_API_KEY__BETA_TOKEN: 'beta-key',
    VONAGE_API_SECRET__BETA_TOKEN: 'beta-secret',
  })
  t = await startTestApi()
})
afterAll(async () => {
  await t?.close()
  restore?.()
})

let counter = 0
const nextId = () => `0A0000001234${String(++counter).padStart(4, '0')}`
const now = () => Math.floor(Date.now() / 1000)

/** A receipt as Vonage sends it, signed (sha256 HMAC, as configured) unless told otherwise. */
function receipt(fields: Record<string, string>, options: { secret?: string; at?: number } = {}) {
  const params: Record<string, string> = {
    msisdn: '33612345678',
    to: 'Alpha',
    'network-code': '20801',
    price: '0.03330000',
    scts: '2611251200',
    'err-code': '0',
    'api-key': 'vonage-key',
    'message-timestamp': '2026-11-25 12:00:00',
    timestamp: String(options.at ?? now()),
    nonce: 'f3b1c7e0-2a5e-4f7b-9b1e-6d8c1e2a9f00',
    ...fields,
  }
  if (options.secret !== '')
    params.sig = vonageSignature(options.secret ?? SECRET, 'sha256', params)
  return params
}

const viaGet = (params: Record<string, string>) =>
  fetch(`${t.url}/api/notify/sms/vonage?${new URLSearchParams(params)}`)
const viaForm = (params: Record<string, string>) =>
  fetch(`${t.url}/api/notify/sms/vonage`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  })
const viaJson = (params: Record<string, string>) =>
  fetch(`${t.url}/api/notify/sms/vonage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  })

describe('vonage delivery receipts', () => {
  it('a signed "delivered" marks the message delivered, by GET, form or JSON', async () => {
    for (const send of [viaGet, viaForm, viaJson]) {
      const id = nextId()
      const { row } = await sentSms(t.db, 'alpha.localhost', 'vonage', id)
      const response = await send(
        receipt({ messageId: id, status: 'delivered', 'client-ref': String(row.id) }),
      )
      expect(response.status).toBe(200)
      expect(await smsState(t.db, row.id)).toMatchObject({ status: 'delivered' })
    }
  })

  it('a failed receipt for a dead number bounces and marks it undeliverable', async () => {
    const id = nextId()
    const { row, company } = await sentSms(t.db, 'alpha.localhost', 'vonage', id, '+33633333333')
    await viaForm(receipt({ messageId: id, status: 'failed', 'err-code': '3' }))
    expect(await smsState(t.db, row.id)).toMatchObject({
      status: 'bounced',
      statusReason: 'vonage failed err-code 3',
    })
    expect(await undeliverable(t.db, company.id, '+33633333333')).toHaveLength(1)
  })

  it('finds a later part of a long text by its client-ref', async () => {
    const id = nextId()
    const { row } = await sentSms(t.db, 'alpha.localhost', 'vonage', id)
    const part2 = `${id}-2`
    await viaGet(
      receipt({
        messageId: part2,
        status: 'expired',
        'err-code': '2',
        'client-ref': String(row.id),
      }),
    )
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'failed' })
  })

  it('refuses unsigned, forged and replayed receipts with 403 and writes nothing', async () => {
    const id = nextId()
    const { row } = await sentSms(t.db, 'alpha.localhost', 'vonage', id)
    const fields = { messageId: id, status: 'delivered' }
    expect((await viaGet(receipt(fields, { secret: '' }))).status).toBe(403)
    const forged = await viaGet(receipt(fields, { secret: 'guessed' }))
    expect(forged.status).toBe(403)
    expect(await forged.json()).toMatchObject({ type: 'invalidSignature' })
    // genuine, but its timestamp is six minutes old: a replay
    expect((await viaGet(receipt(fields, { at: now() - 360 }))).status).toBe(403)
    // a field changed after signing
    const tampered = { ...receipt({ ...fields, status: 'failed' }), status: 'delivered' }
    expect((await viaForm(tampered)).status).toBe(403)
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'sent', statusAt: null })
  })

  it('refuses receipts of a company whose account has no signature secret', async () => {
    const id = nextId()
    const { row } = await sentSms(t.db, 'beta.localhost', 'vonage', id)
    expect((await viaGet(receipt({ messageId: id, status: 'delivered' }))).status).toBe(403)
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'sent' })
  })

  it('acknowledges an unknown message with 200; "unknown" status changes nothing', async () => {
    expect((await viaGet(receipt({ messageId: nextId(), status: 'delivered' }))).status).toBe(200)
    const id = nextId()
    const { row } = await sentSms(t.db, 'alpha.localhost', 'vonage', id)
    expect(
      (await viaGet(receipt({ messageId: id, status: 'unknown', 'err-code': '1' }))).status,
    ).toBe(200)
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'sent', statusAt: null })
  })
})
