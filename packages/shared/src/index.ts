export * from './animals.ts';
export * from './constants.ts';
export * from './geo.ts';
export * from './schemas.ts';
export * from './tiles.ts';
export * from './validation.ts';
export * from './push.ts';
export * from './hotspots.ts';
