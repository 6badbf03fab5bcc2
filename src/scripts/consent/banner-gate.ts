import { CONSENT_COOKIE } from '#stores/keys'

/**
 * The inline script written right after the cookie banner's markup (decision 027): the build
 * renders the banner as HTML so that it paints with the page, and this removes it, before the
 * parser goes on, wherever the `consent` need of `needs.ts` does not hold (a preference saved,
 * the page framed, `?previewtheme`). It mirrors that check because an inline script cannot import
 * it; banner-gate.test.ts runs this very text against `needed('consent')`. The text is the same on
 * every page, so the sites' policy carries one hash for it (decision 019).
 */
export const BANNER_GATE_SCRIPT = `(function(b){var f=true;try{f=window.self!==window.top}catch(e){}if(f||/(?:^|;)\\s*${CONSENT_COOKIE}\\s*=\\s*[^;\\s=]/.test(document.cookie)||new URLSearchParams(location.search).has("previewtheme"))b.remove()})(document.currentScript.previousElementSibling)`
