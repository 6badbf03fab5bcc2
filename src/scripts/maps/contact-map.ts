import { CONSENT_EVENT } from '#scripts/consent/analytics'
import { thirdPartyAllowed } from '#scripts/consent/purposes'
import { loadGoogleMaps } from './google-maps'
import { mapView, readPoints } from './map-view'

// The contact page's map (docs/decisions/033-maps-after-consent.md): imported by the page only when the
// company configured a provider; the provider's script loads once the visitor allowed the `maps`
// third party, at load or when the cookie dialog saves that choice. Before, the page shows each
// shop's plain link to an open map and sends nothing to the provider.
const holder = document.querySelector<HTMLElement>('[data-shops-map]')

async function show(element: HTMLElement) {
  const { key = '', lang = 'fr' } = element.dataset
  const points = readPoints(element.dataset.shops)
  if (points.length === 0) return
  element.dataset.state = 'loading'
  const maps = await loadGoogleMaps(key, lang)
  element.hidden = false
  const view = mapView(points)
  const map = new maps.Map(element, { center: view.center, zoom: view.zoom })
  const bounds = new maps.LatLngBounds()
  for (const point of points) {
    const position = { lat: point.lat, lng: point.lng }
    new maps.Marker({ position, map, title: point.name })
    bounds.extend(position)
  }
  if (view.fit) map.fitBounds(bounds)
  element.dataset.state = 'shown'
}

function run() {
  if (!holder || holder.dataset.state) return
  if (!thirdPartyAllowed(document.cookie, 'maps')) return
  show(holder).catch(() => {
    // the provider did not answer: the open-map links stay, as without consent
    delete holder.dataset.state
  })
}

run()
window.addEventListener(CONSENT_EVENT, run)
