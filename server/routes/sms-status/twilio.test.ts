import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { twilioSignature } from '#server/services/notifier/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { sentSms, setEnv, smsState, undeliverable } from './outbox-rows.ts'

/** POST /api/notify/sms/twilio: Twilio's status callbacks, verified by X-Twilio-Signature. */
const TOKEN = 'platform-auth-token'
const ALPHA_TOKEN = 'alpha-own-auth-token'
// what Twilio was given as StatusCallback: the company's site, not the API's own address
const ALPHA_URL = 'http://alpha.localhost:4321/api/notify/sms/twilio'
const BETA_URL = 'http://beta.localhost:4321/api/notify/sms/twilio'
let t: TestApi
let restore: () => void

beforeAll(async () => {
  restore = setEnv({
    TWILIO_ACCOUNT_SID: 'AC-platform',
    TWILIO_AUTH_TOKEN: TOKEN,
    // alpha has its own account: its messages are signed with its own token
    TWILIO_ACCOUNT_SID__ALPHA_TOKEN: 'AC-alpha',
    TWILIO_AUTH_TOKEN__ALPHA_TOKEN: ALPHA_TOKEN,
  })
  t = await startTestApi()
})
afterAll(async () => {
  await t?.close()
  restore?.()
})

let counter = 0
const nextSid = () => `SM${String(++counter).padStart(32, '0')}`

function callback(
  fields: Record<string, string>,
  options: { token?: string; url?: string; sign?: boolean } = {},
) {
  const params = Object.entries({ AccountSid: 'AC-alpha', ApiVersion: '2010-04-01', ...fields })
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (options.sign !== false) {
    headers['x-twilio-signature'] = twilioSignature(
      options.token ?? ALPHA_TOKEN,
      options.url ?? ALPHA_URL,
      params,
    )
  }
  return fetch(`${t.url}/api/notify/sms/twilio`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(params).toString(),
  })
}

describe('twilio status callbacks', () => {
  it('a correctly signed "delivered" marks the message delivered', async () => {
    const sid = nextSid()
    const { row } = await sentSms(t.db, 'alpha.localhost', 'twilio', sid)
    const response = await callback({ MessageSid: sid, MessageStatus: 'delivered' })
    expect(response.status).toBe(200)
    const after = await smsState(t.db, row.id)
    expect(after).toMatchObject({ status: 'delivered', statusReason: null })
    expect(after?.statusAt).toBeInstanceOf(Date)
  })

  it('refuses an unsigned, wrongly signed or wrong-URL callback with 403 and writes nothing', async () => {
    const sid = nextSid()
    const { row } = await sentSms(t.db, 'alpha.localhost', 'twilio', sid)
    const fields = { MessageSid: sid, MessageStatus: 'delivered' }
    expect((await callback(fields, { sign: false })).status).toBe(403)
    // the platform's token does not sign a company that has its own account
    expect((await callback(fields, { token: TOKEN })).status).toBe(403)
    // signed over the address the API listens on, not the public one Twilio was given
    expect((await callback(fields, { url: `${t.url}/api/notify/sms/twilio` })).status).toBe(403)
    const refused = await callback(fields, { token: 'forged' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ type: 'invalidSignature' })
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'sent', statusAt: null })
  })

  it("verifies a company without its own account with the platform's token", async () => {
    const sid = nextSid()
    const { row } = await sentSms(t.db, 'beta.localhost', 'twilio', sid)
    const fields = { MessageSid: sid, MessageStatus: 'delivered' }
    expect((await callback(fields, { token: ALPHA_TOKEN, url: BETA_URL })).status).toBe(403)
    expect((await callback(fields, { token: TOKEN, url: BETA_URL })).status).toBe(200)
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'delivered' })
  })

  it('an invalid number bounces and is marked undeliverable for the company', async () => {
    const sid = nextSid()
    const { row, company } = await sentSms(t.db, 'alpha.localhost', 'twilio', sid, '+33611111111')
    const response = await callback({
      MessageSid: sid,
      MessageStatus: 'undelivered',
      ErrorCode: '30005',
    })
    expect(response.status).toBe(200)
    expect(await smsState(t.db, row.id)).toMatchObject({
      status: 'bounced',
      statusReason: 'twilio undelivered 30005',
    })
    expect(await undeliverable(t.db, company.id, '+33611111111')).toEqual([
      expect.objectContaining({ reason: 'twilio undelivered 30005', notificationId: row.id }),
    ])
  })

  it('another failure is "failed" and leaves the number alone', async () => {
    const sid = nextSid()
    const { row, company } = await sentSms(t.db, 'alpha.localhost', 'twilio', sid, '+33622222222')
    await callback({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30007' })
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'failed' })
    expect(await undeliverable(t.db, company.id, '+33622222222')).toEqual([])
  })

  it('a late "sent" never moves a delivered message back', async () => {
    const sid = nextSid()
    const { row } = await sentSms(t.db, 'alpha.localhost', 'twilio', sid, undefined, 'queued')
    await callback({ MessageSid: sid, MessageStatus: 'sent' })
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'sent' })
    await callback({ MessageSid: sid, MessageStatus: 'delivered' })
    expect((await callback({ MessageSid: sid, MessageStatus: 'sent' })).status).toBe(200)
    expect((await callback({ MessageSid: sid, MessageStatus: 'queued' })).status).toBe(200)
    expect(await smsState(t.db, row.id)).toMatchObject({ status: 'delivered' })
  })

  it('acknowledges an unknown message with 200 and writes nothing', async () => {
    const response = await callback({ MessageSid: nextSid(), MessageStatus: 'delivered' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })
})
