import type { CompanyInput } from '#contract/company.ts'
import type { CompanyRow, JsonObject } from '#server/db/schema/index.ts'
import { withoutPreview } from './theme-preview-rules.ts'

/**
 * The company as GET /api/companies/me sends it: the stored settings, with the row's token and
 * nickname (authoritative), the preview marker and the debug flag of this request. The
 * unpublished theme kept for preview is never part of it, unless this request previews it
 * (`themes`, docs/decisions/064-error-page-preview-and-shop-times.md).
 */
export function companyView(
  row: CompanyRow,
  request: { previewTheme: boolean; debug: boolean; themes?: JsonObject | undefined },
): CompanyInput {
  const data = withoutPreview(row.data) as Partial<CompanyInput>
  return {
    ...data,
    ...(request.themes ? { themes: request.themes } : {}),
    token: row.token,
    nickname: row.nickname,
    previewTheme: request.previewTheme,
    isDebug: data.isDebug === true || request.debug,
  } as CompanyInput
}
