import type { IOptions } from 'sanitize-html'
import { ownImage, TENANT_HTML } from './tenant-html'

/**
 * The sanitize-html options of the tenant HTML policy (TENANT_HTML), one set for the build's
 * sanitiser (src/site/sanitize.ts) and the API, which cleans a post's body when it is saved
 * (server/routes/posts). `storage` is the storage origin the build serves images from: with it,
 * an image on another host becomes a link to it (decision 019). The API passes none: it keeps
 * every allowed image as written and lets the build, which knows the origin, decide.
 */
export function tenantHtmlOptions(storage?: string): IOptions {
  return {
    allowedTags: [...TENANT_HTML.tags],
    allowedAttributes: Object.fromEntries(
      Object.entries(TENANT_HTML.attributes).map(([tag, names]) => [tag, [...names]]),
    ),
    allowedSchemes: [...TENANT_HTML.schemes],
    allowedSchemesByTag: { img: [...TENANT_HTML.imageSchemes] },
    allowProtocolRelative: false,
    // 'discard' drops the tag and keeps its text, except for these whose content is code.
    disallowedTagsMode: 'discard',
    nonTextTags: [...TENANT_HTML.codeTags],
    transformTags: {
      a: (tagName, attribs) => {
        const attrs = { ...attribs }
        if (attrs.target === '_blank') attrs.rel = 'noopener noreferrer'
        else delete attrs.target
        return { tagName, attribs: attrs }
      },
      ...(storage === undefined ? {} : { img: ownImageOnly(storage) }),
    },
  }
}

function ownImageOnly(storage: string) {
  return (tagName: string, attribs: Record<string, string>) => {
    const src = attribs.src ?? ''
    if (ownImage(src, storage)) return { tagName, attribs: { ...attribs, loading: 'lazy' } }
    if (!/^https?:\/\//i.test(src.trim())) return { tagName, attribs: { alt: attribs.alt ?? '' } }
    const link = { href: src, target: '_blank', rel: 'noopener noreferrer' }
    return { tagName: 'a', attribs: link, text: attribs.alt || attribs.title || src }
  }
}
