import type { CompanyRow } from '#server/db/schema/index.ts'

/** Test support: a company row as the resolver gives it (alpha.localhost unless told otherwise). */
export function companyRow(overrides: Partial<CompanyRow> = {}): CompanyRow {
  return {
    id: 1,
    host: 'alpha.localhost',
    token: 'alpha-token',
    nickname: 'Alpha',
    data: {},
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  }
}

export const withSms = (sms: unknown, overrides: Partial<CompanyRow> = {}) =>
  companyRow({ ...overrides, data: { booker: { sms } } as CompanyRow['data'] })
