import type { ComponentType } from 'react'
import { browserEnv } from './browser-env'
import { type NeededIslandElement, type NeededIslandName, readNeededIsland } from './needed-islands'
import { NEED_EVENT, needed } from './needs'

type Render = (element: Element, props: Readonly<Record<string, unknown>>) => void

/**
 * React, react-dom and the island load together, only once a need holds (decision 010): a
 * returning visitor with nothing to show downloads no framework. The props are the ones the
 * build wrote for this very island (`neededIsland`), hence the cast.
 */
function loader<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return async (): Promise<Render> => {
    const [{ createElement }, { createRoot }, { default: Island }] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      load(),
    ])
    return (element, props) => createRoot(element).render(createElement(Island, props as P))
  }
}

const LOADERS: Readonly<Record<NeededIslandName, () => Promise<Render>>> = {
  consent: loader(() => import('../consent/ConsentDialog')),
  'cart-button': loader(() => import('../cart/CartButton')),
  booking: loader(() => import('../booking/BookingIsland')),
  'booking-cart': loader(() => import('../booking/BookingCartIsland')),
  'eshop-cart': loader(() => import('../eshop/EshopCart')),
}

function mount(element: Element, island: NeededIslandElement): Promise<void> {
  return LOADERS[island.island]().then((render) => render(element, island.props))
}

/**
 * Mounts each island of the page whose needs hold now, and the others on the first
 * `island:need` event naming one of their needs (an add-to-cart announces 'cart').
 */
export function mountNeededIslands(root: ParentNode = document): void {
  const env = browserEnv()
  for (const element of root.querySelectorAll<HTMLElement>('[data-needed-island]')) {
    const island = readNeededIsland(element.dataset)
    if (!island) continue
    const start = () => {
      window.removeEventListener(NEED_EVENT, onNeed)
      // a failed download (offline) leaves the island inert until the next announcement
      mount(element, island).catch(() => window.addEventListener(NEED_EVENT, onNeed))
    }
    const onNeed = (event: Event) => {
      const need = event instanceof CustomEvent ? String(event.detail) : ''
      if (island.when.some((part) => part === need)) start()
    }
    if (needed(island.when.join(','), env)) start()
    else window.addEventListener(NEED_EVENT, onNeed)
  }
}
