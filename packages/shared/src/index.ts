export * from './animals.ts';
export * from './schemas.ts';
export * from './validation.ts';
