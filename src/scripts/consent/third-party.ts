import { PURCHASE_SHOWN_EVENT, reportPurchaseHere } from '../marketing/purchase-page'
import { CONSENT_EVENT, loadGtag } from './analytics'
import {
  loadAvisVerifies,
  loadKlaviyo,
  loadOptinMonster,
  parseOptinMonster,
  releaseTemplates,
} from './loaders'
import { isOptionalPurpose, purposeAllowed, type ThirdParty, thirdPartyAllowed } from './purposes'

// Run by the header script on every page (decision 007, 008): loads what the saved consent
// allows now, and again when the cookie dialog saves a new choice. The company's third parties
// are written by SiteIslands.astro on <div hidden data-third-party>.
const holder = document.querySelector<HTMLElement>('[data-third-party]')
const data = holder?.dataset ?? {}
const optinMonster = parseOptinMonster(data.optinmonster)
// decision 064: the recorder's code is fetched only when it is set and allowed
const recorder = data.recordingProvider
  ? { provider: data.recordingProvider, id: data.recordingId }
  : undefined

function run() {
  const cookie = document.cookie
  const allowed = (party: ThirdParty) => thirdPartyAllowed(cookie, party)
  if (data.ga && allowed('googleAnalytics')) loadGtag(data.ga)
  if (recorder && allowed('sessionRecording')) {
    void import('./session-recording').then(({ loadRecorderOf }) => loadRecorderOf(recorder))
  }
  if (data.aw && allowed('googleAdsConversion')) loadGtag(data.aw)
  if (data.klaviyo && allowed('klaviyo')) loadKlaviyo(data.klaviyo)
  if (optinMonster && allowed('optinMonster')) loadOptinMonster(optinMonster)
  if (data.avis && allowed('avisVerifies')) loadAvisVerifies(data.avis)
  reportPurchaseHere(data, allowed)
  releaseTemplates((purpose) => isOptionalPurpose(purpose) && purposeAllowed(cookie, purpose))
}

run()
window.addEventListener(CONSENT_EVENT, run)
// a gift voucher or an e-shop order confirmed in place, after the page loaded
window.addEventListener(PURCHASE_SHOWN_EVENT, run)
