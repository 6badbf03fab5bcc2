import { analyticsAllowed, CONSENT_EVENT, loadGtag } from './analytics'

// The page script of ThirdPartyScripts.astro: loads what the saved consent allows now, and again
// when the cookie dialog saves a new choice.
const holder = document.querySelector<HTMLElement>('[data-third-party]')
const ga = holder?.dataset.ga

function run() {
  if (ga && analyticsAllowed(document.cookie)) loadGtag(ga)
}

run()
window.addEventListener(CONSENT_EVENT, run)
