import { afterAll, afterEach } from 'vitest'
import { failOnViolations } from './csp-violations'

// Setup file of the e2e and journeys projects (vitest.config.ts): a Content-Security-Policy
// violation in any page a test opened fails that test; one reported late (or in a hook) fails
// the file's afterAll. Decision 019.
afterEach(() => failOnViolations())
afterAll(() => failOnViolations())
