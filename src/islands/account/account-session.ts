import type { Customer } from '#contract/customer'
import type { LoyaltyCard } from '#contract/loyalty'
import { session } from '#stores/browser'
import { islandApi } from '../shared/island-api'

/**
 * The customer session as the account islands and the header menu share it (docs/product/4-states.md):
 * auto-login loads the profile once per page and logs out on a missing token, a failed call or
 * a missing user (src/api's customerMe calls the session's sign-out hook); logout calls the
 * customer logout, clears the token, customer and loyalty card, then goes home.
 */
export const SESSION_EVENT = 'account:change'

let profile: Promise<Customer | null> | null = null

function announce(): void {
  window.dispatchEvent(new CustomEvent(SESSION_EVENT))
}

/** The signed-in customer, or null (signed out, now or after a failed check). */
export function loadCustomer(): Promise<Customer | null> {
  if (!session.$session.get().customerToken) return Promise.resolve(null)
  profile ??= islandApi.users
    .me()
    .then((customer) => {
      if (customer) session.setCustomer(customer, session.$session.get().loyaltyCard)
      else announce()
      return customer
    })
    .catch((error: unknown) => {
      console.error('auto-login', error)
      session.logout('customer')
      announce()
      return null
    })
  return profile
}

/** The loyalty card, or null when the customer has none (the call's failures read as none). */
export async function loadLoyaltyCard(): Promise<LoyaltyCard | null> {
  const card = await islandApi.loyalty.current()
  session.setCustomer(session.$session.get().customer, card)
  return card
}

export function signInCustomer(token: string, customer: Customer): void {
  session.signIn('customer', token)
  session.setCustomer(customer)
  profile = Promise.resolve(customer)
  announce()
}

/** docs/product/4-states.md logout: the API call's errors are only logged; the session ends either way. */
export async function logoutCustomer(homeHref: string): Promise<void> {
  try {
    if (session.$session.get().customerToken) await islandApi.users.logout()
  } catch (error) {
    console.error('logout', error)
  }
  session.logout('customer')
  profile = null
  announce()
  location.assign(homeHref)
}
