import * as z from 'zod/mini'
import { defineCall } from '../call'
import { companySecretName, companySecretStates, companySecretValue } from '../company-secrets'
import { FIRST_OWNER } from './crud'

/**
 * The company's write-only key store (docs/decisions/089-site-settings-and-key-store.md): the
 * owner sets, replaces or clears a provider's secret; every answer says only which are set.
 */
const nameParams = z.object({ name: companySecretName })

export const companySecretsCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/companies/secrets',
    ...FIRST_OWNER,
    response: companySecretStates,
  }),
  put: defineCall({
    method: 'PUT',
    path: '/api/companies/secrets/:name',
    ...FIRST_OWNER,
    params: nameParams,
    body: z.object({ value: companySecretValue }),
    response: companySecretStates,
  }),
  clear: defineCall({
    method: 'DELETE',
    path: '/api/companies/secrets/:name',
    ...FIRST_OWNER,
    params: nameParams,
    response: companySecretStates,
  }),
}
