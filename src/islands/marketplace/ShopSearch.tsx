import { useEffect, useId, useMemo, useState } from 'react'
import type { LatLng } from '../../domain/search/distance'
import { clampRadiusKm } from '../../domain/search/radius'
import { shownRecentShops } from '../../domain/search/recent-shops'
import { pageResults } from '../../domain/search/result-paging'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { recentShopIds, recordShopVisit } from './recent-visits'
import { SEARCH_TEXT_EVENT } from './search-events'
import { type SearchShop, type ShopResult, searchView } from './search-state'

type Locate = 'idle' | 'locating' | 'located' | 'blocked'

interface Props extends TranslatedProps {
  shops: SearchShop[]
  action: string
}

const ARROW = 'M9 5l7 7-7 7'
const TARGET =
  'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8.94 3A9 9 0 0 0 13 3.06V1h-2v2.06A9 9 0 0 0 3.06 11H1v2h2.06A9 9 0 0 0 11 20.94V23h2v-2.06A9 9 0 0 0 20.94 13H23v-2h-2.06zM12 19a7 7 0 1 1 0-14 7 7 0 0 1 0 14z'

function Svg({ path, stroke = false }: { path: string; stroke?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={path}
        fill={stroke ? 'none' : 'currentColor'}
        stroke={stroke ? 'currentColor' : 'none'}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function distanceText(t: ReturnType<typeof useTranslator>, km: number): string {
  const meters = Math.round(km * 1000)
  return meters <= 1000
    ? t.t('mkp.search.distanceM', { distance: meters })
    : t.t('mkp.search.distanceKm', { distance: Math.round(meters / 1000) })
}

/**
 * The marketplace shop search (spec §2, §4, §5, §9): locate mode first (the locate icon asks for
 * the position; refused, it turns 'blocked' and shows the localisationDeactivated message),
 * typing leaves it (zip prefix or words without accents), a radius slider 1-250 km (100), 6
 * results at a time with 'see more', suggestions for 1-5 results, the last visited shops from the
 * cookie, and cards that link (with an arrow) only when online booking is open.
 */
export default function ShopSearch(props: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const id = useId()
  const [text, setText] = useState('')
  const [locate, setLocate] = useState<Locate>('idle')
  const [position, setPosition] = useState<LatLng | null>(null)
  const [message, setMessage] = useState(false)
  const [radius, setRadius] = useState(clampRadiusKm(undefined))
  const [pages, setPages] = useState(1)
  const [suggestionsOpen, setSuggestionsOpen] = useState(true)
  const [recentIds, setRecentIds] = useState<string[]>([])

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    setRecentIds(recentShopIds())
    // a permission already granted locates at once; nothing prompts before a click
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (status.state === 'granted') locateMe()
        else if (status.state === 'denied') setLocate('blocked')
      })
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    window.dispatchEvent(new CustomEvent(SEARCH_TEXT_EVENT, { detail: text.trim() !== '' }))
  }, [text])

  function locateMe() {
    if (!('geolocation' in navigator)) {
      setLocate('blocked')
      setMessage(true)
      return
    }
    setLocate('locating')
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPosition({ lat: found.coords.latitude, lng: found.coords.longitude })
        setLocate('located')
        setMessage(false)
        setPages(1)
      },
      () => {
        setLocate('blocked')
        setMessage(true)
      },
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }

  const onLocate = () => {
    setText('')
    if (locate === 'blocked') setMessage(true)
    else locateMe()
  }

  const view = useMemo(
    () => searchView({ shops: props.shops, text, position, radiusKm: radius }),
    [props.shops, text, position, radius],
  )
  const page = pageResults(view.results, pages)
  const recent = shownRecentShops(recentIds, props.shops)

  const visit = (shop: SearchShop) => {
    recordShopVisit(String(shop.id))
  }

  const card = ({ shop, distanceKm }: ShopResult, tag?: string) => {
    const { name, address } = shop.publicInfo
    const where =
      distanceKm !== null
        ? distanceText(t, distanceKm)
        : t.t('mkp.search.zip', { zipcode: address.zipcode })
    const body = (
      <>
        {shop.image && <img src={shop.image} alt="" width={96} height={72} loading="lazy" />}
        <span className="shop-result__text">
          {tag && <span className="shop-result__tag">{tag}</span>}
          <strong className="shop-result__name">{name}</strong>
          <span>
            {address.address}, {address.city}, {address.country}
          </span>
          <span>{where}</span>
          {!shop.active && (
            <span className="shop-result__unavailable">{t.t('mkp.search.onlineUnavailable')}</span>
          )}
        </span>
      </>
    )
    return (
      <li key={shop.id}>
        {shop.active ? (
          <a className="shop-result shop-result--link" href={shop.href} onClick={() => visit(shop)}>
            {body}
            <span className="shop-result__arrow">
              <Svg path={ARROW} stroke />
            </span>
          </a>
        ) : (
          <div className="shop-result">{body}</div>
        )}
      </li>
    )
  }

  const searching = text.trim() !== ''
  const located = locate === 'located' && position !== null
  const messageId = `${id}-locate-message`
  const locateLabel =
    locate === 'blocked'
      ? `${t.t('mkp.search.locateMe')} (${t.t('mkp.search.blocked')})`
      : locate === 'locating'
        ? t.t('mkp.search.locating')
        : t.t('mkp.search.locateMe')

  return (
    <div className="shop-search">
      <search>
        <form
          className="search-box"
          action={props.action}
          onSubmit={(event) => event.preventDefault()}
        >
          <label className="visually-hidden" htmlFor={`${id}-q`}>
            {t.t('mkp.search.label')}
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            placeholder={t.t('mkp.search.placeholder')}
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setPages(1)
            }}
          />
          <button
            type="button"
            className={`icon-button locate-button locate-button--${locate}`}
            aria-label={locateLabel}
            aria-describedby={message ? messageId : undefined}
            aria-pressed={located}
            data-state={locate}
            onClick={onLocate}
          >
            <Svg path={TARGET} />
          </button>
        </form>
      </search>
      <div aria-live="polite">
        {mounted && message && locate === 'blocked' && (
          <p id={messageId} className="locate-message" role="alert">
            {t.t('mkp.search.localisationDeactivated')}
          </p>
        )}
      </div>
      {mounted && located && !searching && (
        <div className="radius">
          <label htmlFor={`${id}-radius`}>{t.t('mkp.search.radius')}</label>
          <input
            id={`${id}-radius`}
            type="range"
            min={1}
            max={250}
            step={1}
            value={radius}
            aria-valuetext={t.t('mkp.search.radiusValue', { km: radius })}
            onChange={(event) => {
              setRadius(clampRadiusKm(Number(event.currentTarget.value)))
              setPages(1)
            }}
          />
          <output htmlFor={`${id}-radius`}>{t.t('mkp.search.radiusValue', { km: radius })}</output>
        </div>
      )}
      {mounted && (searching || located) && (
        <section className="shop-results" aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`} className="shop-results__title" aria-live="polite">
            {view.results.length === 0
              ? t.t('mkp.search.noResults')
              : searching
                ? t.tn('mkp.search.resultCount', view.results.length)
                : `${t.t('mkp.search.nearby')} – ${t.tn('mkp.search.resultCount', view.results.length)}`}
          </h2>
          <ul className="shop-results__list">{page.visible.map((result) => card(result))}</ul>
          {page.hasMore && (
            <button type="button" className="button" onClick={() => setPages(pages + 1)}>
              {t.t('mkp.search.seeMoreResults')}
            </button>
          )}
          {view.suggestions.length > 0 && (
            <div className="shop-suggestions">
              <h3>
                <button
                  type="button"
                  className="link-button"
                  aria-expanded={suggestionsOpen}
                  aria-controls={`${id}-suggestions`}
                  onClick={() => setSuggestionsOpen(!suggestionsOpen)}
                >
                  {t.t('mkp.search.suggestions')}
                </button>
              </h3>
              <ul id={`${id}-suggestions`} className="shop-results__list" hidden={!suggestionsOpen}>
                {view.suggestions.map((result) => card(result))}
              </ul>
            </div>
          )}
        </section>
      )}
      {mounted && !searching && (
        <section className="shop-recent" aria-labelledby={`${id}-recent`}>
          <h2 id={`${id}-recent`} className="shop-results__title">
            {t.t('mkp.search.recentShops')}
          </h2>
          {recent.last ? (
            <ul className="shop-results__list">
              {card({ shop: recent.last, distanceKm: null }, t.t('mkp.search.lastVisit'))}
              {recent.others.map((shop) =>
                card({ shop, distanceKm: null }, t.t('mkp.search.visit')),
              )}
            </ul>
          ) : (
            <p>{t.t('mkp.search.noVisit')}</p>
          )}
        </section>
      )}
    </div>
  )
}
