import { and, desc, eq, isNull } from 'drizzle-orm'
import type { ConsentTemplate, ConsentVersion } from '#contract/consent.ts'
import {
  type ConsentFormat,
  type ConsentTexts,
  defaultConsentLocale,
  missingLanguages,
  nextVersionNumber,
} from '#domain/consent/rules.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  type CompanyRow,
  type ConsentTemplateRow,
  type ConsentVersionRow,
  consentTemplates,
  consentVersions,
  contentTables,
} from '#server/db/schema/index.ts'
import { badRequest, clock, notFound } from '#server/kernel/index.ts'
import { cleanTexts } from './sanitize.ts'

/**
 * The studio's templates (docs/decisions/080-consent-record.md): one per service and version
 * history. A write never changes a version: it adds the next one and points the template at it.
 */
export interface TemplateInput {
  readonly serviceId: string
  readonly format: ConsentFormat
  readonly texts: ConsentTexts
}

export const companyLocale = (company: CompanyRow) =>
  defaultConsentLocale((company.data.booker as { langs?: unknown } | undefined)?.langs)

const versionView = (row: ConsentVersionRow): ConsentVersion => ({
  id: row.id,
  number: row.number,
  format: row.format,
  texts: row.texts,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
})

function templateView(
  row: ConsentTemplateRow,
  current: ConsentVersionRow,
  versions?: readonly ConsentVersionRow[],
): ConsentTemplate {
  return {
    id: row.id,
    serviceId: row.serviceId,
    active: row.archivedAt === null,
    version: versionView(current),
    ...(versions ? { versions: versions.map(versionView) } : {}),
  }
}

/** The company's live templates with their current version, oldest first. */
export async function listTemplates(db: Db, companyId: number): Promise<ConsentTemplate[]> {
  const rows = await db
    .select({ template: consentTemplates, version: consentVersions })
    .from(consentTemplates)
    .innerJoin(
      consentVersions,
      and(
        eq(consentVersions.companyId, consentTemplates.companyId),
        eq(consentVersions.id, consentTemplates.currentVersionId),
      ),
    )
    .where(and(eq(consentTemplates.companyId, companyId), isNull(consentTemplates.archivedAt)))
    .orderBy(consentTemplates.createdAt, consentTemplates.id)
  return rows.map((r) => templateView(r.template, r.version))
}

async function templateRow(db: Db | Tx, companyId: number, id: string, lock = false) {
  const query = db
    .select()
    .from(consentTemplates)
    .where(and(eq(consentTemplates.companyId, companyId), eq(consentTemplates.id, id)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('No such consent form.')
  return row
}

/** One template (archived ones too: what was signed stays readable) with every version. */
export async function readTemplate(db: Db | Tx, companyId: number, id: string) {
  const row = await templateRow(db, companyId, id)
  const versions = await db
    .select()
    .from(consentVersions)
    .where(and(eq(consentVersions.companyId, companyId), eq(consentVersions.templateId, id)))
    .orderBy(desc(consentVersions.number))
  const current = versions.find((v) => v.id === row.currentVersionId)
  if (!current) throw notFound('No such consent form.')
  return templateView(row, current, versions)
}

/** The texts as kept, refused when the company's default language (or a given one) is empty. */
async function checkedTexts(db: Db | Tx, company: CompanyRow, input: TemplateInput) {
  const { articles } = contentTables
  const [service] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.companyId, company.id), eq(articles.id, input.serviceId)))
  if (!service) throw notFound('No such service.')
  const texts = cleanTexts(input.format, input.texts)
  const missing = missingLanguages(texts, companyLocale(company))
  if (missing.length > 0) {
    throw badRequest(`Consent text missing in: ${missing.join(', ')}.`, 'consentLanguageMissing')
  }
  return texts
}

async function addVersion(
  tx: Tx,
  companyId: number,
  templateId: string,
  input: TemplateInput,
  texts: ConsentTexts,
  by: string,
) {
  const numbers = await tx
    .select({ number: consentVersions.number })
    .from(consentVersions)
    .where(
      and(eq(consentVersions.companyId, companyId), eq(consentVersions.templateId, templateId)),
    )
  const [version] = await tx
    .insert(consentVersions)
    .values({
      companyId,
      templateId,
      number: nextVersionNumber(numbers.map((n) => n.number)),
      format: input.format,
      texts,
      createdBy: by,
      createdAt: clock.now(),
    })
    .returning({ id: consentVersions.id })
  if (!version) throw new Error('consent version not written')
  return version.id
}

export async function createTemplate(
  db: Db,
  company: CompanyRow,
  input: TemplateInput,
  by: string,
): Promise<ConsentTemplate> {
  return db.transaction(async (tx) => {
    const texts = await checkedTexts(tx, company, input)
    const now = clock.now()
    const [row] = await tx
      .insert(consentTemplates)
      .values({
        companyId: company.id,
        serviceId: input.serviceId,
        // set just below: the version needs the template's id first
        currentVersionId: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: consentTemplates.id })
    if (!row) throw new Error('consent template not written')
    const versionId = await addVersion(tx, company.id, row.id, input, texts, by)
    await point(tx, company.id, row.id, versionId, input.serviceId)
    return readTemplate(tx, company.id, row.id)
  })
}

const point = (tx: Tx, companyId: number, id: string, versionId: string, serviceId: string) =>
  tx
    .update(consentTemplates)
    .set({ currentVersionId: versionId, serviceId, updatedAt: clock.now() })
    .where(and(eq(consentTemplates.companyId, companyId), eq(consentTemplates.id, id)))

/** An edit: the next version, under the template's row lock (two edits never share a number). */
export async function updateTemplate(
  db: Db,
  company: CompanyRow,
  id: string,
  input: TemplateInput,
  by: string,
): Promise<ConsentTemplate> {
  return db.transaction(async (tx) => {
    const row = await templateRow(tx, company.id, id, true)
    if (row.archivedAt !== null) throw notFound('No such consent form.')
    const texts = await checkedTexts(tx, company, input)
    const versionId = await addVersion(tx, company.id, id, input, texts, by)
    await point(tx, company.id, id, versionId, input.serviceId)
    return readTemplate(tx, company.id, id)
  })
}

/** Archives: visits booked from now on no longer ask for it; versions and signatures stay. */
export async function archiveTemplate(db: Db, companyId: number, id: string): Promise<void> {
  const [row] = await db
    .update(consentTemplates)
    .set({ archivedAt: clock.now(), updatedAt: clock.now() })
    .where(
      and(
        eq(consentTemplates.companyId, companyId),
        eq(consentTemplates.id, id),
        isNull(consentTemplates.archivedAt),
      ),
    )
    .returning({ id: consentTemplates.id })
  if (!row) throw notFound('No such consent form.')
}
