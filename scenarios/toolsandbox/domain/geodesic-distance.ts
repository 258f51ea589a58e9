/** WGS-84 semi-major axis in metres. */
const SEMI_MAJOR = 6_378_137
/** WGS-84 flattening. */
const FLATTENING = 1 / 298.257223563
const SEMI_MINOR = SEMI_MAJOR * (1 - FLATTENING)
/** The mean Earth radius in metres (IUGG), used only where Vincenty's iteration fails. */
const MEAN_RADIUS = 6_371_008.8

const radians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * The distance in kilometres between two points along the WGS-84 ellipsoid, by Vincenty's
 * inverse formula (accurate to well under a millimetre). For nearly antipodal points, where that
 * iteration does not converge, it falls back to the great-circle distance on the mean sphere,
 * which is within 0.5 % of the ellipsoidal distance.
 */
export function geodesicDistanceKm(latitude0: number, longitude0: number, latitude1: number, longitude1: number): number {
  const vincenty = vincentyMetres(latitude0, longitude0, latitude1, longitude1)
  return (vincenty ?? greatCircleMetres(latitude0, longitude0, latitude1, longitude1)) / 1000
}

/** Great-circle (haversine) distance on the mean sphere, in metres. */
export function greatCircleMetres(latitude0: number, longitude0: number, latitude1: number, longitude1: number): number {
  const deltaLatitude = radians(latitude1 - latitude0)
  const deltaLongitude = radians(longitude1 - longitude0)
  const h = Math.sin(deltaLatitude / 2) ** 2 + Math.cos(radians(latitude0)) * Math.cos(radians(latitude1)) * Math.sin(deltaLongitude / 2) ** 2
  return 2 * MEAN_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)))
}

function vincentyMetres(latitude0: number, longitude0: number, latitude1: number, longitude1: number): number | undefined {
  const f = FLATTENING
  const L = radians(longitude1 - longitude0)
  const U1 = Math.atan((1 - f) * Math.tan(radians(latitude0)))
  const U2 = Math.atan((1 - f) * Math.tan(radians(latitude1)))
  const sinU1 = Math.sin(U1)
  const cosU1 = Math.cos(U1)
  const sinU2 = Math.sin(U2)
  const cosU2 = Math.cos(U2)
  let lambda = L
  for (let iteration = 0; iteration < 200; iteration++) {
    const sinLambda = Math.sin(lambda)
    const cosLambda = Math.cos(lambda)
    const sinSigma = Math.sqrt((cosU2 * sinLambda) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) ** 2)
    if (sinSigma === 0) return 0
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
    const sigma = Math.atan2(sinSigma, cosSigma)
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma
    const cosSquaredAlpha = 1 - sinAlpha * sinAlpha
    // On the equator cos²α is 0 and the term below is taken as 0.
    const cos2SigmaM = cosSquaredAlpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cosSquaredAlpha
    const C = (f / 16) * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
    const previous = lambda
    lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
    if (Math.abs(lambda - previous) < 1e-12) {
      const uSquared = (cosSquaredAlpha * (SEMI_MAJOR ** 2 - SEMI_MINOR ** 2)) / SEMI_MINOR ** 2
      const A = 1 + (uSquared / 16384) * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
      const B = (uSquared / 1024) * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
      const deltaSigma =
        B *
        sinSigma *
        (cos2SigmaM +
          (B / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
      return SEMI_MINOR * A * (sigma - deltaSigma)
    }
  }
  return undefined
}
