import * as z from 'zod/mini'
import { bookerWaitlist } from '#contract/waitlist.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'

export interface WaitlistSettings {
  readonly active: boolean
  readonly offerMs: number
  readonly sms: boolean
}

const settings = z.object({ booker: z.prefault(z.object({ waitlist: bookerWaitlist }), {}) })

/** booker.waitlist of the company; settings that break the contract fall back to the defaults. */
export function waitlistSettingsOf(company: CompanyRow): WaitlistSettings {
  const parsed = settings.safeParse(company.data)
  const waitlist = parsed.success ? parsed.data.booker.waitlist : bookerWaitlist.parse(undefined)
  return {
    active: waitlist.active,
    offerMs: Math.round(waitlist.offerMinutes * 60_000),
    sms: waitlist.sms,
  }
}
