import { SEARCH_TEXT_EVENT } from '#islands/marketplace/search-events'

/**
 * The marketplace hero carousel (docs/product/2-screens.md, docs/product/9-constants.md): slides advance every 5000 ms, the rotation stops
 * while the pointer or the focus is in the hero, and a pause button stops it for good (WCAG
 * 2.2.2); under prefers-reduced-motion it starts paused. When the hero sits under the search box
 * (data-bottom) it collapses to 100 px while search text is typed. Vanilla: no framework.
 */
export function startHeroCarousel(hero: HTMLElement): void {
  const slides = [...hero.querySelectorAll<HTMLElement>('.slides > li')]
  const interval = Number(hero.dataset.autoplayMs) || 5000
  if (hero.dataset.bottom === 'true') {
    window.addEventListener(SEARCH_TEXT_EVENT, (event) => {
      hero.classList.toggle(
        'hero--collapsed',
        event instanceof CustomEvent && event.detail === true,
      )
    })
  }
  if (slides.length < 2) return

  const controls = hero.querySelector<HTMLElement>('[data-hero-controls]')
  const pause = hero.querySelector<HTMLButtonElement>('[data-hero-pause]')
  let index = 0
  let paused = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  let holding = false
  let timer: ReturnType<typeof setInterval> | undefined

  const show = (at: number) => {
    index = (at + slides.length) % slides.length
    slides.forEach((slide, position) => {
      slide.classList.toggle('is-current', position === index)
      slide.setAttribute('aria-hidden', String(position !== index))
    })
  }
  const schedule = () => {
    if (timer) clearInterval(timer)
    timer = paused || holding ? undefined : setInterval(() => show(index + 1), interval)
  }
  const renderPause = () => {
    if (!pause) return
    pause.setAttribute('aria-pressed', String(paused))
    pause.setAttribute('aria-label', (paused ? pause.dataset.play : pause.dataset.pause) ?? '')
  }

  hero.dataset.carousel = ''
  hero.setAttribute('aria-live', 'off')
  if (controls) controls.hidden = false
  show(0)
  renderPause()
  hero.querySelector('[data-hero-previous]')?.addEventListener('click', () => show(index - 1))
  hero.querySelector('[data-hero-next]')?.addEventListener('click', () => show(index + 1))
  pause?.addEventListener('click', () => {
    paused = !paused
    renderPause()
    schedule()
  })
  const hold = (value: boolean) => () => {
    holding = value
    schedule()
  }
  hero.addEventListener('mouseenter', hold(true))
  hero.addEventListener('mouseleave', hold(false))
  hero.addEventListener('focusin', hold(true))
  hero.addEventListener('focusout', (event) => {
    if (!hero.contains(event.relatedTarget as Node | null)) hold(false)()
  })
  schedule()
}
