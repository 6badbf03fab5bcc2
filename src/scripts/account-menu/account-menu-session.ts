/**
 * The signed-in half of the account menu (loaded only when a customer token is stored): the
 * auto-login of docs/product/4-states.md (src/islands/account/account-session, shared with the account pages)
 * and logout.
 */
import { loadCustomer, loadLoyaltyCard, logoutCustomer } from '#islands/account/account-session'

/** What the header and drawer menus show (account-menu.ts applies it). */
export interface MenuView {
  signedIn: boolean
  hasLoyaltyCard?: boolean | undefined
  name?: string | undefined
  email?: string | undefined
}

export async function verify(apply: (view: MenuView) => void): Promise<void> {
  const customer = await loadCustomer()
  if (!customer) {
    apply({ signedIn: false })
    return
  }
  const profile = customer.profiles[0]
  const name = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ') || customer.email
  apply({ signedIn: true, name, email: customer.email })
  const card = await loadLoyaltyCard()
  apply({ signedIn: true, name, email: customer.email, hasLoyaltyCard: card !== null })
}

export function logout(home: string): Promise<void> {
  return logoutCustomer(home)
}
