import * as z from 'zod/mini'
import { bookerCommerceFields } from './booker-commerce'
import { bookerHomeFields } from './booker-home'
import { bookerSiteFields } from './booker-site'
import { flag, languageCode, translatedText } from './common'
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
    ...bookerHomeFields,
    ...bookerCommerceFields,
    ...bookerSiteFields,
  }),
  {},
)
