/**
 * Every kind of notification the product sends. The in-app list shows all of them; whether each
 * is also sent by email is the user's choice (My Personal Settings → Email notifications).
 */
export const NOTIFICATION_TYPES = [
  'mention',
  'assigned',
  'interview_feedback_due',
  'offer_approval',
  'offer_decision',
  'new_application',
  'invitation_accepted',
  'onboarding_hire',
  'onboarding_task_due',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_TEXTS: Record<NotificationType, { label: string; description: string }> = {
  mention: { label: 'Mentions', description: 'Someone @mentions you in a note or comment.' },
  assigned: { label: 'Assignments', description: 'You are added to a hiring team or assigned a candidate or task.' },
  interview_feedback_due: { label: 'Interview feedback due', description: 'Your scorecard for an interview you took part in is due.' },
  offer_approval: { label: 'Offer approvals', description: 'An offer waits for your approval.' },
  offer_decision: { label: 'Offer decisions', description: 'A candidate accepts or declines an offer you follow.' },
  new_application: { label: 'New applications', description: 'Someone applies to a recruitment you are on the hiring team of.' },
  invitation_accepted: { label: 'Accepted invitations', description: 'Someone you invited joins the organisation.' },
  onboarding_hire: { label: 'New hires', description: 'A hire enters onboarding for a role, and you are their manager or buddy.' },
  onboarding_task_due: { label: 'Onboarding tasks due', description: 'An onboarding task you own is due.' },
};

/** Email for a type is on unless the user turned it off. */
export const EMAIL_PREFERENCE_DEFAULT = true;
