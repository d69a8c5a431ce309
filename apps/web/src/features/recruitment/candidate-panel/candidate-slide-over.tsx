import { useState } from 'react';
import { Alert, Stack, Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import { SlideOver } from '../../../components/slide-over.tsx';
import { useApplication } from './api.ts';
import { ActivityTab } from './components/activity-tab.tsx';
import { CareersApplication } from './components/careers-application.tsx';
import { FilesTab } from './components/files-tab.tsx';
import { HistoryTab, OtherApplicationsTab } from './components/history-tab.tsx';
import { InterviewsSection } from './components/interviews-section.tsx';
import { NotesTab } from './components/notes-tab.tsx';
import { OffersSection } from './components/offers-section.tsx';
import { PanelHeader } from './components/panel-header.tsx';
import { ProfileTab } from './components/profile-tab.tsx';

export type CandidateSlideOverProps = {
  recruitmentId: string;
  applicationId: string;
  /** Closes the panel (the page drops `?application=`). */
  onClose: () => void;
};

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'files', label: 'Résumé & files' },
  { value: 'notes', label: 'Notes' },
  { value: 'activity', label: 'Activity' },
  { value: 'interviews', label: 'Interviews' },
  { value: 'offers', label: 'Offers' },
  { value: 'history', label: 'Stage history' },
  { value: 'other', label: 'Other applications' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * The candidate slide-over of the candidates page: who the person is, their stage, rating, tags,
 * files, notes and timeline, and what can be done to the application. A focus-trapped drawer;
 * Esc closes it.
 */
export function CandidateSlideOver({ recruitmentId, applicationId, onClose }: CandidateSlideOverProps) {
  const application = useApplication(applicationId);
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('profile');

  return (
    <SlideOver
      query={application}
      titleOf={(a) => a.candidate.name}
      fallbackTitle="Candidate"
      size="min(56rem, 100%)"
      loadingLabel="Loading the candidate"
      notFound={{
        title: CANDIDATE_TEXTS.applicationNotFound,
        text: 'It may have been moved to another recruitment, or it is another organisation’s.',
      }}
      failedTitle="The candidate could not be loaded"
      onClose={onClose}
    >
      {(data) => (
        <>
          {data.recruitment_id !== recruitmentId ? (
            <Alert color="blue" variant="light" role="status">
              This application now belongs to {data.recruitment.name}.
            </Alert>
          ) : null}
          <PanelHeader
            application={data}
            onErased={onClose}
            onTransferred={(id) => void navigate(`/recruitment/${id}/candidates?application=${data.id}`)}
          />
          <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                  {t.value === 'files' && data.files.length > 0 ? ` (${data.files.length})` : ''}
                  {t.value === 'other' && data.other_applications.length > 0 ? ` (${data.other_applications.length})` : ''}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="profile" pt="md">
              <Stack gap="lg">
                {data.career_application ? <CareersApplication sent={data.career_application} /> : null}
                <ProfileTab key={data.candidate.updated_at} application={data} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="files" pt="md">
              <FilesTab application={data} />
            </Tabs.Panel>
            <Tabs.Panel value="notes" pt="md">
              <NotesTab application={data} />
            </Tabs.Panel>
            <Tabs.Panel value="activity" pt="md">
              <ActivityTab application={data} />
            </Tabs.Panel>
            <Tabs.Panel value="interviews" pt="md">
              <InterviewsSection applicationId={data.id} recruitmentId={data.recruitment_id} />
            </Tabs.Panel>
            <Tabs.Panel value="offers" pt="md">
              <OffersSection applicationId={data.id} recruitmentId={data.recruitment_id} candidateName={data.candidate.name} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <HistoryTab application={data} />
            </Tabs.Panel>
            <Tabs.Panel value="other" pt="md">
              <OtherApplicationsTab application={data} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </SlideOver>
  );
}
