import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder until this screen is built; the router expects the page as the default export. */
export default function ClassReportsPage() {
  return <PlaceholderPage title="Class Reports" />;
}
