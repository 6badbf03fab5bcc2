import * as z from 'zod/mini'
import { email, flag, id, line, maybe } from './common'

/** docs/product/3-entities.md profile: the customer's identity; profiles[0] is the one shown. */
export const customerProfile = z.object({
  firstname: z._default(line, ''),
  lastname: z._default(line, ''),
  city: maybe(line),
  /** ISO 3166-1 alpha-2, used to read the phone number */
  country: maybe(line),
  /** E.164 preferred ('+33612345678') */
  phone: maybe(line),
  /** the customer's code in the back office, used to find a profile (GET /api/profiles/code) */
  code: maybe(line),
})
export type CustomerProfile = z.infer<typeof customerProfile>

/** docs/product/3-entities.md: the link of a customer account to the back-office customer of the company. */
export const customerLink = z.object({ artebeauteId: id })

/**
 * A contact of the customer's the company's messages could not reach for good (a hard bounce,
 * an invalid number: docs/decisions/054-messages-on-nodemailer.md); our addition to the spec.
 */
const unreachableContact = z.enum(['email', 'phone'])
export type UnreachableContact = z.infer<typeof unreachableContact>

export const customer = z.object({
  id,
  email,
  profiles: z._default(z.array(customerProfile), []),
  links: z._default(z.array(customerLink), []),
  /** set in login replies; never part of a stored user */
  token: maybe(z.string()),
  /** the account has no password yet (social sign-in): PUT /api/users/password/set applies */
  noPass: flag(false),
  /**
   * In the answers of the customer's own session only (me, login, registration, profile):
   * what they are asked to correct. Absent when nothing is unreachable.
   */
  unreachable: z.optional(z.array(unreachableContact)),
})
export type Customer = z.infer<typeof customer>

/** docs/product/3-entities.md Provider: a company user. */
export const provider = z.object({
  id,
  email,
  firstname: z._default(line, ''),
  lastname: z._default(line, ''),
  /** back-office shops this user is linked to (POST /api/cmpusers/link/:id) */
  artebeauteIds: z._default(z.array(id), []),
  token: maybe(z.string()),
  /**
   * The studio role (docs/decisions/072-studio-roles.md), kept in the account's profile. Our
   * addition: absent until the server's provider view reads it; the studio then infers it.
   */
  studioRole: maybe(z.enum(['owner', 'manager', 'practitioner'])),
  /** a practitioner's own resources (employees), whose agenda they see */
  resourceIds: maybe(z.array(id)),
})
export type Provider = z.infer<typeof provider>

/** An access account (docs/product/7-calls.md Access), the third account kind. */
export const accessAccount = z.object({
  id,
  email,
  name: z._default(line, ''),
  /** what the account may open; no values are fixed, the server decides */
  scopes: z._default(z.array(z.string()), []),
})

/** The back-office view of a customer (customers calls), used by providers. */
export const backOfficeCustomer = z.object({
  artebeauteId: id,
  firstname: z._default(line, ''),
  lastname: z._default(line, ''),
  email: maybe(z.string()),
  phone: maybe(line),
})
export type BackOfficeCustomer = z.infer<typeof backOfficeCustomer>
