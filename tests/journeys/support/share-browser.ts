import { shareBrowsers } from '#support/browser'

// The journeys' files share a worker (isolate: false): they borrow one launched browser
// (tests/support/browser.ts, decision 110).
shareBrowsers()
