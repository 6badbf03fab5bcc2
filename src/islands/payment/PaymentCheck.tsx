import { useEffect, useState } from 'react'
import { bookingCart } from '#stores/browser'
import { confirmPurchase } from '#stores/purchase'
import { markConfirmed } from '../booking/confirmation'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { returnStep } from './outcome'

export interface PaymentCheckProps extends TranslatedProps {
  /** localized /payments/success and /payments/fail */
  successHref: string
  failHref: string
}

const TRIES = 5
const WAIT_MS = 2000

/**
 * /payments/rdvcheck (docs/product/2-screens.md): the card payment's return page. Reads ?cartId=, asks the server
 * (POST /api/payment/success/:id, which asks the provider once more when not settled), then goes
 * to /payments/success or /payments/fail (outcome.ts returnStep); a payment still pending is
 * asked again a few times.
 */
function PaymentCheck(props: PaymentCheckProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state, setState] = useState<'checking' | 'missing' | 'pending'>('checking')

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on the return
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const cartId = params.get('cartId') ?? params.get('payId')
    if (!cartId) {
      setState('missing')
      return
    }
    let live = true
    const check = async (attempt: number): Promise<void> => {
      try {
        const answer = await islandApi.payment.success({ params: { id: cartId } })
        if (!live) return
        const next = returnStep(answer.status, params.get('returned') === 'err')
        if (next === 'success') {
          if (markConfirmed(cartId, answer.orderId)) bookingCart.clear()
          confirmPurchase(cartId, answer.orderId)
          location.replace(props.successHref)
          return
        }
        if (next === 'fail') {
          location.replace(props.failHref)
          return
        }
      } catch {
        if (!live) return
        if (attempt + 1 >= TRIES) {
          location.replace(props.failHref)
          return
        }
      }
      if (attempt + 1 >= TRIES) {
        setState('pending')
        return
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS))
      if (live) await check(attempt + 1)
    }
    void check(0)
    return () => {
      live = false
    }
  }, [])

  if (!mounted) return null
  return (
    <p role="status" aria-live="polite">
      {state === 'missing'
        ? t.t('payment.rdvcheck.missing')
        : state === 'pending'
          ? t.t('payment.processing')
          : t.t('payment.rdvcheck.checking')}
    </p>
  )
}

export default PaymentCheck
