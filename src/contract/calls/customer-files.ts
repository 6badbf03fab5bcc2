import * as z from 'zod/mini'
import { defineCall } from '../call'
import { id } from '../common'
import {
  dossier,
  dossierBody,
  dossierType,
  lotNumber,
  lotUse,
  needle,
  needleBody,
  pigment,
  pigmentBody,
  prestation,
  prestationBody,
} from '../customer-files'
import { createCall, crudCalls, getCall, removeCall, updateCall } from './crud'

/**
 * The marketplace calls of docs/product/7-calls.md that hold customer files: pigments and
 * needles (the company's lists), dossiers and prestations, and the traceability search by lot.
 * Company users only; who may write what is decision 079
 * (docs/decisions/079-customer-files-and-erasure.md).
 */
const STAFF = { group: 'marketplace', auth: 'provider' } as const

/** every company user reads the lists; the server lets owners and managers change them */
export const pigmentsCalls = crudCalls(
  '/api/pigments',
  pigmentBody,
  pigment,
  'marketplace',
  'provider',
)
export const needlesCalls = crudCalls('/api/needles', needleBody, needle, 'marketplace', 'provider')

export const dossiersCalls = {
  /** a customer's dossiers, or with ?type only those of that type */
  list: defineCall({
    method: 'GET',
    path: '/api/dossiers',
    ...STAFF,
    query: z.object({ customerId: id, type: z.optional(dossierType) }),
    response: z.array(dossier),
  }),
  get: getCall('/api/dossiers', dossier, STAFF),
  create: createCall('/api/dossiers', dossierBody, dossier, STAFF),
  update: updateCall('/api/dossiers', dossierBody, dossier, STAFF),
}

export const prestationsCalls = {
  /** a dossier's prestations, newest first */
  list: defineCall({
    method: 'GET',
    path: '/api/prestations',
    ...STAFF,
    query: z.object({ dossierId: id }),
    response: z.array(prestation),
  }),
  get: getCall('/api/prestations', prestation, STAFF),
  create: createCall('/api/prestations', prestationBody, prestation, STAFF),
  update: updateCall('/api/prestations', prestationBody, prestation, STAFF),
  remove: removeCall('/api/prestations', STAFF),
  /** traceability: every use of a lot (pigment or needle) and the customer it touched */
  byLot: defineCall({
    method: 'GET',
    path: '/api/prestations/lots',
    ...STAFF,
    query: z.object({ lot: lotNumber }),
    response: z.array(lotUse),
  }),
}
