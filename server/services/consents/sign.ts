import { createHash } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { ConsentForm, ConsentView } from '#contract/consent.ts'
import { signedTextDigestInput, signerName, textFor } from '#domain/consent/rules.ts'
import type { Db } from '#server/db/client.ts'
import {
  type CompanyRow,
  type ConsentSignatureRow,
  type ConsentVersionRow,
  consentSignatures,
  consentVersions,
} from '#server/db/schema/index.ts'
import {
  badRequest,
  clock,
  conflict,
  notFound,
  Refusal,
  type Subject,
  unauthorized,
} from '#server/kernel/index.ts'
import { readVisit } from '../booking/index.ts'
import { readConsentLink } from './link.ts'
import { formsOfOrders, orderRow, signaturesOfOrders } from './needs.ts'
import { companyLocale } from './templates.ts'

/**
 * The visitor's side (docs/decisions/080-consent-record.md): the forms of one visit, named by the
 * e-mail's link or, signed in, by the customer's own order, and the signature of one of them.
 */
export interface ConsentTarget {
  readonly orderId?: string | undefined
  readonly link?: string | undefined
  readonly locale: string
}

async function targetOrder(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  target: ConsentTarget,
) {
  if (target.link !== undefined) {
    const check = readConsentLink(target.link, company.id, clock.now())
    if (!check.valid) throw notFound('This link is not valid.', 'consentLinkInvalid')
    if (check.expired) throw new Refusal(410, 'consentLinkExpired', 'This link has expired.')
    const order = await orderRow(db, company.id, check.orderId)
    if (!order) throw notFound('This link is not valid.', 'consentLinkInvalid')
    return order
  }
  if (subject?.kind !== 'customer') {
    throw unauthorized('Sign in, or open the link of the e-mail.', 'unauthorized')
  }
  const order = await orderRow(db, company.id, target.orderId ?? '')
  // another customer's order is unknown, as one that does not exist
  if (!order || order.customerId !== subject.id) throw notFound('No such visit.')
  return order
}

async function versionsById(db: Db, companyId: number, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, ConsentVersionRow>()
  const rows = await db
    .select()
    .from(consentVersions)
    .where(and(eq(consentVersions.companyId, companyId), inArray(consentVersions.id, [...ids])))
  return new Map(rows.map((r) => [r.id, r]))
}

const signedForm = (
  row: ConsentSignatureRow,
  version: ConsentVersionRow | undefined,
): ConsentForm => ({
  templateId: row.templateId,
  versionId: row.versionId,
  locale: row.locale as ConsentForm['locale'],
  title: row.title,
  body: row.body,
  format: version?.format ?? 'text',
  signed: { fullName: row.fullName, signedAt: row.signedAt.toISOString() },
})

/** Every form of the visit: the signed ones as signed, the others in their current version. */
async function formsOf(db: Db, company: CompanyRow, orderId: string, locale: string) {
  const needed = (await formsOfOrders(db, company.id, [orderId])).get(orderId) ?? []
  const signatures = await signaturesOfOrders(db, company.id, [orderId])
  const versions = await versionsById(db, company.id, [
    ...needed.map((f) => f.versionId),
    ...signatures.map((s) => s.versionId),
  ])
  const fallback = companyLocale(company)
  const forms: ConsentForm[] = signatures.map((s) => signedForm(s, versions.get(s.versionId)))
  for (const form of needed) {
    if (signatures.some((s) => s.templateId === form.id)) continue
    const version = versions.get(form.versionId)
    const shown = version && textFor(version.texts, locale, fallback)
    if (!version || !shown) continue
    forms.push({
      templateId: form.id,
      versionId: version.id,
      locale: shown.locale,
      title: shown.text.title,
      body: shown.text.body,
      format: version.format,
      signed: null,
    })
  }
  return forms
}

export async function consentView(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  target: ConsentTarget,
): Promise<ConsentView> {
  const order = await targetOrder(db, company, subject, target)
  const visit = await readVisit(db, company.id, order.id)
  return {
    orderId: order.id,
    ideorder: order.ideorder,
    shopName: visit?.shopName ?? '',
    visitStart: visit?.lines[0]?.localStart ?? '2000-01-01T00:00',
    forms: await formsOf(db, company, order.id, target.locale),
  }
}

export interface SignInput extends ConsentTarget {
  readonly templateId: string
  readonly versionId: string
  readonly fullName: string
}

/**
 * Keeps a signature: the version read, its text as shown with its SHA-256, the typed name, the
 * time and the client's address. Signing a form already signed answers that signature (a
 * second click, a second tab); signing a version the studio has since replaced is 409.
 */
export async function signConsent(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  input: SignInput,
  clientAddress: string,
): Promise<ConsentForm> {
  const order = await targetOrder(db, company, subject, input)
  const forms = await formsOf(db, company, order.id, input.locale)
  const form = forms.find((f) => f.templateId === input.templateId)
  if (!form) throw notFound('No such consent form.')
  if (form.signed) return form
  if (form.versionId !== input.versionId) {
    throw conflict('The form has changed since it was read.', 'consentChanged')
  }
  const fullName = signerName(input.fullName)
  if (!fullName) throw badRequest('Write your full name.')
  const text = { title: form.title, body: form.body }
  const digest = createHash('sha256')
    .update(signedTextDigestInput(form.versionId, form.locale, text))
    .digest('hex')
  await db
    .insert(consentSignatures)
    .values({
      companyId: company.id,
      orderId: order.id,
      customerId: order.customerId,
      templateId: form.templateId,
      versionId: form.versionId,
      locale: form.locale,
      title: form.title,
      body: form.body,
      textHash: digest,
      fullName,
      clientAddress,
      signedAt: clock.now(),
    })
    .onConflictDoNothing()
  const [kept] = await db
    .select()
    .from(consentSignatures)
    .where(
      and(
        eq(consentSignatures.companyId, company.id),
        eq(consentSignatures.orderId, order.id),
        eq(consentSignatures.templateId, form.templateId),
      ),
    )
  if (!kept) throw new Error('consent signature not kept')
  return { ...signedForm(kept, undefined), format: form.format }
}
