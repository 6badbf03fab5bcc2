/** Text and attribute escaping for the XML endpoints (sitemap, RSS). */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}
