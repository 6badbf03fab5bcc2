import { useEffect, useId, useMemo, useReducer } from 'react'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { recentShopIds } from './recent-visits'
import { RadiusSlider, SearchBox } from './SearchBox'
import { RecentShopList, ShopResults } from './ShopResults'
import { SEARCH_TEXT_EVENT } from './search-events'
import {
  initialSearch,
  knownPermission,
  locateVisitor,
  searchReducer,
  searchScreen,
} from './search-reducer'
import type { SearchShop } from './search-state'
import { useCityCombobox } from './use-city-combobox'
import type { MapsKey } from './use-city-options'

interface Props extends TranslatedProps {
  shops: SearchShop[]
  action: string
  /** the company's maps provider: its city autocomplete after consent (else the shops' cities) */
  maps?: MapsKey | undefined
}

/** The browser's geolocation, or undefined when it has none. */
const geolocation = () => ('geolocation' in navigator ? navigator.geolocation : undefined)

/**
 * The marketplace shop search (docs/product/2-screens.md, docs/product/4-states.md, docs/product/5-rules.md, docs/product/9-constants.md): locate mode first (the locate icon asks for
 * the position; refused, it turns 'blocked' and shows the localisationDeactivated message),
 * typing leaves it (zip prefix or words without accents), a radius slider 1-250 km (100), 6
 * results at a time with 'see more', suggestions for 1-5 results, the last visited shops from the
 * cookie, and cards that link (with an arrow) only when online booking is open. State and rules:
 * search-reducer.ts.
 */
export default function ShopSearch(props: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const id = useId()
  const [state, dispatch] = useReducer(searchReducer, initialSearch)

  useEffect(() => {
    dispatch({ type: 'recentRead', ids: recentShopIds() })
    // a permission already granted locates at once; nothing prompts before a click
    void knownPermission(navigator.permissions, geolocation(), dispatch)
    // the island mounts when the form is first used (docs/decisions/058-consent-first-visit.md):
    // what was typed into the server-rendered field before it came is searched
    const field = document.getElementById(`${id}-q`)
    if (field instanceof HTMLInputElement && field.value !== '') {
      dispatch({ type: 'typed', text: field.value })
    }
  }, [id])

  useEffect(() => {
    window.dispatchEvent(new CustomEvent(SEARCH_TEXT_EVENT, { detail: state.text.trim() !== '' }))
  }, [state.text])

  const onLocate = () => {
    const blocked = state.locate === 'blocked'
    dispatch({ type: 'locateAsked' })
    if (!blocked) locateVisitor(geolocation(), dispatch)
  }

  const cities = useCityCombobox(props.shops, state.text, props.maps, dispatch)
  const onText = (text: string) => {
    dispatch({ type: 'typed', text })
    cities.onTyped(text)
  }

  const screen = useMemo(() => searchScreen(state, props.shops), [state, props.shops])
  const { searching, located } = screen
  const messageId = `${id}-locate-message`
  const showMessage = state.message && state.locate === 'blocked'

  return (
    <div className="shop-search">
      <SearchBox
        t={t}
        id={id}
        action={props.action}
        text={state.text}
        locate={state.locate}
        located={located}
        describedBy={state.message ? messageId : undefined}
        onText={onText}
        onLocate={onLocate}
        cities={cities}
      />
      <div aria-live="polite">
        {mounted && showMessage && (
          <p id={messageId} className="locate-message" role="alert">
            {t.t('mkp.search.localisationDeactivated')}
          </p>
        )}
      </div>
      {mounted && located && !searching && (
        <RadiusSlider
          t={t}
          id={id}
          radiusKm={state.radiusKm}
          onRadius={(km) => dispatch({ type: 'radius', km })}
        />
      )}
      {mounted && (searching || located) && (
        <ShopResults
          t={t}
          id={id}
          searching={searching}
          results={screen.results}
          page={screen.page}
          suggestions={screen.suggestions}
          suggestionsOpen={state.suggestionsOpen}
          onMore={() => dispatch({ type: 'moreResults' })}
          onToggleSuggestions={() => dispatch({ type: 'suggestionsToggled' })}
        />
      )}
      {/* rendered by the server too (its empty state: no visit stored there nor in the first
          client render), so hydration fills it instead of pushing the shop list down
          (decision 027: it was the marketplace home's layout shift) */}
      {!searching && <RecentShopList t={t} id={id} recent={screen.recent} />}
    </div>
  )
}
