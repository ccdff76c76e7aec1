/**
 * Deterministic alerts for benchmarks: spread over Poland's bounding box, with a share
 * clustered within 30 km of Kraków (where the map's request looks).
 */

export const KRAKOW = { latitude: 50.049683, longitude: 19.944544 };
export const POLAND = { south: 49.0, north: 54.84, west: 14.12, east: 24.15 };

const ANIMALS = ['boar', 'fox', 'roe-deer', 'hare', 'marten', 'badger', 'beaver', 'hedgehog', 'red-deer', 'other'];

/** mulberry32: a small, fast, seedable generator, so every run seeds the same alerts. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedAlert {
  latitude: number;
  longitude: number;
  animal: string;
  comments: string;
  /** Seconds before now. */
  ageSeconds: number;
}

/** `count` alerts; `nearShare` of them within `nearKm` of Kraków, the rest anywhere in Poland. */
export function* seedAlerts(count: number, { seed = 1, nearShare = 0.05, nearKm = 30 } = {}): Generator<SeedAlert> {
  const rnd = random(seed);
  const kmPerDegLat = 111.32;
  const kmPerDegLon = 111.32 * Math.cos((KRAKOW.latitude * Math.PI) / 180);
  for (let i = 0; i < count; i++) {
    let latitude: number;
    let longitude: number;
    if (rnd() < nearShare) {
      // Uniform over a disc: radius ∝ √u.
      const r = nearKm * Math.sqrt(rnd());
      const angle = 2 * Math.PI * rnd();
      latitude = KRAKOW.latitude + (r * Math.cos(angle)) / kmPerDegLat;
      longitude = KRAKOW.longitude + (r * Math.sin(angle)) / kmPerDegLon;
    } else {
      latitude = POLAND.south + rnd() * (POLAND.north - POLAND.south);
      longitude = POLAND.west + rnd() * (POLAND.east - POLAND.west);
    }
    yield {
      latitude,
      longitude,
      animal: ANIMALS[Math.floor(rnd() * ANIMALS.length)]!,
      comments: `Seeded alert ${i}`,
      ageSeconds: Math.floor(rnd() * 365 * 24 * 3600),
    };
  }
}
