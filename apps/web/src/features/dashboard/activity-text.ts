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
