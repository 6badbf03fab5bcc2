import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { Customer } from '#contract/customer'
import { session } from '#stores/browser'
import { loadCustomer } from './account-session'

export type CustomerState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'ready'; customer: Customer }

/**
 * The signed-in customer for an account page: loading until the auto-login answered, then
 * ready or signed out; a session ended meanwhile (a 401 on any call) reads as signed out.
 */
export function useCustomer(): [CustomerState, (customer: Customer) => void] {
  const [state, setState] = useState<CustomerState>({ status: 'loading' })
  const { customerToken } = useStore(session.$session)
  useEffect(() => {
    let live = true
    void loadCustomer().then((customer) => {
      if (live) setState(customer ? { status: 'ready', customer } : { status: 'signed-out' })
    })
    return () => {
      live = false
    }
  }, [])
  const update = (customer: Customer) => {
    session.setCustomer(customer, session.$session.get().loyaltyCard)
    setState({ status: 'ready', customer })
  }
  if (!customerToken && state.status === 'ready') return [{ status: 'signed-out' }, update]
  return [state, update]
}
