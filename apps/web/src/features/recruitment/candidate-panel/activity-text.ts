import type { Activity } from '@hireloop/contract/candidates';

type Data = Record<string, unknown>;

/** The first of `keys` holding a name: a string, or an object with a `name`. */
function pick(data: Data, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
    if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  }
  return null;
}

function list(data: Data, ...keys: string[]): string[] {
  for (const key of keys) {
    const value = data[key];
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  }
  return [];
}

/** " (Technical)": the interview's title, when the activity names it. */
function interviewTitle(data: Data): string {
  const title = pick(data, 'title');
  return title ? ` (${title})` : '';
}

const quoted = (items: string[]) => items.map((t) => `“${t}”`).join(', ');
const stars = (n: string) => (n === '1' ? '1 star' : `${n} stars`);

/** "Tom Okafor left the organisation: their approval of the offer passes to Dana Whitfield". */
export function approverReplaced(data: Data): string {
  const removed = pick(data, 'removed') ?? 'An approver';
  const to = pick(data, 'to') ?? 'another approver';
  return data.outcome === 'dropped'
    ? `${removed} left the organisation: their approval of the offer is now ${to}’s, already in the chain`
    : `${removed} left the organisation: their approval of the offer passes to ${to}`;
}

/** "Ivy Chen left the organisation: the onboarding task “Order a laptop” has no owner now". */
export function taskUnassigned(data: Data): string {
  const removed = pick(data, 'removed') ?? 'Its owner';
  const title = pick(data, 'title');
  return `${removed} left the organisation: the onboarding task${title ? ` “${title}”` : ''} has no owner now`;
}

/** One line of the timeline in words, e.g. "Priya Raman moved the candidate from Applied to Screening". */
export function activitySentence(activity: Activity): string {
  const who = activity.actor.name;
  const data = activity.data;
  const recruitment = activity.recruitment?.name ?? pick(data, 'recruitment', 'recruitment_name');
  const inRecruitment = recruitment ? ` in ${recruitment}` : '';
  switch (activity.type) {
    case 'candidate.created':
      return `${who} added the candidate`;
    case 'candidate.updated': {
      const fields = list(data, 'fields', 'changed');
      return fields.length > 0
        ? `${who} updated the candidate’s ${fields.join(', ').replaceAll('_', ' ')}`
        : `${who} updated the candidate’s profile`;
    }
    case 'candidate.merged': {
      const source = pick(data, 'merged_name', 'source_name', 'source');
      return source ? `${who} merged ${source} into this candidate` : `${who} merged a duplicate into this candidate`;
    }
    case 'candidate.erased':
      return data.reason === 'retention'
        ? 'The candidate’s personal data was erased at the end of the retention period'
        : `${who} erased the candidate’s personal data`;
    case 'candidate.exported':
      return `${who} exported the candidate’s data`;
    case 'application.created': {
      const status = pick(data, 'status', 'to', 'status_name');
      return `${who} added the candidate to ${recruitment ?? 'a recruitment'}${status ? ` (${status})` : ''}`;
    }
    case 'application.moved': {
      const from = pick(data, 'from', 'from_status', 'from_name');
      const to = pick(data, 'to', 'to_status', 'to_name', 'status');
      if (from && to) return `${who} moved the candidate from ${from} to ${to}`;
      if (to) return `${who} moved the candidate to ${to}`;
      return `${who} moved the candidate${inRecruitment}`;
    }
    case 'application.rejected': {
      const reason = pick(data, 'reason', 'rejection_reason');
      return `${who} rejected the candidate${inRecruitment}${reason ? `: ${reason}` : ''}`;
    }
    case 'application.restored':
      return `${who} restored the candidate${inRecruitment}`;
    case 'application.transferred': {
      const from = pick(data, 'from', 'from_recruitment');
      const to = pick(data, 'to', 'to_recruitment');
      if (from && to) return `${who} moved the candidate from ${from} to ${to}`;
      return `${who} moved the candidate to ${to ?? recruitment ?? 'another recruitment'}`;
    }
    case 'application.rated': {
      const rating = pick(data, 'rating', 'to');
      return rating ? `${who} rated the candidate ${stars(rating)}` : `${who} cleared the candidate’s rating`;
    }
    case 'application.tagged': {
      const added = list(data, 'added');
      const removed = list(data, 'removed');
      const parts: string[] = [];
      if (added.length > 0) parts.push(`tagged the candidate ${quoted(added)}`);
      if (removed.length > 0) parts.push(`removed the tag${removed.length > 1 ? 's' : ''} ${quoted(removed)}`);
      if (parts.length === 0) {
        const tags = list(data, 'tags');
        return tags.length > 0 ? `${who} set the tags to ${quoted(tags)}` : `${who} changed the candidate’s tags`;
      }
      return `${who} ${parts.join(' and ')}`;
    }
    case 'note.added':
      return `${who} added a note`;
    case 'note.deleted':
      return `${who} deleted a note`;
    case 'file.uploaded': {
      const name = pick(data, 'filename', 'name');
      return name ? `${who} uploaded ${name}` : `${who} uploaded a file`;
    }
    case 'file.deleted': {
      const name = pick(data, 'filename', 'name');
      return name ? `${who} deleted ${name}` : `${who} deleted a file`;
    }
    case 'interview.scheduled':
      return data.logged === true
        ? `${who} logged a past interview${interviewTitle(data)}`
        : `${who} scheduled an interview${interviewTitle(data)}`;
    case 'interview.rescheduled':
      return `${who} rescheduled the interview${interviewTitle(data)}`;
    case 'interview.cancelled': {
      const reason = pick(data, 'reason');
      return `${who} cancelled the interview${interviewTitle(data)}${reason ? `: ${reason}` : ''}`;
    }
    case 'interview.completed':
      return `${who} completed the interview${interviewTitle(data)}`;
    case 'scorecard.submitted':
      return `${who} submitted a scorecard${interviewTitle(data)}`;
    case 'offer.created':
      return `${who} drafted an offer${inRecruitment}`;
    case 'offer.submitted':
      return `${who} submitted the offer for approval`;
    case 'offer.approved':
      return data.final === true ? `${who} gave the offer its final approval` : `${who} approved the offer`;
    case 'offer.rejected': {
      const comment = pick(data, 'comment');
      return `${who} rejected the offer${comment ? `: ${comment}` : ''}`;
    }
    case 'offer.sent':
      return `${who} sent the offer to the candidate`;
    case 'offer.accepted':
      return 'The candidate accepted the offer';
    case 'offer.declined': {
      const reason = pick(data, 'reason');
      return `The candidate declined the offer${reason ? `: ${reason}` : ''}`;
    }
    case 'offer.withdrawn':
      return `${who} withdrew the offer`;
    case 'offer.expired':
      return 'The offer expired';
    case 'offer.approver_replaced':
      return approverReplaced(data);
    case 'onboarding.started': {
      const role = pick(data, 'role');
      return role ? `Started onboarding as ${role}` : 'Started onboarding';
    }
    case 'onboarding.task_unassigned':
      return taskUnassigned(data);
    default:
      return `${who} changed the candidate`;
  }
}
