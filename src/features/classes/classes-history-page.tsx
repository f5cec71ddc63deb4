import { PageContainer } from '../../components/page-container.tsx';
import { ClassListPage } from './class-list.tsx';

/** Classes History (teachers): ended or canceled classes, newest first. */
export function ClassesHistoryPage() {
  return (
    <PageContainer maxW="4xl">
      <ClassListPage title="Classes History" kind="classes-history" />
    </PageContainer>
  );
}
export default ClassesHistoryPage;
