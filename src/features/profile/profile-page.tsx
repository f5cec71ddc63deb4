import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { User } from '../../../db/entities.ts';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { useProfileSources } from './data.ts';
import { OwnProfile } from './own-profile.tsx';
import { findPerson, parseProfileId } from './people.ts';
import { PersonProfile } from './person-profile.tsx';
import { ProfileNotFound } from './profile-not-found.tsx';

/**
 * Another user's profile, from the mirror only. Found as soon as any table names them; "not
 * found" only once the tables are read and the background refresh answered, so a slow device
 * shows the spinner a moment rather than a wrong answer; a refresh that failed (offline included)
 * says so with a Retry rather than "not found".
 */
function OtherProfile({ id, me }: { id: number; me: User }) {
  const { sources, ready, settled } = useProfileSources();
  const { failed, retry, retrying } = useRouteData();
  const { t } = useI18n();
  const person = useMemo(() => findPerson(id, me.id, sources), [id, me.id, sources]);
  if (person) return <PersonProfile person={person} />;
  // Not among what the device knows, and the enrolments could not be read: maybe not found, maybe not yet.
  if (ready && failed) return <LoadError onRetry={retry} retrying={retrying} />;
  if (!ready || !settled) return <PageSpinner label={t('profile.loading')} />;
  return <ProfileNotFound />;
}

/** /profile/:id — my own profile, or a teacher, student or child of mine the device knows. */
export default function ProfilePage() {
  const params = useParams();
  const me = useUser();
  const id = parseProfileId(params.id);
  const { t } = useI18n();
  return (
    <PageContainer maxW="3xl">
      {id === null ? (
        <ProfileNotFound />
      ) : !me ? (
        // The route needs a session; this shows only while the guard is still deciding.
        <PageSpinner label={t('profile.loading')} />
      ) : id === me.id ? (
        <OwnProfile user={me} />
      ) : (
        <OtherProfile key={id} id={id} me={me} />
      )}
    </PageContainer>
  );
}
