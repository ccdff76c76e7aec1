/** An inbox entry's small map: the exact point (a sensitive species' too), with its animal's marker, close up. */
import { Marker } from 'react-leaflet';
import { animalIcon } from '../../../../components/map/alert-icon.ts';
import { BaseMap } from '../../../../components/map/base-map.tsx';

const POINT_ZOOM = 16;

export function PointMap({ latitude, longitude, animal, label }: { latitude: number; longitude: number; animal: string; label: string }) {
  return (
    <BaseMap latitude={latitude} longitude={longitude} zoom={POINT_ZOOM} label={label}>
      <Marker position={[latitude, longitude]} icon={animalIcon(animal)} interactive={false} keyboard={false} />
    </BaseMap>
  );
}
