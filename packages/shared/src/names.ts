/** A name in the three languages of the app: Polish always, English and Ukrainian where known. */
import { Type, type Static } from 'typebox';

export const NamesSchema = Type.Object(
  {
    pl: Type.String({ minLength: 1, maxLength: 200 }),
    en: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    uk: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false, description: 'Its name in Polish, and in English and Ukrainian where known' },
);
export type Names = Static<typeof NamesSchema>;
