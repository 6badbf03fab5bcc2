import * as z from 'zod/mini'
import { CONSENT_FORMATS, CONSENT_LOCALES } from '#domain/consent/rules'
import { id, instant, localDateTime, maybe } from './common'

/**
 * Consent forms (docs/decisions/080-consent-record.md): the studio's templates per service,
 * versioned, and the signatures customers give on the storefront. Our shapes for the spec's
 * consentements, whose fields the spec does not show.
 */

/** long enough for a real form, short enough that a body stays small (MAX_BODY_BYTES) */
export const MAX_CONSENT_BODY = 20_000

export const consentLocale = z.enum(CONSENT_LOCALES)
export const consentFormat = z.enum(CONSENT_FORMATS)

export const consentText = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  body: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_CONSENT_BODY)),
})

export const consentTexts = z.partialRecord(consentLocale, consentText)

/** what the studio writes: a create, or an edit (which publishes a new version) */
export const consentTemplateBody = z.object({
  serviceId: id,
  format: z._default(consentFormat, 'text'),
  texts: consentTexts,
})
export type ConsentTemplateBody = z.input<typeof consentTemplateBody>

export const consentVersion = z.object({
  id,
  number: z.int().check(z.positive()),
  format: consentFormat,
  texts: consentTexts,
  createdBy: id,
  createdAt: instant,
})
export type ConsentVersion = z.infer<typeof consentVersion>

export const consentTemplate = z.object({
  id,
  serviceId: id,
  /** archived: no longer asked for; what was signed stays */
  active: z.boolean(),
  version: consentVersion,
  /** every version, newest first (one template's read; the list gives only the current one) */
  versions: z.optional(z.array(consentVersion)),
})
export type ConsentTemplate = z.infer<typeof consentTemplate>

/** the agenda's view of a coming visit: which forms it needs, and which are signed */
export const consentVisitState = z.object({
  orderId: id,
  ideorder: z.string(),
  state: z.enum(['pending', 'signed']),
  forms: z.array(z.object({ templateId: id, versionId: id, signedAt: z.nullable(instant) })),
})
export type ConsentVisitState = z.infer<typeof consentVisitState>

export const consentVisitsQuery = z.object({
  /** shop days, 'YYYY-MM-DD', both included (a week at most) */
  from: z.iso.date(),
  to: z.iso.date(),
})

/** a kept signature: what was signed, by whom, when and from where */
export const consentSignature = z.object({
  id,
  orderId: id,
  templateId: id,
  versionId: id,
  versionNumber: z.int(),
  serviceId: id,
  locale: consentLocale,
  title: z.string(),
  body: z.string(),
  format: consentFormat,
  /** SHA-256 (hex) of the version, the language, the title and the body as shown */
  textHash: z.string(),
  fullName: z.string(),
  signedAt: instant,
  clientAddress: z.string(),
})
export type ConsentSignature = z.infer<typeof consentSignature>

/** the visit named by the e-mail's link, or by the signed-in customer's own order */
const targetFields = z.object({
  orderId: maybe(id),
  link: maybe(z.string().check(z.minLength(1), z.maxLength(1000))),
  locale: z._default(consentLocale, 'fr'),
})
const oneTarget = z.refine<{ orderId?: string | undefined; link?: string | undefined }>(
  (t) => (t.orderId === undefined) !== (t.link === undefined),
  { message: 'send exactly one of orderId and link', path: ['orderId'] },
)
export const consentTarget = targetFields.check(oneTarget)

export const consentForm = z.object({
  templateId: id,
  versionId: id,
  locale: consentLocale,
  title: z.string(),
  body: z.string(),
  format: consentFormat,
  signed: z.nullable(z.object({ fullName: z.string(), signedAt: instant })),
})
export type ConsentForm = z.infer<typeof consentForm>

export const consentView = z.object({
  orderId: id,
  ideorder: z.string(),
  shopName: z.string(),
  /** the visit's first start, the shop's wall clock */
  visitStart: localDateTime,
  forms: z.array(consentForm),
})
export type ConsentView = z.infer<typeof consentView>

export const consentSignBody = z
  .extend(targetFields, {
    templateId: id,
    /** the version the signer read: an edit published meanwhile is refused (409), not signed */
    versionId: id,
    fullName: z.string().check(z.trim(), z.minLength(2), z.maxLength(200)),
    agree: z.literal(true),
  })
  .check(oneTarget)
