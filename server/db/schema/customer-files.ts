import {
  type AnyPgColumn,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core'
import { DOSSIER_TYPES } from '#contract/customer-files.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * Customer files (docs/decisions/079-customer-files-and-erasure.md): the company's pigments and
 * needles, a customer's dossiers, the services performed in them and the lots they used.
 */
const ofCompany = (name: string, t: { companyId: AnyPgColumn }) =>
  foreignKey({ name, columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade')

export const pigments = pgTable(
  'pigments',
  {
    id: entityId(),
    companyId: companyId(),
    brand: text('brand').notNull(),
    colour: text('colour').notNull(),
    lot: text('lot').notNull(),
    expiry: date('expiry', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'pigments_pkey', columns: [t.companyId, t.id] }),
    ofCompany('pigments_company_fk', t),
  ],
)

export const needles = pgTable(
  'needles',
  {
    id: entityId(),
    companyId: companyId(),
    type: text('type').notNull(),
    lot: text('lot').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'needles_pkey', columns: [t.companyId, t.id] }),
    ofCompany('needles_company_fk', t),
  ],
)

/** staff notes on a customer: apart from the account's profile, which the customer reads */
export const customerNotes = pgTable(
  'customer_notes',
  {
    companyId: companyId(),
    customerId: text('customer_id').notNull(),
    notes: text('notes').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'customer_notes_pkey', columns: [t.companyId, t.customerId] }),
    ofCompany('customer_notes_company_fk', t),
  ],
)

export const dossiers = pgTable(
  'dossiers',
  {
    id: entityId(),
    companyId: companyId(),
    customerId: text('customer_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'dossiers_pkey', columns: [t.companyId, t.id] }),
    ofCompany('dossiers_company_fk', t),
    index('dossiers_customer_idx').on(t.companyId, t.customerId, t.type),
    check('dossiers_type_check', inList(t.type, DOSSIER_TYPES)),
  ],
)

/**
 * A performed service. customer_id is the account's id, or null once the customer was erased
 * (the row and its lots stay for traceability, decision 079); dossier_id likewise.
 */
export const prestations = pgTable(
  'prestations',
  {
    id: entityId(),
    companyId: companyId(),
    dossierId: text('dossier_id'),
    customerId: text('customer_id'),
    day: date('day', { mode: 'string' }).notNull(),
    service: text('service').notNull(),
    practitionerId: text('practitioner_id'),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'prestations_pkey', columns: [t.companyId, t.id] }),
    ofCompany('prestations_company_fk', t),
    index('prestations_dossier_idx').on(t.companyId, t.dossierId, t.day),
    index('prestations_customer_idx').on(t.companyId, t.customerId),
  ],
)

/**
 * What a prestation used, copied from the lists at the time (a later edit or deletion of a
 * pigment does not rewrite history). The lot index serves the traceability search.
 */
export const LOT_KINDS = ['pigment', 'needle'] as const
export const prestationLots = pgTable(
  'prestation_lots',
  {
    companyId: companyId(),
    prestationId: text('prestation_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').$type<(typeof LOT_KINDS)[number]>().notNull(),
    itemId: text('item_id').notNull(),
    lot: text('lot').notNull(),
    /** pigment: brand; needle: type */
    product: text('product').notNull(),
    colour: text('colour'),
    expiry: date('expiry', { mode: 'string' }),
  },
  (t) => [
    primaryKey({
      name: 'prestation_lots_pkey',
      columns: [t.companyId, t.prestationId, t.position],
    }),
    foreignKey({
      name: 'prestation_lots_prestation_fk',
      columns: [t.companyId, t.prestationId],
      foreignColumns: [prestations.companyId, prestations.id],
    }).onDelete('cascade'),
    index('prestation_lots_lot_idx').on(t.companyId, t.lot),
    check('prestation_lots_kind_check', inList(t.kind, LOT_KINDS)),
  ],
)
