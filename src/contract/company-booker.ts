import * as z from 'zod/mini'
import { bookerCommerceFields } from './booker-commerce'
import { bookerHomeFields } from './booker-home'
import { bookerMessageFields } from './booker-messages'
import { bookerSiteFields } from './booker-site'
import { flag, languageCode, maybe, translatedText } from './common'
import { DEFAULT_HOMEPAGE_TYPE, DEFAULT_LANGUAGE } from './constants'

/**
 * docs/product/1-overview.md: mono (one shop) or multi (marketplace), which some data writes 'mkp'. 'mkp' is read
 * as 'multi' here so the rest of the code tests a single value.
 */
export const homepageType = z._default(
  z.pipe(
    z.enum(['mono', 'multi', 'mkp']),
    z.transform((v) => (v === 'mkp' ? 'multi' : v)),
  ),
  DEFAULT_HOMEPAGE_TYPE,
)

/**
 * An SMS sender as the providers take it: an alphanumeric sender id (1 to 11 letters, digits or
 * spaces, at least one letter) or a number in E.164.
 */
export const smsSender = z
  .string()
  .check(z.regex(/^(?:\+[1-9]\d{6,14}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11})$/))

/**
 * Which provider carries the company's SMS (docs/decisions/055-sms-providers.md)
 * and the sender the customer sees. Not secret: the credentials come from the environment
 * (TWILIO_*, VONAGE_*, per company as NAME__<TOKEN>). Absent: the platform's SMS_PROVIDER and
 * SMS_SENDER, if any.
 */
export const bookerSms = z.object({
  provider: z.enum(['twilio', 'vonage']),
  /** absent: SMS_SENDER (Twilio may also send through TWILIO_MESSAGING_SERVICE_SID alone) */
  sender: maybe(smsSender),
})

/**
 * docs/product/3-entities.md booker: the site's settings. Split in three spreads (home, commerce, site) only to
 * keep files small; this is the one object the company carries.
 */
export const companyBooker = z.prefault(
  z.object({
    /** online booking is open */
    active: flag(false),
    siteDisabled: flag(false),
    siteDisabledMessage: z._default(translatedText, {}),
    /** enabled languages; a company that says nothing speaks French (docs/product/1-overview.md) */
    langs: z._default(z.partialRecord(languageCode, z.boolean()), { [DEFAULT_LANGUAGE]: true }),
    homepageType,
    /** shows the alerts bell and dialog when current alerts exist */
    alertMessages: flag(true),
    sms: maybe(bookerSms),
    ...bookerHomeFields,
    ...bookerCommerceFields,
    ...bookerSiteFields,
    ...bookerMessageFields,
  }),
  {},
)
