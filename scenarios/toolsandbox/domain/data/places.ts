/**
 * Places for the offline map search and reverse geocoding. Invented businesses at plausible
 * addresses and coordinates in six US cities, and three landmarks ToolSandbox's own scenarios
 * use (Apple Park, the Golden Gate Bridge, the Grand Canyon's South Rim); ratings and phone numbers
 * are made up (555-01xx numbers are reserved for fiction), except Apple Park's public one.
 */
export interface Place {
  readonly name: string
  readonly full_address: string
  /** The city the place is in, as the weather data names it. */
  readonly city: string
  /** What kind of place it is, most specific first; searches match these words. */
  readonly types: readonly string[]
  readonly latitude: number
  readonly longitude: number
  readonly rating: number
  readonly review_count: number
  readonly phone_number: string
  readonly price_level: string | null
  readonly timezone: string
}

const LA = 'America/Los_Angeles'
const NY = 'America/New_York'
const CHI = 'America/Chicago'

const place = (
  name: string,
  full_address: string,
  city: string,
  types: readonly string[],
  latitude: number,
  longitude: number,
  rating: number,
  review_count: number,
  phone_number: string,
  price_level: string | null,
  timezone: string,
): Place => ({ name, full_address, city, types, latitude, longitude, rating, review_count, phone_number, price_level, timezone })

/** Every bundled place. */
export const PLACES: readonly Place[] = [
  // San Francisco (the default device sits at the Civic Center)
  place('Hayes Valley Cleaners', '412 Hayes St, San Francisco, CA 94102', 'San Francisco', ['dry cleaner', 'laundry'], 37.7765, -122.4242, 4.4, 212, '+14155550141', '$$', LA),
  place('Civic Grind Coffee', '150 Van Ness Ave, San Francisco, CA 94102', 'San Francisco', ['coffee shop', 'cafe'], 37.777, -122.4195, 4.6, 845, '+14155550142', '$', LA),
  place('Fog City Noodle House', '520 Larkin St, San Francisco, CA 94102', 'San Francisco', ['restaurant', 'noodles', 'asian'], 37.7836, -122.4176, 4.3, 1290, '+14155550143', '$$', LA),
  place('Mission Dolores Tacos', '3180 16th St, San Francisco, CA 94103', 'San Francisco', ['restaurant', 'mexican', 'tacos'], 37.7649, -122.4228, 4.7, 2311, '+14155550144', '$', LA),
  place('Golden Crate Grocery', '900 Folsom St, San Francisco, CA 94107', 'San Francisco', ['grocery store', 'supermarket'], 37.7807, -122.403, 4.1, 530, '+14155550145', '$$', LA),
  place('Fogline Climbing Gym', '1500 Mission St, San Francisco, CA 94103', 'San Francisco', ['climbing gym', 'gym', 'fitness'], 37.7725, -122.4177, 4.8, 676, '+14155550146', '$$', LA),
  place('Embarcadero Pharmacy', '2 Embarcadero Center, San Francisco, CA 94111', 'San Francisco', ['pharmacy', 'drugstore'], 37.795, -122.399, 3.9, 188, '+14155550147', null, LA),
  // New York
  place('Bryant Park Bagels', '41 W 42nd St, New York, NY 10036', 'New York', ['bakery', 'bagels', 'cafe'], 40.754, -73.983, 4.5, 1980, '+12125550151', '$', NY),
  place('Hudson Yards Pharmacy', '500 W 33rd St, New York, NY 10001', 'New York', ['pharmacy', 'drugstore'], 40.753, -73.999, 3.8, 240, '+12125550152', null, NY),
  place('Mulberry Street Trattoria', '140 Mulberry St, New York, NY 10013', 'New York', ['restaurant', 'italian', 'pasta'], 40.719, -73.9975, 4.4, 3120, '+12125550153', '$$$', NY),
  place('Empire Slice Pizza', '362 W 34th St, New York, NY 10001', 'New York', ['restaurant', 'pizza'], 40.7505, -73.9934, 4.2, 2750, '+12125550154', '$', NY),
  place('Sheep Meadow Bike Rentals', '60 W 59th St, New York, NY 10019', 'New York', ['bike rental', 'bicycle'], 40.7657, -73.976, 4.6, 410, '+12125550155', '$$', NY),
  place('Bleecker Street Books', '88 Bleecker St, New York, NY 10012', 'New York', ['bookstore', 'books'], 40.7275, -73.9985, 4.7, 890, '+12125550156', null, NY),
  // Chicago
  place('Loop Deep Dish', '215 N Wells St, Chicago, IL 60606', 'Chicago', ['restaurant', 'pizza', 'deep dish'], 41.8858, -87.634, 4.5, 4020, '+13125550161', '$$', CHI),
  place('Lakeshore Coffee Roasters', '77 E Randolph St, Chicago, IL 60601', 'Chicago', ['coffee shop', 'cafe'], 41.8846, -87.6255, 4.6, 760, '+13125550162', '$', CHI),
  place('Michigan Avenue Pharmacy', '640 N Michigan Ave, Chicago, IL 60611', 'Chicago', ['pharmacy', 'drugstore'], 41.8935, -87.6245, 3.9, 205, '+13125550163', null, CHI),
  place('Clark Street Sports Bar', '3600 N Clark St, Chicago, IL 60613', 'Chicago', ['bar', 'sports bar'], 41.948, -87.657, 4.2, 1530, '+13125550164', '$$', CHI),
  place('River North Sushi', '410 N Clark St, Chicago, IL 60654', 'Chicago', ['restaurant', 'sushi', 'japanese'], 41.8895, -87.631, 4.6, 980, '+13125550165', '$$$', CHI),
  place('West Loop Grocers', '900 W Randolph St, Chicago, IL 60607', 'Chicago', ['grocery store', 'supermarket'], 41.8843, -87.649, 4.3, 640, '+13125550166', '$$', CHI),
  // Seattle
  place('Pike Street Chowder Bar', '1520 Pike Pl, Seattle, WA 98101', 'Seattle', ['restaurant', 'seafood', 'chowder'], 47.6095, -122.3415, 4.7, 5210, '+12065550171', '$$', LA),
  place('Broadway Espresso', '420 Broadway E, Seattle, WA 98102', 'Seattle', ['coffee shop', 'cafe', 'espresso'], 47.623, -122.321, 4.5, 1130, '+12065550172', '$', LA),
  place('Needle View Hotel', '310 5th Ave N, Seattle, WA 98109', 'Seattle', ['hotel', 'lodging'], 47.6205, -122.348, 4.1, 2270, '+12065550173', '$$$', LA),
  place('Ballard Fish Market', '5300 Ballard Ave NW, Seattle, WA 98107', 'Seattle', ['grocery store', 'fish market', 'seafood'], 47.6675, -122.384, 4.6, 480, '+12065550174', '$$', LA),
  place('Rainier Outfitters', '1200 2nd Ave, Seattle, WA 98101', 'Seattle', ['outdoor gear store', 'sporting goods'], 47.6065, -122.3365, 4.4, 390, '+12065550175', '$$', LA),
  place('Fremont Taqueria', '3500 Fremont Ave N, Seattle, WA 98103', 'Seattle', ['restaurant', 'mexican', 'tacos'], 47.651, -122.349, 4.3, 870, '+12065550176', '$', LA),
  // Austin
  place('Congress Avenue BBQ', '600 Congress Ave, Austin, TX 78701', 'Austin', ['restaurant', 'barbecue', 'bbq'], 30.2688, -97.7425, 4.8, 6010, '+15125550181', '$$', CHI),
  place('South Lamar Coffee', '1400 S Lamar Blvd, Austin, TX 78704', 'Austin', ['coffee shop', 'cafe'], 30.252, -97.764, 4.5, 720, '+15125550182', '$', CHI),
  place('Barton Springs Kayak Rentals', '2100 Barton Springs Rd, Austin, TX 78746', 'Austin', ['kayak rental', 'boat rental'], 30.266, -97.772, 4.6, 350, '+15125550183', '$$', CHI),
  place('Sixth Street Music Hall', '410 E 6th St, Austin, TX 78701', 'Austin', ['music venue', 'bar', 'live music'], 30.267, -97.739, 4.4, 2480, '+15125550184', '$$', CHI),
  place('East Seventh Pharmacy', '1800 E 7th St, Austin, TX 78702', 'Austin', ['pharmacy', 'drugstore'], 30.262, -97.723, 4.0, 150, '+15125550185', null, CHI),
  place('Rainey Street Tacos', '70 Rainey St, Austin, TX 78701', 'Austin', ['restaurant', 'mexican', 'tacos'], 30.259, -97.7385, 4.6, 1670, '+15125550186', '$', CHI),
  // Boston
  place('Charles Street Books', '60 Charles St, Boston, MA 02114', 'Boston', ['bookstore', 'books'], 42.358, -71.0705, 4.8, 530, '+16175550191', null, NY),
  place('Newbury Coffee House', '230 Newbury St, Boston, MA 02116', 'Boston', ['coffee shop', 'cafe'], 42.349, -71.083, 4.4, 910, '+16175550192', '$', NY),
  place('Hanover Pasta Kitchen', '300 Hanover St, Boston, MA 02113', 'Boston', ['restaurant', 'italian', 'pasta'], 42.3637, -71.0545, 4.7, 3340, '+16175550193', '$$$', NY),
  place('Seaport Oyster Bar', '100 Seaport Blvd, Boston, MA 02210', 'Boston', ['restaurant', 'seafood', 'oysters'], 42.352, -71.044, 4.5, 1880, '+16175550194', '$$$', NY),
  place('Boylston Pharmacy', '1300 Boylston St, Boston, MA 02215', 'Boston', ['pharmacy', 'drugstore'], 42.345, -71.096, 3.9, 170, '+16175550195', null, NY),
  place('Cambridge Street Grocery', '120 Cambridge St, Boston, MA 02114', 'Boston', ['grocery store', 'supermarket'], 42.3605, -71.063, 4.2, 460, '+16175550196', '$$', NY),
  // Landmarks ToolSandbox's own scenarios ask about, so they run offline: where its device sits
  // (Apple Park, with its public address and number), the Golden Gate Bridge, the Grand Canyon.
  place('Apple Park', 'Apple Park, 1 Apple Park Way, Cupertino, CA 95014, United States', 'Cupertino', ['landmark', 'headquarters', 'office'], 37.3346, -122.009, 4.6, 5400, '+14089961010', null, LA),
  place('Golden Gate Bridge', 'Golden Gate Bridge, San Francisco, CA 94129, United States', 'San Francisco', ['bridge', 'landmark'], 37.8199, -122.4786, 4.8, 61000, '+14155550150', null, LA),
  place('Grand Canyon South Rim', 'Grand Canyon Village, AZ 86023', 'Grand Canyon Village', ['national park', 'canyon', 'landmark'], 36.0544, -112.1401, 4.9, 15200, '+19285550110', null, 'America/Phoenix'),
]
