import { createTheme } from '@mui/material/styles';

/** Light only: forest green for the frame, the earlier app's warm yellow as the accent. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#2e5e3a', contrastText: '#ffffff' },
    secondary: { main: '#ffd866', contrastText: '#1f2a1f' },
    background: { default: '#ffffff' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: 44, textTransform: 'none' } } },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
  },
});
