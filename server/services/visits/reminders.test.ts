import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { loadConfig } from '#server/config.ts'
import { createDatabase } from '#server/db/client.ts'
import { companies, visitReminders } from '#server/db/schema/index.ts'
import { renderMail } from '#server/services/notifier/index.ts'
import { startApi } from '#server/start.ts'
import { bookingFixtures, setClock, startBookingApi } from '#server/test/appointments.ts'
import { freshDatabase, type TestApi } from '#server/test/harness.ts'
import { until } from '#server/test/instances.ts'
import { patchBooker } from '#server/test/orders.ts'
import { remindersTo, visitOf } from '#server/test/reminders.ts'
import { sendReminders } from './reminders.ts'

/**
 * Visit reminders (docs/decisions/039-reminders-and-calendar.md) through the real API on the
 * database the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL): the sweep the job
 * queue runs every minute, called here directly, many at once, and across a restart.
 */
const NOW = '2026-12-01T10:00:00Z'
let t: TestApi
beforeAll(async () => {
  t = await startBookingApi()
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const burst = (db: TestApi['db'], n: number) =>
  Promise.all(Array.from({ length: n }, () => sendReminders(db)))

describe('visit reminders', () => {
  it('50 sweeps at once queue one reminder, in the customer language, with shop, address, time and calendar links', async () => {
    setClock(NOW)
    // 10:00 in Paris tomorrow is 09:00Z: 23 hours ahead, within the default 24
    const due = await visitOf(t.db, { start: '2026-12-02T10:00', locale: 'de', firstname: 'Jonas' })
    const later = await visitOf(t.db, { start: '2026-12-03T10:00', locale: 'en' })
    const cancelled = await visitOf(t.db, {
      start: '2026-12-01T15:00',
      locale: 'fr',
      status: 'cancelled',
    })
    // 09:00 in Paris today is 08:00Z: already past
    const past = await visitOf(t.db, { start: '2026-12-01T09:00', locale: 'it' })

    const counts = await burst(t.db, 50)
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1)
    const mails = await remindersTo(t, due.email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.subject).toBe('Booking Spa: Erinnerung an Ihren Termin bei Spa Centre')
    const when = wallClockDateTime('2026-12-02T10:00', 'de-DE')
    expect(mail?.body).toContain('Guten Tag Jonas,')
    expect(mail?.body).toContain(`Wir erinnern Sie an Ihren Termin bei Spa Centre am ${when}:`)
    expect(mail?.body).toContain('Adresse: 75001 Paris')
    expect(mail?.body).toContain(`Buchung Nr. ${due.order.ideorder}`)
    expect(mail?.body).toContain('https://calendar.google.com/calendar/render?')
    expect(mail?.body).toContain('dates=20261202T090000Z%2F20261202T100000Z')
    expect(mail?.body).toContain('https://outlook.live.com/calendar/0/deeplink/compose?')
    // no manage link yet (docs/decisions/039-reminders-and-calendar.md)
    expect(mail?.body).not.toContain('verschieben')

    // the file link opens this visit's calendar, times in UTC from Paris wall clock
    const link = /https?:\/\/\S+\/api\/calendar\/\S+/.exec(mail?.body ?? '')?.[0] ?? ''
    const path = link.replace(/^https?:\/\/[^/]+/, '')
    const ics = await fetch(`${t.url}${path}`)
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const text = await ics.text()
    expect(text).toContain('DTSTART:20261202T090000Z\r\n')
    expect(text).toContain('LOCATION:Spa Centre\\, 75001 Paris\r\n')
    // the HTML (decision 056) attaches the same entry the link serves, its link's token a placeholder
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.host, 'booking.localhost'))
    expect(mail?.template).toMatchObject({ kind: 'reminder', locale: 'de' })
    const rendered = await renderMail(
      mail?.template ?? { kind: '', locale: '', props: {} },
      company,
    )
    expect(rendered.html).toContain('?token={{secret}}')
    const [invite] = rendered.attachments
    expect(invite?.method).toBe('PUBLISH')
    expect(invite?.content).toContain('DTSTART:20261202T090000Z\r\n')
    expect(invite?.content).toContain(`UID:${due.order.id}@booking.localhost\r\n`)
    expect(text).toContain(`UID:${due.order.id}@booking.localhost\r\n`)

    for (const other of [later, cancelled, past]) {
      expect({ who: other.email, mails: await remindersTo(t, other.email) }).toEqual({
        who: other.email,
        mails: [],
      })
    }
    const marks = await t.db
      .select()
      .from(visitReminders)
      .where(eq(visitReminders.bookingOrderId, due.order.id))
    expect(marks).toHaveLength(1)
    expect(await burst(t.db, 5)).toEqual([0, 0, 0, 0, 0])
    expect(await remindersTo(t, due.email)).toHaveLength(1)
  })

  it('the delay is the company setting, and an SMS goes too where the company has SMS', async () => {
    setClock(NOW)
    const visit = await visitOf(t.db, {
      start: '2026-12-03T08:00',
      locale: 'es',
      phone: '+33611223344',
    })
    await burst(t.db, 3)
    expect(await remindersTo(t, visit.email)).toHaveLength(0)

    await patchBooker(t.db, 'booking.localhost', { reminder: { hours: 48, sms: true } })
    try {
      await burst(t.db, 20)
      const [mail, ...more] = await remindersTo(t, visit.email)
      expect(more).toHaveLength(0)
      expect(mail?.subject).toBe('Booking Spa: recordatorio de su cita en Spa Centre')
      const sms = await remindersTo(t, '+33611223344', 'sms')
      expect(sms).toHaveLength(1)
      expect(sms[0]?.body).toBe(
        `Recordatorio: su cita en Spa Centre el ${wallClockDateTime('2026-12-03T08:00', 'es-ES')}. 75001 Paris`,
      )
    } finally {
      await patchBooker(t.db, 'booking.localhost', { reminder: { hours: 24, sms: false } })
    }
  })

  it('switched off, no reminder goes', async () => {
    setClock(NOW)
    await patchBooker(t.db, 'booking.localhost', { reminder: { active: false } })
    try {
      const visit = await visitOf(t.db, { start: '2026-12-01T18:00', locale: 'fr' })
      await burst(t.db, 3)
      expect(await remindersTo(t, visit.email)).toHaveLength(0)
    } finally {
      await patchBooker(t.db, 'booking.localhost', { reminder: { active: true } })
    }
  })
})

describe('visit reminders across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-reminders-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a reminder queued before the restart is the only one after it', async () => {
    setClock(NOW)
    const database = await freshDatabase()
    const logs: string[] = []
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: database.url,
        // PGlite on disk, so the second start opens what the first wrote
        pgliteDir: database.url ? 'memory://' : join(dir, 'pglite'),
        log: (line) => logs.push(line),
      },
    )
    const first = await startApi(config, { seedFrom: bookingFixtures })
    const readers = (api: typeof first) => ({ db: api.database.db, config })
    let email = ''
    try {
      const visit = await visitOf(first.database.db, { start: '2026-12-02T09:30', locale: 'it' })
      email = visit.email
      await Promise.all([
        sendReminders(first.database.db),
        sendReminders(first.database.db),
        sendReminders(first.database.db),
      ])
      expect(await remindersTo(readers(first), email)).toHaveLength(1)
    } finally {
      await first.close()
    }

    const second = await startApi(config, { seedFrom: false })
    try {
      expect(await burst(second.database.db, 20)).toEqual(Array(20).fill(0))
      const mails = await remindersTo(readers(second), email)
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe('Booking Spa: promemoria del suo appuntamento da Spa Centre')
    } finally {
      await second.close()
      await database.drop()
    }
  }, 180_000)

  it('a reminder committed by instances that died before relaying it goes after the restart, once', async () => {
    setClock(NOW)
    const database = await freshDatabase()
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: database.url,
        pgliteDir: database.url ? 'memory://' : join(dir, 'crashed'),
        log: () => undefined,
      },
    )
    const first = await startApi(config, { seedFrom: bookingFixtures })
    const visit = await visitOf(first.database.db, { start: '2026-12-02T08:30', locale: 'en' })
    await first.close()
    // the sweeps of instances that commit and die before any relay: the database alone
    const bare = await createDatabase({ url: database.url, pgliteDir: config.pgliteDir })
    try {
      await Promise.all(Array.from({ length: 5 }, () => sendReminders(bare.db)))
      const queued = await remindersTo({ db: bare.db, config }, visit.email)
      expect(queued.map((row) => row.transport)).toEqual(['queued'])
    } finally {
      await bare.close()
    }

    const second = await startApi(config, { seedFrom: false })
    const read = () => remindersTo({ db: second.database.db, config }, visit.email)
    try {
      // the relay job (every minute) delivers what the dead instances left queued
      await until(async () => (await read())[0]?.transport !== 'queued', 170_000)
      expect(await burst(second.database.db, 10)).toEqual(Array(10).fill(0))
      const mails = await read()
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe('Booking Spa: a reminder of your visit to Spa Centre')
    } finally {
      await second.close()
      await database.drop()
    }
  }, 240_000)
})
