import type { SiteDraft } from '../use-theme-editor'
import { HomeForm } from './HomeForm'
import { LanguagesForm } from './LanguagesForm'
import { LegalForm } from './LegalForm'
import { MenusForm } from './MenusForm'
import { PaymentForm } from './PaymentForm'
import { ServicesForm } from './ServicesForm'

/** The settings sections beside the theme (docs/decisions/089-site-settings-and-key-store.md). */
export const SETTINGS_SECTIONS = [
  'theme',
  'menus',
  'home',
  'languages',
  'legal',
  'services',
  'payment',
] as const
export type SettingsSectionName = (typeof SETTINGS_SECTIONS)[number]

/** The page of the site a section shows in the frame; none: the frame stays where it is. */
export function sectionPage(section: SettingsSectionName, home: string): string | undefined {
  if (section === 'legal') return `${home}legal/`
  return section === 'menus' || section === 'home' || section === 'theme' ? home : undefined
}

/** The form of one section other than the theme, editing the draft. */
export function SettingsSection({
  section,
  lang,
  draft,
  onDraft,
}: {
  section: Exclude<SettingsSectionName, 'theme'>
  lang: string
  draft: SiteDraft
  onDraft: (draft: SiteDraft) => void
}) {
  const booker = draft.booker
  const onBooker = (next: SiteDraft['booker']) => onDraft({ ...draft, booker: next })
  switch (section) {
    case 'menus':
      return (
        <MenusForm
          lang={lang}
          booker={booker}
          labels={draft.menuLabels}
          onBooker={onBooker}
          onLabels={(menuLabels) => onDraft({ ...draft, menuLabels })}
        />
      )
    case 'home':
      return <HomeForm lang={lang} booker={booker} onBooker={onBooker} />
    case 'languages':
      return <LanguagesForm booker={booker} onBooker={onBooker} />
    case 'legal':
      return <LegalForm lang={lang} booker={booker} onBooker={onBooker} />
    case 'services':
      return <ServicesForm booker={booker} onBooker={onBooker} />
    case 'payment':
      return <PaymentForm booker={booker} onBooker={onBooker} />
  }
}
