/**
 * Program shops: a deterministic set of about 500 glass shops in the populous areas of the 50 states and DC,
 * generated from the ZIP reference data (src/server/services/zip.ts), and their seed.
 *
 * How the set is made (same output on every run, no randomness from the clock):
 * - each state gets shops in proportion to its 2020 census population (at least 3);
 * - a state's shops go to its biggest cities, measured by how many ZIP codes a city has (the ZIP data carries no
 *   population; ZIP count is a good proxy), shared out by the D'Hondt method on ZIPs^0.8 so that big cities get
 *   more shops and the second and third cities still get some;
 * - inside a city, the shops sit at ZIP centroids spread out by farthest-point sampling from the city's middle;
 * - shops are the provider's own branded shops ('GlassCare Auto Glass – Tampa North', isProviderOwned) or
 *   independent program shops ('Tampa Bay Windshield Repair'); in a city with two or more shops the central one is
 *   the provider's and the next one independent, the rest (and one-shop cities) by a hash of the ZIP;
 * - phone numbers use the fictional 555-0100…555-0199 range behind a real area code of the place.
 *
 * Remote areas are left without a shop within the 50-mile service radius: see DEMO_NOT_SERVICED_ZIPS.
 */
import type { Db } from './index.ts';
import { allZips, distanceMiles, type LatLon, type ZipInfo } from '../services/zip.ts';
import { fnv1a as hash, seededRandom as rng } from '../random.ts';

/** One program shop as stored in program_shops. */
export interface ProgramShop {
  shopId: string;
  name: string;
  addressLine: string;
  city: string;
  stateCode: string;
  zipCode: string;
  phoneNumber: string;
  latitude: number;
  longitude: number;
  isProviderOwned: boolean;
}

/** The brand of the provider's own shops. */
export const PROVIDER_BRAND = 'GlassCare Auto Glass';

/** ZIPs with shops nearby (downtown Tampa, Denver, Chicago, New York, Anchorage). */
export const DEMO_SERVICED_ZIPS = ['33602', '80202', '60601', '10001', '99501'] as const;
/** Remote ZIPs with no shop within the service radius: Jordan MT, Ely NV, Utqiagvik (Barrow) AK. */
export const DEMO_NOT_SERVICED_ZIPS = ['59337', '89301', '99723'] as const;

/** Shops per million residents (then rounded, at least MIN_SHOPS_PER_STATE). */
const SHOPS_PER_MILLION = 1.4;
const MIN_SHOPS_PER_STATE = 3;
/** A city's ZIPs farther than this from its middle are left out when placing shops (stray or PO-box ZIPs). */
const CITY_RADIUS_MILES = 25;

/** State code → [2020 census population in millions, nickname used in shop names, main area code]. */
const STATES: Record<string, readonly [number, string, string]> = {
  AL: [5.02, 'Yellowhammer', '205'], AK: [0.73, 'Last Frontier', '907'], AZ: [7.15, 'Grand Canyon', '602'],
  AR: [3.01, 'Natural State', '501'], CA: [39.54, 'Golden State', '559'], CO: [5.77, 'Centennial', '303'],
  CT: [3.61, 'Constitution State', '860'], DE: [0.99, 'First State', '302'], DC: [0.69, 'Capitol', '202'],
  FL: [21.54, 'Sunshine State', '407'], GA: [10.71, 'Peach State', '404'], HI: [1.46, 'Aloha', '808'],
  ID: [1.84, 'Gem State', '208'], IL: [12.81, 'Prairie State', '217'], IN: [6.79, 'Hoosier', '317'],
  IA: [3.19, 'Hawkeye', '515'], KS: [2.94, 'Sunflower', '785'], KY: [4.51, 'Bluegrass', '502'],
  LA: [4.66, 'Pelican State', '504'], ME: [1.36, 'Pine Tree', '207'], MD: [6.18, 'Chesapeake', '410'],
  MA: [7.03, 'Bay State', '617'], MI: [10.08, 'Great Lakes', '313'], MN: [5.71, 'North Star', '612'],
  MS: [2.96, 'Magnolia', '601'], MO: [6.15, 'Show-Me', '314'], MT: [1.08, 'Big Sky', '406'],
  NE: [1.96, 'Cornhusker', '402'], NV: [3.1, 'Silver State', '702'], NH: [1.38, 'Granite State', '603'],
  NJ: [9.29, 'Garden State', '201'], NM: [2.12, 'Enchantment', '505'], NY: [20.2, 'Empire State', '518'],
  NC: [10.44, 'Tar Heel', '919'], ND: [0.78, 'Peace Garden', '701'], OH: [11.8, 'Buckeye', '614'],
  OK: [3.96, 'Sooner', '405'], OR: [4.24, 'Beaver State', '503'], PA: [13.0, 'Keystone', '215'],
  RI: [1.1, 'Ocean State', '401'], SC: [5.12, 'Palmetto', '803'], SD: [0.89, 'Rushmore', '605'],
  TN: [6.91, 'Volunteer', '615'], TX: [29.15, 'Lone Star', '512'], UT: [3.27, 'Beehive', '801'],
  VT: [0.64, 'Green Mountain', '802'], VA: [8.63, 'Old Dominion', '804'], WA: [7.71, 'Evergreen', '206'],
  WV: [1.79, 'Mountain State', '304'], WI: [5.89, 'Badger', '414'], WY: [0.58, 'Cowboy State', '307'],
};

/** Area codes of bigger cities ('City,ST'); other places use their state's main area code. */
const CITY_AREA_CODES: Record<string, string> = {
  'Tampa,FL': '813', 'Miami,FL': '305', 'Orlando,FL': '407', 'Jacksonville,FL': '904', 'Fort Lauderdale,FL': '954',
  'Saint Petersburg,FL': '727', 'Clearwater,FL': '727', 'Pensacola,FL': '850', 'Tallahassee,FL': '850',
  'Gainesville,FL': '352', 'Sarasota,FL': '941', 'West Palm Beach,FL': '561', 'Boca Raton,FL': '561',
  'Fort Myers,FL': '239', 'Naples,FL': '239', 'Lakeland,FL': '863', 'Daytona Beach,FL': '386', 'Hollywood,FL': '954',
  'Houston,TX': '713', 'Dallas,TX': '214', 'San Antonio,TX': '210', 'Austin,TX': '512', 'El Paso,TX': '915',
  'Fort Worth,TX': '817', 'Arlington,TX': '817', 'Corpus Christi,TX': '361', 'Lubbock,TX': '806', 'Amarillo,TX': '806',
  'Plano,TX': '972', 'Irving,TX': '972', 'Garland,TX': '972', 'Laredo,TX': '956', 'Brownsville,TX': '956',
  'McAllen,TX': '956', 'Beaumont,TX': '409', 'Galveston,TX': '409', 'Waco,TX': '254', 'Tyler,TX': '903',
  'Midland,TX': '432', 'Odessa,TX': '432', 'Abilene,TX': '325', 'Spring,TX': '281', 'Katy,TX': '281', 'Humble,TX': '281',
  'Los Angeles,CA': '213', 'San Diego,CA': '619', 'San Francisco,CA': '415', 'San Jose,CA': '408',
  'Sacramento,CA': '916', 'Oakland,CA': '510', 'Berkeley,CA': '510', 'Fremont,CA': '510', 'Fresno,CA': '559',
  'Long Beach,CA': '562', 'Bakersfield,CA': '661', 'Anaheim,CA': '714', 'Santa Ana,CA': '714',
  'Huntington Beach,CA': '714', 'Riverside,CA': '951', 'San Bernardino,CA': '909', 'Stockton,CA': '209',
  'Modesto,CA': '209', 'Irvine,CA': '949', 'Pasadena,CA': '626', 'Glendale,CA': '818', 'Van Nuys,CA': '818',
  'North Hollywood,CA': '818', 'Santa Barbara,CA': '805', 'Oxnard,CA': '805', 'Santa Rosa,CA': '707',
  'Torrance,CA': '310', 'Santa Monica,CA': '310', 'Beverly Hills,CA': '310', 'Inglewood,CA': '310',
  'Palm Springs,CA': '760', 'Escondido,CA': '760', 'Oceanside,CA': '760', 'Chula Vista,CA': '619',
  'Redding,CA': '530', 'Chico,CA': '530', 'Salinas,CA': '831', 'Santa Cruz,CA': '831',
  'New York,NY': '212', 'Brooklyn,NY': '718', 'Bronx,NY': '718', 'Staten Island,NY': '718', 'Flushing,NY': '718',
  'Jamaica,NY': '718', 'Long Island City,NY': '718', 'Buffalo,NY': '716', 'Rochester,NY': '585', 'Syracuse,NY': '315',
  'Utica,NY': '315', 'Albany,NY': '518', 'Yonkers,NY': '914', 'White Plains,NY': '914', 'Binghamton,NY': '607',
  'Hicksville,NY': '516',
  'Chicago,IL': '312', 'Springfield,IL': '217', 'Champaign,IL': '217', 'Peoria,IL': '309', 'Rockford,IL': '815',
  'Joliet,IL': '815', 'Aurora,IL': '630', 'Naperville,IL': '630',
  'Philadelphia,PA': '215', 'Pittsburgh,PA': '412', 'Harrisburg,PA': '717', 'Lancaster,PA': '717',
  'Allentown,PA': '610', 'Reading,PA': '610', 'Erie,PA': '814', 'Scranton,PA': '570',
  'Columbus,OH': '614', 'Cleveland,OH': '216', 'Cincinnati,OH': '513', 'Toledo,OH': '419', 'Akron,OH': '330',
  'Youngstown,OH': '330', 'Canton,OH': '330', 'Dayton,OH': '937',
  'Atlanta,GA': '404', 'Savannah,GA': '912', 'Augusta,GA': '706', 'Columbus,GA': '706', 'Macon,GA': '478',
  'Marietta,GA': '770', 'Alpharetta,GA': '770',
  'Charlotte,NC': '704', 'Raleigh,NC': '919', 'Durham,NC': '919', 'Greensboro,NC': '336', 'Winston Salem,NC': '336',
  'Fayetteville,NC': '910', 'Wilmington,NC': '910', 'Asheville,NC': '828',
  'Detroit,MI': '313', 'Grand Rapids,MI': '616', 'Lansing,MI': '517', 'Flint,MI': '810', 'Ann Arbor,MI': '734',
  'Kalamazoo,MI': '269',
  'Saint Louis,MO': '314', 'Kansas City,MO': '816', 'Springfield,MO': '417', 'Columbia,MO': '573',
  'Seattle,WA': '206', 'Spokane,WA': '509', 'Tacoma,WA': '253', 'Vancouver,WA': '360', 'Olympia,WA': '360',
  'Bellevue,WA': '425', 'Everett,WA': '425',
  'Phoenix,AZ': '602', 'Tucson,AZ': '520', 'Mesa,AZ': '480', 'Scottsdale,AZ': '480', 'Tempe,AZ': '480',
  'Chandler,AZ': '480', 'Glendale,AZ': '623', 'Flagstaff,AZ': '928',
  'Denver,CO': '303', 'Aurora,CO': '303', 'Boulder,CO': '303', 'Colorado Springs,CO': '719', 'Pueblo,CO': '719',
  'Fort Collins,CO': '970', 'Grand Junction,CO': '970',
  'Boston,MA': '617', 'Cambridge,MA': '617', 'Worcester,MA': '508', 'Springfield,MA': '413', 'Lowell,MA': '978',
  'Nashville,TN': '615', 'Memphis,TN': '901', 'Knoxville,TN': '865', 'Chattanooga,TN': '423',
  'Richmond,VA': '804', 'Virginia Beach,VA': '757', 'Norfolk,VA': '757', 'Chesapeake,VA': '757',
  'Alexandria,VA': '703', 'Arlington,VA': '703', 'Roanoke,VA': '540',
  'Minneapolis,MN': '612', 'Saint Paul,MN': '651', 'Duluth,MN': '218', 'Rochester,MN': '507',
  'Indianapolis,IN': '317', 'Fort Wayne,IN': '260', 'Evansville,IN': '812', 'South Bend,IN': '574', 'Gary,IN': '219',
  'Milwaukee,WI': '414', 'Madison,WI': '608', 'Green Bay,WI': '920',
  'New Orleans,LA': '504', 'Baton Rouge,LA': '225', 'Shreveport,LA': '318', 'Lafayette,LA': '337',
  'Louisville,KY': '502', 'Lexington,KY': '859',
  'Birmingham,AL': '205', 'Montgomery,AL': '334', 'Mobile,AL': '251', 'Huntsville,AL': '256',
  'Oklahoma City,OK': '405', 'Tulsa,OK': '918',
  'Portland,OR': '503', 'Salem,OR': '503', 'Eugene,OR': '541', 'Bend,OR': '541',
  'Las Vegas,NV': '702', 'Henderson,NV': '702', 'North Las Vegas,NV': '702', 'Reno,NV': '775', 'Sparks,NV': '775',
  'Carson City,NV': '775', 'Elko,NV': '775',
  'Baltimore,MD': '410', 'Annapolis,MD': '410', 'Silver Spring,MD': '301', 'Rockville,MD': '301', 'Frederick,MD': '301',
  'Newark,NJ': '973', 'Paterson,NJ': '973', 'Jersey City,NJ': '201', 'Trenton,NJ': '609', 'Camden,NJ': '856',
  'Elizabeth,NJ': '908',
  'Salt Lake City,UT': '801', 'Provo,UT': '801', 'Ogden,UT': '801', 'Saint George,UT': '435',
  'Columbia,SC': '803', 'Charleston,SC': '843', 'Greenville,SC': '864',
  'Wichita,KS': '316', 'Topeka,KS': '785', 'Overland Park,KS': '913', 'Kansas City,KS': '913',
  'Omaha,NE': '402', 'Lincoln,NE': '402',
  'Albuquerque,NM': '505', 'Santa Fe,NM': '505', 'Las Cruces,NM': '575',
  'Des Moines,IA': '515', 'Cedar Rapids,IA': '319', 'Davenport,IA': '563',
  'Little Rock,AR': '501', 'Fort Smith,AR': '479', 'Fayetteville,AR': '479',
  'Jackson,MS': '601', 'Gulfport,MS': '228',
  'Hartford,CT': '860', 'New Haven,CT': '203', 'Bridgeport,CT': '203', 'Stamford,CT': '203', 'Waterbury,CT': '203',
};

/** Regional names some independents use ('City,ST' → name). */
const METRO_NAMES: Record<string, string> = {
  'Tampa,FL': 'Tampa Bay', 'Saint Petersburg,FL': 'Tampa Bay', 'Clearwater,FL': 'Tampa Bay',
  'San Francisco,CA': 'Bay Area', 'Oakland,CA': 'Bay Area', 'San Jose,CA': 'Bay Area',
  'Los Angeles,CA': 'SoCal', 'San Diego,CA': 'SoCal', 'Denver,CO': 'Mile High', 'Chicago,IL': 'Windy City',
  'Phoenix,AZ': 'Valley', 'Mesa,AZ': 'Valley', 'Scottsdale,AZ': 'Valley', 'Dallas,TX': 'Metroplex',
  'Fort Worth,TX': 'Metroplex', 'Minneapolis,MN': 'Twin Cities', 'Saint Paul,MN': 'Twin Cities',
  'Seattle,WA': 'Puget Sound', 'Tacoma,WA': 'Puget Sound', 'Detroit,MI': 'Motor City', 'Nashville,TN': 'Music City',
  'New Orleans,LA': 'Crescent City', 'Saint Louis,MO': 'Gateway', 'Las Vegas,NV': 'Desert Sun',
  'Houston,TX': 'Gulf Coast', 'Miami,FL': 'Biscayne', 'Atlanta,GA': 'Peachtree', 'Boston,MA': 'Harbor',
};

const SURNAMES = [
  'Miller', 'Johnson', 'Garcia', 'Anderson', 'Thompson', 'Martinez', 'Nguyen', 'Wilson', 'Hernandez', 'Carter',
  'Parker', 'Bennett', 'Brooks', 'Hughes', 'Foster', 'Reyes', 'Sullivan', 'Patel', 'Kim', 'Ramirez', "O'Brien",
  'Dawson', 'Fischer', 'Lopez', 'Walker', 'Morgan', 'Coleman', 'Jensen', 'Russo', 'Webb',
];
const ADJECTIVES = [
  'Precision', 'Crystal Clear', 'Summit', 'Liberty', 'Pioneer', 'Heritage', 'Eagle', 'Patriot', 'ClearView',
  'All-Star', 'Reliable', 'Express', 'Premier', 'Diamond', 'Hometown', 'Blue Ribbon', 'Safe Sight', 'TrueView',
];
const STREETS = [
  'Main St', 'Commerce Dr', 'Industrial Blvd', 'Market St', 'Oak Ave', 'Maple Ave', 'Center St', 'Park Ave',
  'Washington Ave', 'Lincoln Ave', 'Airport Rd', 'Broadway', 'Elm St', 'Pine St', 'Cedar Ave', 'Jefferson St',
  'Madison Ave', 'Franklin Blvd', 'Union St', 'Technology Dr', 'Enterprise Way', 'Gateway Blvd',
  'Business Park Dr', 'Harbor Blvd', 'Lake St', 'River Rd', 'Hillcrest Dr', 'Sunset Blvd', 'Valley View Rd',
  'State St', 'Church St', 'Mill Rd', 'Highland Ave', 'Fairview Ave', 'Jackson St', 'Grand Ave',
];
const COMPASS = ['North', 'Northeast', 'East', 'Southeast', 'South', 'Southwest', 'West', 'Northwest'] as const;

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Where a point lies from a centre: 'Central' within 4 miles, else one of eight compass points. */
function direction(from: LatLon, to: LatLon): string {
  if (distanceMiles(from, to) < 4) return 'Central';
  const dy = to.latitude - from.latitude;
  const dx = (to.longitude - from.longitude) * Math.cos((from.latitude * Math.PI) / 180);
  const bearing = (Math.atan2(dx, dy) * 180) / Math.PI; // 0 = north, 90 = east
  return COMPASS[Math.round(((bearing + 360) % 360) / 45) % 8]!;
}

interface CityGroup {
  key: string;
  city: string;
  state: string;
  zips: ZipInfo[];
  middle: LatLon;
  /** ZIPs near the middle, one per distinct centroid, where shops may go. */
  sites: ZipInfo[];
}

/** The `limit` biggest cities (most ZIPs) of one state, biggest first. */
function citiesOf(zips: ZipInfo[], limit: number): CityGroup[] {
  const byCity = new Map<string, ZipInfo[]>();
  for (const z of zips) {
    const key = `${z.city},${z.state}`;
    let list = byCity.get(key);
    if (!list) byCity.set(key, (list = []));
    list.push(z);
  }
  const biggest = [...byCity]
    .sort(([ka, a], [kb, b]) => b.length - a.length || (ka < kb ? -1 : 1))
    .slice(0, limit);
  const groups: CityGroup[] = [];
  for (const [key, list] of biggest) {
    const middle = { latitude: median(list.map((z) => z.latitude)), longitude: median(list.map((z) => z.longitude)) };
    const seen = new Set<string>();
    const sites = list.filter((z) => {
      const at = `${z.latitude},${z.longitude}`;
      if (seen.has(at) || distanceMiles(middle, z) > CITY_RADIUS_MILES) return false;
      seen.add(at);
      return true;
    });
    if (sites.length) groups.push({ key, city: list[0]!.city, state: list[0]!.state, zips: list, middle, sites });
  }
  return groups;
}

/** Shares `seats` shops among cities by the D'Hondt method on ZIPs^0.8, capped by each city's distinct sites. */
function allocate(cities: CityGroup[], seats: number): number[] {
  const counts = cities.map(() => 0);
  const weight = cities.map((c) => c.zips.length ** 0.8);
  for (let s = 0; s < seats; s++) {
    let best = -1;
    for (let i = 0; i < cities.length; i++) {
      if (counts[i]! >= cities[i]!.sites.length) continue;
      if (best < 0 || weight[i]! / (counts[i]! + 1) > weight[best]! / (counts[best]! + 1)) best = i;
    }
    if (best < 0) break;
    counts[best]!++;
  }
  return counts;
}

/** `count` sites of a city spread out: the one nearest the middle first, then each farthest from those chosen. */
function spread(city: CityGroup, count: number): ZipInfo[] {
  const sites = [...city.sites].sort((a, b) => distanceMiles(city.middle, a) - distanceMiles(city.middle, b));
  const chosen = [sites[0]!];
  const nearest = sites.map((s) => distanceMiles(s, sites[0]!));
  while (chosen.length < count) {
    let far = -1;
    for (let i = 0; i < sites.length; i++) if (far < 0 || nearest[i]! > nearest[far]!) far = i;
    const next = sites[far]!;
    chosen.push(next);
    for (let i = 0; i < sites.length; i++) nearest[i] = Math.min(nearest[i]!, distanceMiles(sites[i]!, next));
  }
  return chosen;
}

/** An independent shop's name, not yet used. */
function independentName(r: () => number, city: CityGroup, taken: Set<string>): string {
  const [, nickname] = STATES[city.state]!;
  const metro = METRO_NAMES[city.key];
  const surname = pick(r, SURNAMES);
  const adjective = pick(r, ADJECTIVES);
  const candidates = [
    `${city.city} Windshield Pros`,
    `${nickname} Auto Glass`,
    `${surname} Auto Glass`,
    `${surname} & Sons Windshield`,
    `Clear View Auto Glass of ${city.city}`,
    `${city.city} Mobile Glass`,
    `${adjective} Auto Glass`,
    `${adjective} Windshield & Glass`,
    ...(metro ? [`${metro} Windshield Repair`, `${metro} Auto Glass`] : []),
  ];
  const first = Math.floor(r() * candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    const name = candidates[(first + i) % candidates.length]!;
    if (!taken.has(name)) return name;
  }
  for (let n = 2; ; n++) {
    const name = `${adjective} Auto Glass of ${city.city}${n > 2 ? ` ${n - 1}` : ''}`;
    if (!taken.has(name)) return name;
  }
}

/** A city's area code: its own, else that of the nearest listed city of its state, else the state's main one. */
function areaCodeOf(city: CityGroup, listed: CityGroup[], stateAreaCode: string): string {
  const own = CITY_AREA_CODES[city.key];
  if (own) return own;
  let best: { code: string; miles: number } | undefined;
  for (const other of listed) {
    const code = CITY_AREA_CODES[other.key]!;
    const miles = distanceMiles(city.middle, other.middle);
    if (!best || miles < best.miles) best = { code, miles };
  }
  return best && best.miles <= 60 ? best.code : stateAreaCode;
}

let generated: readonly ProgramShop[] | undefined;

/** The program shops, generated once per process from the ZIP data (deterministic, ordered by shop id). */
export function generateProgramShops(): readonly ProgramShop[] {
  if (generated) return generated;
  const byState = new Map<string, ZipInfo[]>();
  for (const z of allZips()) {
    if (!STATES[z.state]) continue;
    let list = byState.get(z.state);
    if (!list) byState.set(z.state, (list = []));
    list.push(z);
  }
  const shops: ProgramShop[] = [];
  const names = new Set<string>();
  const phoneCounters = new Map<string, number>();
  for (const state of Object.keys(STATES).sort()) {
    const [population, , stateAreaCode] = STATES[state]!;
    const seats = Math.max(MIN_SHOPS_PER_STATE, Math.round(population * SHOPS_PER_MILLION));
    // Only the biggest cities can win a seat; looking at 3 × seats of them is plenty.
    const cities = citiesOf(byState.get(state) ?? [], seats * 3);
    const listed = cities.filter((c) => CITY_AREA_CODES[c.key]);
    const counts = allocate(cities, seats);
    cities.forEach((city, c) => {
      const count = counts[c]!;
      if (!count) return;
      spread(city, count).forEach((site, i) => {
        const r = rng(hash(site.zipCode));
        const street = `${100 + Math.floor(r() * 98) * 100 + Math.floor(r() * 100)} ${r() < 0.3 ? `${pick(r, ['N', 'S', 'E', 'W'])} ` : ''}${pick(r, STREETS)}`;
        const owned = count >= 2 && i < 2 ? i === 0 : hash(`owner:${site.zipCode}`) % 100 < 40;
        let name: string;
        if (owned) {
          const place = count === 1 ? city.city : `${city.city} ${direction(city.middle, site)}`;
          name = `${PROVIDER_BRAND} – ${place}`;
          if (names.has(name)) name = `${name} (${street.replace(/^\d+ /, '')})`;
        } else {
          name = independentName(r, city, names);
        }
        names.add(name);
        const areaCode = areaCodeOf(city, listed, stateAreaCode);
        const n = phoneCounters.get(areaCode) ?? 0;
        phoneCounters.set(areaCode, n + 1);
        shops.push({
          shopId: `PS-${site.zipCode}`,
          name,
          addressLine: street,
          city: city.city,
          stateCode: state,
          zipCode: site.zipCode,
          phoneNumber: `${areaCode}-555-01${String(n % 100).padStart(2, '0')}`,
          latitude: site.latitude,
          longitude: site.longitude,
          isProviderOwned: owned,
        });
      });
    });
  }
  generated = shops.sort((a, b) => (a.shopId < b.shopId ? -1 : 1));
  return generated;
}

/**
 * Writes the program shops in one statement and one transaction; does nothing when shops exist.
 * `created` tells whether this run wrote them, `count` how many shops the table holds afterwards.
 */
export async function seedShops(db: Db): Promise<{ created: boolean; count: number }> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM program_shops');
  if ((row?.n ?? 0) > 0) return { created: false, count: row!.n };
  const rows = generateProgramShops().map((s) => ({
    shop_id: s.shopId,
    name: s.name,
    address_line: s.addressLine,
    city: s.city,
    state_code: s.stateCode,
    zip_code: s.zipCode,
    phone_number: s.phoneNumber,
    latitude: s.latitude,
    longitude: s.longitude,
    is_provider_owned: s.isProviderOwned,
  }));
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ shop_id: string }>(
      `INSERT INTO program_shops (shop_id, name, address_line, city, state_code, zip_code, phone_number,
         latitude, longitude, is_provider_owned)
       SELECT shop_id, name, address_line, city, state_code, zip_code, phone_number, latitude, longitude, is_provider_owned
       FROM json_to_recordset($1::json) AS t(shop_id text, name text, address_line text, city text, state_code text,
         zip_code text, phone_number text, latitude double precision, longitude double precision, is_provider_owned boolean)
       ON CONFLICT (shop_id) DO NOTHING
       RETURNING shop_id`,
      // An array, not a JSON string: PGlite's wrapper stringifies it, postgres.js serialises it as the json it is cast to.
      [rows],
    );
    return { created: true, count: inserted.length };
  });
}
