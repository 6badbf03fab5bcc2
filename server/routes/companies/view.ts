import type { CompanyInput } from '#contract/company.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'

/**
 * The company as GET /api/companies/me sends it: the stored settings, with the row's token and
 * nickname (authoritative), the preview marker and the debug flag of this request.
 */
export function companyView(
  row: CompanyRow,
  request: { previewTheme: boolean; debug: boolean },
): CompanyInput {
  const data = row.data as Partial<CompanyInput>
  return {
    ...data,
    token: row.token,
    nickname: row.nickname,
    previewTheme: request.previewTheme,
    isDebug: data.isDebug === true || request.debug,
  } as CompanyInput
}
