import { useQuery } from '@tanstack/react-query'
import { islandApi } from '#islands/shared/island-api'
import { consentKeys } from './consents/consent-queries'
import { useStudioText } from './studio-text'

/**
 * Whether a service requires a consent form (docs/decisions/080-consent-record.md: an active
 * template names it). The consents screen writes the forms; the service form says which
 * applies, so the owner sees it where the service is edited (decision 088).
 */
export function ServiceConsentNote({ serviceId }: { serviceId: string | undefined }) {
  const { t } = useStudioText()
  const templates = useQuery({
    queryKey: consentKeys.templates,
    queryFn: () => islandApi.consents.list(),
  })
  if (!templates.data) return null
  const required = templates.data.some((c) => c.active && c.serviceId === serviceId)
  return (
    <p className="studio-consent-note">
      {t(required ? 'studio.catalogue.consentRequired' : 'studio.catalogue.consentNone')}
    </p>
  )
}
