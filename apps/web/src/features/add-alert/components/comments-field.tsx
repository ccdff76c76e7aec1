/** The description, with a live counter in code points (an emoji is one character, as the server counts). */
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { COMMENTS_MAX_LENGTH } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';

export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

interface CommentsFieldProps {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}

export function CommentsField({ value, onChange, error }: CommentsFieldProps) {
  const used = codePoints(value);
  const over = used > COMMENTS_MAX_LENGTH;
  return (
    <TextField
      id="comments"
      name="comments"
      label={t('addAlert.comments')}
      placeholder={t('addAlert.commentsHelp')}
      multiline
      minRows={3}
      maxRows={10}
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error) || over}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{error ?? (over ? t('addAlert.fields.commentsTooLong', { max: COMMENTS_MAX_LENGTH }) : '')}</span>
          <span data-testid="comments-counter">
            {t('addAlert.counter', { used, max: COMMENTS_MAX_LENGTH })}
          </span>
        </Box>
      }
    />
  );
}
