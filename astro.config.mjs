// @ts-check
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'
import { everyPageChunk } from './scripts/build-sites/every-page-chunk.ts'

// Tenant sites are rendered by src/pages/[tenant]/[...lang]/ (docs/architecture.md, "Sites").
// build.format 'preserve': index routes become folder/index.html (as 'directory' would) while a
// non-index page keeps its name, which is how each tenant gets <host>/404.html and
// <host>/<lang>/404.html. Stylesheets are never inlined: one hashed sheet under /_astro serves
// every page of every tenant from cache.
export default defineConfig({
  output: 'static',
  // plain `astro build` writes here, away from dist/sites (what build:sites publishes and serve serves)
  outDir: '.data/astro-dist',
  // Few islands render on the server (decisions 007, 010): React's streaming renderer only adds
  // cost to the build, so the plain string renderer is used.
  integrations: [react({ experimentalDisableStreaming: true })],
  server: { host: '127.0.0.1', port: 4321 },
  // four pages rendered at once: a page's file write overlaps the next page's rendering
  build: { format: 'preserve', inlineStylesheets: 'never', concurrency: 4 },
  trailingSlash: 'ignore',
  // the code every page runs in one chunk (scripts/build-sites/every-page-chunk.ts, decision 107)
  vite: {
    build: {
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: everyPageChunk, debugName: 'page' }] } },
      },
    },
  },
})
