import { describe, expect, it } from 'vitest'
import { createApi, resolveConfig } from '#api/index'
import type { BookingOrder } from '#contract/booking-order'
import { t } from '#i18n/index'
import { freshIdentity, ML, registerByApi } from './support/account'
import { DESKTOP, expectAxeClean, journeyBrowser, withCustomerSession } from './support/booking'
import { journeyProduct } from './support/product'

/**
 * The waitlist of a full day (docs/decisions/040-waitlist.md), end to end on the demo salon:
 * customer B holds every hour of a Wednesday for the lash lift (one employee performs it),
 * customer A finds no time that day and joins the waitlist from the slot picker, B cancels the
 * first of its holds (the customer's own cancellation, DELETE /api/appointments), the offer e-mail
 * arrives in the product's log, A follows its link: the slot is held for A, A pays it with the
 * free provider and the entry reads booked.
 */
const product = journeyProduct()
const journeys = journeyBrowser()
const SERVICE = '/services/regard/rehaussement-de-cils?page=reserved'
const SERVICE_ID = '141'

/** Today in Paris and the Wednesday `weeks` after the next one (1 to 7 days on, then by weeks). */
function wednesday(weeks: number): { day: string; offset: number } {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Paris' }))
  const next = ((3 - today.getDay() + 7) % 7) + (today.getDay() === 3 ? 7 : 0)
  const offset = next + 7 * weeks
  const day = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + offset))
  return { day: day.toISOString().slice(0, 10), offset }
}

/**
 * The first Wednesday on which no employee of the lash lift holds anything yet. Claire is the one
 * who works Wednesdays, and she performs the services the other journeys book at their first free
 * time: in an evening before a Wednesday, those land on it, and B would find it taken.
 */
async function quietWednesday(api: Awaited<ReturnType<typeof apiFor>>) {
  for (let weeks = 0; weeks < 4; weeks += 1) {
    const candidate = wednesday(weeks)
    const period = await api.appointments.period({
      query: { shopId: '1', servicesId: SERVICE_ID, start: candidate.day, end: candidate.day },
    })
    const employees = period[candidate.day]?.m_tabres ?? []
    if (employees.length > 0 && employees.every((employee) => employee.m_event.length === 0)) {
      return candidate
    }
  }
  throw new Error('no Wednesday of the next four without a booking of the lash lift')
}

async function apiFor(token: string) {
  const res = await fetch(`${product.apiUrl}/api/companies/token/host/${ML}`)
  const { token: companyToken } = (await res.json()) as { token: string }
  return createApi({
    config: resolveConfig({ PUBLIC_API_URL: product.apiUrl, API_SERVER_URL: product.apiUrl }),
    side: 'server',
    companyToken,
    curlang: 'fr',
    customerToken: token,
    providerToken: null,
  })
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

describe('waitlist of a full day', () => {
  it('A joins, B cancels, the offer e-mail arrives, A follows the link, the slot is held and booked', async () => {
    const b = await registerByApi(product, ML, freshIdentity('waitlist-b'))
    const aIdentity = freshIdentity('waitlist-a')
    const a = await registerByApi(product, ML, aIdentity)

    // B and C hold every start of the day for the lash lift (10:00 to 18:00, on the half hours
    // too): B the morning, C the afternoon, as a customer holds six at most a day
    // (docs/decisions/062-hold-limits.md)
    const bApi = await apiFor(b)
    const { day, offset } = await quietWednesday(bApi)
    const cApi = await apiFor(await registerByApi(product, ML, freshIdentity('waitlist-c')))
    let order: BookingOrder | undefined
    const refused: string[] = []
    for (let start = 600; start <= 18 * 60; start += 30) {
      const holder = start < 14 * 60 ? bApi : cApi
      const held = await holder.appointments
        .create({
          body: {
            shopid: '1',
            serviceid: SERVICE_ID,
            start: `${day}T${hhmm(start)}`,
            end: `${day}T${hhmm(start + 60)}`,
            myAppointment: {},
          },
        })
        .catch((error: unknown) => {
          refused.push(`${hhmm(start)} ${String(error)}`)
          return undefined
        })
      if (holder === bApi && held) order = held
    }
    // the journeys share one product: another journey may have booked a morning hour of that
    // Wednesday first, so B's first hold is the one B gives up, whatever its hour
    const first = order?.appointments.toSorted((x, y) => x.start.localeCompare(y.start))[0]
    expect(first, `B held nothing; refused: ${refused.join('; ')}`).toBeDefined()
    const left = await bApi.appointments.period({
      query: { shopId: '1', servicesId: SERVICE_ID, start: day, end: day },
    })
    expect(left[day]).toBeUndefined()

    // A: the slot picker shows no time that Wednesday; A joins its waitlist by keyboard
    const { context, page, problems } = await journeys.open(DESKTOP)
    await withCustomerSession(context, a)
    await page.goto(product.url(ML, SERVICE))
    await page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') }).waitFor()
    for (let shown = 7; shown <= offset; shown += 7) {
      await page.getByRole('button', { name: t('fr', 'booking.nextDays') }).click()
      await page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') }).waitFor()
    }
    const summary = page.getByText(t('fr', 'waitlist.join.open'))
    await summary.focus()
    await page.keyboard.press('Enter')
    await expectAxeClean(page, 'waitlist form open')
    await page.getByLabel(t('fr', 'waitlist.join.day')).selectOption(day)
    await page.getByLabel(t('fr', 'waitlist.join.from'), { exact: true }).fill('10:00')
    await page.getByLabel(t('fr', 'waitlist.join.to'), { exact: true }).fill('19:00')
    await page.getByRole('button', { name: t('fr', 'waitlist.join.submit') }).press('Enter')
    await page.getByText(t('fr', 'waitlist.join.joined')).waitFor()

    // B cancels that first hold: the offer e-mail to A arrives in the log within seconds
    const from = product.output().length
    await bApi.appointments.remove({ query: { appointmentId: first?.id ?? '' } })
    const escaped = aIdentity.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const mail = await product.waitForOutput(
      new RegExp(`notify email to ${escaped}: [\\s\\S]*?/profile/waitlist#([\\w-]+)`),
      60_000,
      from,
    )
    const token = mail[1] ?? ''

    // A follows the link: the slot is held for A; A confirms it through the payment step (free provider)
    await page.goto(product.url(ML, `/profile/waitlist#${token}`))
    const confirm = page.getByRole('button', { name: t('fr', 'waitlist.offer.pay') })
    await confirm.waitFor({ timeout: 30_000 })
    await page.getByText(t('fr', 'waitlist.state.offered'), { exact: true }).waitFor()
    await expectAxeClean(page, 'waitlist offer held')
    await confirm.click()
    await page.getByRole('button', { name: t('fr', 'payment.confirmFree') }).click()
    await page.getByText(t('fr', 'waitlist.offer.booked')).waitFor({ timeout: 30_000 })
    await page.getByText(t('fr', 'waitlist.state.booked'), { exact: true }).waitFor()

    // booked: the entry says so, and A holds a confirmed appointment that day
    const aApi = await apiFor(a)
    const entries = await aApi.waitlist.list()
    expect(entries.map((entry) => [entry.day, entry.state])).toEqual([[day, 'booked']])
    const now = await aApi.appointments.period({
      query: { shopId: '1', servicesId: SERVICE_ID, start: day, end: day },
    })
    expect(now[day]).toBeUndefined()
    expect(problems).toEqual([])
  }, 180_000)
})
