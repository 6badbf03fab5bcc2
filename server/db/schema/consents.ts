import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { CONSENT_FORMATS, type ConsentFormat, type ConsentTexts } from '#domain/consent/rules.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * Consent forms (docs/decisions/080-consent-record.md). A template belongs to one service of the
 * company; its text lives in versions, each written once and never changed (a trigger refuses
 * updates and deletes of versions and signatures: migration consent_forms). Editing a template
 * adds a version and moves `current_version_id`; archiving it stops asking for it, and what was
 * signed keeps pointing at the version it signed.
 */
export const consentTemplates = pgTable(
  'consent_templates',
  {
    id: entityId(),
    companyId: companyId(),
    serviceId: text('service_id').notNull(),
    currentVersionId: text('current_version_id').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'consent_templates_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'consent_templates_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    index('consent_templates_service_idx').on(t.companyId, t.serviceId),
  ],
)

export const consentVersions = pgTable(
  'consent_versions',
  {
    id: entityId(),
    companyId: companyId(),
    templateId: text('template_id').notNull(),
    number: integer('number').notNull(),
    format: text('format').$type<ConsentFormat>().notNull(),
    /** per language: the title and the body, the body already sanitised when `format` is html */
    texts: jsonb('texts').$type<ConsentTexts>().notNull(),
    /** the company user who wrote it */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'consent_versions_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'consent_versions_template_fk',
      columns: [t.companyId, t.templateId],
      foreignColumns: [consentTemplates.companyId, consentTemplates.id],
    }).onDelete('cascade'),
    uniqueIndex('consent_versions_number_idx').on(t.companyId, t.templateId, t.number),
    check('consent_versions_format_check', inList(t.format, CONSENT_FORMATS)),
  ],
)

/**
 * One signature: the visit (booking order), the template and the exact version signed, the text
 * as shown (title and body in the signer's language) with its SHA-256, the typed name, the time
 * and the client's address. One per order and template: signing again answers the first.
 */
export const consentSignatures = pgTable(
  'consent_signatures',
  {
    id: entityId(),
    companyId: companyId(),
    orderId: text('order_id').notNull(),
    customerId: text('customer_id'),
    templateId: text('template_id').notNull(),
    versionId: text('version_id').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    textHash: text('text_hash').notNull(),
    fullName: text('full_name').notNull(),
    clientAddress: text('client_address').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'consent_signatures_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'consent_signatures_version_fk',
      columns: [t.companyId, t.versionId],
      foreignColumns: [consentVersions.companyId, consentVersions.id],
    }).onDelete('cascade'),
    uniqueIndex('consent_signatures_order_idx').on(t.companyId, t.orderId, t.templateId),
    index('consent_signatures_customer_idx').on(t.companyId, t.customerId),
  ],
)

export type ConsentTemplateRow = typeof consentTemplates.$inferSelect
export type ConsentVersionRow = typeof consentVersions.$inferSelect
export type ConsentSignatureRow = typeof consentSignatures.$inferSelect
