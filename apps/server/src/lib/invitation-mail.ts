import { MEMBER_ROLE_LABELS, PRODUCT_NAME, type MemberRole } from '@hireloop/contract/constants';
import { escapeHtml } from './html.ts';
import { formatDateTime } from '@hireloop/contract/date-format';

export type InvitationMailInput = {
  to: string;
  organisationName: string;
  inviterName: string | null;
  role: MemberRole;
  acceptUrl: string;
  expiresAt: Date;
};

const expiryText = (d: Date) => `${formatDateTime(d, { timeZone: 'UTC' })} UTC`;

/**
 * The invitation mail, text and HTML. Pure (no database), so the demo seed and the invitations
 * feature send the same words.
 */
export function invitationMail(i: InvitationMailInput): { to: string; subject: string; text: string; html: string } {
  const who = i.inviterName ?? `Someone at ${i.organisationName}`;
  const role = MEMBER_ROLE_LABELS[i.role];
  const subject = `${who} invited you to join ${i.organisationName} on ${PRODUCT_NAME}`;
  const text = [
    'Hello,',
    '',
    `${who} invited you to join ${i.organisationName} on ${PRODUCT_NAME} as ${role}.`,
    '',
    'Accept the invitation:',
    i.acceptUrl,
    '',
    `The link is valid until ${expiryText(i.expiresAt)}. Sign in with Google as ${i.to} to accept it; you can also decline it there.`,
    '',
    'If you did not expect this invitation, you can ignore this mail.',
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<p>Hello,</p>
<p><strong>${e(who)}</strong> invited you to join <strong>${e(i.organisationName)}</strong> on ${e(PRODUCT_NAME)} as <strong>${e(role)}</strong>.</p>
<p><a href="${e(i.acceptUrl)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">Accept the invitation</a></p>
<p>Or open this link: <a href="${e(i.acceptUrl)}">${e(i.acceptUrl)}</a></p>
<p>The link is valid until ${e(expiryText(i.expiresAt))}. Sign in with Google as ${e(i.to)} to accept it; you can also decline it there.</p>
<p style="color:#666">If you did not expect this invitation, you can ignore this mail.</p>
</body></html>`;
  return { to: i.to, subject, text, html };
}
