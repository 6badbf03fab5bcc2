import { describe, expect, it } from 'vitest'
import {
  initialSearch,
  knownPermission,
  locateVisitor,
  type SearchAction,
  type SearchState,
  searchReducer,
  searchScreen,
} from './search-reducer'
import type { SearchShop } from './search-state'

const ANNECY = { lat: 45.9, lng: 6.13 }

const run = (actions: SearchAction[], from: SearchState = initialSearch) =>
  actions.reduce(searchReducer, from)

/** A geolocation that answers at once: a position, or a refusal. */
function geolocation(answer: typeof ANNECY | 'refused') {
  const options: (PositionOptions | undefined)[] = []
  return {
    options,
    getCurrentPosition(
      found: PositionCallback,
      refused?: PositionErrorCallback | null,
      given?: PositionOptions,
    ) {
      options.push(given)
      if (answer === 'refused') refused?.({ code: 1 } as GeolocationPositionError)
      else found({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition)
    },
  }
}

const permissions = (state: PermissionState | Error) => ({
  query: () =>
    state instanceof Error ? Promise.reject(state) : Promise.resolve({ state } as PermissionStatus),
})

function collect() {
  const actions: SearchAction[] = []
  return { actions, dispatch: (action: SearchAction) => actions.push(action) }
}

describe('shop search state (docs/product/2-screens.md, docs/product/4-states.md, docs/product/5-rules.md, docs/product/9-constants.md)', () => {
  it('starts idle, radius 100 km, one page, suggestions open', () => {
    expect(initialSearch).toMatchObject({ locate: 'idle', radiusKm: 100, pages: 1 })
    expect(initialSearch.suggestionsOpen).toBe(true)
  })

  it('a new search (text, position, radius) shows the first page again', () => {
    const more = run([{ type: 'moreResults' }, { type: 'moreResults' }])
    expect(more.pages).toBe(3)
    expect(run([{ type: 'typed', text: '74' }], more).pages).toBe(1)
    expect(run([{ type: 'located', position: ANNECY }], more).pages).toBe(1)
    expect(run([{ type: 'radius', km: 50 }], more).pages).toBe(1)
  })

  it('the radius stays within 1-250 km, anything unreadable is 100', () => {
    expect(run([{ type: 'radius', km: 900 }]).radiusKm).toBe(250)
    expect(run([{ type: 'radius', km: 0 }]).radiusKm).toBe(1)
    expect(run([{ type: 'radius', km: Number.NaN }]).radiusKm).toBe(100)
  })

  it('locating, then located: the position, and the blocked message goes', () => {
    const state = run([
      { type: 'refused' },
      { type: 'locating' },
      { type: 'located', position: ANNECY },
    ])
    expect(state).toMatchObject({ locate: 'located', position: ANNECY, message: false })
  })

  it('the locate icon leaves the text; blocked, it shows why', () => {
    const typed = run([{ type: 'typed', text: 'lyon' }])
    expect(run([{ type: 'locateAsked' }], typed)).toMatchObject({ text: '', message: false })
    const denied = run([{ type: 'denied' }])
    expect(denied).toMatchObject({ locate: 'blocked', message: false })
    expect(run([{ type: 'locateAsked' }], denied)).toMatchObject({
      locate: 'blocked',
      message: true,
    })
  })

  it('suggestions fold and unfold', () => {
    expect(run([{ type: 'suggestionsToggled' }]).suggestionsOpen).toBe(false)
    expect(
      run([{ type: 'suggestionsToggled' }, { type: 'suggestionsToggled' }]).suggestionsOpen,
    ).toBe(true)
  })

  it('asks the browser for the position, 10 minutes old at most, 15 s at most', () => {
    const located = collect()
    const found = geolocation(ANNECY)
    locateVisitor(found, located.dispatch)
    expect(located.actions).toEqual([{ type: 'locating' }, { type: 'located', position: ANNECY }])
    expect(found.options).toEqual([{ maximumAge: 600_000, timeout: 15_000 }])
    const refused = collect()
    locateVisitor(geolocation('refused'), refused.dispatch)
    expect(refused.actions).toEqual([{ type: 'locating' }, { type: 'refused' }])
    const none = collect()
    locateVisitor(undefined, none.dispatch)
    expect(none.actions).toEqual([{ type: 'refused' }])
  })

  it('at mount: granted locates, denied is blocked, otherwise nothing prompts', async () => {
    const granted = collect()
    await knownPermission(permissions('granted'), geolocation(ANNECY), granted.dispatch)
    expect(granted.actions.at(-1)).toEqual({ type: 'located', position: ANNECY })
    const denied = collect()
    await knownPermission(permissions('denied'), geolocation(ANNECY), denied.dispatch)
    expect(denied.actions).toEqual([{ type: 'denied' }])
    const quiet = collect()
    await knownPermission(permissions('prompt'), geolocation(ANNECY), quiet.dispatch)
    await knownPermission(permissions(new Error('no')), geolocation(ANNECY), quiet.dispatch)
    await knownPermission(undefined, geolocation(ANNECY), quiet.dispatch)
    expect(quiet.actions).toEqual([])
  })
})

const shop = (id: string, zipcode: string, lat: number, lng: number): SearchShop => ({
  id,
  href: `/${id}`,
  image: undefined,
  active: true,
  publicInfo: {
    name: `Bains ${id}`,
    address: { address: '', city: id, country: 'France', zipcode },
  },
  localisation: { coordonate: { lat, lng } },
})

const SHOPS = Array.from({ length: 8 }, (_, n) => shop(`s${n}`, `740${n}0`, 45.9 + n / 100, 6.13))

describe('what the shop search shows', () => {
  it('nothing before a text or a position, the recent shops in their order', () => {
    const screen = searchScreen(run([{ type: 'recentRead', ids: ['s3', 'gone', 's1'] }]), SHOPS)
    expect(screen).toMatchObject({ searching: false, located: false, results: [] })
    expect(screen.recent.last?.id).toBe('s3')
    expect(screen.recent.others.map((found) => found.id)).toEqual(['s1'])
  })

  it('located: the nearest shops, 6 at a time, more on demand', () => {
    const located = run([{ type: 'located', position: ANNECY }])
    const screen = searchScreen(located, SHOPS)
    expect(screen).toMatchObject({ searching: false, located: true })
    expect(screen.results).toHaveLength(8)
    expect(screen.page.visible.map((result) => result.shop.id)).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
    ])
    expect(screen.page.hasMore).toBe(true)
    const all = searchScreen(run([{ type: 'moreResults' }], located), SHOPS)
    expect(all.page).toMatchObject({ hasMore: false })
    expect(all.page.visible).toHaveLength(8)
  })

  it('a blank text is not a search', () => {
    expect(searchScreen(run([{ type: 'typed', text: '  ' }]), SHOPS).searching).toBe(false)
    const zip = searchScreen(run([{ type: 'typed', text: '74030' }]), SHOPS)
    expect(zip.searching).toBe(true)
    expect(zip.results.map((result) => result.shop.id)).toEqual(['s3'])
    expect(zip.suggestions).toHaveLength(5)
  })
})
