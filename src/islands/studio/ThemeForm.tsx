import { useId } from 'react'
import type { CompanyThemes, Font, ThemeColours } from '#contract/index'
import { useStudioText } from './studio-text'

/** The colours the form edits, in each scheme; the others keep their saved value. */
const COLOURS = ['headerColor', 'menuColor', 'buttonsColor', 'footerColor'] as const
const FONTS = ['headerFont', 'bodyFont'] as const
type Scheme = 'light' | 'dark'

/** `<input type="color">` only takes #rrggbb: a short hex is widened, anything else shown black. */
function hex6(value: string | undefined): string {
  if (!value) return '#000000'
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase()
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value)
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : '#000000'
}

/**
 * The theme's fields (src/contract/company-theme.ts): colours of both schemes, which one the
 * site shows, two fonts and the custom CSS. Every change goes to the draft at once, so the
 * preview follows while typing; nothing is saved here.
 */
export function ThemeForm({
  themes,
  onChange,
}: {
  themes: CompanyThemes
  onChange: (themes: CompanyThemes) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const setColour = (scheme: Scheme, field: keyof ThemeColours, value: string) =>
    onChange({
      ...themes,
      general: { ...themes.general, [scheme]: { ...themes.general[scheme], [field]: value } },
    })
  const setFont = (field: (typeof FONTS)[number], font: Partial<Font>) => {
    const next = { name: '', ...themes[field], ...font }
    onChange({ ...themes, [field]: next.name ? next : undefined })
  }
  return (
    <>
      {(['light', 'dark'] as const).map((scheme) => (
        <fieldset key={scheme} className="studio-theme__colours">
          <legend>{t(`studio.theme.${scheme}`)}</legend>
          {COLOURS.map((field) => (
            <label key={field}>
              <input
                type="color"
                name={`${scheme}.${field}`}
                value={hex6(themes.general[scheme][field])}
                onChange={(event) => setColour(scheme, field, event.target.value)}
              />{' '}
              {t(`studio.theme.colour.${field}`)}
            </label>
          ))}
        </fieldset>
      ))}
      <label className="studio-check">
        <input
          type="checkbox"
          checked={themes.dark}
          onChange={(event) => onChange({ ...themes, dark: event.target.checked })}
        />{' '}
        {t('studio.theme.darkShown')}
      </label>
      {FONTS.map((field) => (
        <fieldset key={field}>
          <legend>{t(`studio.theme.${field}`)}</legend>
          <label htmlFor={`${id}-${field}-name`}>{t('studio.theme.fontName')}</label>
          <input
            id={`${id}-${field}-name`}
            value={themes[field]?.name ?? ''}
            maxLength={64}
            pattern="[\w\s\-]{1,64}"
            onChange={(event) => setFont(field, { name: event.target.value })}
          />
          <label htmlFor={`${id}-${field}-url`}>{t('studio.theme.fontUrl')}</label>
          <input
            id={`${id}-${field}-url`}
            type="url"
            value={themes[field]?.url ?? ''}
            onChange={(event) => setFont(field, { url: event.target.value || undefined })}
          />
        </fieldset>
      ))}
      <label htmlFor={`${id}-css`}>{t('studio.theme.customCss')}</label>
      <textarea
        id={`${id}-css`}
        rows={6}
        spellCheck={false}
        value={themes.customCss}
        onChange={(event) => onChange({ ...themes, customCss: event.target.value })}
      />
      <p className="studio-hint">{t('studio.theme.customCssHint')}</p>
    </>
  )
}
