import { useEffect, useState } from 'react'
import type { VisitPolicy } from '#contract/visit-policy'
import { readConfirmation } from '../booking/confirmation'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { PolicyNote } from './PolicyNote'

interface Props extends TranslatedProps {
  /** shop id -> its visit policy, from the build's snapshot */
  policies: Readonly<Record<string, VisitPolicy>>
}

/**
 * The confirmation page's word on cancelling and moving (docs/decisions/038-visit-policy.md):
 * the policy of the shop of the booking this tab just confirmed; nothing for another payment.
 */
export default function ConfirmationPolicy({ policies, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [shopId, setShopId] = useState<string | null>(null)
  useEffect(() => {
    const stored = readConfirmation()
    setShopId(stored?.confirmed ? stored.shopId : null)
  }, [])
  const policy = shopId === null ? undefined : policies[shopId]
  if (!mounted || !policy) return null
  return <PolicyNote t={t} policy={policy} heading="h2" />
}
