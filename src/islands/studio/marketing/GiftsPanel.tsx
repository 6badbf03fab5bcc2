import { type FormEvent, useId, useState } from 'react'
import type { Company } from '#contract/index'
import { isGiftAmountAllowed } from '#domain/gift/gift-form'
import { parseAmount } from '#domain/marketing/coupon-form'
import { toDecimalString } from '#domain/money/minor-units'
import type { Locale } from '#i18n/index'
import { ImageUrlField } from '../ImageUrlField'
import { useStudioText } from '../studio-text'
import { SaveOutcome } from './SaveOutcome'
import { TranslatedFields, written } from './TranslatedFields'
import { useCompanySettings } from './use-company-settings'

type Booker = Company['booker']
type Theme = Booker['gifts']['themes'][number]

/** The amounts typed as '30; 50; 100' in major units; null when one is not an allowed voucher amount. */
function amountsOf(text: string, precision: number): number[] | null {
  const parts = text
    .split(/[;\s]+/)
    .map((p) => p.trim())
    .filter(Boolean)
  const minor = parts.map((p) => parseAmount(p, precision))
  if (minor.some((m) => m === null || !isGiftAmountAllowed(m)) || minor.length > 8) return null
  return [...new Set(minor as number[])].sort((a, b) => a - b)
}

/**
 * Gift vouchers (docs/product/5-rules.md): on sale or not, their themes (a name per language and a picture,
 * picked in the media library) and the amounts offered as one-click choices.
 */
export function GiftsPanel({ booker, locales }: { booker: Booker; locales: readonly Locale[] }) {
  const { t } = useStudioText()
  const id = useId()
  const save = useCompanySettings()
  const precision = booker.mCurrency.precision
  const [on, setOn] = useState(booker.gift)
  const [themes, setThemes] = useState<Theme[]>(booker.gifts.themes)
  const [amounts, setAmounts] = useState(
    booker.gifts.amounts.map((a) => toDecimalString(a, precision)).join('; '),
  )
  const parsed = amountsOf(amounts, precision)
  const ready =
    parsed !== null &&
    themes.every((th) => th.image.url && Object.keys(written(th.name)).length > 0)
  const change = (index: number, theme: Theme) =>
    setThemes(themes.map((th, i) => (i === index ? theme : th)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!parsed) return
    save.mutate((b) => ({ ...b, gift: on, gifts: { themes, amounts: parsed } }))
  }
  return (
    <form className="studio-marketing__form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.marketing.tab.gifts')}</h2>
      <span className="studio-marketing__check">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={on}
          onChange={(e) => setOn(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>{t('studio.marketing.gifts.enabled')}</label>
      </span>
      {themes.map((theme, index) => (
        <fieldset key={theme.id} className="studio-marketing__theme">
          <legend>{t('studio.marketing.gifts.theme', { number: index + 1 })}</legend>
          <TranslatedFields
            label={(language) => t('studio.marketing.titleIn', { language })}
            locales={locales}
            value={theme.name}
            onChange={(name) => change(index, { ...theme, name })}
          />
          <ImageUrlField
            label={t('studio.marketing.gifts.image')}
            value={theme.image.url || undefined}
            onChange={(url) =>
              change(index, { ...theme, image: { ...theme.image, url: url ?? '' } })
            }
          />
          <button type="button" onClick={() => setThemes(themes.filter((_, i) => i !== index))}>
            {t('studio.marketing.gifts.removeTheme', { number: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          setThemes([...themes, { id: `theme-${Date.now()}`, name: {}, image: { url: '' } }])
        }
      >
        {t('studio.marketing.gifts.addTheme')}
      </button>
      <span className="studio-marketing__field">
        <label htmlFor={`${id}-amounts`}>
          {t('studio.marketing.gifts.amounts', { currency: booker.mCurrency.code })}
        </label>
        <input
          id={`${id}-amounts`}
          value={amounts}
          aria-invalid={parsed === null}
          aria-describedby={`${id}-amounts-help`}
          onChange={(e) => setAmounts(e.target.value)}
        />
        <span
          id={`${id}-amounts-help`}
          className={parsed === null ? 'studio-marketing__error' : undefined}
        >
          {t(
            parsed === null
              ? 'studio.marketing.gifts.amountsError'
              : 'studio.marketing.gifts.amountsHelp',
          )}
        </span>
      </span>
      <span className="studio-marketing__buttons">
        <button type="submit" disabled={!ready || save.isPending}>
          {t('studio.marketing.publish')}
        </button>
      </span>
      <SaveOutcome error={save.error} saved={save.isSuccess} />
    </form>
  )
}
