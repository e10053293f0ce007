import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

const STORAGE_KEY = 'darkMode';

type ThemeApi = { isDark: boolean; toggleTheme: () => void };
const ThemeContext = createContext<ThemeApi | null>(null);

/**
 * Dark or light: the one chosen with the toggle (saved under `darkMode`), else the device's own
 * setting. Same rule as the inline script in index.html, which applies it before the first paint.
 */
export function readSavedTheme(): boolean {
  const saved = readStored();
  if (saved !== null) return saved === 'true';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/**
 * Light or dark theme (SPEC: stored preferences, `darkMode`). Saved only when the person uses the
 * toggle, so until then the page follows the device when it changes.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(readSavedTheme);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);

  useEffect(() => {
    const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const follow = (event: MediaQueryListEvent) => {
      if (readStored() === null) setIsDark(event.matches);
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const toggleTheme = useCallback(() => {
    setIsDark((dark) => {
      try {
        localStorage.setItem(STORAGE_KEY, String(!dark));
      } catch {
        // Storage can be blocked (private mode); the theme still applies for this visit.
      }
      return !dark;
    });
  }, []);
  const api = useMemo(() => ({ isDark, toggleTheme }), [isDark, toggleTheme]);
  return <ThemeContext.Provider value={api}>{children}</ThemeContext.Provider>;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode): as if nothing were chosen.
    return null;
  }
}

export function useTheme(): ThemeApi {
  const api = useContext(ThemeContext);
  if (!api) throw new Error('useTheme must be used inside ThemeProvider');
  return api;
}
