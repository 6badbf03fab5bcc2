import { useStudioText } from './studio-text'

export type StudioScreen = 'agenda' | 'customers'

const SCREENS: readonly StudioScreen[] = ['agenda', 'customers']

/** The studio's screens; the current one is marked for assistive technology too. */
export function StudioNav({
  screen,
  onScreen,
}: {
  screen: StudioScreen
  onScreen: (screen: StudioScreen) => void
}) {
  const { t } = useStudioText()
  return (
    <nav className="studio-nav" aria-label={t('studio.nav.label')}>
      {SCREENS.map((name) => (
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
