import { useStudioText } from '../studio-text'
import { useConsentState } from './consent-queries'

/**
 * An appointment's consent mark in the agenda (docs/decisions/080-consent-record.md): signed, or
 * still to sign; nothing for a visit whose services ask for no form.
 */
export function ConsentBadge({ ideorder, day }: { ideorder: string; day: string }) {
  const { t } = useStudioText()
  const state = useConsentState(ideorder, day)
  if (!state) return null
  const signed = state.state === 'signed'
  return (
    <span className={`studio-consent studio-consent--${state.state}`}>
      {signed ? t('studio.consent.signed') : t('studio.consent.pending')}
    </span>
  )
}
