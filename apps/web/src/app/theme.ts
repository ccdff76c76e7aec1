import { createTheme } from '@mui/material/styles';

/**
 * Light only: forest green for the frame, the earlier app's warm yellow as the accent. The
 * colours are the CSS variables of global.css, their one home; the browser mixes the shades.
 */
export const theme = createTheme({
  cssVariables: { nativeColor: true },
  palette: {
    mode: 'light',
    primary: { main: 'var(--wa-primary)', contrastText: '#ffffff' },
    secondary: { main: 'var(--wa-accent)', contrastText: 'var(--wa-text)' },
    background: { default: '#ffffff' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: 44, textTransform: 'none' } } },
    // As the map's own toggles (the time window, the animal chips): sentence case, the text in full
    // colour, the chosen one filled with the frame's green.
    MuiToggleButton: {
      styleOverrides: {
        root: {
          minHeight: 44,
          textTransform: 'none',
          color: 'var(--wa-text)',
          '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: 'var(--wa-primary)', color: '#ffffff' },
        },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
  },
});
