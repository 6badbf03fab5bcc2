import type { Company } from '#contract/index'
import { ImageUrlField } from '../ImageUrlField'
import { useStudioText } from '../studio-text'
import { TextField } from './TextFields'

type Booker = Company['booker']
const IDS = ['ganalytics', 'gaConversionId', 'gaConversionLabel', 'klaviyoPublicKey'] as const

/**
 * The favicon and the third parties' public identifiers (spec, company settings): they go to
 * every browser, and the site loads them only after consent. No secret belongs here: those are
 * the payment section's key store.
 */
export function ServicesForm({
  booker,
  onBooker,
}: {
  booker: Booker
  onBooker: (booker: Booker) => void
}) {
  const { t } = useStudioText()
  const favicon = booker.favicon ?? {}
  return (
    <>
      <fieldset>
        <legend>{t('studio.settings.services.favicon')}</legend>
        <ImageUrlField
          label={t('studio.settings.services.faviconImage')}
          value={favicon.image}
          onChange={(image) => onBooker({ ...booker, favicon: { ...favicon, image } })}
        />
        <TextField
          label={t('studio.settings.services.faviconTitle')}
          value={favicon.title}
          onChange={(title) => onBooker({ ...booker, favicon: { ...favicon, title } })}
        />
      </fieldset>
      <fieldset>
        <legend>{t('studio.settings.services.legend')}</legend>
        {IDS.map((key) => (
          <TextField
            key={key}
            label={t(`studio.settings.services.${key}`)}
            value={booker[key]}
            onChange={(value) => onBooker({ ...booker, [key]: value })}
          />
        ))}
        <TextField
          label={t('studio.settings.services.mapsKey')}
          value={booker.maps?.apiKey}
          onChange={(apiKey) =>
            onBooker({ ...booker, maps: apiKey ? { provider: 'google', apiKey } : undefined })
          }
        />
      </fieldset>
    </>
  )
}
