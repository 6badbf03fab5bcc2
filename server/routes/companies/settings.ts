import { eq } from 'drizzle-orm'
import { companiesCalls } from '#contract/calls/companies.ts'
import { type Company, company as companySchema } from '#contract/company.ts'
import { type CompanyRow, companies, type JsonObject } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { AppDeps } from '#server/http/types.ts'
import { notFound } from '#server/kernel/index.ts'
import { cleanRichText } from '#server/services/content/index.ts'
import { companyView } from './view.ts'

/**
 * Company administration (docs/product/7-calls.md CRUD on /api/companies), for the providers of a company and
 * of that company only. The contract's Company has no id: `:id` is the company token, the
 * public identifier every client already sends in the `company` header (host and nickname are
 * not ids: a host is not part of the Company, nicknames are not unique). Another company's
 * token is 404, as any other company's row.
 */

const stored = (row: CompanyRow) => companyView(row, { previewTheme: false, debug: false })

function own(company: CompanyRow, id: string): CompanyRow {
  if (id !== company.token) throw notFound('No such company.')
  return company
}

/** Keys of `data` the contract does not know (our `offline` switch): a PUT keeps them. */
function serverOnly(data: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !(key in companySchema.shape)))
}

/**
 * The legal texts are kept clean by the site's tenant HTML policy, as posts are
 * (docs/decisions/089-site-settings-and-key-store.md): the studio and any caller get back what
 * the site will show; the build still sanitises at render.
 */
function withCleanLegals(booker: Company['booker']): Company['booker'] {
  const legals = booker.textLegals
  return {
    ...booker,
    textLegals: {
      rgpd: cleanRichText(legals.rgpd),
      mentions: cleanRichText(legals.mentions),
      cgv: cleanRichText(legals.cgv),
      cgu: cleanRichText(legals.cgu),
      cookies: cleanRichText(legals.cookies),
    },
  }
}

type Action = 'update' | 'delete'

/**
 * Writes the company and records its `company` publish webhook in one transaction, then drops
 * the cached company of this token so the next request (GET /api/companies/me first) sees the
 * change at once instead of after the resolver's TTL.
 */
async function write<T>(
  deps: AppDeps,
  row: CompanyRow,
  action: Action,
  change: (tx: AppDeps['db']) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    const { id: companyId, host, token: id } = row
    // settings and theme show on every page of every language
    const event = { companyId, host, kind: 'company', id, action, languages: 'all' } as const
    // Recorded before the change: a deleted company's webhook row must reference it when written.
    await deps.publisher.record(tx, event)
    return change(tx)
  })
  deps.publisher.notify()
  deps.companies.invalidate(row.token)
  return result
}

export const companySettingsRoutes: RouteSpec[] = [
  handle(companiesCalls.list, async ({ company }) => [stored(company)]),

  handle(companiesCalls.get, async ({ company, params }) => stored(own(company, params.id))),

  handle(companiesCalls.update, async ({ c, company, params, body }) => {
    const row = own(company, params.id)
    // previewTheme marks one response (GET /me with previewtheme), it is not a setting.
    const { previewTheme: _preview, ...sent } = body
    const settings = { ...sent, booker: withCleanLegals(sent.booker) }
    const saved = await write(c.var.deps, row, 'update', async (tx) => {
      // The resolver's row may be up to its TTL old: merge with the row as it is now.
      const [current] = await tx
        .select({ data: companies.data })
        .from(companies)
        .where(eq(companies.id, row.id))
        .for('update')
      // Deleted meanwhile: throwing rolls the webhook back with it.
      if (!current) throw notFound('No such company.')
      const data = { ...serverOnly(current.data), ...settings, token: row.token }
      const [updated] = await tx
        .update(companies)
        .set({ data, nickname: settings.nickname, updatedAt: new Date() })
        .where(eq(companies.id, row.id))
        .returning()
      if (!updated) throw notFound('No such company.')
      return updated
    })
    return stored(saved)
  }),

  /** Deleting a company deletes everything it owns (foreign keys cascade); its webhook stays. */
  handle(companiesCalls.remove, async ({ c, company, params }) => {
    const row = own(company, params.id)
    await write(c.var.deps, row, 'delete', async (tx) => {
      await tx.delete(companies).where(eq(companies.id, row.id))
    })
    return { ok: true }
  }),
]
