export { noGeocoder, nominatimGeocoder } from './nominatim.ts'
