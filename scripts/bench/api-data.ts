import type { Db } from '#server/db/client.ts'
import { contentColumns } from '#server/db/content-columns.ts'
import {
  type ContentKind,
  carts,
  companies,
  contentTables,
  type JsonObject,
} from '#server/db/schema/index.ts'
import { seedAppointments } from './api-appointments.ts'

/**
 * The bench's shop: 10 employees and 4 cabins, one 60-minute service that needs a
 * cabin with a table, opening 09:00-19:00 Monday to Saturday with a lunch pause, and 500
 * confirmed appointments in the 7 days measured (about 70 % of the staff's time; one in five
 * also holds a cabin), plus 1,500 in the weeks around them, so the period query has to pick its
 * week out of a larger table.
 */
export const BENCH = { token: 'bench-token', shopId: 'shop', serviceId: 'svc', days: 7 } as const
const EMPLOYEES = 10
const CABINS = 4
const ZONE = 'Europe/Paris'

const week = (status: string) => {
  const hours =
    status === 'pause'
      ? [
          { start: '09:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ]
      : [{ start: '09:00', end: '19:00' }]
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
  return Object.fromEntries(days.map((d) => [d, { status, hours }]))
}

async function content(db: Db, companyId: number, kind: ContentKind, list: JsonObject[]) {
  await db.insert(contentTables[kind]).values(
    list.map((data, i) => ({
      companyId,
      id: String(data.id),
      ...contentColumns(kind, data, i),
      data,
    })),
  )
}

/** Seeds the bench company into an empty database; `from` is the first date measured. */
export async function seedBench(db: Db, from: string): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({
      host: 'bench.localhost',
      token: BENCH.token,
      nickname: 'bench',
      data: {
        token: BENCH.token,
        booker: {
          appointment: {
            payment: { active: true },
            cuttingHours: 30,
            useCabinManagement: true,
            equipments: { type: 'active' },
          },
        },
      },
    })
    .returning({ id: companies.id })
  const companyId = company?.id ?? 0
  await content(db, companyId, 'shops', [
    {
      id: BENCH.shopId,
      slug: 'bench-shop',
      publicInfo: { name: 'Bench shop' },
      booker: { active: true, shopUseCabins: true },
      articles: [{ id: BENCH.serviceId, slug: 'massage' }],
      openingHours: week('pause'),
      timeZone: ZONE,
    },
  ])
  await content(db, companyId, 'articles', [
    {
      id: BENCH.serviceId,
      name: { fr: 'Massage' },
      slug: 'massage',
      type: '1',
      prices: 8000,
      duration: 60,
      booker: { cabinRequired: true, equipments: ['table'] },
    },
  ])
  const employees = Array.from({ length: EMPLOYEES }, (_, i) => `e${i}`)
  const cabins = Array.from({ length: CABINS }, (_, i) => `c${i}`)
  await content(db, companyId, 'resources', [
    ...employees.map((id, i) => ({
      id,
      type: 100,
      displayName: `Employee ${i}`,
      shopId: BENCH.shopId,
      workingHours: week(i % 2 ? 'day' : 'pause'),
      services: [BENCH.serviceId],
    })),
    ...cabins.map((id, i) => ({
      id,
      type: 200,
      displayName: `Cabin ${i}`,
      shopId: BENCH.shopId,
      equipments: ['table'],
    })),
  ])
  await db.insert(carts).values({
    companyId,
    id: 'bench-cart',
    purpose: 'booking',
    shopId: BENCH.shopId,
    status: 'paid',
  })
  await seedAppointments(db, companyId, from, employees, cabins)
}
