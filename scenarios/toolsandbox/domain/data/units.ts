/**
 * The units `unit_conversion` knows, by dimension. `factor` converts one unit into the dimension's
 * base unit (metre, kilogram, cubic metre, kelvin, metre per second, second, square metre, byte);
 * temperatures also have an `offset`: base = amount × factor + offset. The first name is the
 * unit's display name; the rest are aliases. Names are matched case-sensitively first (so `MB` is
 * a megabyte and `Mb` a megabit), then case-insensitively (byte units are registered before bit
 * units, so `mb` reads as megabytes), then with English plurals made singular.
 */
export interface UnitDefinition {
  readonly dimension: string
  readonly factor: number
  readonly offset?: number
  readonly names: readonly string[]
}

const unit = (dimension: string, factor: number, names: readonly string[], offset?: number): UnitDefinition =>
  offset === undefined ? { dimension, factor, names } : { dimension, factor, names, offset }

const FOOT = 0.3048
const INCH = 0.0254
const MILE = 1609.344
const US_GALLON = 3.785411784e-3
const DAY = 86_400
const YEAR = 365.25 * DAY

/** Every known unit. */
export const UNITS: readonly UnitDefinition[] = [
  // length (metre)
  unit('length', 1, ['meter', 'm', 'metre']),
  unit('length', 1000, ['kilometer', 'km', 'kilometre']),
  unit('length', 0.01, ['centimeter', 'cm', 'centimetre']),
  unit('length', 0.001, ['millimeter', 'mm', 'millimetre']),
  unit('length', 1e-6, ['micrometer', 'um', 'µm', 'micron', 'micrometre']),
  unit('length', 1e-9, ['nanometer', 'nm', 'nanometre']),
  unit('length', MILE, ['mile', 'mi']),
  unit('length', 0.9144, ['yard', 'yd']),
  unit('length', FOOT, ['foot', 'ft', 'feet']),
  unit('length', INCH, ['inch', 'in', 'inches']),
  unit('length', 1852, ['nautical mile', 'nmi', 'NM']),
  unit('length', 9.4607304725808e15, ['light year', 'ly', 'lightyear']),
  unit('length', 1.495978707e11, ['astronomical unit', 'au', 'AU']),
  // mass (kilogram)
  unit('mass', 1, ['kilogram', 'kg', 'kilo']),
  unit('mass', 0.001, ['gram', 'g', 'gramme']),
  unit('mass', 1e-6, ['milligram', 'mg']),
  unit('mass', 1e-9, ['microgram', 'ug', 'µg', 'mcg']),
  unit('mass', 1000, ['tonne', 't', 'metric ton']),
  unit('mass', 0.45359237, ['pound', 'lb', 'lbs']),
  unit('mass', 0.028349523125, ['ounce', 'oz']),
  unit('mass', 6.35029318, ['stone', 'st']),
  unit('mass', 907.18474, ['short ton', 'ton', 'US ton']),
  unit('mass', 1016.0469088, ['long ton', 'imperial ton']),
  unit('mass', 0.0002, ['carat', 'ct']),
  // volume (cubic metre)
  unit('volume', 1, ['cubic meter', 'm3', 'm^3', 'cubic metre']),
  unit('volume', 0.001, ['liter', 'l', 'L', 'litre']),
  unit('volume', 1e-4, ['deciliter', 'dl', 'dL', 'decilitre']),
  unit('volume', 1e-5, ['centiliter', 'cl', 'cL', 'centilitre']),
  unit('volume', 1e-6, ['milliliter', 'ml', 'mL', 'millilitre', 'cubic centimeter', 'cm3', 'cc', 'cubic centimetre']),
  unit('volume', US_GALLON, ['gallon', 'gal', 'US gallon']),
  unit('volume', US_GALLON / 4, ['quart', 'qt']),
  unit('volume', US_GALLON / 8, ['pint', 'pt']),
  unit('volume', US_GALLON / 16, ['cup']),
  unit('volume', US_GALLON / 128, ['fluid ounce', 'fl oz', 'floz', 'fl. oz.']),
  unit('volume', US_GALLON / 256, ['tablespoon', 'tbsp']),
  unit('volume', US_GALLON / 768, ['teaspoon', 'tsp']),
  unit('volume', 4.54609e-3, ['imperial gallon', 'imp gal', 'UK gallon']),
  unit('volume', FOOT ** 3, ['cubic foot', 'ft3', 'cu ft', 'cubic feet']),
  unit('volume', INCH ** 3, ['cubic inch', 'in3', 'cu in', 'cubic inches']),
  // temperature (kelvin), affine
  unit('temperature', 1, ['degree Celsius', 'celsius', 'degC', '°C', 'C', 'centigrade', 'degrees celsius'], 273.15),
  unit('temperature', 5 / 9, ['degree Fahrenheit', 'fahrenheit', 'degF', '°F', 'F', 'degrees fahrenheit'], 459.67 * (5 / 9)),
  unit('temperature', 1, ['kelvin', 'K', 'degK']),
  unit('temperature', 5 / 9, ['degree Rankine', 'rankine', 'degR', '°R']),
  // speed (metre per second)
  unit('speed', 1, ['meter per second', 'm/s', 'mps', 'metre per second']),
  unit('speed', 1000 / 3600, ['kilometer per hour', 'km/h', 'kph', 'kmh', 'km/hr', 'kilometre per hour']),
  unit('speed', MILE / 3600, ['mile per hour', 'mph', 'mi/h', 'miles/hour']),
  unit('speed', 1852 / 3600, ['knot', 'kn', 'kt']),
  unit('speed', FOOT, ['foot per second', 'ft/s', 'fps', 'feet per second']),
  // time (second)
  unit('time', 1, ['second', 's', 'sec', 'secs']),
  unit('time', 0.001, ['millisecond', 'ms']),
  unit('time', 1e-6, ['microsecond', 'us', 'µs']),
  unit('time', 1e-9, ['nanosecond', 'ns']),
  unit('time', 60, ['minute', 'min', 'mins']),
  unit('time', 3600, ['hour', 'h', 'hr', 'hrs']),
  unit('time', DAY, ['day', 'd']),
  unit('time', 7 * DAY, ['week', 'wk']),
  unit('time', 14 * DAY, ['fortnight']),
  unit('time', YEAR / 12, ['month']),
  unit('time', YEAR, ['year', 'yr', 'a']),
  unit('time', 10 * YEAR, ['decade']),
  unit('time', 100 * YEAR, ['century', 'centuries']),
  // area (square metre)
  unit('area', 1, ['square meter', 'm2', 'm^2', 'sq m', 'square metre']),
  unit('area', 1e6, ['square kilometer', 'km2', 'km^2', 'sq km', 'square kilometre']),
  unit('area', 1e-4, ['square centimeter', 'cm2', 'cm^2', 'sq cm', 'square centimetre']),
  unit('area', 1e-6, ['square millimeter', 'mm2', 'mm^2', 'sq mm', 'square millimetre']),
  unit('area', 1e4, ['hectare', 'ha']),
  unit('area', 4046.8564224, ['acre', 'ac']),
  unit('area', FOOT ** 2, ['square foot', 'ft2', 'ft^2', 'sq ft', 'square feet']),
  unit('area', INCH ** 2, ['square inch', 'in2', 'in^2', 'sq in', 'square inches']),
  unit('area', 0.9144 ** 2, ['square yard', 'yd2', 'sq yd']),
  unit('area', MILE ** 2, ['square mile', 'mi2', 'sq mi']),
  // data (byte); byte units come before bit units so a lower-case `mb` means megabytes
  unit('data', 1, ['byte', 'B']),
  unit('data', 1e3, ['kilobyte', 'kB', 'KB']),
  unit('data', 1e6, ['megabyte', 'MB']),
  unit('data', 1e9, ['gigabyte', 'GB']),
  unit('data', 1e12, ['terabyte', 'TB']),
  unit('data', 1e15, ['petabyte', 'PB']),
  unit('data', 1024, ['kibibyte', 'KiB']),
  unit('data', 1024 ** 2, ['mebibyte', 'MiB']),
  unit('data', 1024 ** 3, ['gibibyte', 'GiB']),
  unit('data', 1024 ** 4, ['tebibyte', 'TiB']),
  unit('data', 1 / 8, ['bit', 'b']),
  unit('data', 1e3 / 8, ['kilobit', 'kb', 'kbit']),
  unit('data', 1e6 / 8, ['megabit', 'Mb', 'Mbit']),
  unit('data', 1e9 / 8, ['gigabit', 'Gb', 'Gbit']),
  unit('data', 1e12 / 8, ['terabit', 'Tb', 'Tbit']),
]
