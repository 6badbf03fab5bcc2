import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { build } from 'astro'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteSnapshot } from '#contract/index'
import type { SiteMedia } from '#contract/media'
import { SLOT_SIZES } from '#domain/media/responsive'
import { DEMO_NOW, tenantSnapshot } from '#support/tenant-snapshot'
import { all, pageFile, reader } from './build-output'

/**
 * Library pictures drawn responsively (docs/decisions/091-responsive-media-images.md): one demo
 * tenant built twice, its first post's cover and a body image pointing at a library picture;
 * `media.localhost` has the picture in its snapshot's media, `plain.localhost` the same content
 * without (as before, or an address not from the library). The bytes of both pages are logged:
 * the figures of the decision.
 */
const MEDIA = 'media.localhost'
const PLAIN = 'plain.localhost'
const POST = 'cinq-gestes-peau-lumineuse-hiver'
const ML = 'maison-lumiere.localhost'
const url = (w: number, ext: string) =>
  `/media/c7/images/0f1e2d3c4b5a69788796a5b4c3d2e1f0-${w}.${ext}`
// the sizes measured in decision 081 for a 3000x2000 photo, in kB
const KB = { avif: [19, 51, 84, 120], webp: [32, 75, 114, 151], jpg: [32, 94, 161, 235] }
const photo: SiteMedia = {
  width: 3000,
  height: 2000,
  variants: [400, 800, 1200, 1600].flatMap((width, i) =>
    (['avif', 'webp', 'jpeg'] as const).map((format) => {
      const ext = format === 'jpeg' ? 'jpg' : format
      return { width, format, url: url(width, ext), bytes: (KB[ext][i] ?? 0) * 1000 }
    }),
  ),
  alt: { fr: 'Une cabine baignée de lumière', en: 'A treatment room full of light' },
}

function snapshotOf(host: string, media: SiteMedia[]): SiteSnapshot {
  const base = tenantSnapshot(ML)
  const posts = base.posts.map((post) =>
    post.slug !== POST
      ? post
      : {
          ...post,
          images: [{ url: url(1600, 'jpg') }],
          body: {
            ...post.body,
            fr: `${post.body.fr ?? ''}<p><img src="${url(1600, 'jpg')}" alt=""></p>`,
          },
        },
  )
  // an event showing the same picture (docs/decisions/095-event-images.md), and one over
  const event = (id: string, end: string) => ({
    id,
    img: [{ url: url(1600, 'jpg') }],
    start: '2020-01-01T00:00:00Z',
    end,
    showDates: false,
    title: { fr: 'Portes ouvertes' },
    body: {},
    link: undefined,
  })
  // the home's coupon pop-up showing it too (decision 091's `popup` slot)
  const booker = {
    ...base.company.booker,
    couponsPopupHome: true,
    couponsPopupText: { fr: 'Une offre' },
    popupImg: { url: url(1600, 'jpg') },
  }
  return {
    ...base,
    host,
    company: {
      ...base.company,
      booker,
      identity: { ...base.company.identity, websiteURL: undefined },
    },
    posts,
    events: [event('picture-event', '2099-01-01T00:00:00Z')],
    media,
  }
}

let out = ''
let read: (file: string) => string = () => ''

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-media-'))
  const snapshots = join(dir, 'snapshots')
  out = join(dir, 'out')
  await mkdir(snapshots, { recursive: true })
  await writeFile(join(snapshots, `${MEDIA}.json`), JSON.stringify(snapshotOf(MEDIA, [photo])))
  await writeFile(join(snapshots, `${PLAIN}.json`), JSON.stringify(snapshotOf(PLAIN, [])))
  process.env.SITES_SNAPSHOT_DIR = snapshots
  process.env.SITES_NOW = DEMO_NOW
  process.env.SITES_TENANTS = `${MEDIA},${PLAIN}`
  await build({ root: process.cwd(), outDir: out, logLevel: 'error' })
  read = reader(out)
})
afterAll(async () => {
  delete process.env.SITES_TENANTS
  if (out) await rm(join(out, '..'), { recursive: true, force: true })
})

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

describe('library pictures on the built pages', () => {
  it('draws the cover as a <picture>: AVIF and WebP sources, fallback srcset, sizes, no shift', () => {
    const html = main(read(pageFile(MEDIA, `/magazine/${POST}`)))
    const picture = /<picture>([\s\S]*?)<\/picture>/.exec(html)?.[1] ?? ''
    expect(picture).toContain(
      `<source type="image/avif" srcset="${[400, 800, 1200, 1600].map((w) => `${url(w, 'avif')} ${w}w`).join(', ')}" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"`,
    )
    expect(picture).toContain('<source type="image/webp"')
    const img = /<img[^>]*>/.exec(picture)?.[0] ?? ''
    expect(img).toContain(`src="${url(1200, 'jpg')}"`)
    expect(img).toContain(`srcset="${url(400, 'jpg')} 400w,`)
    // the media's aspect ratio (3:2) at the slot's width: the page keeps its place
    expect(img).toMatch(/width="1200" height="800"/)
    expect(img).toContain('alt="Une cabine baignée de lumière"')
    expect(img).toContain('loading="eager"')
  })

  it('takes the alt of the page’s language from the library', () => {
    const html = main(read(pageFile(MEDIA, `/en/magazine/${POST}`)))
    expect(html).toContain('alt="A treatment room full of light"')
  })

  it('draws the body’s library image as a lazy <picture> after the sanitiser', () => {
    const html = main(read(pageFile(MEDIA, `/magazine/${POST}`)))
    const body = html.slice(html.indexOf('<div class="prose">'))
    expect(body).toMatch(
      /<picture><source type="image\/avif"[^>]*><source type="image\/webp"[^>]*><img [^>]*loading="lazy"/,
    )
    expect(body).toContain('alt="Une cabine baignée de lumière" width="736" height="491"')
  })

  it('draws the magazine card responsively too, lazy, decorative beside its title', () => {
    const html = main(read(pageFile(MEDIA, '/magazine')))
    const card =
      all(html, /(<article class="card">[\s\S]*?<\/article>)/g).find((c) => c.includes(POST)) ?? ''
    expect(card).toContain('sizes="(min-width: 34rem) 25rem, calc(100vw - 2rem)"')
    expect(card).toMatch(/<img [^>]*\salt(="")? [^>]*loading="lazy"/)
  })

  it('keeps a plain <img> for an image the snapshot does not know, and logs the bytes', () => {
    const plain = read(pageFile(PLAIN, `/magazine/${POST}`))
    expect(main(plain)).not.toContain('<picture')
    expect(main(plain)).toContain(`<img src="${url(1600, 'jpg')}"`)
    const rich = read(pageFile(MEDIA, `/magazine/${POST}`))
    const sizes = (html: string) =>
      `${Buffer.byteLength(html)} B (${brotliCompressSync(html).byteLength} B brotli)`
    const list = (host: string) => sizes(read(pageFile(host, '/magazine')))
    console.log(
      `post page HTML: ${sizes(plain)} plain, ${sizes(rich)} responsive; ` +
        `magazine: ${list(PLAIN)} plain, ${list(MEDIA)} responsive`,
    )
  })

  it('draws the coupon pop-up’s library picture for its half of the dialog, a plain one in a 4:3 box', () => {
    const popup = (host: string) => {
      const html = read(pageFile(host, '/'))
      const start = html.indexOf('<template id="coupon-popup"')
      return html.slice(start, html.indexOf('</template>', start))
    }
    const picture = popup(MEDIA)
    expect(picture).toContain(`sizes="${SLOT_SIZES.popup}"`)
    expect(picture).toMatch(/<picture><source type="image\/avif"/)
    // the media's aspect ratio (3:2) at the slot's width
    expect(picture).toMatch(/<img [^>]*width="368" height="245"[^>]*loading="lazy"/)
    // not from the library: the box the CSS keeps (4:3), whatever the picture's shape
    expect(popup(PLAIN)).toContain(`<img src="${url(1600, 'jpg')}" alt width="368" height="276"`)
  })

  it('writes the events’ library pictures into each language’s notices.json, none without', () => {
    const frame = (file: string) =>
      JSON.parse(read(file)) as { pictures: Record<string, { alt: string; responsive?: unknown }> }
    const fr = frame(`${MEDIA}/notices.json`).pictures
    expect(Object.keys(fr)).toEqual([url(1600, 'jpg')])
    expect(fr[url(1600, 'jpg')]).toMatchObject({
      alt: 'Une cabine baignée de lumière',
      responsive: {
        src: url(1200, 'jpg'),
        sizes: '(min-width: 982px) 918px, calc(100vw - 4rem)',
        width: 918,
        height: 612,
      },
    })
    expect(frame(`${MEDIA}/en/notices.json`).pictures[url(1600, 'jpg')]?.alt).toBe(
      'A treatment room full of light',
    )
    expect(frame(`${PLAIN}/notices.json`).pictures).toEqual({})
  })
})
