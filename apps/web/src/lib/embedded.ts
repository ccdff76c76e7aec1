/**
 * Whether the map is the embeddable one (/embed, in another site's frame): read-only, so every
 * way to add, report or vote stays out. Set once by the embed's route; read where such a way is drawn.
 */
import { createContext, useContext } from 'react';

export const Embedded = createContext(false);

export const useEmbedded = (): boolean => useContext(Embedded);
