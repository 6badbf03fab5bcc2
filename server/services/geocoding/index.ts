export {
  type Geocoder,
  noGeocoder,
  nominatimGeocoder,
  type Position,
  type PostalAddress,
} from './nominatim.ts'
