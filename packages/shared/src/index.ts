export * from './animals.ts';
export * from './constants.ts';
export * from './geo.ts';
export * from './schemas.ts';
export * from './tiles.ts';
export * from './validation.ts';
export * from './field-error-codes.ts';
export * from './push.ts';
