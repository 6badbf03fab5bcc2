import * as z from 'zod/mini'
import { defineCall } from '../call'
import { ack, id } from '../common'
import {
  consentForm,
  consentSignature,
  consentSignBody,
  consentTarget,
  consentTemplate,
  consentTemplateBody,
  consentView,
  consentVisitState,
  consentVisitsQuery,
} from '../consent'
import { idParams } from '../query'

/**
 * The spec's consentements (docs/product/7-calls.md, marketplace services), as the studio and
 * the storefront use them (docs/decisions/080-consent-record.md): templates per service, read by
 * every company user and written by the owner; each write publishes a version. The visitor's
 * calls take the e-mail's link or, signed in, their own order; POST, so the link never sits in
 * a URL that request logs keep.
 */
const STAFF = { group: 'marketplace', auth: 'provider' } as const
const OWNER = { ...STAFF, ownerOnly: true } as const
const VISITOR = { group: 'marketplace', auth: 'optional' } as const

export const consentsCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/consentements',
    ...STAFF,
    response: z.array(consentTemplate),
  }),
  /** one template with every version, newest first */
  get: defineCall({
    method: 'GET',
    path: '/api/consentements/:id',
    ...STAFF,
    params: idParams,
    response: consentTemplate,
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/consentements',
    ...OWNER,
    body: consentTemplateBody,
    response: consentTemplate,
  }),
  /** publishes a new version; what was signed keeps its own */
  update: defineCall({
    method: 'PUT',
    path: '/api/consentements/:id',
    ...OWNER,
    params: idParams,
    body: consentTemplateBody,
    response: consentTemplate,
  }),
  /** archives: no longer asked for, its versions and signatures kept */
  remove: defineCall({
    method: 'DELETE',
    path: '/api/consentements/:id',
    ...OWNER,
    params: idParams,
    response: ack,
  }),
  /** the agenda: the visits of these days that need a form, within the user's reach */
  visits: defineCall({
    method: 'GET',
    path: '/api/consentements/visits',
    ...STAFF,
    query: consentVisitsQuery,
    response: z.array(consentVisitState),
  }),
  /** a customer's signed forms, newest first (a customer the user reaches) */
  signed: defineCall({
    method: 'GET',
    path: '/api/consentements/signed',
    ...STAFF,
    query: z.object({ customerId: id }),
    response: z.array(consentSignature),
  }),
  /** the visitor's page: the forms of the visit, in their language */
  form: defineCall({
    method: 'POST',
    path: '/api/consentements/form',
    ...VISITOR,
    body: consentTarget,
    response: consentView,
  }),
  /** signs one form; signing it again answers the first signature */
  sign: defineCall({
    method: 'POST',
    path: '/api/consentements/sign',
    ...VISITOR,
    body: consentSignBody,
    response: consentForm,
  }),
}
