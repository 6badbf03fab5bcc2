import { useQuery } from '@tanstack/react-query'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from '../studio-text'
import { ConsentBadge } from './ConsentBadge'
import { consentKeys } from './consent-queries'

/**
 * In an appointment's details: the visit's consent mark and the forms its customer signed, each
 * with its version, who typed their name and when (docs/decisions/080-consent-record.md).
 */
export function ConsentDetails({
  ideorder,
  day,
  customerId,
  timeZone,
}: {
  ideorder: string
  day: string
  customerId: string
  timeZone: string
}) {
  const { t, locale } = useStudioText()
  const signed = useQuery({
    queryKey: consentKeys.signed(customerId),
    queryFn: () => islandApi.consents.signed({ query: { customerId } }),
    enabled: customerId !== '',
  })
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    )
  return (
    <section className="studio-consent-details" aria-label={t('studio.consent.heading')}>
      <p>
        <ConsentBadge ideorder={ideorder} day={day} />
      </p>
      {signed.isError && <p role="alert">{t('studio.consent.loadError')}</p>}
      {signed.data && signed.data.length > 0 && (
        <>
          <h3>{t('studio.consent.customerSigned')}</h3>
          <ul>
            {signed.data.map((s) => (
              <li key={s.id}>
                {t('studio.consent.signedLine', {
                  title: s.title,
                  version: s.versionNumber,
                  name: s.fullName,
                  when: when(s.signedAt),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
