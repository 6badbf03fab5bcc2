import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SIGNATURE_TOLERANCE_S, signEvent, verifyEvent } from './publish-signature'

describe('publish webhook signature (t, id, v1)', () => {
  const body = '{"host":"alpha.localhost","kind":"posts","id":"p1","action":"update"}'
  const now = 1_800_000_000
  const id = 'delivery-0001'

  it('is the hex HMAC-SHA256 of `t.id.body` (as node:crypto computes it), for text or bytes', async () => {
    const v1 = createHmac('sha256', 'secret').update(`${now}.${id}.${body}`).digest('hex')
    expect(await signEvent(body, 'secret', { t: now, id })).toBe(`t=${now},id=${id},v1=${v1}`)
    const bytes = new TextEncoder().encode(body)
    expect(await signEvent(bytes, 'secret', { t: now, id })).toBe(`t=${now},id=${id},v1=${v1}`)
    const header = await signEvent(body, 'secret', { t: now, id })
    expect(await verifyEvent(bytes, header, 'secret', now)).toEqual({ ok: true, t: now, id })
  })

  it('gives every delivery a fresh id by default, signed for now', async () => {
    const a = await verifyEvent(body, await signEvent(body, 'secret'), 'secret')
    const b = await verifyEvent(body, await signEvent(body, 'secret'), 'secret')
    expect(a.ok && b.ok && a.id !== b.id).toBe(true)
  })

  it('refuses a time outside the window either way as stale, inside it as fresh', async () => {
    const at = (t: number) => signEvent(body, 'secret', { t, id })
    const stale = { ok: false, reason: 'stale' }
    expect((await verifyEvent(body, await at(now - SIGNATURE_TOLERANCE_S), 'secret', now)).ok).toBe(
      true,
    )
    expect((await verifyEvent(body, await at(now + SIGNATURE_TOLERANCE_S), 'secret', now)).ok).toBe(
      true,
    )
    const late = await at(now - SIGNATURE_TOLERANCE_S - 1)
    expect(await verifyEvent(body, late, 'secret', now)).toEqual(stale)
    const early = await at(now + SIGNATURE_TOLERANCE_S + 1)
    expect(await verifyEvent(body, early, 'secret', now)).toEqual(stale)
  })

  it('refuses a changed body, time or id, another secret, or a malformed header', async () => {
    const header = await signEvent(body, 'secret', { t: now, id })
    const bad = { ok: false, reason: 'signature' }
    expect(await verifyEvent(`${body} `, header, 'secret', now)).toEqual(bad)
    expect(await verifyEvent(body, header, 'other', now)).toEqual(bad)
    expect(await verifyEvent(body, header, '', now)).toEqual(bad)
    // A replay with a fresh time pasted in (the stale check would pass): the signature breaks.
    const moved = header.replace(`t=${now}`, `t=${now + 999}`)
    expect(await verifyEvent(body, moved, 'secret', now + 999)).toEqual(bad)
    expect(await verifyEvent(body, header.replace(id, 'delivery-0002'), 'secret', now)).toEqual(bad)
    for (const malformed of [
      undefined,
      '',
      header.slice(0, -2),
      header.replace('v1=', 'v0='),
      `${header},t=${now}`,
      header.split(',').slice(1).join(','),
      // The signature of the body alone (the former scheme) is no longer enough.
      createHmac('sha256', 'secret').update(body).digest('hex'),
    ]) {
      expect(await verifyEvent(body, malformed, 'secret', now)).toEqual(bad)
    }
  })

  it('never accepts a header not signed with the secret (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (header) => {
        expect((await verifyEvent(body, header, 'secret', now)).ok).toBe(false)
      }),
    )
  })
})
