import type { Dashboard } from '@hireloop/contract/candidates';
import type { MemberRole } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { presentActivity } from '../activities/service.ts';
import { recentActivitiesFor } from '../activities/visibility.ts';
import { offerApprovalsFor } from '../offers/service.ts';
import { dashboardInterviewsOf } from '../interviews/service.ts';
import { dashboardRecruitments } from './repository.ts';

const RECENT_ACTIVITY = 20;
const WEEK_MS = 7 * 86_400_000;
/** Who sees every open recruitment when they are on none themselves. */
const SEES_ALL: readonly MemberRole[] = ['owner', 'admin', 'recruiter'];

export function createDashboardService(db: Db) {
  return {
    /** The user's day: their open recruitments with this week's movement, and what happened in them lately. */
    async of(organisationId: string, user: { userId: string; role: MemberRole }, now = new Date()): Promise<Dashboard> {
      const since = new Date(now.getTime() - WEEK_MS);
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      let rows = await dashboardRecruitments(db, organisationId, user.userId, { all: false, since, monthStart });
      if (rows.length === 0 && SEES_ALL.includes(user.role)) {
        rows = await dashboardRecruitments(db, organisationId, user.userId, { all: true, since, monthStart });
      }
      const ids = rows.map((r) => r.id);
      const activity = await recentActivitiesFor(db, organisationId, { kind: 'user', ...user }, RECENT_ACTIVITY, ids);
      const mine = await dashboardInterviewsOf(db, organisationId, user.userId, now);
      const recruitments = rows.map((r) => ({
        id: r.id,
        name: r.name,
        role: { id: r.roleId, name: r.roleName },
        active_count: r.active,
        new_this_week: r.newThisWeek,
        moved_this_week: r.movedThisWeek,
        hired_count: r.hired,
        openings: r.openings,
      }));
      return {
        recruitments,
        recent_activity: activity.map(presentActivity),
        interviews: mine.interviews,
        feedback_owed: mine.feedback_owed,
        approvals: await offerApprovalsFor(db, organisationId, user.userId),
        counts: {
          open_recruitments: recruitments.length,
          active_candidates: recruitments.reduce((n, r) => n + r.active_count, 0),
          new_this_week: recruitments.reduce((n, r) => n + r.new_this_week, 0),
          hired_this_month: rows.reduce((n, r) => n + r.hiredThisMonth, 0),
        },
      };
    },
  };
}
