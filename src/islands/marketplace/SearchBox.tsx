import type { KeyboardEvent } from 'react'
import { RADIUS_KM } from '#contract/constants'
import type { AppTranslator } from '#i18n/messages'
import { CityOptions } from './CityOptions'
import type { CityCombo } from './city-combobox'
import type { CityOption } from './city-options'
import { Svg, TARGET } from './ShopCard'
import type { Locate } from './search-reducer'

interface SearchBoxProps {
  t: AppTranslator
  id: string
  action: string
  text: string
  locate: Locate
  located: boolean
  /** the id of the shown locate message, which describes the button */
  describedBy: string | undefined
  onText(text: string): void
  onLocate(): void
  /** the city autocomplete (city-combobox.ts) */
  cities: {
    options: readonly CityOption[]
    combo: CityCombo
    onKey(event: KeyboardEvent<HTMLInputElement>): void
    onChoose(index: number): void
    onClose(): void
  }
}

/** The search field and the locate icon (pressed once located; its label says when blocked). */
export function SearchBox({ t, id, locate, cities, ...props }: SearchBoxProps) {
  const listId = `${id}-cities`
  const expanded = cities.combo.open && cities.options.length > 0
  const active =
    expanded && cities.combo.active >= 0 ? `${listId}-${cities.combo.active}` : undefined
  const locateLabel =
    locate === 'blocked'
      ? `${t.t('mkp.search.locateMe')} (${t.t('mkp.search.blocked')})`
      : locate === 'locating'
        ? t.t('mkp.search.locating')
        : t.t('mkp.search.locateMe')
  return (
    <search>
      <form
        className="search-box"
        action={props.action}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          {t.t('mkp.search.label')}
        </label>
        <div className="city-combobox">
          <input
            id={`${id}-q`}
            name="q"
            // a text field: HTML allows the combobox role on it, not on type="search"
            type="text"
            inputMode="search"
            enterKeyHint="search"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active}
            placeholder={t.t('mkp.search.placeholder')}
            autoComplete="off"
            value={props.text}
            onChange={(event) => props.onText(event.currentTarget.value)}
            onKeyDown={cities.onKey}
            onBlur={cities.onClose}
          />
          <CityOptions
            id={listId}
            label={t.t('mkp.search.cities')}
            options={cities.options}
            combo={cities.combo}
            credit={t.t('mkp.search.placesCredit')}
            onChoose={cities.onChoose}
          />
        </div>
        <button
          type="button"
          className={`icon-button locate-button locate-button--${locate}`}
          aria-label={locateLabel}
          aria-describedby={props.describedBy}
          aria-pressed={props.located}
          data-state={locate}
          onClick={props.onLocate}
        >
          <Svg path={TARGET} />
        </button>
      </form>
    </search>
  )
}

/** The radius around the visitor, 1-250 km, read out in km. */
export function RadiusSlider({
  t,
  id,
  radiusKm,
  onRadius,
}: {
  t: AppTranslator
  id: string
  radiusKm: number
  onRadius(km: number): void
}) {
  return (
    <div className="radius">
      <label htmlFor={`${id}-radius`}>{t.t('mkp.search.radius')}</label>
      <input
        id={`${id}-radius`}
        type="range"
        min={RADIUS_KM.min}
        max={RADIUS_KM.max}
        step={1}
        value={radiusKm}
        aria-valuetext={t.t('mkp.search.radiusValue', { km: radiusKm })}
        onChange={(event) => onRadius(Number(event.currentTarget.value))}
      />
      <output htmlFor={`${id}-radius`}>{t.t('mkp.search.radiusValue', { km: radiusKm })}</output>
    </div>
  )
}
