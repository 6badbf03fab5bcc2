import type { Company, ThemeColours } from '#contract/index'
import { WIDTH_PX } from '#contract/index'
import { DARK_TEXT, LIGHT_TEXT, readableOn } from './colour'
import { fontStack } from './fonts'

/** Address rewriting for tenant images (storage base); identity by default. */
export type AssetUrl = (url: string) => string

/** A url() argument: the contract already refuses quotes and spaces; escape anyway, cheaply. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`
}

function colourVariables(c: ThemeColours, dark: boolean): Record<string, string | undefined> {
  const text = dark ? LIGHT_TEXT : DARK_TEXT
  return {
    '--c-header': c.headerColor,
    '--c-on-header': readableOn(c.headerColor, text),
    '--c-menu': c.menuColor,
    '--c-on-menu': readableOn(c.menuColor, text),
    '--c-button': c.buttonsColor,
    '--c-on-button': readableOn(c.buttonsColor),
    '--c-button-2': c.secondaryButtonsColor ?? c.buttonsColor,
    '--c-on-button-2': readableOn(c.secondaryButtonsColor ?? c.buttonsColor),
    '--c-footer': c.footerColor,
    '--c-on-footer': readableOn(c.footerColor, text),
    '--c-mkp-bg': c.mkpBackgroundColor,
    '--c-bread-default': c.bookingBreadDefault,
    '--c-bread-done': c.bookingBreadDone,
    '--c-bread-current': c.bookingBreadCurrent,
    '--c-event-bg': c.eventBackgroundColor,
    '--c-event-text': c.eventTextColor,
  }
}

/**
 * The company theme as CSS custom properties on :root (docs/product/3-entities.md themes). The one shared stylesheet
 * (src/styles) reads only these variables, so a theme is data and never a compile. `dark` picks
 * the dark colour set; text colours are derived so every background keeps readable text.
 */
export function themeVariables(company: Company, asset: AssetUrl = (u) => u): string {
  const themes = company.themes
  const dark = themes.dark
  const colours = dark ? themes.general.dark : themes.general.light
  const booker = company.booker
  const pageBg = booker.backgroundColor ?? (dark ? '#121212' : '#ffffff')
  const surface = themes.containedBackgroundColor ?? (dark ? '#1b1b1b' : '#ffffff')
  const vars: Record<string, string | undefined> = {
    ...colourVariables(colours, dark),
    '--c-page-bg': pageBg,
    '--c-on-page': readableOn(pageBg, dark ? LIGHT_TEXT : DARK_TEXT),
    '--c-surface': themes.siteContained ? surface : pageBg,
    '--c-on-surface': readableOn(themes.siteContained ? surface : pageBg),
    '--page-bg-repeat': booker.backgroundRepeat,
    '--mkp-bg-image': colours.mkpBackgroundImage
      ? cssUrl(asset(colours.mkpBackgroundImage))
      : undefined,
    '--font-header': fontStack(themes.headerFont),
    '--font-menu': fontStack(themes.menuFont),
    '--font-body': fontStack(themes.bodyFont),
    '--logo-size': `${company.identity.logoSize}px`,
    // docs/product/9-constants.md: site container 1200 px, 1600 px when fluid (not contained)
    '--site-max': `${themes.siteContained ? WIDTH_PX.siteContainer : WIDTH_PX.siteContainerFluid}px`,
    '--radius-menu': themes.roundedMenu ? '999px' : '0',
    '--radius-button': themes.squareFlatButtons ? '0' : '6px',
    '--shadow-button': themes.squareFlatButtons ? 'none' : '0 1px 3px rgb(0 0 0 / 0.2)',
  }
  const body = Object.entries(vars)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
  return `:root{color-scheme:${dark ? 'dark' : 'light'};${body}}`
}

/** Layout flags of the theme as classes of <body>: structure the variables cannot express. */
export function themeClasses(company: Company): string {
  const t = company.themes
  const flags: [boolean, string][] = [
    [t.siteContained, 'theme-contained'],
    [t.siteContained && t.shadowSiteContained, 'theme-contained-shadow'],
    [t.headerFullWidth, 'theme-header-full'],
    [t.roundedMenu, 'theme-rounded-menu'],
    [t.squareFlatButtons, 'theme-square-buttons'],
    [t.dark, 'theme-dark'],
    [company.booker.headerDark, 'theme-header-dark'],
  ]
  return flags
    .filter(([on]) => on)
    .map(([, name]) => name)
    .join(' ')
}
