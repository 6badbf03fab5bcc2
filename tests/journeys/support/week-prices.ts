import type { Page } from 'playwright-core'
import type { JourneyProduct } from './product'
import { companyTokenOf } from './shop'
import { staffHeaders } from './studio'

/** Helpers of tests/journeys/studio-week-prices.test.ts (decision 092). */

/** A company user's API session, as the studio holds it: calls that throw on a refusal. */
export async function staffApi(product: JourneyProduct, host: string, email: string) {
  const { headers: auth } = await staffHeaders(product, host, email)
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${product.apiUrl}${path}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
}

const later = (local: string, minutes: number) => {
  const [date = '', time = '00:00'] = local.split('T')
  const at = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes
  const hh = String(Math.floor(at / 60)).padStart(2, '0')
  return `${date}T${hh}:${String(at % 60).padStart(2, '0')}`
}

/** POST /api/appointments as the booking island sends it: its status and body. */
export async function holdByApi(
  product: JourneyProduct,
  host: string,
  token: string,
  slot: { shopId: string; serviceId: string; start: string; minutes: number },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${product.apiUrl}/api/appointments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      company: await companyTokenOf(product, host),
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      shopid: slot.shopId,
      serviceid: slot.serviceId,
      start: slot.start,
      end: later(slot.start, slot.minutes),
      myAppointment: {},
    }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/**
 * Where the alerts' "reserve" button of a service leads on the built site (/notices.json; null:
 * no button). Read through the browser, which resolves *.localhost.
 */
export async function reserveTargetOf(page: Page, url: string, serviceId: string) {
  const res = await page.goto(url)
  const frame = (await res?.json()) as { services: Record<string, { href: string } | null> }
  return frame.services[serviceId]
}
