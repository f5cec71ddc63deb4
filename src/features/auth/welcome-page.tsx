import { Navigate, useLocation } from 'react-router';

/** The welcome route only forwards to sign-in (the guard does it before this renders). */
export default function WelcomePage() {
  const { search } = useLocation();
  return <Navigate to={`/login${search}`} replace />;
}
