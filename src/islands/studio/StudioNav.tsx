import { useStudioText } from './studio-text'

export type StudioScreen =
  | 'agenda'
  | 'customers'
  | 'desk'
  | 'stock'
  | 'reports'
  | 'consents'
  | 'media'
  | 'theme'
  | 'collections'
  | 'catalogue'
  | 'posts'
  | 'shops'
  | 'products'
  | 'marketing'

/** The studio's screens; the current one is marked for assistive technology too. */
export function StudioNav({
  screens,
  screen,
  onScreen,
}: {
  /** the screens the user's role opens, in order */
  screens: readonly StudioScreen[]
  screen: StudioScreen
  onScreen: (screen: StudioScreen) => void
}) {
  const { t } = useStudioText()
  return (
    <nav className="studio-nav" aria-label={t('studio.nav.label')}>
      {screens.map((name) => (
        <button
          key={name}
          type="button"
          aria-current={name === screen ? 'page' : undefined}
          onClick={() => onScreen(name)}
        >
          {t(`studio.nav.${name}`)}
        </button>
      ))}
    </nav>
  )
}
