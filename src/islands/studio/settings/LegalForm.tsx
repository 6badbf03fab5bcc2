import type { Company } from '#contract/index'
import { useStudioText } from '../studio-text'
import { TranslatedField } from './TextFields'

type Booker = Company['booker']
const TEXTS = ['mentions', 'cgv', 'cgu', 'rgpd', 'cookies'] as const

/**
 * The legal page's texts in the chosen language, as HTML: the API keeps only what the site's
 * allow-list lets through (src/domain/content/tenant-html-options.ts), and the build again.
 */
export function LegalForm({
  lang,
  booker,
  onBooker,
}: {
  lang: string
  booker: Booker
  onBooker: (booker: Booker) => void
}) {
  const { t } = useStudioText()
  return (
    <>
      {TEXTS.map((key) => (
        <TranslatedField
          key={key}
          multiline
          label={t(`studio.settings.legal.${key}`)}
          lang={lang}
          value={booker.textLegals[key]}
          onChange={(text) =>
            onBooker({ ...booker, textLegals: { ...booker.textLegals, [key]: text } })
          }
        />
      ))}
      <p className="studio-hint">{t('studio.settings.legal.hint')}</p>
    </>
  )
}
