/** Where an alert is in words (Alert `place`), looked up by the server's geocoder (issue 34); a module of its own: no import cycle with schemas.ts. */
import { Type } from 'typebox';

/** Where an alert is, in words; null until looked up (or without a geocoder). */
export const AlertPlaceSchema = Type.Union(
  [
    Type.Object(
      {
        street: Type.Union([Type.String(), Type.Null()], { description: 'The street at its point; always null for a sensitive species' }),
        district: Type.Union([Type.String(), Type.Null()], { description: 'The district (for a sensitive species, one no smaller than a city district)' }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: "The street and district of its published point, as the server's geocoder names them; null until looked up, shortly after it is added" },
);
