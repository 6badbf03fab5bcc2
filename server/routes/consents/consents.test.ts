import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedTextDigestInput } from '#domain/consent/rules.ts'
import { appointments, companies, notifications } from '#server/db/schema/index.ts'
import { queueConsentRequest, signConsentLink } from '#server/services/consents/index.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import { insertBookingOrder, newCustomer } from '#server/test/orders.ts'
import { relayNow, relayProbe } from '#server/test/relay-probe.ts'

/**
 * Consent forms (docs/decisions/080-consent-record.md) on the demo tenants of README "The
 * studio": bains-du-lac's Sophie (owner), Marc (manager of shops 2 and 3), Élodie (practitioner,
 * resource 303 in shop 2); Claire owns maison-lumiere, another company.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = { host: 'bains-du-lac.localhost', token: '8796c37fe6734d21e38b5f59cf18c612' }
const LUMIERE = { host: 'maison-lumiere.localhost', token: '1fcc937c9e0423ceb7792f3c8a1a1234' }
const PASSWORD = 'demo-provider-2026'
const SERVICE = '111'
const FUTURE = new Date('2099-01-01T00:00:00Z')

let t: TestApi
let companyId = 0
const bearers = { owner: '', manager: '', practitioner: '', foreign: '', lea: '', noe: '' }
const customers = { lea: '', noe: '' }
/** shop 1 (outside Marc's reach) for Noé, shop 2 with Élodie for Léa */
const orders = { shop1: '', elodie: '' }
let templateId = ''
const versions: string[] = []

type Who = keyof typeof bearers
const call = (who: Who | undefined, path: string, method = 'GET', json?: unknown) =>
  t.call(path, {
    company: who === 'foreign' ? LUMIERE.token : BAINS.token,
    ...(who ? { bearer: bearers[who] } : {}),
    method,
    ...(json === undefined ? {} : { json }),
  })

async function signIn(company: string, email: string, password = PASSWORD) {
  const res = await t.call('/api/cmpusers/login', { company, json: { email, password } })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}`)
  return token
}

async function order(shopId: string, employeeId: string, customerId: string) {
  const row = await insertBookingOrder(t.db, BAINS.host, {
    customerId,
    shopId,
    serviceId: SERVICE,
    start: '2026-12-03T10:00',
    at: '2026-11-20T10:00:00Z',
  })
  await t.db
    .update(appointments)
    .set({ employeeId })
    .where(and(eq(appointments.companyId, row.companyId), eq(appointments.bookingOrderId, row.id)))
  return row.id
}

async function nothingWritten(run: () => Promise<void>) {
  const tables = await tableNames(t.db)
  const before = await fingerprint(t.db, tables)
  await run()
  expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
}

const text = (title: string, body: string) => ({ title, body })
const FORM = {
  serviceId: SERVICE,
  texts: { fr: text('Consentement massage', 'Je confirme ne pas être enceinte.') },
}

beforeAll(async () => {
  t = await startTestApi({ seedFrom: tenants, extend: relayProbe })
  const [company] = await t.db.select().from(companies).where(eq(companies.host, BAINS.host))
  companyId = company?.id ?? 0
  bearers.owner = await signIn(BAINS.token, 'sophie.girard@bains-du-lac.example')
  bearers.manager = await signIn(BAINS.token, 'marc.perrin@bains-du-lac.example')
  bearers.practitioner = await signIn(BAINS.token, 'elodie.roux@bains-du-lac.example')
  bearers.foreign = await signIn(LUMIERE.token, 'claire.dumas@maison-lumiere.example')
  const lea = await newCustomer(t.db, BAINS.host, 'lea.consent@example.com', {
    profiles: [{ firstname: 'Léa', lastname: 'Vidal' }],
  })
  const noe = await newCustomer(t.db, BAINS.host, 'noe.consent@example.com', {
    profiles: [{ firstname: 'Noé', lastname: 'Blanc' }],
  })
  customers.lea = lea.id
  customers.noe = noe.id
  bearers.lea = lea.token
  bearers.noe = noe.token
  orders.shop1 = await order('1', '301', noe.id)
  orders.elodie = await order('2', '303', lea.id)
})
afterAll(() => t.close())

describe('templates: the owner writes, every edit a version', () => {
  it('refuses a template without the default language, or for an unknown service', async () => {
    await nothingWritten(async () => {
      const english = { serviceId: SERVICE, texts: { en: text('Consent', 'I agree.') } }
      const missing = await call('owner', '/api/consentements', 'POST', english)
      expect(missing.status).toBe(400)
      expect(JSON.stringify(missing.body)).toContain('consentLanguageMissing')
      const unknown = await call('owner', '/api/consentements', 'POST', { ...FORM, serviceId: 'x' })
      expect(unknown.status).toBe(404)
    })
  })

  it('refuses a manager, a practitioner and a customer, writing nothing', async () => {
    await nothingWritten(async () => {
      for (const who of ['manager', 'practitioner'] as const) {
        expect((await call(who, '/api/consentements', 'POST', FORM)).status).toBe(403)
      }
      expect((await call('lea', '/api/consentements', 'POST', FORM)).status).toBe(401)
      expect((await call(undefined, '/api/consentements')).status).toBe(401)
    })
  })

  it('creates version 1, cleans html, and publishes version 2 on edit', async () => {
    const created = await call('owner', '/api/consentements', 'POST', FORM)
    expect(created.status).toBe(200)
    const first = created.body as { id: string; version: { id: string; number: number } }
    expect(first.version.number).toBe(1)
    templateId = first.id
    versions.push(first.version.id)
    const html = {
      serviceId: SERVICE,
      format: 'html',
      texts: {
        fr: text(
          'Consentement massage',
          '<p onclick="x()">Je confirme.<script>alert(1)</script></p><img src=x>',
        ),
        en: text('Massage consent', '<p>I confirm.</p>'),
      },
    }
    const edited = await call('owner', `/api/consentements/${templateId}`, 'PUT', html)
    expect(edited.status).toBe(200)
    const second = edited.body as {
      version: { id: string; number: number; texts: { fr: { body: string } } }
      versions: { number: number }[]
    }
    expect(second.version.number).toBe(2)
    expect(second.version.texts.fr.body).toBe('<p>Je confirme.</p>')
    expect(second.versions.map((v) => v.number)).toEqual([2, 1])
    versions.push(second.version.id)
    // every company user reads them; another company does not know them
    const list = await call('practitioner', '/api/consentements')
    expect((list.body as { id: string }[]).map((x) => x.id)).toEqual([templateId])
    expect((await call('foreign', `/api/consentements/${templateId}`)).status).toBe(404)
    expect((await call('foreign', '/api/consentements')).body).toEqual([])
  })

  it('refuses another company to edit or archive it', async () => {
    await nothingWritten(async () => {
      const path = `/api/consentements/${templateId}`
      expect((await call('foreign', path, 'PUT', FORM)).status).toBe(404)
      expect((await call('foreign', path, 'DELETE')).status).toBe(404)
      expect((await call('manager', path, 'DELETE')).status).toBe(403)
    })
  })
})

describe('the link and the signature', () => {
  const link = (orderId: string, expires = FUTURE, company = companyId) =>
    signConsentLink(company, orderId, expires)

  it('e-mails the link of a confirmed visit whose service asks for a form', async () => {
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId))
    if (!company) throw new Error('no company')
    await t.db.transaction((tx) => queueConsentRequest(tx, company, orders.elodie))
    const [mail] = await readMessages(t, eq(notifications.recipient, 'lea.consent@example.com'))
    expect(mail?.template?.kind).toBe('consent-request')
    const sent = /#([\w-]+\.[\w-]+)/.exec(mail?.body ?? '')?.[1] ?? ''
    const view = await call(undefined, '/api/consentements/form', 'POST', {
      link: sent,
      locale: 'en',
    })
    expect(view.status).toBe(200)
    // queued outside any request, so relayed as the minute's sweep would (kept: no transport
    // here), and settled before a later test's "nothing written" window
    await relayNow(t)
    await expect
      .poll(
        async () =>
          (await readMessages(t, eq(notifications.recipient, 'lea.consent@example.com')))[0],
      )
      .toMatchObject({ transport: 'outbox' })
    expect(view.body).toMatchObject({
      orderId: orders.elodie,
      forms: [
        {
          templateId,
          versionId: versions[1],
          locale: 'en',
          title: 'Massage consent',
          signed: null,
        },
      ],
    })
  })

  it('refuses a link tampered with, of another company, or expired', async () => {
    const good = link(orders.elodie)
    const tampered = `${good.slice(0, -2)}AA`
    const bad = await call(undefined, '/api/consentements/form', 'POST', { link: tampered })
    expect(bad.status).toBe(404)
    expect(JSON.stringify(bad.body)).toContain('consentLinkInvalid')
    const other = link(orders.elodie, FUTURE, companyId + 1)
    expect((await call(undefined, '/api/consentements/form', 'POST', { link: other })).status).toBe(
      404,
    )
    const expired = link(orders.elodie, new Date('2020-01-01T00:00:00Z'))
    const gone = await call(undefined, '/api/consentements/form', 'POST', { link: expired })
    expect(gone.status).toBe(410)
    // a link opens its own company's visit only: sent to another company, unknown
    const foreign = await t.call('/api/consentements/form', {
      company: LUMIERE.token,
      json: { link: good },
    })
    expect(foreign.status).toBe(404)
  })

  it("lets a signed-in customer open their own visit, never another's", async () => {
    const own = await call('lea', '/api/consentements/form', 'POST', { orderId: orders.elodie })
    expect(own.status).toBe(200)
    expect(
      (await call('noe', '/api/consentements/form', 'POST', { orderId: orders.elodie })).status,
    ).toBe(404)
    expect(
      (await call(undefined, '/api/consentements/form', 'POST', { orderId: orders.elodie })).status,
    ).toBe(401)
  })

  it('refuses a replaced version and a missing agreement, then keeps one signature', async () => {
    const base = { link: link(orders.elodie), templateId, fullName: 'Léa Vidal', locale: 'fr' }
    await nothingWritten(async () => {
      const old = await call(undefined, '/api/consentements/sign', 'POST', {
        ...base,
        versionId: versions[0],
        agree: true,
      })
      expect(old.status).toBe(409)
      expect(JSON.stringify(old.body)).toContain('consentChanged')
      const unticked = { ...base, versionId: versions[1], agree: false }
      expect((await call(undefined, '/api/consentements/sign', 'POST', unticked)).status).toBe(400)
    })
    const body = { ...base, versionId: versions[1], agree: true }
    const signed = await call(undefined, '/api/consentements/sign', 'POST', body)
    expect(signed.status).toBe(200)
    const form = signed.body as { signed: { signedAt: string; fullName: string }; body: string }
    expect(form.signed.fullName).toBe('Léa Vidal')
    expect(form.body).toBe('<p>Je confirme.</p>')
    // signing twice answers the first signature
    const again = await call(undefined, '/api/consentements/sign', 'POST', {
      ...body,
      fullName: 'Other',
    })
    expect(again.body).toEqual(signed.body)
  })

  it('keeps the version, the text with its hash, the time and the address', async () => {
    const list = await call('owner', `/api/consentements/signed?customerId=${customers.lea}`)
    expect(list.status).toBe(200)
    const [kept] = list.body as {
      versionId: string
      versionNumber: number
      locale: string
      title: string
      body: string
      textHash: string
      clientAddress: string
    }[]
    expect(kept).toMatchObject({ versionId: versions[1], versionNumber: 2, locale: 'fr' })
    expect(kept?.clientAddress).toMatch(/127\.0\.0\.1/)
    const input = signedTextDigestInput(versions[1] ?? '', 'fr', {
      title: kept?.title ?? '',
      body: kept?.body ?? '',
    })
    expect(kept?.textHash).toBe(createHash('sha256').update(input).digest('hex'))
  })

  it('refuses any change to a signature or a version, in the database itself', async () => {
    await expect(
      t.db.execute(sql`update consent_signatures set full_name = 'Forged'`),
    ).rejects.toThrow()
    await expect(t.db.execute(sql`delete from consent_signatures`)).rejects.toThrow()
    await expect(
      t.db.execute(sql`update consent_versions set texts = '{}'::jsonb`),
    ).rejects.toThrow()
    await expect(t.db.execute(sql`delete from consent_versions`)).rejects.toThrow()
  })

  it('keeps what was signed when the template changes again or is archived', async () => {
    const edit = { ...FORM, texts: { fr: text('Consentement massage', 'Version trois.') } }
    expect((await call('owner', `/api/consentements/${templateId}`, 'PUT', edit)).status).toBe(200)
    const view = await call('lea', '/api/consentements/form', 'POST', { orderId: orders.elodie })
    expect(view.body).toMatchObject({
      forms: [{ versionId: versions[1], body: '<p>Je confirme.</p>' }],
    })
  })
})

describe('the agenda and the customer file, within reach (decision 072)', () => {
  const visits = async (who: Who) => {
    const res = await call(who, '/api/consentements/visits?from=2026-12-01&to=2026-12-07')
    expect(res.status).toBe(200)
    return Object.fromEntries(
      (res.body as { orderId: string; state: string }[]).map((v) => [v.orderId, v.state]),
    )
  }

  it('shows each visit state to those who reach it', async () => {
    expect(await visits('owner')).toEqual({ [orders.elodie]: 'signed', [orders.shop1]: 'pending' })
    expect(await visits('manager')).toEqual({ [orders.elodie]: 'signed' })
    expect(await visits('practitioner')).toEqual({ [orders.elodie]: 'signed' })
    expect(await visits('foreign')).toEqual({})
  })

  it("refuses a practitioner another's customer, another company, a range too long", async () => {
    const path = (id: string) => `/api/consentements/signed?customerId=${id}`
    expect((await call('practitioner', path(customers.noe))).status).toBe(404)
    expect((await call('practitioner', path(customers.lea))).status).toBe(200)
    expect((await call('foreign', path(customers.lea))).status).toBe(404)
    expect((await call('manager', path(customers.noe))).body).toEqual([])
    const long = await call('owner', '/api/consentements/visits?from=2026-01-01&to=2026-12-31')
    expect(long.status).toBe(400)
  })

  it('archives: no longer asked for, the signature kept', async () => {
    expect((await call('owner', `/api/consentements/${templateId}`, 'DELETE')).status).toBe(200)
    expect(await visits('owner')).toEqual({})
    const kept = await call('owner', `/api/consentements/signed?customerId=${customers.lea}`)
    expect((kept.body as unknown[]).length).toBe(1)
    expect((await call('owner', `/api/consentements/${templateId}`)).body).toMatchObject({
      active: false,
    })
  })
})
