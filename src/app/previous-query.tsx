import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * The query of the page the user was on before this one (the guard carries `referral` from it).
 * Updated after each render, so during a navigation's render it still holds the previous query.
 */
const Ctx = createContext<{ current: URLSearchParams | null }>({ current: null });

export function PreviousQueryProvider({ children }: { children: ReactNode }) {
  const ref = useRef<URLSearchParams | null>(null);
  const { search } = useLocation();
  useEffect(() => {
    ref.current = new URLSearchParams(search);
  }, [search]);
  return <Ctx.Provider value={ref}>{children}</Ctx.Provider>;
}

export const usePreviousQuery = () => useContext(Ctx).current;
