import { z } from 'zod';
import { ERROR_TEXTS } from './errors.ts';

/**
 * The text rule of every string the API takes. Refused anywhere: C0 controls other than TAB, LF
 * and CR; DEL; C1 controls; UTF-16 surrogates without their pair (not encodable as UTF-8). The
 * server applies it to every body, query and path value (and multipart field); single-line
 * fields (`line()`) also refuse TAB, CR and LF, so a name never breaks a header or calendar line.
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `s` has a character no text field takes (TAB, CR and LF are allowed: multi-line text). */
export const hasControlCharacters = (s: string) => CONTROL.test(s);

/** Whether `s` is not one line of text: any control character, TAB, CR and LF included. */
export const hasLineBreaksOrControls = (s: string) => CONTROL_OR_BREAK.test(s);

/** A single-line text field (names, titles, places): the rest of the chain (trim, min, max) as with z.string(). */
export const line = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !hasLineBreaksOrControls(s), { error: ERROR_TEXTS.singleLine, abort: true });

/** A multi-line text field (descriptions, notes): TAB, CR and LF allowed, other control characters not. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !hasControlCharacters(s), { error: ERROR_TEXTS.controlCharacters, abort: true });
