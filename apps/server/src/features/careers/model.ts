import type { CareerQuestion } from '@hireloop/contract/website';

/** A live role as the careers site shows it. */
export type CareersRole = {
  id: string;
  name: string;
  team: { id: string; name: string } | null;
  location: string | null;
  locationType: string;
  employmentType: string;
  salary: { min: number | null; max: number | null; currency: string | null; period: string } | null;
  /** Sanitised HTML (the role's rich text). */
  descriptionHtml: string;
  questions: CareerQuestion[];
  /** The open recruitment applications land in (the newest open one). */
  recruitmentId: string;
  postedAt: Date;
};

/** Everything the public pages of one organisation need, loaded once per cache period. */
export type CareersSite = {
  organisation: { id: string; name: string; slug: string; website: string | null };
  /** The app's public URL (absolute links: canonical, JSON-LD). */
  appUrl: string;
  headline: string;
  intro: string;
  brand: { colour: string; onColour: string; accent: string };
  logo: { fileId: string; key: string; contentType: string; width: number; height: number } | null;
  roles: CareersRole[];
};

/** The application form as sent back after a refusal: what was typed (never the file) and a message per field. */
export type FormState = { values: Record<string, string>; errors: Record<string, string>; message?: string };
