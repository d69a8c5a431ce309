import { HIRE_DOCUMENT_CONTENT_TYPES, HIRE_DOCUMENT_MAX_BYTES, ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';

const EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.doc', '.docx'];
/** The file chooser's `accept`: the types the server takes, and their extensions. */
export const HIRE_DOCUMENT_ACCEPT = [...HIRE_DOCUMENT_CONTENT_TYPES, ...EXTENSIONS].join(',');

/** The contract's refusal text for a file the server would refuse, or null when it may be sent. */
export function hireDocumentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = /\.[a-z0-9]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  const typeOk =
    (HIRE_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type) ||
    ((file.type === '' || file.type === 'application/octet-stream') && EXTENSIONS.includes(extension));
  if (!typeOk) return ONBOARDING_TEXTS.fileType;
  if (file.size > HIRE_DOCUMENT_MAX_BYTES) return ONBOARDING_TEXTS.fileTooLarge;
  if (file.size === 0) return ONBOARDING_TEXTS.fileMissing;
  return null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
