/**
 * The marketing and content third parties of the company settings (decision 008), each a script
 * or markup added to the page only after consent to its purpose. Addresses are the providers'
 * public embed addresses; nothing the company typed is ever run as code.
 */
export const KLAVIYO_ORIGIN = 'https://static.klaviyo.com'
export const OPTINMONSTER_ORIGIN = 'https://a.omappapi.com'
export const AVIS_VERIFIES_ORIGIN = 'https://cl.avis-verifies.com'

/** Adds the provider's script once (marked, so a second call finds it). */
export function addScript(
  doc: Document,
  marker: string,
  src: string,
  data: Record<string, string> = {},
) {
  if (doc.querySelector(`script[data-third-party-script="${marker}"]`)) return
  const script = doc.createElement('script')
  script.async = true
  script.src = src
  script.dataset.thirdPartyScript = marker
  for (const [key, value] of Object.entries(data)) script.dataset[key] = value
  doc.head.append(script)
}

/** Klaviyo's onsite script for the company's public key (6 letters and digits). */
export function loadKlaviyo(publicKey: string, doc: Document = document): void {
  if (!/^[A-Za-z0-9]{4,12}$/.test(publicKey)) return
  addScript(doc, 'klaviyo', `${KLAVIYO_ORIGIN}/onsite/js/klaviyo.js?company_id=${publicKey}`)
}

/**
 * The company's OptinMonster embed is stored as text (the provider's snippet, or
 * 'user,account'). Only its two numeric ids are read, so the text can never run as script.
 */
export function parseOptinMonster(
  code: string | undefined,
): { user: string; account: string } | undefined {
  if (!code) return undefined
  const user = /data-user\s*=\s*["']?(\d+)/.exec(code)?.[1]
  const account = /data-account\s*=\s*["']?(\d+)/.exec(code)?.[1]
  if (user && account) return { user, account }
  const numbers = code.match(/\d+/g) ?? []
  if (numbers.length !== 2) return undefined
  const [first, second] = numbers as [string, string]
  return { user: first, account: second }
}

export function loadOptinMonster(ids: { user: string; account: string }, doc = document): void {
  addScript(doc, 'optinmonster', `${OPTINMONSTER_ORIGIN}/app/js/api.min.js`, ids)
}

/** The avis-verifies (Verified Reviews) widget of the brand code. */
export function loadAvisVerifies(codeMarque: string, doc: Document = document): void {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(codeMarque)) return
  addScript(doc, 'avis-verifies', `${AVIS_VERIFIES_ORIGIN}/fr/widget4/widget21_FB3.min.js`, {
    codeMarque,
  })
}

/**
 * Markup held in `<template data-consent-purpose="content">` (map embeds, web-font links): the
 * browser loads nothing inside a template; its content replaces it once the purpose is allowed.
 */
export function releaseTemplates(allowed: (purpose: string) => boolean, doc = document): void {
  for (const template of doc.querySelectorAll<HTMLTemplateElement>(
    'template[data-consent-purpose]',
  )) {
    if (!allowed(template.dataset.consentPurpose ?? '')) continue
    const target = template.dataset.consentTarget === 'head' ? doc.head : null
    const content = template.content.cloneNode(true)
    if (target) target.append(content)
    else template.replaceWith(content)
    template.remove()
    doc.querySelector(`[data-consent-placeholder="${template.id}"]`)?.remove()
  }
}
