/**
 * The typed HTTP client of spec §7/§8, shared by the build, the islands and the tests.
 * Start with `createApi(context)`; `callApi` sends any single def.
 */
export { bindArea, bindContract } from './bind'
export type { Api } from './client'
export { createApi } from './client'
export type { ApiConfig, BaseName, Bases, ConfigEnv, Side } from './config'
export { baseFor, CONFIG_VARS, DEFAULT_SERVER_URL, GROUP_BASE, resolveConfig } from './config'
export type { ApiContext, ContextSource } from './context'
export { BASE_LOCALE, bearerOf, contextFromEnv, readContext, withContext } from './context'
export {
  ApiError,
  GENERIC_MESSAGE,
  HttpError,
  INVALID_REQUEST,
  INVALID_RESPONSE,
  UNAVAILABLE,
} from './errors'
export { callApi } from './request'
export type { Company } from './startup'
export { getCompanyToken, loadCompany, resolveCompany } from './startup'
export type { ApiArgs, ApiInput, AreaClient, CallFn, CallOptions } from './types'
export { MISSING_PARAMS } from './wrappers/appointments'
export type { LoginResult } from './wrappers/users'
