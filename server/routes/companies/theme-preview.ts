import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { companiesCalls } from '#contract/calls/companies.ts'
import { THEME_PREVIEW_HOURS } from '#contract/constants.ts'
import { type CompanyRow, companies, type JsonObject } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { Subject } from '#server/kernel/index.ts'
import { notFound } from '#server/kernel/index.ts'
import { hashPreviewToken, previewedThemes, THEME_PREVIEW_KEY } from './theme-preview-rules.ts'

/**
 * Theme preview at run time (docs/decisions/064-error-page-preview-and-shop-times.md): a
 * provider keeps an unpublished theme (POST /api/companies/preview) and the static site, opened
 * with `?previewtheme=<token>` by a signed-in provider, loads GET /api/companies/me with that
 * token and the provider's bearer and applies it. Keeping a theme publishes nothing: no webhook,
 * no rebuild; only the company cache is dropped so /me sees it at once.
 */

const HOUR_MS = 3_600_000

export const themePreviewRoutes: RouteSpec[] = [
  handle(companiesCalls.previewTheme, async ({ c, company, body }) => {
    const { db } = c.var.deps
    const previewToken = randomBytes(24).toString('base64url')
    const expiresAt = new Date(Date.now() + THEME_PREVIEW_HOURS * HOUR_MS).toISOString()
    const preview = {
      tokenHash: hashPreviewToken(previewToken),
      themes: body.themes as JsonObject,
      expiresAt,
    }
    await db.transaction(async (tx) => {
      // merged with the row as it is now: a settings update meanwhile is kept
      const [current] = await tx
        .select({ data: companies.data })
        .from(companies)
        .where(eq(companies.id, company.id))
        .for('update')
      if (!current) throw notFound('No such company.')
      await tx
        .update(companies)
        .set({ data: { ...current.data, [THEME_PREVIEW_KEY]: preview } })
        .where(eq(companies.id, company.id))
    })
    c.var.deps.companies.invalidate(company.token)
    return { previewToken, expiresAt }
  }),
]

/**
 * The themes GET /api/companies/me previews: the request's `previewtheme` token is the company's
 * kept preview and its bearer a provider of this company (/me takes an optional bearer: a dead
 * one is 401 before this). A customer, no session or another token gets the published company,
 * as everyone does.
 */
export function previewRequested(
  company: CompanyRow,
  token: string,
  subject: Subject | undefined,
): JsonObject | undefined {
  if (subject?.kind !== 'provider') return undefined
  return previewedThemes(company.data, token, new Date())
}
