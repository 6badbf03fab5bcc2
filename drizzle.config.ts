import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes SQL migrations from server/db/schema; they are committed and applied
// at API start. Hand-written SQL (extensions, exclusion constraints): `npm run db:generate -- --custom --name=...`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
