import * as z from 'zod/mini'
import { flag, maybe } from './common'
import { companyBooker } from './company-booker'
import { companyIdentity, menuLabels } from './company-identity'
import { companyThemes } from './company-theme'

/**
 * docs/product/3-entities.md Company: what GET /api/companies/me returns. Every default of docs/product/3-entities.md and 9-constants.md is applied
 * by parsing (values from constants.ts), so consumers read `company.booker.appointment
 * .cuttingHours` without a fallback. CompanyInput is what a back end or a tenant file may send.
 */
export const company = z.object({
  token: z.string().check(z.minLength(1)),
  nickname: z.string().check(z.minLength(1)),
  /** modules with a number up to this run (docs/product/6-roles.md) */
  version: z._default(z.int().check(z.nonnegative()), 0),
  stripeConnectEnabled: flag(false),
  stripeConnectId: maybe(z.string()),
  /** this payload carries a theme being previewed (docs/product/1-overview.md): no cookie dialog, message listener on */
  previewTheme: flag(false),
  isDebug: flag(false),
  identity: companyIdentity,
  themes: companyThemes,
  booker: companyBooker,
  menuLabels,
})
export type Company = z.infer<typeof company>
export type CompanyInput = z.input<typeof company>
