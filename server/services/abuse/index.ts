/**
 * The abuse module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export {
  CODE_LIMITS,
  type CodeGuard,
  codeGuard,
  limitedCodeLookup,
  unguarded,
} from './code-checks.ts'
