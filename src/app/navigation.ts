import { useContext } from 'react';
import { UNSAFE_NavigationContext as NavigationContext, type To } from 'react-router';

/**
 * A `navigate` for the shell's menus. React Router's `useNavigate` reads the route context, which
 * changes on every navigation, so a menu calling it re-renders (a Chakra menu costs 2–15 ms) each
 * time the screen changes. The router's navigator is one object for the router's whole life.
 * Absolute paths only (it resolves nothing against the current route).
 */
export function useAppNavigate(): (to: To) => void {
  const { navigator } = useContext(NavigationContext);
  return (to) => navigator.push(to);
}
