/**
 * A round button floating over the map's bottom right, a finger's size (48 px): "where am I"
 * above the add button, "Powiadamiaj mnie" above that, "Gdzie i kiedy" on top. Light: no MUI here.
 */
import type { ButtonHTMLAttributes } from 'react';
import './round-map-button.css';

/** The button's place in the stack above the add button, from the bottom. */
type Place = 'first' | 'second' | 'third';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'type'> {
  place: Place;
  /** Its name for assistive technology, also its tooltip unless `title` is given. */
  label: string;
  /** A 24 × 24 Material icon's path. */
  icon: string;
}

export function RoundMapButton({ place, label, icon, title, ...button }: Props) {
  return (
    <button type="button" className={`wa-round-map-button wa-round-map-button--${place}`} data-map-control aria-label={label} title={title ?? label} {...button}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={icon} />
      </svg>
    </button>
  );
}
