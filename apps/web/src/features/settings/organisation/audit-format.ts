/** `member.role_changed` → "Member role changed". */
export function actionLabel(action: string): string {
  const text = action.replace(/[._]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `api_key` → "API key", `organisation` → "Organisation". */
export function targetLabel(targetType: string): string {
  if (targetType === 'api_key') return 'API key';
  return actionLabel(targetType);
}

export type AuditChange = { field: string; before: string; after: string };

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields of an entry as "before → after" rows, in a stable order. Fields equal on both sides
 * (context such as a member's name) are kept only when nothing else is there.
 */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = fields.map((field) => ({ field, before: show(before?.[field]), after: show(after?.[field]) }));
  const changed = rows.filter((row) => row.before !== row.after);
  return changed.length > 0 ? changed : rows;
}

/** `logo_url` → "logo url", for display. */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ');
