import type { LatLng } from '#domain/search/distance'
import { clampRadiusKm } from '#domain/search/radius'
import { type RecentShops, shownRecentShops } from '#domain/search/recent-shops'
import { pageResults, type ResultPage } from '#domain/search/result-paging'
import { type SearchShop, type ShopResult, searchView } from './search-state'

/**
 * The shop search island's state (docs/product/2-screens.md, docs/product/4-states.md, docs/product/5-rules.md, docs/product/9-constants.md) as a pure reducer: what is typed, the
 * locate mode (idle, locating, located, blocked) and its message, the radius, how many pages of
 * results are shown, the suggestions' disclosure and the recent shops' ids. The browser's
 * geolocation and permissions are injected into `locateVisitor` and `knownPermission`; the view
 * is ShopSearch.tsx, what it shows is `searchScreen` over searchView (search-state.ts).
 */
export type Locate = 'idle' | 'locating' | 'located' | 'blocked'

export interface SearchState {
  readonly text: string
  readonly locate: Locate
  readonly position: LatLng | null
  /** the 'localisation deactivated' message is shown (with the blocked state) */
  readonly message: boolean
  readonly radiusKm: number
  /** pages of results shown: 'see more' adds one, any new search starts again at 1 */
  readonly pages: number
  readonly suggestionsOpen: boolean
  readonly recentIds: readonly string[]
}

export type SearchAction =
  | { readonly type: 'typed'; readonly text: string }
  | { readonly type: 'recentRead'; readonly ids: readonly string[] }
  /** the locate icon: leaves the text; when blocked, says why (else the view locates) */
  | { readonly type: 'locateAsked' }
  | { readonly type: 'locating' }
  | { readonly type: 'located'; readonly position: LatLng }
  /** the position was refused, or the browser has no geolocation */
  | { readonly type: 'refused' }
  /** a permission refused earlier: blocked, without the message until the icon is used */
  | { readonly type: 'denied' }
  | { readonly type: 'radius'; readonly km: number }
  | { readonly type: 'moreResults' }
  | { readonly type: 'suggestionsToggled' }

export const initialSearch: SearchState = {
  text: '',
  locate: 'idle',
  position: null,
  message: false,
  radiusKm: clampRadiusKm(undefined),
  pages: 1,
  suggestionsOpen: true,
  recentIds: [],
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'typed':
      return { ...state, text: action.text, pages: 1 }
    case 'recentRead':
      return { ...state, recentIds: action.ids }
    case 'locateAsked':
      return { ...state, text: '', message: state.locate === 'blocked' ? true : state.message }
    case 'locating':
      return { ...state, locate: 'locating' }
    case 'located':
      return { ...state, position: action.position, locate: 'located', message: false, pages: 1 }
    case 'refused':
      return { ...state, locate: 'blocked', message: true }
    case 'denied':
      return { ...state, locate: 'blocked' }
    case 'radius':
      return { ...state, radiusKm: clampRadiusKm(action.km), pages: 1 }
    case 'moreResults':
      return { ...state, pages: state.pages + 1 }
    case 'suggestionsToggled':
      return { ...state, suggestionsOpen: !state.suggestionsOpen }
  }
}

/** Positions up to 10 minutes old will do; a position not found in 15 s is a refusal. */
const LOCATE_OPTIONS: PositionOptions = { maximumAge: 600_000, timeout: 15_000 }

/** Asks the browser for the visitor's position (`geolocation` undefined: it has none). */
export function locateVisitor(
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined,
  dispatch: (action: SearchAction) => void,
): void {
  if (!geolocation) {
    dispatch({ type: 'refused' })
    return
  }
  dispatch({ type: 'locating' })
  geolocation.getCurrentPosition(
    (found) =>
      dispatch({
        type: 'located',
        position: { lat: found.coords.latitude, lng: found.coords.longitude },
      }),
    () => dispatch({ type: 'refused' }),
    LOCATE_OPTIONS,
  )
}

/**
 * At mount: a permission granted already locates at once, one refused shows the blocked icon;
 * nothing prompts before a click. Browsers without the permissions API leave the search idle.
 */
export async function knownPermission(
  permissions: Pick<Permissions, 'query'> | undefined,
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined,
  dispatch: (action: SearchAction) => void,
): Promise<void> {
  try {
    const status = await permissions?.query({ name: 'geolocation' })
    if (status?.state === 'granted') locateVisitor(geolocation, dispatch)
    else if (status?.state === 'denied') dispatch({ type: 'denied' })
  } catch {
    // a browser that cannot tell: the icon asks when clicked
  }
}

export interface SearchScreen {
  searching: boolean
  located: boolean
  results: ShopResult[]
  suggestions: ShopResult[]
  page: ResultPage<ShopResult>
  recent: RecentShops<SearchShop>
}

/** What the island shows for a state: results and their page, suggestions, recent shops. */
export function searchScreen(state: SearchState, shops: readonly SearchShop[]): SearchScreen {
  const view = searchView({
    shops,
    text: state.text,
    position: state.position,
    radiusKm: state.radiusKm,
  })
  return {
    searching: state.text.trim() !== '',
    located: state.locate === 'located' && state.position !== null,
    results: view.results,
    suggestions: view.suggestions,
    page: pageResults(view.results, state.pages),
    recent: shownRecentShops(state.recentIds, shops),
  }
}
