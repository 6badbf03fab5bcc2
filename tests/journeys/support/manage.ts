import type { Locale } from '#i18n/index'
import type { JourneyProduct } from './product'
import { companyTokenOf } from './shop'

/** Helpers of the journeys of a customer's own visit (tests/journeys/manage-visit.test.ts). */

export const HOST = 'maison-lumiere.localhost'

/** Where a journey books: a host, a shop and one of its services with its duration. */
export interface BookingPlace {
  readonly host: string
  readonly shopId: string
  readonly service: { readonly id: string; readonly minutes: number }
}

/** tenants/maison-lumiere.localhost: 'Soin éclat Lumière', 60 minutes, at shop 1 */
const LYON: BookingPlace = { host: HOST, shopId: '1', service: { id: '101', minutes: 60 } }

/**
 * tenants/bains-du-lac.localhost, Évian (shop 2): its policy asks a week's notice (168 h) and
 * credits a cancellation; 'Accès hammam et bassin', 120 minutes.
 */
export const EVIAN: BookingPlace = {
  host: 'bains-du-lac.localhost',
  shopId: '2',
  service: { id: '101', minutes: 120 },
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

type Period = Record<
  string,
  {
    m_tabres: {
      m_workingHours: { start: string; end: string }[]
      m_event: { start: string; end: string }[]
    }[]
  }
>

export interface Booked {
  readonly orderId: string
  readonly start: string
  readonly charged: number
}

/** Paris wall-clock 'YYYY-MM-DDTHH:MM' as an instant (the demo shop's zone). */
function parisInstant(local: string): number {
  const guess = Date.parse(`${local}:00Z`)
  const shown = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(guess)
    .replace(' ', 'T')
  return guess - (Date.parse(`${shown}:00Z`) - guess)
}

/** The customer's cancel of a visit through the API (POST /api/appointments/manage/cancel). */
export async function cancelByApi(
  product: JourneyProduct,
  host: string,
  token: string,
  orderId: string | undefined,
): Promise<{ status: number; body: { type?: string } }> {
  const res = await fetch(`${product.apiUrl}/api/appointments/manage/cancel`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      company: await companyTokenOf(product, host),
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ orderId }),
  })
  return { status: res.status, body: (await res.json()) as { type?: string } }
}

/**
 * A booking paid through the API (free provider: confirmed, due at the shop) in days
 * [fromDay, fromDay + span), at the first free time whose start `fits` (an instant test).
 */
export async function bookingByApi(
  product: JourneyProduct,
  token: string,
  fromDay: number,
  span = 7,
  fits: (startMs: number) => boolean = () => true,
  place: BookingPlace = LYON,
  /** the language it is booked in (the `curlang` header): its e-mails are written in it */
  locale?: Locale,
): Promise<Booked | undefined> {
  const SERVICE = place.service
  const headers = {
    'content-type': 'application/json',
    company: await companyTokenOf(product, place.host),
    authorization: `Bearer ${token}`,
    ...(locale ? { curlang: locale } : {}),
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${product.apiUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const query = `shopId=${place.shopId}&servicesId=${SERVICE.id}&start=${day(fromDay)}&end=${day(fromDay + span - 1)}`
  const period = (await call('GET', `/api/appointments?${query}`)).body as unknown as Period
  for (const [date, availability] of Object.entries(period)) {
    for (const employee of availability.m_tabres) {
      for (const range of employee.m_workingHours) {
        for (
          let at = toMinutes(range.start);
          at + SERVICE.minutes <= toMinutes(range.end);
          at += 30
        ) {
          const busy = employee.m_event.some(
            (e) => toMinutes(e.start) < at + SERVICE.minutes && at < toMinutes(e.end),
          )
          const start = `${date}T${hhmm(at)}`
          if (busy || !fits(parisInstant(start))) continue
          const slot = {
            shopid: place.shopId,
            serviceid: SERVICE.id,
            start,
            end: `${date}T${hhmm(at + SERVICE.minutes)}`,
            myAppointment: {},
          }
          if ((await call('POST', '/api/appointments', slot)).status !== 200) continue
          const init = await call('POST', '/api/payment/initialize', {
            purpose: 'booking',
            shopId: place.shopId,
            appointments: [slot],
          })
          const { cartId, result, prices } = init.body as {
            cartId: string
            result: { token: string }
            prices: { total: { amount: number } }
          }
          const paid = await call('POST', '/api/payment/pay', {
            cartId,
            paymentToken: result.token,
          })
          return { orderId: String(paid.body.orderId ?? ''), start, charged: prices.total.amount }
        }
      }
    }
  }
  return undefined
}

/** The manage link of `orderId` among the e-mails the product printed after `from`. */
export async function manageLinkFromLog(
  product: JourneyProduct,
  orderId: string,
  from: number,
): Promise<string> {
  const until = Date.now() + 30_000
  for (;;) {
    const links = product
      .output()
      .slice(from)
      .matchAll(/\/payments\/manage#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)
    for (const [, link = ''] of links) {
      const payload = JSON.parse(Buffer.from(link.split('.')[0] ?? '', 'base64url').toString()) as {
        o?: string
      }
      if (payload.o === orderId) return link
    }
    if (Date.now() > until) throw new Error(`no manage link for ${orderId} in the product log`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * tenants/maison-lumiere.localhost: 'Réflexologie plantaire', 45 minutes at shop 1, 55,00 €:
 * no other journey books it, so the journey of a dearer move may raise its price for a while.
 */
export const REFLEXOLOGY: BookingPlace = {
  host: HOST,
  shopId: '1',
  service: { id: '113', minutes: 45 },
}

/**
 * Sets a service's price at every shop through the back office (PUT /api/articles/:id as the
 * demo company user; a content write forgets the API's cached catalogue) and answers a function
 * that puts the article back as it was. Prices do not vary with the time of day: a move costs
 * more when the shop's price rose since the visit was booked.
 */
export async function raiseServicePrice(
  product: JourneyProduct,
  place: BookingPlace,
  cents: number,
  staff: string,
): Promise<() => Promise<void>> {
  const url = `${product.apiUrl}/api/articles/${place.service.id}`
  const headers = {
    'content-type': 'application/json',
    company: await companyTokenOf(product, place.host),
    authorization: `Bearer ${staff}`,
  }
  const put = async (article: Record<string, unknown>) => {
    const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(article) })
    if (!res.ok) throw new Error(`PUT ${url}: ${res.status} ${await res.text()}`)
  }
  const original = (await (await fetch(url, { headers })).json()) as Record<string, unknown>
  const booker = (original.booker ?? {}) as Record<string, unknown>
  const shops = Array.isArray(booker.pricesByShops) ? booker.pricesByShops : []
  await put({
    ...original,
    prices: cents,
    booker: {
      ...booker,
      pricesByShops: shops.map((p: Record<string, unknown>) => ({ ...p, pvTtc: cents })),
    },
  })
  return () => put(original)
}
