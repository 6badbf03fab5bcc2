/**
 * The typed HTTP client of docs/product/7-calls.md, docs/product/8-errors.md, shared by the build, the islands and the tests.
 * Start with `createApi(context)`; `callApi` sends any single def.
 */

export type { Api } from './client'
export { createApi } from './client'

export { resolveConfig } from './config'
export type { ApiContext } from './context'
export { contextFromEnv } from './context'
export { ApiError } from './errors'

export { getCompanyToken } from './startup'
