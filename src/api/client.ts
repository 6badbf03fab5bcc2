import { calls } from '#contract/calls/index'
import { bindContract } from './bind'
import type { ContextSource } from './context'
import { companyOfHost, getCompanyToken, loadCompany } from './startup'
import { appointmentsCreate, appointmentsPeriod, priceTimes } from './wrappers/appointments'
import {
  isOffline,
  isPaymentConnected,
  loyaltyCard,
  stockOf,
  updatePaymentMessage,
} from './wrappers/swallowed'
import {
  customerMe,
  login,
  passwordSet,
  passwordUpdate,
  profileUpdate,
  providerMe,
} from './wrappers/users'

/**
 * The typed client of docs/product/7-calls.md: `api.<area>.<call>(input?, options?)` for every call of
 * src/contract/calls, with the calls that docs/product/5-rules.md, docs/product/8-errors.md give special failure rules replaced by
 * their wrappers (./wrappers). Everything else throws ApiError, or HttpError/the transport
 * error for the bookingAdmin and stats groups.
 */
export function createApi(source: ContextSource) {
  const api = bindContract(source, calls)
  // Fixes the context of a wrapper, keeping the rest of its argument list.
  const bind =
    <A extends unknown[], R>(fn: (source: ContextSource, ...args: A) => R) =>
    (...args: A): R =>
      fn(source, ...args)
  return {
    ...api,
    companies: { ...api.companies, offline: bind(isOffline) },
    users: {
      ...api.users,
      me: bind(customerMe),
      login: bind(login),
      passwordUpdate: bind(passwordUpdate),
      passwordSet: bind(passwordSet),
      profileUpdate: bind(profileUpdate),
    },
    cmpusers: { ...api.cmpusers, me: bind(providerMe) },
    loyalty: { ...api.loyalty, current: bind(loyaltyCard) },
    payment: {
      ...api.payment,
      connect: bind(isPaymentConnected),
      updateMessage: bind(updatePaymentMessage),
    },
    eshop: { ...api.eshop, stock: bind(stockOf) },
    appointments: {
      ...api.appointments,
      period: bind(appointmentsPeriod),
      create: bind(appointmentsCreate),
      priceTimes: bind(priceTimes),
    },
    /** docs/product/7-calls.md Startup */
    startup: {
      getCompanyToken: bind(getCompanyToken),
      loadCompany: bind(loadCompany),
      companyOfHost: bind(companyOfHost),
    },
  }
}

export type Api = ReturnType<typeof createApi>
