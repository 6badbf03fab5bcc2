import * as z from 'zod/mini'
import { bookerAppointment, bookerCurrency } from '#contract/booker-commerce.ts'
import { flag } from '#contract/common.ts'
import { DEFAULT_APPOINTMENTS_ENABLED } from '#contract/constants.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'

/** How long an unpaid hold keeps its slot: HOLD_MINUTES (decimals allowed), default 15. */
export const DEFAULT_HOLD_MINUTES = 15
export function holdMilliseconds(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.HOLD_MINUTES)
  const valid = env.HOLD_MINUTES !== undefined && Number.isFinite(minutes) && minutes > 0
  return Math.round((valid ? minutes : DEFAULT_HOLD_MINUTES) * 60_000)
}

/** The company settings booking reads (docs/product/3-entities.md booker.appointment, appointments, mCurrency). */
const companyBooking = z.object({
  booker: z.prefault(
    z.object({
      appointments: flag(DEFAULT_APPOINTMENTS_ENABLED),
      appointment: bookerAppointment,
      mCurrency: bookerCurrency,
    }),
    {},
  ),
})

export interface CompanyBooking {
  readonly enabled: boolean
  readonly cuttingHours: number
  readonly useCabinManagement: boolean
  /** equipment checks (booker.appointment.equipments.type === 'active') */
  readonly equipments: boolean
  /** service payment on: a booking stays a hold until paid; off: confirmed at once */
  readonly paymentActive: boolean
  readonly currency: string
  /** voucher visits a shop takes per day (gift-limit.ts), null: no limit */
  readonly giftLimit: number | null
}

const FALLBACK: CompanyBooking = {
  enabled: true,
  cuttingHours: 30,
  useCabinManagement: false,
  equipments: false,
  paymentActive: false,
  currency: 'EUR',
  giftLimit: null,
}

// Company rows are cached by the resolver, so parsing once per row object is enough.
const cache = new WeakMap<CompanyRow, CompanyBooking>()

/** A company whose settings break the contract books with the defaults rather than failing. */
export function companyBookingOf(company: CompanyRow): CompanyBooking {
  const hit = cache.get(company)
  if (hit) return hit
  const parsed = companyBooking.safeParse(company.data)
  const settings = parsed.success
    ? {
        enabled: parsed.data.booker.appointments,
        cuttingHours: parsed.data.booker.appointment.cuttingHours,
        useCabinManagement: parsed.data.booker.appointment.useCabinManagement,
        equipments: parsed.data.booker.appointment.equipments.type === 'active',
        paymentActive: parsed.data.booker.appointment.payment.active,
        currency: parsed.data.booker.mCurrency.code,
        giftLimit: parsed.data.booker.appointment.giftLimit ?? null,
      }
    : FALLBACK
  cache.set(company, settings)
  return settings
}
