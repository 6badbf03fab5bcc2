/**
 * The typed HTTP client of spec §7/§8, shared by the build, the islands and the tests.
 * Start with `createApi(context)`; `callApi` sends any single def.
 */

export type { Api } from './client'
export { createApi } from './client'

export { resolveConfig } from './config'
export type { ApiContext } from './context'
export { contextFromEnv } from './context'
export { ApiError } from './errors'

export { getCompanyToken } from './startup'
