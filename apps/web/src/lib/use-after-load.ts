import { useEffect, useState } from 'react';
import { whenIdleAfterLoad } from './when-idle.ts';

/** True once the page has loaded and the browser is idle: for parts that must not compete with the first screen. */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setLoaded(true)), []);
  return loaded;
}
