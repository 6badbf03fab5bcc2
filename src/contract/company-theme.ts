import * as z from 'zod/mini'
import { colour, flag, maybe, webUrl } from './common'
import { DEFAULT_THEME_COLOURS as D } from './constants'

/**
 * docs/product/3-entities.md themes "general" colours. src/theme turns them into CSS custom properties, which is why
 * colours are validated (common.ts colour) rather than taken as free strings.
 */
export const themeColours = z.prefault(
  z.object({
    headerColor: z._default(colour, D.headerColor),
    menuColor: z._default(colour, D.menuColor),
    buttonsColor: z._default(colour, D.buttonsColor),
    secondaryButtonsColor: maybe(colour),
    footerColor: z._default(colour, D.footerColor),
    mkpBackgroundColor: maybe(colour),
    /** an image, kept with the colours because the marketplace home uses one or the other */
    mkpBackgroundImage: maybe(webUrl),
    /** booking breadcrumb: steps not reached, done, and the current one */
    bookingBreadDefault: maybe(colour),
    bookingBreadDone: z._default(colour, D.bookingBreadDone),
    bookingBreadCurrent: maybe(colour),
    eventBackgroundColor: maybe(colour),
    eventTextColor: maybe(colour),
  }),
  {},
)
export type ThemeColours = z.infer<typeof themeColours>

/** A web font: its family name and the stylesheet that declares it. */
export const font = z.object({
  name: z.string().check(z.regex(/^[\w\s-]{1,64}$/)),
  url: maybe(webUrl),
})
export type Font = z.infer<typeof font>

/**
 * docs/product/3-entities.md: "Colours exist for light and dark themes" while `dark` is also the flag choosing the
 * dark one, so the two colour sets sit under `general` (the back end's name for the colour group).
 */
export const companyThemes = z.prefault(
  z.object({
    general: z.prefault(z.object({ light: themeColours, dark: themeColours }), {}),
    headerFont: maybe(font),
    menuFont: maybe(font),
    bodyFont: maybe(font),
    /** content boxed in the site container (docs/product/9-constants.md: 1200 px) instead of full width */
    siteContained: flag(false),
    roundedMenu: flag(false),
    headerFullWidth: flag(false),
    squareFlatButtons: flag(false),
    /** raw tenant CSS; src/theme makes it unable to close its <style> element */
    customCss: z._default(z.string(), ''),
    /** show general.dark instead of general.light */
    dark: flag(false),
    shadowSiteContained: flag(false),
    containedBackgroundColor: maybe(colour),
  }),
  {},
)
export type CompanyThemes = z.infer<typeof companyThemes>
