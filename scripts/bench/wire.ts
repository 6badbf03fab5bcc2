import type { CDPSession } from 'playwright-core'

/**
 * Bytes received for one load: `total` with every response's headers, the others the bodies as
 * sent (compressed) of the page, its scripts and its stylesheets.
 */
export interface Wire {
  total: number
  html: number
  js: number
  css: number
}

/**
 * Counts what Chromium received over the network while `load` runs: Network.loadingFinished's
 * encodedDataLength (headers and the body as sent), 0 for a cache hit; a body is that less the
 * headers' bytes Network.responseReceived reported.
 */
export async function onTheWire(cdp: CDPSession, load: () => Promise<void>): Promise<Wire> {
  const types = new Map<string, string>()
  const headerBytes = new Map<string, number>()
  const wire: Wire = { total: 0, html: 0, js: 0, css: 0 }
  const sent = (event: { requestId: string; type?: string }) =>
    types.set(event.requestId, event.type ?? 'Other')
  const received = (event: { requestId: string; response: { encodedDataLength: number } }) =>
    headerBytes.set(event.requestId, event.response.encodedDataLength)
  const done = (event: { requestId: string; encodedDataLength: number }) => {
    wire.total += event.encodedDataLength
    const body = Math.max(0, event.encodedDataLength - (headerBytes.get(event.requestId) ?? 0))
    const type = types.get(event.requestId)
    if (type === 'Document') wire.html += body
    else if (type === 'Script') wire.js += body
    else if (type === 'Stylesheet') wire.css += body
  }
  cdp.on('Network.requestWillBeSent', sent)
  cdp.on('Network.responseReceived', received)
  cdp.on('Network.loadingFinished', done)
  try {
    await load()
  } finally {
    cdp.off('Network.requestWillBeSent', sent)
    cdp.off('Network.responseReceived', received)
    cdp.off('Network.loadingFinished', done)
  }
  return wire
}

/** Third parties are all https; the sites here are plain http on loopback. */
export async function blockThirdParties(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable')
  await cdp.send('Network.setBlockedURLs', { urls: ['https://*'] })
}
