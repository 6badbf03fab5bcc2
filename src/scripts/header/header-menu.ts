/**
 * The only script a page without an island ships (bundled once, inlined by Astro when small).
 * The drawer is a <dialog> opened by invoker commands (commandfor/command), which recent browsers
 * run with no script at all; this covers the others. Dropdowns are <details>; this closes them
 * on an outside click or Escape. Language links keep the query (docs/product/2-screens.md: ?page=reserved and a
 * tab value stay on the route). It also runs the consent-gated third-party loader and the
 * locale-cookie writer (decision 007), wires the cookie banner the build rendered
 * (decision 027), mounts the islands that wait for a need (decision 010) and runs the page-load
 * progress bar (docs/product/9-constants.md): one shared script keeps every page's bundle the same.
 */
import '../consent/third-party'
import '../errors/catch-errors'
import '../language/remember-locale'
import { browserEnv } from '#islands/loading/browser-env'
import { importChunk, reloadAfterChunkFailure } from '#islands/loading/chunk-reload'
import { mountNeededIslands } from '#islands/loading/mount-needed'
import { previewActive } from '#islands/loading/needs'
import { trackLoad } from '../progress/page-progress'

// docs/product/8-errors.md: a code chunk that fails to load (a deploy replaced the hashed files this page
// names) reloads the page, at most once a minute. Vite announces every failed preload and dynamic
// import it wraps, whichever script started it; the imports below are wrapped as well.
window.addEventListener('vite:preloadError', () => reloadAfterChunkFailure())

// the banner's script (and the consent store) only where the inline gate kept the banner: a
// returning visitor downloads neither (decision 027); a click that came first is replayed
const banner = document.querySelector<HTMLElement>('[data-consent-banner]')
if (banner) {
  let early: EventTarget | null = null
  const hold = (event: Event) => {
    early = event.target
  }
  banner.addEventListener('click', hold)
  void importChunk(() => import('../consent/banner')).then(({ startConsentBanner }) => {
    banner.removeEventListener('click', hold)
    startConsentBanner(banner, early)
  })
}
mountNeededIslands(document, trackLoad)

// docs/product/4-states.md "Loading content": the events and alerts are read from the API once
// the page has loaded, so they never compete with what the page shows first; the API client,
// /notices.json and the dialogs only follow when some are current. The theme-preview listener only in preview
// (decision 008).
const bell = document.querySelector<HTMLElement>('[data-island="notifications"]')
if (bell) {
  const start = () =>
    void importChunk(() => import('../notices/start')).then(({ startNoticesCheck }) =>
      startNoticesCheck(bell),
    )
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
if (previewActive(browserEnv())) {
  void importChunk(() => import('../preview/preview'))
}
// a post previewed before it is published (decision 082): its chunk only on that address
if (location.search.includes('previewpost=')) {
  void importChunk(() => import('../preview/post-preview'))
}

const dialogOf = (button: Element) =>
  document.getElementById(button.getAttribute('commandfor') ?? '')

if (!('command' in HTMLButtonElement.prototype)) {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[commandfor]')
    const dialog = button ? dialogOf(button) : null
    if (!button || !(dialog instanceof HTMLDialogElement)) return
    if (button.getAttribute('command') === 'show-modal') dialog.showModal()
    else dialog.close()
  })
}

const closeDropdowns = (except?: Node | null) => {
  for (const details of document.querySelectorAll('details.dropdown[open]')) {
    if (!except || !details.contains(except)) details.removeAttribute('open')
  }
}

document.addEventListener('click', (event) => {
  const target = event.target as Node | null
  // a click on a modal dialog's backdrop targets the dialog itself
  if (target instanceof HTMLDialogElement && target.open) {
    const r = target.getBoundingClientRect()
    const { clientX: x, clientY: y } = event
    if (x < r.left || x > r.right || y < r.top || y > r.bottom) target.close()
  }
  closeDropdowns(target)
})

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  const open = document.querySelector('details.dropdown[open]')
  closeDropdowns()
  open?.querySelector('summary')?.focus()
})

if (location.search) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-keep-query]')) {
    link.search = location.search
  }
}

// docs/product/2-screens.md transparent-fixed header: over a hero the header is transparent with the white logo;
// with this script it stays at the top while scrolling and turns solid once the hero is passed.
const overlay = document.querySelector<HTMLElement>('.header--overlay')
const hero = document.querySelector('.hero')
if (overlay && hero && 'IntersectionObserver' in window) {
  const height = overlay.offsetHeight
  overlay.style.setProperty('--header-h', `${height}px`)
  overlay.classList.add('header--fixed')
  new IntersectionObserver(
    ([entry]) => overlay.classList.toggle('is-solid', entry?.isIntersecting === false),
    { rootMargin: `-${height}px 0px 0px 0px` },
  ).observe(hero)
}
