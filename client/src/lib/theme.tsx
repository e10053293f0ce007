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

export function readSavedTheme(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Light or dark theme, kept in localStorage under `darkMode` (SPEC: stored preferences). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(readSavedTheme);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
    try {
      localStorage.setItem(STORAGE_KEY, String(isDark));
    } catch {
      // Storage can be blocked (private mode); the theme still applies for this visit.
    }
  }, [isDark]);

  const toggleTheme = useCallback(() => setIsDark((d) => !d), []);
  const api = useMemo(() => ({ isDark, toggleTheme }), [isDark, toggleTheme]);
  return <ThemeContext.Provider value={api}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeApi {
  const api = useContext(ThemeContext);
  if (!api) throw new Error('useTheme must be used inside ThemeProvider');
  return api;
}
