/** The browser side of the self-check: geolocation permission and the tile server. */
import { useQuery } from '@tanstack/react-query';
import { geolocationPermission } from '../../../lib/geolocation.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

export function useGeolocationPermission() {
  return useQuery({ queryKey: ['self-check', 'geolocation'], queryFn: geolocationPermission, staleTime: 0 });
}

/** Loads the world tile (0/0/0) as the map would: as an image, so CORS does not matter. */
function loadTile(template: string, timeoutMs = 10_000): Promise<boolean> {
  const url = template.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0').replace('{s}', 'a').replace('{r}', '');
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(false), timeoutMs);
    img.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    img.src = url;
  });
}

export function useTileServer() {
  const { tileUrl } = runtimeConfig();
  return useQuery({ queryKey: ['self-check', 'tiles', tileUrl], queryFn: () => loadTile(tileUrl), staleTime: 0, retry: false });
}
