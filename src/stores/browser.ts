import { createBookingCartStore } from './booking-cart'
import { browserStorage, documentCookieJar } from './cookie-jar'
import { createEshopCartStore } from './eshop-cart'
import { createSessionStore } from './session'

/**
 * The page's shared store instances: every island imports these, so islands on one page see the
 * same state. During the server render the jar and storage are empty, which is the "nothing
 * stored" state every island renders as nothing.
 */
const jar = documentCookieJar()
const storage = browserStorage()

export const eshopCart = createEshopCartStore(jar, storage)
export const bookingCart = createBookingCartStore(storage)
export const session = createSessionStore({ storage, jar })
