import type { Activity } from '@hireloop/contract/candidates';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** The first non-blank text among `data[keys]` (the recording side names them; several spellings are accepted). */
function pick(data: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
    if (value && typeof value === 'object' && 'name' in value && typeof (value as { name: unknown }).name === 'string')
      return (value as { name: string }).name;
  }
  return null;
}

/** " (Technical)": the interview's title, when the activity names it. */
function interviewTitle(data: Record<string, unknown>): string {
  const title = pick(data, 'title');
  return title ? ` (${title})` : '';
}

/** "Priya Raman moved Ana Silva to Interview": one human sentence per activity type. */
export function describeActivity(activity: Activity): string {
  const who = activity.actor.name;
  const whom = activity.candidate?.name || 'a candidate';
  const d = activity.data;
  switch (activity.type) {
    case 'candidate.created':
      return `${who} added ${whom}`;
    case 'candidate.updated':
      return `${who} updated ${whom}’s profile`;
    case 'candidate.merged':
      return `${who} merged a duplicate into ${whom}`;
    case 'candidate.erased':
      return `${who} erased a candidate’s personal data`;
    case 'candidate.exported':
      return `${who} exported ${whom}’s data`;
    case 'application.created': {
      const where = activity.recruitment?.name;
      return where ? `${who} added ${whom} to ${where}` : `${who} added ${whom}`;
    }
    case 'application.moved': {
      const to = pick(d, 'to', 'to_status', 'to_status_name', 'status', 'status_name');
      return to ? `${who} moved ${whom} to ${to}` : `${who} moved ${whom} to another stage`;
    }
    case 'application.rejected': {
      const reason = pick(d, 'reason', 'rejection_reason');
      return reason ? `${who} rejected ${whom} (${reason})` : `${who} rejected ${whom}`;
    }
    case 'application.restored':
      return `${who} restored ${whom}`;
    case 'application.transferred': {
      const to = pick(d, 'to_recruitment', 'to_recruitment_name', 'recruitment', 'to');
      return to ? `${who} moved ${whom} to the recruitment ${to}` : `${who} moved ${whom} to another recruitment`;
    }
    case 'application.rated': {
      const rating = pick(d, 'rating', 'to');
      return rating ? `${who} rated ${whom} ${rating} out of 5` : `${who} rated ${whom}`;
    }
    case 'application.tagged':
      return `${who} tagged ${whom}`;
    case 'note.added':
      return `${who} wrote a note on ${whom}`;
    case 'note.deleted':
      return `${who} deleted a note on ${whom}`;
    case 'file.uploaded': {
      const file = pick(d, 'filename', 'name');
      return file ? `${who} uploaded ${file} for ${whom}` : `${who} uploaded a file for ${whom}`;
    }
    case 'file.deleted':
      return `${who} deleted a file of ${whom}`;
    case 'interview.scheduled':
      return d.logged === true
        ? `${who} logged a past interview with ${whom}${interviewTitle(d)}`
        : `${who} scheduled an interview with ${whom}${interviewTitle(d)}`;
    case 'interview.rescheduled':
      return `${who} rescheduled the interview with ${whom}${interviewTitle(d)}`;
    case 'interview.cancelled':
      return `${who} cancelled the interview with ${whom}${interviewTitle(d)}`;
    case 'interview.completed':
      return `${who} completed the interview with ${whom}${interviewTitle(d)}`;
    case 'scorecard.submitted':
      return `${who} submitted a scorecard for ${whom}${interviewTitle(d)}`;
    case 'offer.created':
      return `${who} drafted an offer for ${whom}`;
    case 'offer.submitted':
      return `${who} submitted the offer for ${whom} for approval`;
    case 'offer.approved':
      return d.final === true ? `${who} gave the final approval to the offer for ${whom}` : `${who} approved the offer for ${whom}`;
    case 'offer.rejected':
      return `${who} rejected the offer for ${whom}`;
    case 'offer.sent':
      return `${who} sent the offer to ${whom}`;
    case 'offer.accepted':
      return `${whom} accepted the offer`;
    case 'offer.declined':
      return `${whom} declined the offer`;
    case 'offer.withdrawn':
      return `${who} withdrew the offer to ${whom}`;
    case 'offer.expired':
      return `The offer to ${whom} expired`;
    case 'offer.approver_replaced':
      return `${pick(d, 'removed') ?? 'An approver'} left: the approval of the offer for ${whom} passes to ${pick(d, 'to') ?? 'another approver'}`;
    case 'onboarding.started': {
      const role = pick(d, 'role');
      return role ? `${whom} started onboarding as ${role}` : `${whom} started onboarding`;
    }
    case 'onboarding.task_unassigned':
      return `${pick(d, 'removed') ?? 'Its owner'} left: the onboarding task${pick(d, 'title') ? ` “${pick(d, 'title')}”` : ''} for ${whom} has no owner now`;
  }
}

/** Where an activity leads: the candidate's slide-over in its recruitment, or null. */
export function activityLink(activity: Activity): string | null {
  if (!activity.recruitment) return null;
  const base = `/recruitment/${encodeURIComponent(activity.recruitment.id)}/candidates`;
  return activity.application_id ? `${base}?application=${encodeURIComponent(activity.application_id)}` : base;
}

/** "2 hours ago". */
export function timeAgo(iso: string, now: Date = new Date()): string {
  return dayjs(iso).from(now);
}
