import { createElement, type ReactNode } from 'react'
import type { ConsentFormat } from '#domain/consent/rules'

/**
 * A form's body as the server kept it (docs/decisions/080-consent-record.md): plain text with its
 * line breaks, or the server-cleaned HTML subset rebuilt here as React elements, tag by allowed
 * tag, with no attribute: nothing of the markup is ever inserted as is (an inert DOMParser
 * document is only read).
 */
const TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
])

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const element = node as Element
  const children = [...element.childNodes].map(toReact)
  if (!TAGS.has(element.localName)) return children
  return element.localName === 'br'
    ? createElement('br', { key })
    : createElement(element.localName, { key }, ...children)
}

export function ConsentBody({ body, format }: { body: string; format: ConsentFormat }) {
  if (format === 'text') {
    return (
      <div className="consent-text">
        {body.split(/\n{2,}/).map((paragraph, index) => (
          // paragraphs of a fixed text: their order is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: the text never reorders
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    )
  }
  const doc = new DOMParser().parseFromString(body, 'text/html')
  return <div className="consent-text">{[...doc.body.childNodes].map(toReact)}</div>
}
