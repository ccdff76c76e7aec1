/**
 * Up to three photos for the alert: from the camera or the gallery (several at once), each
 * downsized in the browser, shown as a preview that can be removed before sending. The row of
 * previews keeps its height whether it holds none or three, so the form below does not move.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { t } from '../../../i18n/i18n.ts';
import { downsizePhoto, MAX_PHOTO_BYTES } from '../api/downsize-photo.ts';
import { newIdempotencyKey } from '../hooks/use-draft.ts';

/** At most this many photos per alert (the server's limit too). */
const PHOTOS_MAX = 3;

const TILE_PX = 88;

export interface ChosenPhoto {
  /** Its upload's Idempotency-Key, from the moment it is chosen. */
  key: string;
  name: string;
  /** Undefined while it is being downsized. */
  blob?: Blob;
  /** An object URL of the downsized photo; undefined when the browser cannot show it. */
  preview?: string;
}

interface PhotoPickerProps {
  photos: readonly ChosenPhoto[];
  onChange(update: (photos: readonly ChosenPhoto[]) => readonly ChosenPhoto[]): void;
  disabled: boolean;
}

export function PhotoPicker({ photos, onChange, disabled }: PhotoPickerProps) {
  const [messages, setMessages] = useState<string[]>([]);
  const room = PHOTOS_MAX - photos.length;
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLLabelElement>(null);

  // The previews' object URLs are let go with the form.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(() => () => shown.current.forEach((p) => p.preview && URL.revokeObjectURL(p.preview)), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file may be chosen again after removing it
    const problems: string[] = [];
    const taken: File[] = [];
    for (const file of files) {
      if (file.size > MAX_PHOTO_BYTES) problems.push(t('photoPicker.tooLarge', { name: file.name }));
      else if (file.type !== '' && !file.type.startsWith('image/')) problems.push(t('photoPicker.notImage', { name: file.name }));
      else taken.push(file);
    }
    if (taken.length > room) problems.push(t('photoPicker.tooMany', { skipped: taken.length - room }));
    setMessages(problems);
    const chosen = taken.slice(0, Math.max(0, room)).map((file) => ({ key: newIdempotencyKey(), name: file.name, file }));
    if (chosen.length === 0) return;
    onChange((list) => [...list, ...chosen.map(({ key, name }) => ({ key, name }))]);
    for (const { key, file } of chosen) {
      void downsizePhoto(file).then(({ blob, decoded }) => {
        const preview = decoded ? URL.createObjectURL(blob) : undefined;
        onChange((list) => {
          if (!list.some((p) => p.key === key)) {
            if (preview) URL.revokeObjectURL(preview);
            return list;
          }
          return list.map((p) => (p.key === key ? { ...p, blob, ...(preview ? { preview } : {}) } : p));
        });
      });
    }
  };

  const remove = (index: number) => {
    const photo = photos[index];
    if (!photo) return;
    if (photo.preview) URL.revokeObjectURL(photo.preview);
    onChange((list) => list.filter((p) => p.key !== photo.key));
    setMessages([]);
    // The focus stays in the row: on the next photo's remove button, or on "add" when none is left.
    const next = photos[index + 1] ?? photos[index - 1];
    requestAnimationFrame(() => (next ? removeButtons.current.get(next.key)?.focus() : addButton.current?.focus()));
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="photo-picker">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('photoPicker.legend')}
      </Typography>
      <Box component="ul" aria-label={t('photoPicker.legend')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, minHeight: TILE_PX, alignItems: 'center' }}>
        {photos.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('photoPicker.none')}
          </Typography>
        )}
        {photos.map((photo, index) => (
          <Box
            component="li"
            key={photo.key}
            data-testid="photo-preview"
            sx={{
              position: 'relative',
              width: TILE_PX,
              height: TILE_PX,
              flex: 'none',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'grey.200',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {!photo.blob ? (
              <CircularProgress size={24} aria-label={t('photoPicker.preparing')} />
            ) : photo.preview ? (
              <img src={photo.preview} alt={t('photoPicker.preview', { n: index + 1 })} width={TILE_PX} height={TILE_PX} style={{ objectFit: 'cover', display: 'block' }} />
            ) : (
              <Typography variant="caption" sx={{ px: 0.5, textAlign: 'center', overflowWrap: 'anywhere' }}>
                {t('photoPicker.noPreview')}
                <br />
                {photo.name}
              </Typography>
            )}
            <Box
              component="button"
              type="button"
              ref={(el: HTMLButtonElement | null) => {
                if (el) removeButtons.current.set(photo.key, el);
                else removeButtons.current.delete(photo.key);
              }}
              onClick={() => remove(index)}
              disabled={disabled}
              aria-label={t('photoPicker.remove', { n: index + 1 })}
              sx={{
                position: 'absolute',
                top: 0,
                right: 0,
                width: 44,
                height: 44,
                p: 0,
                border: 0,
                background: 'none',
                cursor: 'pointer',
                display: 'grid',
                placeItems: 'start end',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: -3 },
              }}
            >
              <Box component="span" sx={{ m: 0.5, width: 28, height: 28, borderRadius: '50%', bgcolor: 'rgba(0,0,0,0.7)', color: '#fff', display: 'grid', placeItems: 'center' }}>
                <CloseIcon fontSize="small" />
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={disabled || room <= 0} sx={{ minHeight: 44, flex: '1 1 140px' }} ref={addButton}>
          {t('photoPicker.camera')}
          <input type="file" accept="image/*" capture="environment" hidden onChange={choose} data-testid="photo-camera" />
        </Button>
        <Button component="label" variant="outlined" startIcon={<PhotoLibraryIcon />} disabled={disabled || room <= 0} sx={{ minHeight: 44, flex: '1 1 140px' }}>
          {t('photoPicker.gallery')}
          <input type="file" accept="image/*" multiple hidden onChange={choose} data-testid="photo-gallery" />
        </Button>
      </Box>
      {room <= 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('photoPicker.full')}
        </Typography>
      )}
      {messages.length > 0 && (
        <Box role="alert" sx={{ mt: 0.5 }}>
          {messages.map((m) => (
            <Typography key={m} variant="body2" color="error">
              {m}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
