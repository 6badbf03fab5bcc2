import * as z from 'zod/mini'
import { defineCall } from '../call'
import { id, maybe } from '../common'

/**
 * A visit's add-to-calendar file (docs/decisions/039-reminders-and-calendar.md). Opened by the
 * link of the confirmation and reminder e-mails (`token`: signed, that visit only, expiring a
 * month after it), or by the signed-in customer whose booking it is (bearer and `company`
 * header). The answer is `text/calendar` (RFC 5545), not JSON.
 */
export const calendarCalls = {
  visit: defineCall({
    method: 'GET',
    path: '/api/calendar/:companyToken/:id',
    group: 'first',
    auth: 'optional',
    /** companyToken: the company's token; id: the booking order's id */
    params: z.object({ companyToken: z.string().check(z.minLength(1), z.maxLength(128)), id }),
    query: z.object({ token: maybe(z.string().check(z.maxLength(64))) }),
    response: z.string(),
  }),
}
