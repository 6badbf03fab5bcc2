import type { ComponentType } from 'react'
import { CONSENT_EVENT } from '#scripts/consent/analytics'
import { browserEnv } from './browser-env'
import { importChunk } from './chunk-reload'
import { type NeededIslandElement, type NeededIslandName, readNeededIsland } from './needed-islands'
import { announceNeed, NEED_EVENT, needed } from './needs'

/** Mounts the island on `element`; resolves once React committed it. */
type Render = (element: Element, props: Readonly<Record<string, unknown>>) => Promise<void>

/**
 * React, react-dom and the island load together, only once a need holds (decision 010): a
 * returning visitor with nothing to show downloads no framework. The props are the ones the
 * build wrote for this very island (`neededIsland`), hence the cast.
 */
function loader<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return async (): Promise<Render> => {
    // a chunk gone since the page was built reloads it, at most once a minute (chunk-reload.ts)
    const [react, { createRoot, hydrateRoot }, { MountMark }, { default: Island }] =
      await importChunk(() =>
        Promise.all([import('react'), import('react-dom/client'), import('./mount-mark'), load()]),
      )
    const { createElement, startTransition } = react
    return (element, props) =>
      new Promise<void>((committed) => {
        const island = createElement(MountMark, {
          element,
          onCommit: () => committed(),
          children: createElement(Island, props as P),
        })
        // content in the element is the island's own server rendering (renderToString): hydrate
        // it. In a transition React yields to the browser every few milliseconds instead of
        // rendering the island in one long task, as Astro's client:load does
        // (docs/decisions/065-first-visit-blocking-time.md)
        startTransition(() => {
          if (element.firstElementChild) hydrateRoot(element, island)
          else createRoot(element).render(island)
        })
      })
  }
}

const LOADERS: Readonly<Record<NeededIslandName, () => Promise<Render>>> = {
  'cart-button': loader(() => import('../cart/CartButton')),
  booking: loader(() => import('../booking/BookingIsland')),
  'booking-cart': loader(() => import('../booking/BookingCartIsland')),
  'eshop-cart': loader(() => import('../eshop/EshopCart')),
  'shop-search': loader(() => import('../marketplace/ShopSearch')),
  gift: loader(() => import('../gift/GiftForm')),
}

function mount(element: Element, island: NeededIslandElement): Promise<void> {
  return LOADERS[island.island]().then((render) => render(element, island.props))
}

/** Calls `start` once `element` comes within 200 px of the viewport (as client:visible). */
function whenVisible(element: HTMLElement, start: () => void): void {
  if (!('IntersectionObserver' in window)) {
    start()
    return
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      start()
    },
    { rootMargin: '200px' },
  )
  // display: contents has no box of its own: watch the island's first element
  observer.observe(element.firstElementChild ?? element)
}

/**
 * Calls `start` on the visitor's first sign of using `element` (pointing at, touching or focusing
 * its server-rendered content: docs/decisions/058-consent-first-visit.md). A click that comes
 * before the island is there is held and replayed once it is (`replay`), as the cookie banner's
 * script does: React replays a click on content it is still hydrating. The held click does
 * nothing by itself (no radio checked, no form sent, no link followed): otherwise the replay would
 * find the radio already checked and the island would never hear of the choice
 * (docs/decisions/065-first-visit-blocking-time.md).
 */
function whenUsed(element: HTMLElement, start: () => void): () => void {
  let early: HTMLElement | undefined
  const hold = (event: Event) => {
    const target = event.target
    if (!(target instanceof HTMLElement)) return
    event.preventDefault()
    early = target
  }
  const uses = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const
  const use = () => {
    for (const name of uses) element.removeEventListener(name, use)
    start()
  }
  for (const name of uses) element.addEventListener(name, use, { passive: true })
  element.addEventListener('click', hold)
  return () => {
    element.removeEventListener('click', hold)
    const target = early
    early = undefined
    if (target?.isConnected) target.click()
  }
}

/**
 * Mounts each island of the page whose needs hold now, those waiting to be visible when they
 * come into view, and the others on the first `island:need` event naming one of their needs
 * (an add-to-cart announces 'cart'). `track` is told of each load (the progress bar).
 */
export function mountNeededIslands(
  root: ParentNode = document,
  track: (load: Promise<void>) => Promise<void> = (load) => load,
): void {
  const env = browserEnv()
  for (const element of root.querySelectorAll<HTMLElement>('[data-needed-island]')) {
    const island = readNeededIsland(element.dataset)
    if (!island) continue
    let started = false
    let replay: (() => void) | undefined
    const start = () => {
      if (started) return
      started = true
      window.removeEventListener(NEED_EVENT, onNeed)
      // a failed download (offline) leaves the island inert until the next announcement
      // the page's progress bar shows while an island's code is slow to come
      track(mount(element, island).then(() => replay?.())).catch(() => {
        started = false
        window.addEventListener(NEED_EVENT, onNeed)
      })
    }
    const onNeed = (event: Event) => {
      const need = event instanceof CustomEvent ? String(event.detail) : ''
      if (island.when.some((trigger) => trigger === need)) start()
    }
    if (island.when.includes('used')) replay = whenUsed(element, start)
    if (island.when.includes('visible')) whenVisible(element, start)
    else if (needed(island.when.join(','), env)) start()
    else window.addEventListener(NEED_EVENT, onNeed)
  }
  // the cookie dialog answered on this page: the islands waiting for it mount now
  if (needed('consent', env)) {
    window.addEventListener(CONSENT_EVENT, () => announceNeed('answered'), { once: true })
  }
}
